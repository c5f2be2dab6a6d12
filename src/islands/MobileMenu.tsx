import { useId, useState } from 'react';
import type { NavLink } from '../site.config.ts';
import { telHref } from '../site.config.ts';
import type { Language } from '../lib/i18n/languages.ts';
import { isCurrent } from '../lib/navigation.ts';
import { useModalDialog } from './use-modal-dialog.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';
import './MobileMenu.css';

/**
 * The firm keeps the sidebar's active class for 2.5 s after the closing animation starts
 * (docs/requirements.md#modals-and-sidebar).
 */
const SIDEBAR_ACTIVE_AFTER_CLOSE_MS = 2500;

interface Props {
  nav: readonly NavLink[];
  phone: string;
  currentPath: string;
  /** The page's language: the WhatsApp link's words and greeting. */
  lang?: Language;
}

export default function MobileMenu({ nav, phone, currentPath, lang = 'en' }: Props) {
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const panelId = useId();
  const closeMenu = () => setOpen(false);
  const { active, dialogProps } = useModalDialog({
    open,
    onClose: closeMenu,
    activeAfterCloseMs: SIDEBAR_ACTIVE_AFTER_CLOSE_MS,
  });

  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <dialog {...dialogProps} id={panelId} className={`sidebar${active ? ' active' : ''}`} aria-label="Menu">
        <div className="sidebar__panel">
          <div className="sidebar__top">
            <span className="sidebar__title">Menu</span>
            <button type="button" className="sidebar__close" aria-label="Close menu" onClick={closeMenu} data-autofocus>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul className="sidebar__list">
              {nav.map((link) =>
                link.children ? (
                  <li key={link.label}>
                    <button
                      type="button"
                      className="sidebar__link sidebar__toggle"
                      aria-expanded={expanded === link.label}
                      onClick={() => setExpanded((current) => (current === link.label ? null : link.label))}
                    >
                      {link.label}
                      <svg viewBox="0 0 12 12" width="14" height="14" aria-hidden="true">
                        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
                      </svg>
                    </button>
                    <ul className="sidebar__submenu" hidden={expanded !== link.label}>
                      {link.children.map((child) => (
                        <li key={child.href}>
                          <a href={child.href} aria-current={isCurrent(child, currentPath) ? 'page' : undefined}>
                            {child.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                ) : (
                  <li key={link.label}>
                    <a
                      className="sidebar__link"
                      href={link.href}
                      aria-current={isCurrent(link, currentPath) ? 'page' : undefined}
                    >
                      {link.label}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
          <div className="sidebar__footer">
            <a className="sidebar__phone" href={telHref(phone)}>
              {phone}
            </a>
            <WhatsAppLink lang={lang} />
            {/* The firm sends this button home, not to the contact page (docs/requirements.md#header-and-sidebar). */}
            <a className="button button--gold sidebar__cta" href="/">
              Get in Touch
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}
