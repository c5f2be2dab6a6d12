// A ceiling on how many submissions each form stores a day: past it, the form
// answers 429 until midnight, Nairobi time, and the firm is alerted once that
// day (handlers.ts, notify/limit-alert.ts). Netlify Blobs has no atomic
// increment, so each submission claims the next numbered slot of its counter
// with a create-only write (onlyIfNew), found by a galloping then binary search
// from what this instance last claimed; a slot is claimed before the submission
// is stored. Keys: daily/{day}/{counter}/{n} and daily/{day}/{counter}/alerted,
// no personal data; {counter} is a form's type, or `<type>-honeypot`. Why, and
// the cost per submission: docs/architecture.md, "The daily limit".
import { addDays, nairobiDay, nextNairobiMidnight } from '../../lib/nairobi-time.ts';
import type { SubmissionStore } from './store.ts';

export const DAILY_PREFIX = 'daily/';

/** Days a day's counters are kept after it ends: yesterday's stay readable for a person looking into a flood. */
const KEEP_DAYS = 2;

/**
 * Rounds of "find the first free slot, claim it" before a request gives up
 * counting (and is let through). Racers collide on the same slot and one
 * wins each round, so a burst of n at once costs its last one n rounds.
 */
const MAX_CLAIMS = 50;

/** Whole seconds from `now` until midnight in Nairobi, for Retry-After. */
export const secondsUntilNairobiMidnight = (now: Date): number =>
  Math.max(1, Math.ceil((nextNairobiMidnight(now).getTime() - now.getTime()) / 1000));

const counterPrefix = (day: string, counter: string) => `${DAILY_PREFIX}${day}/${counter}/`;
const slotKey = (prefix: string, n: number) => `${prefix}${String(n).padStart(7, '0')}`;

/** The last slot this function instance claimed or saw taken, per counter and day: where the next search starts. */
const lastSeen = new Map<string, number>();

export type CounterStore = Pick<SubmissionStore, 'get' | 'set'>;

/**
 * Counts one more for `counter` today: the number it was counted as (1 for
 * the first of the day), or null when `limit` were already counted. Throws
 * if the store fails, or if it could not claim a slot in MAX_CLAIMS rounds
 * (a race beyond all reason); the caller decides what that means.
 */
export async function countToday(
  store: CounterStore,
  counter: string,
  limit: number,
  now: Date,
): Promise<number | null> {
  const prefix = counterPrefix(nairobiDay(now), counter);
  const taken = async (n: number) => (await store.get(slotKey(prefix, n), { type: 'text' })) !== null;
  let known = lastSeen.get(prefix) ?? 0;
  if (known > 0 && !(await taken(known))) known = 0;
  for (let round = 0; round < MAX_CLAIMS; round++) {
    const free = await firstFree(taken, known, limit);
    if (free > limit) {
      lastSeen.set(prefix, limit);
      return null;
    }
    const { modified } = await store.set(slotKey(prefix, free), '', { onlyIfNew: true });
    known = free;
    lastSeen.set(prefix, free);
    if (modified) return free;
  }
  throw new Error(`could not count a submission for ${counter} in ${MAX_CLAIMS} rounds`);
}

/**
 * The first slot after `known` (0, or a slot known to be taken) that is not
 * taken, or limit + 1 if every slot up to `limit` is: slots are taken in
 * order, so "taken" is true up to the count and false after it.
 */
async function firstFree(taken: (n: number) => Promise<boolean>, known: number, limit: number): Promise<number> {
  let low = known;
  let high = limit + 1;
  for (let step = 1; low + step <= limit; step *= 2) {
    const probe = low + step;
    if (!(await taken(probe))) {
      high = probe;
      break;
    }
    low = probe;
  }
  // low is taken (or 0), high is free (or past the limit).
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await taken(middle)) low = middle;
    else high = middle;
  }
  return high;
}

/** True for exactly one caller per counter and day: the one that should tell the firm the ceiling was reached. */
export async function firstToReachLimit(
  store: Pick<SubmissionStore, 'set'>,
  counter: string,
  now: Date,
): Promise<boolean> {
  const { modified } = await store.set(`${counterPrefix(nairobiDay(now), counter)}alerted`, now.toISOString(), {
    onlyIfNew: true,
  });
  return modified;
}

/** Whether `key` is a counter of a day that ended more than KEEP_DAYS ago: the retention job deletes it. */
export function isLapsedDailyKey(key: string, now: Date): boolean {
  const day = /^daily\/(\d{4}-\d{2}-\d{2})\//.exec(key)?.[1];
  if (!day) return false;
  return day < addDays(nairobiDay(now), -KEEP_DAYS);
}
