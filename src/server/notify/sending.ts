// src/server/notify: e-mail about a stored submission.
//   settings.ts  who is e-mailed, from what address, through which server
//   text.ts      what the messages say
//   sending.ts   sending them, and recording on the record how that went
//                (this file)
//   mail.ts      nodemailer over SMTP, plain text, header-safe
//   pending.ts   which notifications are still due, and when (the retry schedule)
//   delivery.ts  sending those without a person: the notify-pending function
//   leases.ts    one sender at a time per submission
// A stored submission: handlers → sending (createNotifier → notifyFirm)
// → settings → text (an application's links: documents/links.ts) → mail
// → submissions/save (the outcome). A failed one: the notify-pending function
// → delivery → pending, leases → sending (notifyFirm), every 10 minutes.
// `npm run submissions -- resend` calls notifyFirm() too.
//
// Telling the firm about a stored submission by e-mail and recording on its
// record how that went, and (optionally) telling an applicant their
// application arrived.
//
// When: the form functions send after the record is stored and before they
// answer, within NOTIFY_DEADLINE_MS. On Netlify a function's work is not
// guaranteed to continue once it has answered, so sending afterwards could
// silently never happen; a short deadline keeps a dead or slow SMTP server from
// holding the visitor for more than a few seconds. Whatever happens, the
// submission is already stored and the visitor is told it arrived: the record
// says whether the firm was notified (`notified`), and the notify-pending
// function sends what failed (delivery.ts), as `npm run submissions -- resend`
// does by hand, through the same notifyFirm() as the functions.
import { documentLinks } from '../documents/links.ts';
import type { ErrorLogger } from '../http/responses.ts';
import { nextNotificationStatus, type NotificationOutcome, type NotificationStatus } from '../submissions/record.ts';
import { recordNotificationOutcome, type Recorded, type StoredRecord } from '../submissions/save.ts';
import type { SubmissionStore } from '../submissions/store.ts';
import { headerText, redactAddresses } from './mail.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from './settings.ts';
import { applicantAcknowledgement, staffNotification } from './text.ts';

/** The longest a form function waits for the mail server before answering anyway. */
const NOTIFY_DEADLINE_MS = 8_000;

/**
 * A short, single-line reason a send failed, with its cause when it has one,
 * fit for the record and the log: no message content, and every address cut
 * to its first letter and domain.
 */
function describeSendError(error: unknown): string {
  const cause = error instanceof Error && error.cause !== undefined ? `; cause: ${describeCause(error.cause)}` : '';
  return headerText(redactAddresses(describeFailure(error) + cause), 500);
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const reason =
    error.name === 'AbortError' || code === 'EABORT' ? 'gave up waiting for the mail server' : error.message;
  return `${typeof code === 'string' ? `${code}: ` : ''}${reason}`;
}

const describeCause = (cause: unknown) =>
  cause instanceof Error ? `${cause.name}: ${describeFailure(cause)}` : String(cause);

/** A stored submission to notify the firm of; its store also keeps the secret its document links are signed with. */
interface SubmissionToNotify extends StoredRecord {
  store: StoredRecord['store'] & Pick<SubmissionStore, 'get' | 'set'>;
}

interface NotifyOptions {
  signal: AbortSignal;
  now: () => Date;
}

/** What one attempt to notify the firm came to. */
interface NotificationAttempt {
  outcome: NotificationOutcome;
  /** The record's `notified` after this attempt. */
  status: NotificationStatus;
  /** Whether the record says so, or the store's error if recording failed. */
  recorded: Recorded | { storeError: string };
}

/**
 * Sends the firm's notification of a stored submission (an application's with
 * fresh links to its documents) and records the outcome on its record
 * (recordNotificationOutcome). Never throws: a failed send is an outcome, and
 * a failure to record it is reported in `recorded`.
 */
export async function notifyFirm(
  submission: SubmissionToNotify,
  settings: NotificationSettings,
  { signal, now }: NotifyOptions,
): Promise<NotificationAttempt> {
  let outcome: NotificationOutcome;
  try {
    if (!settings.mailer) throw new Error(`Notifications are off: ${settings.offReason ?? 'SMTP_URL is not set'}`);
    const { record, store } = submission;
    const links =
      record.type === 'application' ? documentLinks(record.id, await settings.documentLinks(store), now()) : undefined;
    await settings.mailer.send(staffNotification(record, settings, links), { signal });
    outcome = { deliveredAt: now() };
  } catch (error) {
    outcome = { error: describeSendError(error), failedAt: now() };
  }
  try {
    return { outcome, ...(await recordNotificationOutcome(submission, outcome)) };
  } catch (error) {
    const status = nextNotificationStatus(submission.record.notified, outcome);
    return { outcome, status, recorded: { storeError: describeSendError(error) } };
  }
}

/** Tells the firm about a submission a form function just stored, then records the outcome on it. Never throws. */
export type Notifier = (submission: SubmissionToNotify & { requestId?: string | undefined }) => Promise<void>;

interface NotifierOptions {
  settings?: () => NotificationSettings;
  log: ErrorLogger;
  now?: () => Date;
  deadlineMs?: number;
}

/**
 * The form functions' notifier: notifyFirm() within `deadlineMs`, with the
 * applicant's acknowledgement alongside when it is switched on, and every
 * failure logged with the submission's id (never its content).
 */
export function createNotifier({
  settings: readSettings = notificationSettingsFromEnv,
  log,
  now = () => new Date(),
  deadlineMs = NOTIFY_DEADLINE_MS,
}: NotifierOptions): Notifier {
  let warnedOff = false;
  return async ({ requestId, ...submission }) => {
    const { record } = submission;
    const context = { submissionId: record.id, form: record.type, requestId };
    let settings: NotificationSettings;
    try {
      settings = readSettings();
    } catch (error) {
      log({ what: 'read the notification settings', ...context, detail: describeSendError(error) });
      return;
    }
    if (!settings.mailer) {
      if (!warnedOff) {
        warnedOff = true;
        log({
          level: 'warn',
          what: `notifications are off: ${settings.offReason ?? 'SMTP_URL is not set'}, so submissions are stored but nobody is e-mailed`,
          ...context,
        });
      }
      return;
    }

    const signal = AbortSignal.timeout(deadlineMs);
    const acknowledge =
      record.type === 'application' && settings.acknowledgeApplicants
        ? settings.mailer.send(applicantAcknowledgement(record, settings), { signal }).catch((error: unknown) => {
            log({ what: 'acknowledge the application to the applicant', ...context, detail: describeSendError(error) });
          })
        : Promise.resolve();
    const { outcome, status, recorded } = await notifyFirm(submission, settings, { signal, now });
    await acknowledge;

    if ('error' in outcome) {
      log({
        what: 'notify the firm of a stored submission (the notify-pending function tries again within 10 minutes)',
        ...context,
        detail: outcome.error,
      });
    }
    if (recorded === 'deleted' || recorded === 'changed') {
      const meanwhile = recorded === 'deleted' ? 'was deleted' : 'changed';
      log({ what: `record the notification status: the record ${meanwhile} meanwhile`, ...context, notified: status });
    } else if (recorded !== 'saved') {
      log({ what: 'record the notification status', ...context, notified: status, detail: recorded.storeError });
    }
  };
}
