// The daily report of what is stuck: once a day (Nairobi time), after a
// notify-pending run, if any submission has waited over a day for its
// notification, an error in the log names them and staff are e-mailed a
// digest (text.ts). A day reported is a row of stuck_reports (migration 0005),
// claimed by its primary key, so that of two runs at once only one reports.
// No personal data: ids, times and error messages.
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS, nairobiDay } from '../../lib/nairobi-time.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import type { Queryable } from '../db/database.ts';
import { SEND_DEADLINE_MS, type DeliveryReport } from './delivery.ts';
import type { PendingSubmission } from './pending.ts';
import type { NotificationSettings } from './settings.ts';
import { stuckDigest } from './text.ts';

export interface StuckReport {
  day: string;
  stuck: PendingSubmission[];
  /** Whether staff were e-mailed the digest, and if not, why. */
  digest: 'sent' | 'mail-server-down' | 'notifications-off' | { error: string };
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Whether the mail server looks down: `run`'s sends failed and no record it
 * read shows a delivery in the last day. A stuck submission failing alone
 * (a filter refusing that one message) is no sign of it.
 */
const mailLooksDown = (run: DeliveryReport, now: Date) =>
  run.failed.length > 0 &&
  run.delivered.length === 0 &&
  !(run.lastDelivery !== null && now.getTime() - Date.parse(run.lastDelivery) < DAY_MS);

/** What the log says of the digest. */
function describeDigest(digest: StuckReport['digest']): string {
  if (typeof digest === 'object') return `not sent: ${digest.error}`;
  if (digest === 'sent') return 'sent to staff';
  if (digest === 'notifications-off') return 'not sent: SMTP_URL is not set';
  return 'not sent: the mail server looks down (every send of this run failed, none delivered for a day)';
}

/**
 * Once a day: when any submission has waited over a day for its notification,
 * logs an error naming them and e-mails staff a digest, unless the mail server
 * looks down (mailLooksDown: the digest would fail too). `run` is the
 * delivery run just made.
 */
export async function reportStuck(
  db: Queryable,
  settings: NotificationSettings,
  run: DeliveryReport,
  {
    now = () => new Date(),
    log = logError,
    sendDeadlineMs = SEND_DEADLINE_MS,
  }: { now?: () => Date; log?: ErrorLogger; sendDeadlineMs?: number } = {},
): Promise<StuckReport | null> {
  const at = now();
  const day = nairobiDay(at);
  // The run read every undelivered submission, those given up on included.
  const stuck = run.pending.filter((pending) => pending.stuck).sort(byId);
  if (stuck.length === 0) return null;

  // Claim the day, so of two runs at once only one reports.
  const claimed = await db.query(
    `INSERT INTO stuck_reports (day, reported_at, ids) VALUES ($1, $2, $3)
     ON CONFLICT (day) DO NOTHING RETURNING day`,
    [day, at, JSON.stringify(stuck.map((pending) => pending.id))],
  );
  if (claimed.length === 0) return null;

  let digest: StuckReport['digest'] = !settings.mailer
    ? 'notifications-off'
    : mailLooksDown(run, at)
      ? 'mail-server-down'
      : 'sent';
  if (digest === 'sent') {
    try {
      await settings.mailer!.send(stuckDigest(stuck, settings), { signal: AbortSignal.timeout(sendDeadlineMs) });
    } catch (error) {
      digest = { error: errorMessage(error) };
    }
  }
  log({
    what:
      `notify-pending: ${stuck.length} submission${stuck.length === 1 ? ' has' : 's have'} not been e-mailed to the firm ` +
      'for over a day; "npm run submissions -- status" shows them and "resend --pending" sends them',
    day,
    stuck: stuck.map(({ type, id, receivedAt, attempts, lastError, state }) => ({
      type,
      id,
      receivedAt,
      attempts,
      retrying: state !== 'given-up',
      lastError,
    })),
    digest: describeDigest(digest),
  });
  return { day, stuck, digest };
}
