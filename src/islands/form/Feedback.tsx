// What the contact and consultation forms say after sending, below the button,
// in the form's language (its words: src/forms/<form>/ and src/forms/shared/enquiry-copy.ts).
import type { ReactNode } from 'react';
import { site, telHref } from '../../site.config.ts';
import { PRIVACY_PATH } from '../../lib/privacy.ts';
import { inEnglishOnly } from '../../content/in-english-only.ts';
import { officeLine } from '../../content/office-line.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { sharedEnquiryCopy, type EnquiryCopy } from '../../forms/shared/enquiry-copy.ts';
import type { EnquiryNotice } from './use-enquiry-form.ts';

/** The firm's phone and e-mail, for when a form could not be sent. */
function ReachUsDirectly({ lang }: { lang: Language }) {
  const copy = sharedEnquiryCopy[lang];
  const line = officeLine(site.phones.local, lang);
  return (
    <>
      {copy.call} <a href={telHref(site.phones.local)}>{site.phones.local}</a>
      {line && ` (${line})`} {copy.orEmail} <a href={`mailto:${site.email.general}`}>{site.email.general}</a>
    </>
  );
}

interface Props {
  notice: EnquiryNotice;
  /** The form's words in its language. */
  copy: EnquiryCopy;
  lang: Language;
  /**
   * Shown below the message after a success, e.g. the WhatsApp link: outside the
   * live region, which announces the message alone.
   */
  afterSuccess?: ReactNode;
}

/**
 * Two live regions, always present so screen readers announce what appears in
 * them: the server's message after a success (polite), the not-sent notice
 * after a failure (assertive). The form brings the one that speaks into view
 * (use-enquiry-form.ts).
 */
export function EnquiryFeedback({ notice, copy, lang, afterSuccess }: Props) {
  return (
    <>
      <div role="status" aria-live="polite" className="form-feedback">
        {notice?.kind === 'sent' && <p className="form-notice form-notice--success">{notice.message || copy.sent}</p>}
      </div>
      {notice?.kind === 'sent' && afterSuccess && <div className="form-after-success">{afterSuccess}</div>}
      <div role="alert" aria-live="assertive" className="form-feedback">
        {notice?.kind === 'not-sent' && (
          <div className="form-notice form-notice--error">
            <p>
              <strong>{copy.notSent}</strong>
              {notice.message && <> {notice.message}</>}
            </p>
            <p>
              {sharedEnquiryCopy[lang].stillHere} <ReachUsDirectly lang={lang} />.
            </p>
          </div>
        )}
      </div>
    </>
  );
}

/** Beside every enquiry form's button: what the details are used for, and the notice. */
export function PrivacyNote({ copy, lang }: { copy: EnquiryCopy; lang: Language }) {
  const [before, after] = copy.privacyNote;
  // The notice is in English only: on a page in another language the link says so, as the menus do.
  const note = inEnglishOnly[lang];
  return (
    <p className="form-privacy">
      {before}{' '}
      <a href={PRIVACY_PATH} hrefLang={note ? 'en' : undefined}>
        {sharedEnquiryCopy[lang].privacyNotice}
        {note && <span className="link-note">{` ${note}`}</span>}
      </a>
      {after}
    </p>
  );
}

interface SubmitButtonProps {
  label: string;
  /** False until the island has hydrated: the server-rendered form cannot be sent. */
  ready: boolean;
  /** A request is under way: further clicks are ignored. */
  busy: boolean;
  /** Show a spinner while busy. */
  spinner?: boolean;
  /** The form has done its work and is not sent again (it keeps focus, which a disabled button would drop). */
  finished?: boolean;
}

export function SubmitButton({ label, ready, busy, spinner = false, finished = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button--gold form-submit"
      disabled={!ready}
      aria-disabled={busy || finished || undefined}
      aria-busy={busy || undefined}
    >
      {busy && spinner && <span className="form-spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}
