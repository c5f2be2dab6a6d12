// Telling the firm about a stored submission by e-mail and recording on its
// record how that went (notifyFirm), and optionally telling an applicant their
// application arrived. The form functions send after storing and before
// answering, within NOTIFY_DEADLINE_MS; a failure never fails the submission,
// and the notify-pending function (delivery.ts) or `npm run submissions --
// resend` sends it later through the same notifyFirm(). Why, and the rest of
// src/server/notify: docs/architecture.md, "Sending notifications" and
// "src/server, by feature".
import { answerLinks } from '../bookings/answer-links.ts';
import type { Database } from '../db/database.ts';
import { documentLinks } from '../documents/links.ts';
import type { ErrorLogger } from '../http/responses.ts';
import {
  nextNotificationStatus,
  type NotificationOutcome,
  type NotificationStatus,
  type SubmissionRecord,
} from '../submissions/record.ts';
import { recordNotificationOutcome, type Recorded } from '../submissions/save.ts';
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

/** A stored submission to notify the firm of; its database also keeps the secret its document links are signed with. */
interface SubmissionToNotify {
  db: Database;
  record: SubmissionRecord;
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
    const { record, db } = submission;
    const links =
      record.type === 'application' ? documentLinks(record.id, await settings.documentLinks(db), now()) : undefined;
    const answers =
      record.type === 'consultation' && record.fields.slot
        ? answerLinks(record.id, await settings.documentLinks(db), new Date(record.fields.slot))
        : undefined;
    await settings.mailer.send(staffNotification(record, settings, links, answers), { signal });
    outcome = { deliveredAt: now() };
  } catch (error) {
    outcome = { error: describeSendError(error), failedAt: now() };
  }
  try {
    return { outcome, ...(await recordNotificationOutcome(submission.db, submission.record.id, outcome)) };
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
    if (recorded === 'deleted') {
      log({ what: 'record the notification status: the record was deleted meanwhile', ...context, notified: status });
    } else if (recorded !== 'saved') {
      log({ what: 'record the notification status', ...context, notified: status, detail: recorded.storeError });
    }
  };
}
