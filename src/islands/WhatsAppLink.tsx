// The WhatsApp click-to-chat link with, beside it, the line asking people not
// to send documents or confidential details that way. Inside islands (the
// sidebar, the consultation form's success message) it hydrates with them; the
// footer and the contact page render it without a client directive, as static
// HTML with no JavaScript. Words and number: src/lib/whatsapp.ts.
import type { Language } from '../lib/i18n/languages.ts';
import { whatsappLink } from '../lib/whatsapp.ts';
import './WhatsAppLink.css';

export function WhatsAppLink({ lang }: { lang: Language }) {
  const link = whatsappLink(lang);
  return (
    <div className="whatsapp">
      <a
        className="whatsapp__link"
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={link.accessibleName}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {link.label}
      </a>{' '}
      <span className="whatsapp__number">{link.number}</span>
      <p className="whatsapp__notice">{link.notice}</p>
    </div>
  );
}
