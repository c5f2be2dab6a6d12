// What the contact and consultation forms say after sending, below the button.
import { site, telHref } from '../../site.config.ts';
import { PRIVACY_PATH } from '../../lib/privacy.ts';
import type { EnquiryNotice } from './use-enquiry-form.ts';

/** The firm's phone and e-mail, for when a form could not be sent. */
function ReachUsDirectly() {
  return (
    <>
      call <a href={telHref(site.phones.local)}>{site.phones.local}</a> or e-mail{' '}
      <a href={`mailto:${site.email.general}`}>{site.email.general}</a>
    </>
  );
}

interface Props {
  notice: EnquiryNotice;
  /** What was sent, e.g. "message" or "request". */
  what: string;
}

/**
 * Two live regions, always present so screen readers announce what appears in
 * them: the server's message after a success (polite), the not-sent notice
 * after a failure (assertive).
 */
export function EnquiryFeedback({ notice, what }: Props) {
  return (
    <>
      <div role="status" className="form-feedback">
        {notice?.kind === 'sent' && (
          <p className="form-notice form-notice--success">
            {notice.message || `Thank you. Your ${what} has been sent.`}
          </p>
        )}
      </div>
      <div role="alert" className="form-feedback">
        {notice?.kind === 'not-sent' && (
          <div className="form-notice form-notice--error">
            <p>
              <strong>Your {what} was not sent.</strong>
              {notice.message && <> {notice.message}</>}
            </p>
            <p>
              What you typed is still here, so you can try again, or reach us directly: <ReachUsDirectly />.
            </p>
          </div>
        )}
      </div>
    </>
  );
}

/** Beside every enquiry form's button: what the details are used for, and the notice. */
export function PrivacyNote({ what }: { what: string }) {
  return (
    <p className="form-privacy">
      We use these details only to answer your {what}. See our <a href={PRIVACY_PATH}>Privacy Notice</a>.
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
}

export function SubmitButton({ label, ready, busy, spinner = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button--gold form-submit"
      disabled={!ready}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
    >
      {busy && spinner && <span className="form-spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}
