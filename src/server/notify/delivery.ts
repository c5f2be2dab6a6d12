// Delivering the notifications that failed, without a person: the
// notify-pending function (netlify/functions/notify-pending.ts, every 10
// minutes) and `npm run submissions -- resend --pending` both run
// deliverPending(), which sends through notifyFirm() like the form functions,
// so every attempt is recorded on its record the same way.
//
// A run, bounded in time (Netlify ends a scheduled function at 30 seconds):
//   1. lists the store and reads, oldest first, the records after the
//      "settled" mark: below it every submission was delivered or given up on,
//      so a store of thousands of delivered submissions costs one listing, not
//      thousands of reads;
//   2. sends what pending.ts says is due, a few at a time, each under a lease
//      (leases.ts) so that overlapping runs never both send one; it starts no
//      send after RUN_BUDGET_MS, nor after FAILURES_BEFORE_PAUSE failures in a
//      row (the mail server is down: every further attempt would only wait);
//   3. moves the settled mark past what is now settled.
// What a run did not reach is still due for the next one, which starts again
// from the oldest: nothing is remembered between runs but the records and the
// mark, so a run cut short loses nothing.
//
// Once a day (Nairobi time), if something has waited over a day, the function
// logs an error naming the ids and e-mails staff a digest (reportStuck()).
//
// Store "submissions":
//   notify/settled       → Settled: the mark, and what was given up below it
//   notify/stuck-report  → { day, at, ids }: the last day the stuck were reported
//   notify/leases/{id}   → leases.ts
// None holds personal data: ids, times and error messages whose addresses are cut (sending.ts).
import { randomUUID } from 'node:crypto';
import { forEachConcurrently } from '../../lib/concurrency.ts';
import { DAY_MS, nairobiDay } from '../../lib/nairobi-time.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { submissionIdTime } from '../submissions/ids.ts';
import { parseSubmissionKey, type AdminStore } from '../submissions/read.ts';
import {
  normaliseRecord,
  type NotificationOutcome,
  type NotificationStatus,
  type SubmissionRecord,
} from '../submissions/record.ts';
import type { Recorded } from '../submissions/save.ts';
import { openFullSubmissionStore, type SubmissionType } from '../submissions/store.ts';
import { claimLease, isLeaseKey, leaseEnds } from './leases.ts';
import { deliveryState, describePending, type PendingSubmission } from './pending.ts';
import { notifyFirm } from './sending.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from './settings.ts';
import { stuckDigest } from './text.ts';

/** How long a run starts new work: well inside Netlify's 30 seconds, with room for the last sends to finish. */
export const RUN_BUDGET_MS = 20_000;
/** By when the function must be done with everything, a margin inside Netlify's 30 seconds. */
const FUNCTION_DONE_BY_MS = 28_000;
/** The longest a run waits for the mail server per message, as the form functions do. */
const SEND_DEADLINE_MS = 8_000;
/** Reading stops at this share of the budget, so a large backlog of reads never leaves no time to send. */
const READ_SHARE = 0.5;
const READ_CONCURRENCY = 16;
/** Messages in flight at once: each is its own SMTP connection. */
const SEND_CONCURRENCY = 4;
/** Failed sends in a row after which a run stops sending: the mail server is down, and the next run tries again. */
export const FAILURES_BEFORE_PAUSE = 5;
/**
 * The settled mark never passes a submission younger than this: one that
 * arrived just before a listing may have its record written just after it
 * (a function takes at most 30 s), and the mark must not pass it unseen.
 */
const SETTLES_AFTER_MS = 10 * 60 * 1000;
/** A lease this long past its end belongs to a sender long gone; the run removes it. */
const LAPSED_LEASE_MS = 60 * 60 * 1000;

const SETTLED_KEY = 'notify/settled';
const STUCK_REPORT_KEY = 'notify/stuck-report';

export type DeliveryStore = AdminStore;

interface Settled {
  /** Every submission whose id sorts at or before this one was delivered, or given up on (then in `gaveUp`), or deleted. */
  through: string | null;
  /** Record keys, at or before `through`, of submissions given up on undelivered: still reported as stuck. */
  gaveUp: string[];
}

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

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function parseSettled(data: unknown): Settled {
  const value = typeof data === 'object' && data !== null ? (data as Partial<Settled>) : {};
  return {
    through: typeof value.through === 'string' ? value.through : null,
    gaveUp: Array.isArray(value.gaveUp) ? value.gaveUp.filter((key): key is string => typeof key === 'string') : [],
  };
}

async function readSettled(store: Pick<AdminStore, 'getWithMetadata'>) {
  const found = await store.getWithMetadata(SETTLED_KEY, { type: 'json' });
  return { settled: parseSettled(found?.data), etag: found?.etag, found: found !== null };
}

/**
 * Writes only over what was read: over nothing if nothing was, over its ETag
 * if it had one. The local Blobs server sends no ETag on reads, so there the
 * write is unconditional; it runs one function call at a time anyway.
 */
const writeCondition = (found: boolean, etag: string | undefined) =>
  !found ? { onlyIfNew: true as const } : etag ? { onlyIfMatch: etag } : {};

/**
 * Writes the settled mark, merged with whatever another run wrote meanwhile:
 * each mark is a true statement (delivery is final), so the later of the two
 * holds, and `change` decides what is given up.
 */
async function updateSettled(store: DeliveryStore, change: (current: Settled) => Settled): Promise<Settled> {
  for (let tries = 0; tries < 3; tries++) {
    const { settled, etag, found } = await readSettled(store);
    const next = change(settled);
    if (next.through === settled.through && sameKeys(next.gaveUp, settled.gaveUp)) return settled;
    const written = await store.setJSON(SETTLED_KEY, next, writeCondition(found, etag));
    if (written.modified) return next;
  }
  return (await readSettled(store)).settled;
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

interface Entry extends Submission {
  key: string;
  record: SubmissionRecord | null;
  etag: string | undefined;
  /** Deleted between the listing and the read. */
  gone: boolean;
}

/**
 * Sends the firm's notification of every submission that is due (see the
 * top), records each attempt on its record, and says what it did. Never
 * throws for one submission; a store that cannot be listed fails the run.
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
  const candidates: Array<Submission & { key: string }> = [];
  const leaseKeys: string[] = [];
  for await (const page of store.list({ paginate: true })) {
    for (const { key } of page.blobs) {
      if (isLeaseKey(key)) leaseKeys.push(key);
      const parsed = parseSubmissionKey(key);
      if (parsed?.isRecord && (from === null || parsed.id > from))
        candidates.push({ type: parsed.type, id: parsed.id, key });
    }
  }
  candidates.sort(byId);
  const entries: Array<Entry | undefined> = new Array(candidates.length);
  const readMayStart = (index: number) => index === 0 || elapsed() < budgetMs * READ_SHARE;
  report.read = await forEachConcurrently(
    candidates,
    { concurrency: READ_CONCURRENCY, mayStart: readMayStart },
    async (candidate, index) => {
      try {
        const found = await store.getWithMetadata(candidate.key, { type: 'json' });
        entries[index] = {
          ...candidate,
          record: found ? normaliseRecord(found.data, candidate.key) : null,
          etag: found?.etag,
          gone: !found,
        };
      } catch (error) {
        report.storeErrors.push({ key: candidate.key, error: errorText(error) });
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
  const sent = await forEachConcurrently(due, { concurrency: sendConcurrency, mayStart }, async (entry) => {
    let lease;
    try {
      lease = await claimLease(store, entry.id, holder, now());
    } catch (error) {
      report.storeErrors.push({ key: entry.key, error: errorText(error) });
      return;
    }
    if (!lease) {
      report.busy.push({ type: entry.type, id: entry.id });
      return;
    }
    try {
      // Read again under the lease: whoever held it before may have sent it.
      const fresh = await store.getWithMetadata(entry.key, { type: 'json' });
      entry.record = fresh ? normaliseRecord(fresh.data, entry.key) : null;
      entry.etag = fresh?.etag;
      entry.gone = !fresh;
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
      report.storeErrors.push({ key: entry.key, error: errorText(error) });
    } finally {
      await lease.release().catch(() => {});
    }
  });
  report.notTried = due.length - sent;

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

/** Moves the mark past the longest run, from where this run started reading, of settled submissions. */
async function moveSettledMark(
  store: DeliveryStore,
  entries: ReadonlyArray<Entry | undefined>,
  from: string | null,
  listedAt: Date,
): Promise<string | null> {
  let through = from;
  const gaveUp: string[] = [];
  for (const entry of entries) {
    const idTime = entry ? submissionIdTime(entry.id) : null;
    if (!entry || !idTime || listedAt.getTime() - idTime.getTime() < SETTLES_AFTER_MS) break;
    if (entry.record) {
      const { state } = deliveryState(entry.record, listedAt);
      if (state === 'given-up') gaveUp.push(entry.key);
      else if (state !== 'delivered') break;
    } else if (!entry.gone) break;
    through = entry.id;
  }
  if (through === from && gaveUp.length === 0) return from;
  const settled = await updateSettled(store, (current) => ({
    through: later(current.through, through),
    gaveUp: [...new Set([...current.gaveUp, ...gaveUp])],
  }));
  return settled.through;
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

// ---------------------------------------------------------------------------
// The daily report of what is stuck.

export interface StuckReport {
  day: string;
  stuck: PendingSubmission[];
  /** Whether staff were e-mailed the digest, and if not, why. */
  digest: 'sent' | 'mail-server-down' | 'notifications-off' | { error: string };
}

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
 * Once a day: when any submission has waited over a day for its notification,
 * logs an error naming them and e-mails staff a digest, unless the mail server
 * looks down (mailLooksDown: the digest would fail too). `run` is the
 * delivery run just made; what was given up on below the settled mark is read
 * again here, since a person may have sent or deleted it since.
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
  const seen = new Set(stuck.map((pending) => pending.id));
  const { settled } = await readSettled(store);
  const settledSince: string[] = [];
  for (const key of settled.gaveUp) {
    const parsed = parseSubmissionKey(key);
    if (!parsed || seen.has(parsed.id)) continue;
    try {
      const found: unknown = await store.get(key, { type: 'json' });
      const pending = found ? describePending(normaliseRecord(found, key), at) : null;
      if (pending) stuck.push(pending);
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
  if (stuck.length === 0) return null;
  stuck.sort(byId);

  // Claim the day, so of two runs at once only one reports.
  const claimed = await store.setJSON(
    STUCK_REPORT_KEY,
    { day, at: at.toISOString(), ids: stuck.map((pending) => pending.id) },
    writeCondition(last !== null, last?.etag),
  );
  if (!claimed.modified) return null;

  const mailDown = mailLooksDown(run, at);
  let digest: StuckReport['digest'] = !settings.mailer ? 'notifications-off' : mailDown ? 'mail-server-down' : 'sent';
  if (digest === 'sent') {
    try {
      await settings.mailer!.send(stuckDigest(stuck, settings), { signal: AbortSignal.timeout(sendDeadlineMs) });
    } catch (error) {
      digest = { error: errorText(error) };
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
    digest:
      typeof digest === 'object'
        ? `not sent: ${digest.error}`
        : digest === 'sent'
          ? 'sent to staff'
          : digest === 'notifications-off'
            ? 'not sent: SMTP_URL is not set'
            : 'not sent: the mail server looks down (every send of this run failed, none delivered for a day)',
  });
  return { day, stuck, digest };
}

// ---------------------------------------------------------------------------
// The scheduled function.

export interface NotifyPendingDeps {
  openStore?: () => DeliveryStore;
  settings?: () => NotificationSettings;
  now?: () => Date;
  budgetMs?: number;
  sendDeadlineMs?: number;
  log?: InfoLogger;
  logError?: ErrorLogger;
}

/**
 * The notify-pending function: one delivery run, then the daily stuck report.
 * Logs what it sent and what failed by id (never content); answers 204, or
 * 500 when the run itself failed (the store could not be listed).
 */
export function createNotifyPendingHandler(deps: NotifyPendingDeps = {}): (request?: Request) => Promise<Response> {
  const openStore = deps.openStore ?? openFullSubmissionStore;
  const readSettings = deps.settings ?? notificationSettingsFromEnv;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  const now = deps.now ?? (() => new Date());
  return async () => {
    const started = performance.now();
    try {
      const store = openStore();
      const settings = readSettings();
      const run = await deliverPending(store, settings, {
        now,
        ...(deps.budgetMs === undefined ? {} : { budgetMs: deps.budgetMs }),
        ...(deps.sendDeadlineMs === undefined ? {} : { sendDeadlineMs: deps.sendDeadlineMs }),
      });
      log({
        what: `notify-pending: ${describeRun(run)}`,
        read: run.read,
        due: run.due,
        delivered: run.delivered.map(({ id }) => id),
        failed: run.failed.map(({ id }) => id),
        busy: run.busy.map(({ id }) => id),
        notTried: run.notTried,
        stillPending: run.pending.length,
        settledThrough: run.settledThrough,
        elapsedMs: run.elapsedMs,
      });
      if (run.failed.length > 0 || run.unrecorded.length > 0 || run.storeErrors.length > 0) {
        fail({
          level: 'warn',
          what: 'notify-pending: some notifications could not be sent or recorded; they are tried again on schedule',
          failed: run.failed.map(({ type, id, error }) => ({ type, id, detail: error })),
          unrecorded: run.unrecorded,
          storeErrors: run.storeErrors,
        });
      }
      // The report can wait for a run with time to spare: it is due once a day, and a later run makes it.
      const left = FUNCTION_DONE_BY_MS - (performance.now() - started);
      try {
        if (left > 2_000)
          await reportStuck(store, settings, run, {
            now,
            log: fail,
            sendDeadlineMs: Math.min(deps.sendDeadlineMs ?? SEND_DEADLINE_MS, left - 1_000),
          });
      } catch (error) {
        fail({
          what: 'notify-pending: could not report the stuck submissions; the next run tries again',
          detail: errorText(error),
        });
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      fail({ what: 'notify-pending: the run failed; the next run tries again', detail: errorText(error) });
      return new Response(null, { status: 500 });
    }
  };
}

function describeRun(run: DeliveryReport): string {
  const sent = `sent ${run.delivered.length} of ${run.due} due`;
  switch (run.stoppedBecause) {
    case 'notifications-off':
      return `notifications are off (SMTP_URL is not set): ${run.pending.length} not sent`;
    case 'mail-server-down':
      return `${sent}; stopped after ${FAILURES_BEFORE_PAUSE} failures in a row (is the mail server down?)`;
    case 'time':
      return `${sent}; stopped at the time limit, the next run goes on`;
    default:
      return sent;
  }
}
