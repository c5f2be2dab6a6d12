// The notify-pending run: sends the firm the notifications that failed, with
// nobody typing a command. The notify-pending function (handler.ts, every 10
// minutes) and `npm run submissions -- resend --pending` both run
// deliverPending(), which sends through notifyFirm() like the form functions,
// so every attempt is recorded on its row the same way. A run takes the due
// submissions a few at a time with FOR UPDATE SKIP LOCKED and marks them taken
// (notify_claimed_until), so overlapping runs never send one twice; it
// remembers nothing else. What has waited a day is stuck-report.ts's. Why, and
// what it promises: docs/operations.md, "Automatic delivery".
import { forEachConcurrently } from '../../lib/concurrency.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { Database } from '../db/database.ts';
import type { NotificationOutcome, NotificationStatus } from '../submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import type { Recorded } from '../submissions/save.ts';
import type { SubmissionType } from '../submissions/store.ts';
import {
  dueCondition,
  pendingNotifications,
  RETRY_SCHEDULE,
  scheduleParams,
  UNDELIVERED,
  type PendingSubmission,
} from './pending.ts';
import { notifyFirm } from './sending.ts';
import type { NotificationSettings } from './settings.ts';

/** How long a run starts new work: well inside Netlify's 30 seconds, with room for the last sends to finish. */
export const RUN_BUDGET_MS = 20_000;
/** The longest a run waits for the mail server per message, as the form functions do. */
export const SEND_DEADLINE_MS = 8_000;
/** Messages in flight at once: each is its own SMTP connection. */
const SEND_CONCURRENCY = 4;
/** Failed sends in a row after which a run stops sending: the mail server is down, and the next run tries again. */
export const FAILURES_BEFORE_PAUSE = 5;
/** How long a submission a run took stays its own at least: a run that died frees it by then. */
const CLAIM_MS = 2 * 60 * 1000;

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
  /** Due at this run (every undelivered one with `everyPending`): tried, or left for the next run (`notTried`). */
  due: number;
  delivered: Submission[];
  failed: Array<Submission & { error: string }>;
  /** Attempts whose outcome could not be written on the row (the database's error). */
  unrecorded: Array<Submission & { detail: string }>;
  /** Due, but not tried: the run stopped (`stoppedBecause`); the next run goes on. */
  notTried: number;
  stoppedBecause: 'time' | 'mail-server-down' | 'notifications-off' | null;
  /** Undelivered after the run, oldest first. */
  pending: PendingSubmission[];
  /** The latest delivery of a submission received in the last retry window (ISO): whether mail has been going through. */
  lastDelivery: string | null;
  elapsedMs: number;
}

/**
 * Takes up to `limit` due submissions, oldest first, that no other run holds:
 * those another run is taking at this instant are skipped (SKIP LOCKED), those
 * it took are marked until their claim ends, and `skip` (tried by this run) stay out.
 */
async function takeDue(db: Database, everyPending: boolean, now: Date, limit: number, skip: readonly string[]) {
  const rows = await db.query<SubmissionRow>(
    `UPDATE submissions SET notify_claimed_until = $6
      WHERE id IN (
        SELECT id FROM submissions
         WHERE ${UNDELIVERED} AND ${dueCondition(everyPending)}
           AND (notify_claimed_until IS NULL OR notify_claimed_until < $1)
           AND NOT (id = ANY($8::text[]))
         ORDER BY received_at, id LIMIT $7
         FOR UPDATE SKIP LOCKED)
      RETURNING ${SUBMISSION_COLUMNS}`,
    [now, ...scheduleParams(), new Date(now.getTime() + CLAIM_MS), limit, [...skip]],
  );
  return rows.map(recordFromRow).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
}

/**
 * Sends the firm's notification of every submission that is due, records each
 * attempt on its row, and says what it did. A run takes the due submissions,
 * oldest first, a few at a time (takeDue) and sends them; it starts no send
 * after `budgetMs`, nor after FAILURES_BEFORE_PAUSE failures in a row (the
 * mail server is down: every further attempt would only wait); what it took
 * and did not try it frees for the next run. Never throws for one submission;
 * a database that cannot be reached fails the run, and the next one resumes.
 */
export async function deliverPending(
  db: Database,
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
  const report: DeliveryReport = {
    due: 0,
    delivered: [],
    failed: [],
    unrecorded: [],
    notTried: 0,
    stoppedBecause: null,
    pending: [],
    lastDelivery: null,
    elapsedMs: 0,
  };
  let failuresInARow = 0;
  const mayStart = () => {
    if (!settings.mailer) report.stoppedBecause = 'notifications-off';
    else if (failuresInARow >= FAILURES_BEFORE_PAUSE) report.stoppedBecause = 'mail-server-down';
    else if (elapsed() >= budgetMs) report.stoppedBecause = 'time';
    else return true;
    return false;
  };
  const tried: string[] = [];
  const untried: string[] = [];
  while (mayStart()) {
    const taken = await takeDue(db, everyPending, now(), sendConcurrency, tried);
    if (taken.length === 0) break;
    report.due += taken.length;
    const sent = await forEachConcurrently(taken, { concurrency: sendConcurrency, mayStart }, async (record) => {
      tried.push(record.id);
      const submission = { type: record.type, id: record.id };
      const attempt = await notifyFirm({ db, record }, settings, { signal: AbortSignal.timeout(sendDeadlineMs), now });
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
    });
    untried.push(...taken.slice(sent).map((record) => record.id));
  }
  // Every row this run took is given back: a tried one has its outcome recorded (so `resend --pending` right
  // after a failed attempt may try it), an untried one is due again.
  const taken = [...tried, ...untried];
  if (taken.length > 0)
    await db.query(`UPDATE submissions SET notify_claimed_until = NULL WHERE id = ANY($1::text[])`, [taken]);
  if (report.stoppedBecause) {
    // Stopped early: what was due and not tried, taken or not, is left to the next run, and said so.
    const [left] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM submissions
        WHERE ${UNDELIVERED} AND ${dueCondition(everyPending)}
          AND (notify_claimed_until IS NULL OR notify_claimed_until < $1)
          AND NOT (id = ANY($6::text[]))`,
      [now(), ...scheduleParams(), tried],
    );
    report.notTried = left?.count ?? 0;
    report.due = tried.length + report.notTried;
  }

  const at = now();
  report.pending = await pendingNotifications(db, at);
  const [latest] = await db.query<{ at: string | null }>(
    `SELECT max(notified ->> 'at') AS at FROM submissions WHERE received_at > $1`,
    [new Date(at.getTime() - RETRY_SCHEDULE.retryForMs - DAY_MS)],
  );
  report.lastDelivery = latest?.at ?? null;
  report.elapsedMs = Math.round(elapsed());
  return report;
}
