// The notify-pending run: sends the firm the notifications that failed, with
// nobody typing a command. The notify-pending function (handler.ts, every 10
// minutes) and `npm run submissions -- resend --pending` both run
// deliverPending(), which sends through notifyFirm() like the form functions,
// so every attempt is recorded on its record the same way. Bounded in time and
// resumable: a run remembers nothing but the records, the settled mark
// (settled-mark.ts) and the leases (leases.ts). What has waited a day is
// stuck-report.ts's. Why, and what it promises: docs/operations.md,
// "Automatic delivery".
import { randomUUID } from 'node:crypto';
import { forEachConcurrently } from '../../lib/concurrency.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { parseSubmissionKey, type AdminStore } from '../submissions/read.ts';
import {
  normaliseRecord,
  type NotificationOutcome,
  type NotificationStatus,
  type SubmissionRecord,
} from '../submissions/record.ts';
import type { Recorded } from '../submissions/save.ts';
import type { SubmissionType } from '../submissions/store.ts';
import { claimLease, isLeaseKey, leaseEnds } from './leases.ts';
import { deliveryState, describePending, type PendingSubmission } from './pending.ts';
import { notifyFirm } from './sending.ts';
import type { NotificationSettings } from './settings.ts';
import { moveSettledMark, readSettled, type ReadEntry } from './settled-mark.ts';

/** How long a run starts new work: well inside Netlify's 30 seconds, with room for the last sends to finish. */
export const RUN_BUDGET_MS = 20_000;
/** The longest a run waits for the mail server per message, as the form functions do. */
export const SEND_DEADLINE_MS = 8_000;
/** Reading stops at this share of the budget, so a large backlog of reads never leaves no time to send. */
const READ_SHARE = 0.5;
const READ_CONCURRENCY = 16;
/** Messages in flight at once: each is its own SMTP connection. */
const SEND_CONCURRENCY = 4;
/** Failed sends in a row after which a run stops sending: the mail server is down, and the next run tries again. */
export const FAILURES_BEFORE_PAUSE = 5;
/** A lease this long past its end belongs to a sender long gone; the run removes it. */
const LAPSED_LEASE_MS = 60 * 60 * 1000;

export type DeliveryStore = AdminStore;

export interface DeliveryOptions {
  now?: () => Date;
  /** How long the run starts new work (default RUN_BUDGET_MS). */
  budgetMs?: number;
  /** How long each send may take (default SEND_DEADLINE_MS). */
  sendDeadlineMs?: number;
  sendConcurrency?: number;
  /**
   * `resend --pending`: every undelivered submission, from the first, whether
   * or not the schedule says it is due and after automatic attempts ended;
   * only one just arriving is left to its form function.
   */
  everyPending?: boolean;
  /** Told of each attempt as it is recorded. */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

interface Submission {
  type: SubmissionType;
  id: string;
}

export interface DeliveryAttempt extends Submission {
  outcome: NotificationOutcome;
  status: NotificationStatus;
  recorded: Recorded | { storeError: string };
}

export interface DeliveryReport {
  /** Records read: those after the settled mark (every one with `everyPending`). */
  read: number;
  /** Due when read (every undelivered one with `everyPending`). */
  due: number;
  delivered: Submission[];
  failed: Array<Submission & { error: string }>;
  /** Attempts whose outcome could not be written on the record (the store's error). */
  unrecorded: Array<Submission & { detail: string }>;
  /** Due, but another sender held its lease. */
  busy: Submission[];
  /** Due, but not tried: the run stopped (`stoppedBecause`); the next run goes on. */
  notTried: number;
  stoppedBecause: 'time' | 'mail-server-down' | 'notifications-off' | null;
  /** Undelivered after the run, among the records read, oldest first. */
  pending: PendingSubmission[];
  /** The latest delivery among the records read (ISO), by this run or anyone: whether mail has been going through. */
  lastDelivery: string | null;
  /** Records that could not be read, or sent because the store failed: tried again by the next run. */
  storeErrors: Array<{ key: string; error: string }>;
  settledThrough: string | null;
  elapsedMs: number;
}

type Listed = Submission & { key: string };
type Entry = Listed & ReadEntry & { etag: string | undefined };

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The records after the mark `from`, oldest first, and the leases, from one listing of the store. */
async function listAfterMark(store: DeliveryStore, from: string | null) {
  const candidates: Listed[] = [];
  const leaseKeys: string[] = [];
  for await (const page of store.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      if (isLeaseKey(key)) leaseKeys.push(key);
      const parsed = parseSubmissionKey(key);
      if (parsed?.isRecord && (from === null || parsed.id > from))
        candidates.push({ type: parsed.type, id: parsed.id, key });
    }
  }
  return { candidates: candidates.sort(byId), leaseKeys };
}

/** `listed`'s record as the store holds it now, with its ETag for a safe update. */
async function readEntry(store: DeliveryStore, listed: Listed): Promise<Entry> {
  const found = await store.getWithMetadata(listed.key, { type: 'json' });
  return { ...listed, record: found ? normaliseRecord(found.data, listed.key) : null, etag: found?.etag, gone: !found };
}

/**
 * Sends the firm's notification of every submission that is due, records each
 * attempt on its record, and says what it did. A run:
 *   1. reads, oldest first, the records after the settled mark, until
 *      READ_SHARE of its budget;
 *   2. sends what pending.ts says is due, a few at a time, each under a lease
 *      (leases.ts) so that overlapping runs never both send one; it starts no
 *      send after `budgetMs`, nor after FAILURES_BEFORE_PAUSE failures in a
 *      row (the mail server is down: every further attempt would only wait);
 *   3. moves the settled mark past what is now settled.
 * Never throws for one submission; a store that cannot be listed fails the run.
 */
export async function deliverPending(
  store: DeliveryStore,
  settings: NotificationSettings,
  {
    now = () => new Date(),
    budgetMs = RUN_BUDGET_MS,
    sendDeadlineMs = SEND_DEADLINE_MS,
    sendConcurrency = SEND_CONCURRENCY,
    everyPending = false,
    onAttempt,
  }: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const startedAt = now();
  const holder = `${everyPending ? 'resend' : 'run'}-${randomUUID()}`;
  const from = everyPending ? null : (await readSettled(store)).settled.through;
  const report: DeliveryReport = {
    read: 0,
    due: 0,
    delivered: [],
    failed: [],
    unrecorded: [],
    busy: [],
    notTried: 0,
    stoppedBecause: null,
    pending: [],
    lastDelivery: null,
    storeErrors: [],
    settledThrough: from,
    elapsedMs: 0,
  };

  // 1. What is after the mark, oldest first.
  const { candidates, leaseKeys } = await listAfterMark(store, from);
  const entries: Array<Entry | undefined> = new Array(candidates.length);
  const readMayStart = (index: number) => index === 0 || elapsed() < budgetMs * READ_SHARE;
  report.read = await forEachConcurrently(
    candidates,
    { concurrency: READ_CONCURRENCY, mayStart: readMayStart },
    async (candidate, index) => {
      try {
        entries[index] = await readEntry(store, candidate);
      } catch (error) {
        report.storeErrors.push({ key: candidate.key, error: errorMessage(error) });
      }
    },
  );
  if (report.read < candidates.length) report.stoppedBecause = 'time';

  // 2. Send what is due.
  if (!settings.mailer) report.stoppedBecause = 'notifications-off';
  const wanted = (record: SubmissionRecord) => {
    const { state } = deliveryState(record, now());
    return everyPending ? state !== 'delivered' && state !== 'arriving' : state === 'due';
  };
  const due = entries.filter((entry): entry is Entry => entry?.record != null && wanted(entry.record));
  report.due = due.length;
  let failuresInARow = 0;
  const mayStart = () => {
    if (!settings.mailer) report.stoppedBecause = 'notifications-off';
    else if (failuresInARow >= FAILURES_BEFORE_PAUSE) report.stoppedBecause = 'mail-server-down';
    else if (elapsed() >= budgetMs) report.stoppedBecause = 'time';
    else return true;
    return false;
  };
  const sendOne = async (entry: Entry) => {
    let lease;
    try {
      lease = await claimLease(store, entry.id, holder, now());
    } catch (error) {
      report.storeErrors.push({ key: entry.key, error: errorMessage(error) });
      return;
    }
    if (!lease) {
      report.busy.push({ type: entry.type, id: entry.id });
      return;
    }
    try {
      // Read again under the lease: whoever held it before may have sent it.
      Object.assign(entry, await readEntry(store, entry));
      if (!entry.record || !wanted(entry.record)) return;
      const attempt = await notifyFirm({ store, key: entry.key, record: entry.record, etag: entry.etag }, settings, {
        signal: AbortSignal.timeout(sendDeadlineMs),
        now,
      });
      entry.record = { ...entry.record, notified: attempt.status };
      const submission = { type: entry.type, id: entry.id };
      if ('error' in attempt.outcome) {
        failuresInARow++;
        report.failed.push({ ...submission, error: attempt.outcome.error });
      } else {
        failuresInARow = 0;
        report.delivered.push(submission);
      }
      if (typeof attempt.recorded === 'object')
        report.unrecorded.push({ ...submission, detail: attempt.recorded.storeError });
      onAttempt?.({ ...submission, ...attempt });
    } catch (error) {
      report.storeErrors.push({ key: entry.key, error: errorMessage(error) });
    } finally {
      await lease.release().catch(() => {});
    }
  };
  report.notTried = due.length - (await forEachConcurrently(due, { concurrency: sendConcurrency, mayStart }, sendOne));

  // 3. What is left, and how far everything is settled.
  const at = now();
  for (const entry of entries) {
    const pending = entry?.record ? describePending(entry.record, at) : null;
    if (pending) report.pending.push(pending);
    const delivered = entry?.record?.notified?.at;
    if (delivered && (report.lastDelivery === null || delivered > report.lastDelivery)) report.lastDelivery = delivered;
  }
  report.settledThrough = await moveSettledMark(store, entries, from, startedAt).catch(() => report.settledThrough);
  if (elapsed() < budgetMs) await sweepLapsedLeases(store, leaseKeys, at);
  report.elapsedMs = Math.round(elapsed());
  return report;
}

async function sweepLapsedLeases(store: DeliveryStore, keys: readonly string[], now: Date) {
  for (const key of keys) {
    try {
      if (leaseEnds(await store.get(key, { type: 'json' })) < now.getTime() - LAPSED_LEASE_MS) await store.delete(key);
    } catch {
      // The next run tries again.
    }
  }
}
