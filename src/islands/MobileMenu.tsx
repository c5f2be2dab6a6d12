import { useId, useState } from 'react';
import { telHref } from '../site.config.ts';
import { officeLine } from '../content/office-line.ts';
import type { Language } from '../lib/i18n/languages.ts';
import { isCurrent } from '../lib/navigation.ts';
import type { LocalisedLink } from '../lib/i18n/navigation.ts';
import type { LanguageSwitch } from '../lib/i18n/switcher.ts';
import { useModalDialog } from './use-modal-dialog.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';
import './MobileMenu.css';

/**
 * The firm keeps the sidebar's active class for 2.5 s after the closing animation starts
 * (docs/requirements.md#modals-and-sidebar).
 */
const SIDEBAR_ACTIVE_AFTER_CLOSE_MS = 2500;

interface Props {
  /** The language of the page the menu is on. */
  lang: Language;
  /** The main navigation, its labels and addresses already in `lang` (src/lib/i18n/navigation.ts). */
  nav: readonly LocalisedLink[];
  phone: string;
  currentPath: string;
  /** The menu's own words in `lang` (src/content/interface-text.ts). */
  text: { open: string; close: string; title: string; nav: string; cta: string };
  /** The home page in `lang`, where the sidebar's button goes. */
  homePath: string;
  /** Links to this page in the site's other languages; empty when it has one. */
  languageSwitches: readonly LanguageSwitch[];
}

/** A link's label, and the note that its page is in English only. */
function LinkLabel({ link }: { link: LocalisedLink }) {
  return (
    <>
      {link.label}
      {link.note && <span className="link-note">{` ${link.note}`}</span>}
    </>
  );
}

export default function MobileMenu({ lang, nav, phone, currentPath, text, homePath, languageSwitches }: Props) {
  const phoneLine = officeLine(phone, lang);
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
        aria-label={text.open}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <dialog
        {...dialogProps}
        id={panelId}
        className={`sidebar${active ? ' active' : ''}`}
        aria-label={text.title}
        lang={lang}
      >
        <div className="sidebar__panel">
          <div className="sidebar__top">
            <span className="sidebar__title">{text.title}</span>
            <button type="button" className="sidebar__close" aria-label={text.close} onClick={closeMenu} data-autofocus>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <nav aria-label={text.nav}>
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
                          <a
                            href={child.href}
                            hrefLang={child.hreflang}
                            aria-current={isCurrent(child, currentPath) ? 'page' : undefined}
                          >
                            <LinkLabel link={child} />
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
                      hrefLang={link.hreflang}
                      aria-current={isCurrent(link, currentPath) ? 'page' : undefined}
                    >
                      <LinkLabel link={link} />
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
          {languageSwitches.map((target) => (
            <a
              key={target.language}
              className="sidebar__language"
              href={target.href}
              hrefLang={target.language}
              lang={target.language}
              data-language-switch
            >
              {target.label}
            </a>
          ))}
          <div className="sidebar__footer">
            <a className="sidebar__phone" href={telHref(phone)}>
              {phone} {phoneLine && <span className="sidebar__phone-line">({phoneLine})</span>}
            </a>
            <WhatsAppLink lang={lang} />
            {/* The firm sends this button home, not to the contact page (docs/requirements.md#header-and-sidebar). */}
            <a className="button button--gold sidebar__cta" href={homePath}>
              {text.cta}
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}
