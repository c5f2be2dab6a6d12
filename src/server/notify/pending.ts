// Which stored submissions still need their notification, and when each is
// next due, read from what its record says of its attempts (`notified`): the
// schedule the notify-pending function (delivery.ts) follows, and what
// `npm run submissions -- status` reports. The first attempt is the form
// function's; then every 10 minutes, the waits doubling up to six hours, until
// an attempt made a week after arrival. What waited over a day is "stuck",
// reported daily. The table: docs/operations.md, "Automatic delivery"; more:
// docs/architecture.md, "The retry schedule".
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { Queryable } from '../db/database.ts';
import type { SubmissionRecord } from '../submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import type { SubmissionType } from '../submissions/store.ts';

const MINUTE_MS = 60 * 1000;

/** The schedule as data, so the tests, docs/operations.md and `status` can state it from one place. */
export const RETRY_SCHEDULE = {
  /**
   * How long to wait after the 1st, 2nd, 3rd… failed attempt before the
   * next; the last wait repeats. 0 is "the next run"; then doubling from one
   * run's interval (10 minutes) to at most six hours.
   */
  waitsMinutes: [0, 10, 20, 40, 80, 160, 320, 360],
  /** Automatic attempts go on until one has been made at least this long after the submission arrived. */
  retryForMs: 7 * DAY_MS,
  /**
   * A record with no attempt on it yet is left this long to its form function,
   * which may still be sending (it waits at most 8 seconds) and records the
   * outcome only then: sending it meanwhile would e-mail the firm twice.
   */
  firstAttemptGraceMs: 2 * MINUTE_MS,
  /**
   * What falls due within this of a run counts as due: a run starts every 10
   * minutes and its own sends take seconds, so without it a 10-minute wait
   * would miss the run 10 minutes later by those seconds and take 20.
   */
  earlyByMs: MINUTE_MS,
  /** Undelivered this long after arrival: reported as stuck. */
  stuckAfterMs: DAY_MS,
} as const;

/** Where a submission's notification stands. */
export type DeliveryState =
  | { state: 'delivered'; at: Date }
  /** Just stored, no attempt recorded yet: its form function may still be sending. */
  | { state: 'arriving' }
  | { state: 'due' }
  | { state: 'waiting'; nextAttemptAt: Date }
  /** Automatic attempts are over; only a person (`resend`) sends it now. */
  | { state: 'given-up' };

/** The wait after the `attempts`-th failed attempt. */
export function retryWaitMs(attempts: number): number {
  const waits = RETRY_SCHEDULE.waitsMinutes;
  return waits[Math.min(Math.max(attempts, 1), waits.length) - 1]! * MINUTE_MS;
}

const time = (iso: string | undefined) => (iso === undefined ? Number.NaN : Date.parse(iso));

/** Where `record`'s notification stands at `now`. */
export function deliveryState(record: SubmissionRecord, now: Date): DeliveryState {
  const { notified } = record;
  if (notified?.at) return { state: 'delivered', at: new Date(notified.at) };
  const received = time(record.receivedAt);
  const nowMs = now.getTime();
  // A record that does not say when it arrived is sent rather than left to guesswork.
  if (Number.isNaN(received)) return { state: 'due' };
  const windowEnds = received + RETRY_SCHEDULE.retryForMs;
  if (!notified || notified.attempts === 0) {
    if (nowMs >= windowEnds) return { state: 'given-up' };
    return nowMs - received < RETRY_SCHEDULE.firstAttemptGraceMs ? { state: 'arriving' } : { state: 'due' };
  }
  const lastAttempt = time(notified.lastAttemptAt);
  if (Number.isNaN(lastAttempt)) {
    // Stored before attempts were timed: as if its last attempt were made as it arrived.
    if (nowMs >= windowEnds) return { state: 'given-up' };
    return dueFrom(received + retryWaitMs(notified.attempts), nowMs);
  }
  if (lastAttempt >= windowEnds) return { state: 'given-up' };
  return dueFrom(lastAttempt + retryWaitMs(notified.attempts), nowMs);
}

/** Due if `next` has come (or comes within earlyByMs), else waiting for it. */
function dueFrom(next: number, nowMs: number): DeliveryState {
  if (next - RETRY_SCHEDULE.earlyByMs <= nowMs) return { state: 'due' };
  return { state: 'waiting', nextAttemptAt: new Date(next) };
}

/** Undelivered and received more than RETRY_SCHEDULE.stuckAfterMs ago. */
export function isStuck(record: SubmissionRecord, now: Date): boolean {
  const received = time(record.receivedAt);
  return !record.notified?.at && !(now.getTime() - received < RETRY_SCHEDULE.stuckAfterMs);
}

/** SQL: a row of `submissions` not yet delivered (the partial index submissions_undelivered). */
export const UNDELIVERED = `(notified ->> 'at') IS NULL`;

/**
 * SQL for what deliveryState says of an undelivered row at `$1`, with
 * scheduleParams() bound from `$2` on: 'due' (`everyPending` false) or anything
 * but 'arriving' (`everyPending` true, as `resend --pending` sends).
 */
export function dueCondition(everyPending: boolean): string {
  const attempts = `COALESCE((notified ->> 'attempts')::int, 0)`;
  const last = `(notified ->> 'lastAttemptAt')::timestamptz`;
  const ms = (param: string) => `(${param}::float8 * interval '1 millisecond')`;
  const windowEnds = `(received_at + ${ms('$3')})`;
  const arriving = `(${attempts} = 0 AND received_at + ${ms('$4')} > $1)`;
  // Postgres must know the type of every parameter bound, those this condition does not need included.
  if (everyPending)
    return `(NOT ${arriving} AND $2::int[] IS NOT NULL AND ${ms('$3')} IS NOT NULL AND ${ms('$5')} IS NOT NULL)`;
  const wait = `(($2::int[])[LEAST(GREATEST(${attempts}, 1), cardinality($2::int[]))] * interval '1 minute')`;
  return `(CASE
    WHEN ${attempts} = 0 THEN $1 < ${windowEnds} AND NOT ${arriving}
    WHEN ${last} IS NULL THEN $1 < ${windowEnds} AND received_at + ${wait} - ${ms('$5')} <= $1
    ELSE ${last} < ${windowEnds} AND ${last} + ${wait} - ${ms('$5')} <= $1
  END)`;
}

/** The values dueCondition() reads from `$2` to `$5`. */
export const scheduleParams = () => [
  RETRY_SCHEDULE.waitsMinutes,
  RETRY_SCHEDULE.retryForMs,
  RETRY_SCHEDULE.firstAttemptGraceMs,
  RETRY_SCHEDULE.earlyByMs,
];

/** One submission whose notification has not been delivered. */
export interface PendingSubmission {
  type: SubmissionType;
  id: string;
  receivedAt: string;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  /** From when the notify-pending function tries it again (ISO); null once it has given up. */
  nextAttemptAt: string | null;
  state: Exclude<DeliveryState['state'], 'delivered'>;
  stuck: boolean;
}

function nextAttempt(state: DeliveryState, record: SubmissionRecord, now: Date): string | null {
  switch (state.state) {
    case 'waiting':
      return state.nextAttemptAt.toISOString();
    case 'due':
      return now.toISOString();
    case 'arriving':
      return new Date(time(record.receivedAt) + RETRY_SCHEDULE.firstAttemptGraceMs).toISOString();
    default:
      return null;
  }
}

/** `record` as a pending notification, or null once delivered. */
export function describePending(record: SubmissionRecord, now: Date): PendingSubmission | null {
  const state = deliveryState(record, now);
  if (state.state === 'delivered') return null;
  const notified = record.notified;
  return {
    type: record.type,
    id: record.id,
    receivedAt: record.receivedAt,
    attempts: notified?.attempts ?? 0,
    lastAttemptAt: notified?.lastAttemptAt ?? null,
    lastError: notified?.lastError ?? null,
    nextAttemptAt: nextAttempt(state, record, now),
    state: state.state,
    stuck: isStuck(record, now),
  };
}

/** The notifications of every stored submission, as `status` shows them. */
export interface NotificationBacklog {
  /** Submissions with a record. */
  submissions: number;
  /** Not delivered, oldest first. */
  pending: PendingSubmission[];
  /** The most recent delivery any record shows. */
  lastDelivery: { type: SubmissionType; id: string; at: string } | null;
}

/** Every undelivered submission, oldest first, as pending notifications at `now`. */
export async function pendingNotifications(db: Queryable, now: Date): Promise<PendingSubmission[]> {
  const rows = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE ${UNDELIVERED} ORDER BY received_at, id`,
  );
  return rows.map((row) => describePending(recordFromRow(row), now)).filter((pending) => pending !== null);
}

/** Counts the submissions, and reads the undelivered ones and the latest delivery. */
export async function notificationBacklog(db: Queryable, now: Date): Promise<NotificationBacklog> {
  const [counted] = await db.query<{ submissions: number }>(`SELECT count(*)::int AS submissions FROM submissions`);
  const [latest] = await db.query<{ type: SubmissionType; id: string; at: string }>(
    `SELECT type, id, notified ->> 'at' AS at FROM submissions WHERE NOT ${UNDELIVERED}
      ORDER BY (notified ->> 'at')::timestamptz DESC LIMIT 1`,
  );
  return {
    submissions: counted?.submissions ?? 0,
    pending: await pendingNotifications(db, now),
    lastDelivery: latest ?? null,
  };
}
