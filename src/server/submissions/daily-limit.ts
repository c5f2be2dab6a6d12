// A ceiling on how many submissions each form stores a day: past it, the form
// answers 429 until midnight, Nairobi time, and the firm is alerted once that
// day (handlers.ts, notify/limit-alert.ts). Each counter is a row of
// `daily_counts` (migration 0003), incremented in the transaction that stores
// the submission, so a submission refused or not stored counts nothing. A
// counter is a form's type, `<type>-honeypot`, or `subscription`; no personal
// data. Why: docs/architecture.md, "The daily limit".
import { nairobiDay, nextNairobiMidnight } from '../../lib/nairobi-time.ts';
import type { Queryable } from '../db/database.ts';

/** Whole seconds from `now` until midnight in Nairobi, for Retry-After. */
export const secondsUntilNairobiMidnight = (now: Date): number =>
  Math.max(1, Math.ceil((nextNairobiMidnight(now).getTime() - now.getTime()) / 1000));

/**
 * Counts one more for `counter` today, in the caller's transaction: the number
 * it was counted as (1 for the first of the day). Past `limit` the count is
 * still returned; the caller rolls its transaction back, so it does not stay.
 * Concurrent transactions take turns on the row (its lock lasts until each commits).
 */
export async function countToday(tx: Queryable, counter: string, now: Date): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `INSERT INTO daily_counts (day, counter, count) VALUES ($1, $2, 1)
     ON CONFLICT (day, counter) DO UPDATE SET count = daily_counts.count + 1
     RETURNING count`,
    [nairobiDay(now), counter],
  );
  return row!.count;
}

/** True for exactly one caller per counter and day: the one that should tell the firm the ceiling was reached. */
export async function firstToReachLimit(db: Queryable, counter: string, now: Date): Promise<boolean> {
  const claimed = await db.query(
    `UPDATE daily_counts SET alerted_at = $3
      WHERE day = $1 AND counter = $2 AND alerted_at IS NULL
      RETURNING counter`,
    [nairobiDay(now), counter, now],
  );
  return claimed.length === 1;
}
