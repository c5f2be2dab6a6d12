// The daily report of what is stuck: once a day (Nairobi time), after a
// notify-pending run, if any submission has waited over a day for its
// notification, an error in the log names them and staff are e-mailed a
// digest (text.ts). Store "submissions", key notify/stuck-report → { day, at,
// ids }: the last day the stuck were reported, claimed so that of two runs at
// once only one reports. No personal data: ids, times and error messages.
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS, nairobiDay } from '../../lib/nairobi-time.ts';
import { logError, type ErrorLogger } from '../http/responses.ts';
import { parseSubmissionKey } from '../submissions/read.ts';
import { normaliseRecord } from '../submissions/record.ts';
import { SEND_DEADLINE_MS, type DeliveryReport, type DeliveryStore } from './delivery.ts';
import { describePending, type PendingSubmission } from './pending.ts';
import type { NotificationSettings } from './settings.ts';
import { readSettled, updateSettled, writeCondition } from './settled-mark.ts';
import { stuckDigest } from './text.ts';

const STUCK_REPORT_KEY = 'notify/stuck-report';

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

/**
 * What was given up on below the settled mark and is still undelivered, read
 * again, since a person may have sent or deleted it since; what has been is
 * taken off the mark's list. Skips the ids in `seen`.
 */
async function givenUpStill(store: DeliveryStore, seen: ReadonlySet<string>, at: Date): Promise<PendingSubmission[]> {
  const { settled } = await readSettled(store);
  const still: PendingSubmission[] = [];
  const settledSince: string[] = [];
  for (const key of settled.gaveUp) {
    const parsed = parseSubmissionKey(key);
    if (!parsed || seen.has(parsed.id)) continue;
    try {
      const found: unknown = await store.get(key, { type: 'json' });
      const pending = found ? describePending(normaliseRecord(found, key), at) : null;
      if (pending) still.push(pending);
      else settledSince.push(key);
    } catch {
      // Unreadable today: it stays on the list, and the next report reads it again.
    }
  }
  if (settledSince.length > 0) {
    await updateSettled(store, (current) => ({
      ...current,
      gaveUp: current.gaveUp.filter((key) => !settledSince.includes(key)),
    })).catch(() => {});
  }
  return still;
}

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
  store: DeliveryStore,
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
  const last = await store.getWithMetadata(STUCK_REPORT_KEY, { type: 'json' });
  if ((last?.data as { day?: unknown } | null)?.day === day) return null;

  const stuck = run.pending.filter((pending) => pending.stuck);
  stuck.push(...(await givenUpStill(store, new Set(stuck.map((pending) => pending.id)), at)));
  if (stuck.length === 0) return null;
  stuck.sort(byId);

  // Claim the day, so of two runs at once only one reports.
  const claimed = await store.setJSON(
    STUCK_REPORT_KEY,
    { day, at: at.toISOString(), ids: stuck.map((pending) => pending.id) },
    writeCondition(last !== null, last?.etag),
  );
  if (!claimed.modified) return null;

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
