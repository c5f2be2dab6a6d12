// What the daily retention job clears besides submissions, each past its own
// time: notes of erasures (erasures.ts, kept ERASURE_RECORD_DAYS), idempotency
// claims past their window (idempotency.ts), honeypot hits (honeypot.ts,
// HONEYPOT_KEEP_DAYS) and daily counters (daily-limit.ts). None holds a name or
// an address; they are walked in the purge run's time and slots (retention-walk.ts).
import { DAY_MS } from '../../lib/nairobi-time.ts';
import { HONEYPOT_KEEP_DAYS } from '../../lib/privacy.ts';
import { DAILY_PREFIX, isLapsedDailyKey } from './daily-limit.ts';
import { ERASURE_RECORD_DAYS, ERASURES_PREFIX } from './erasures.ts';
import { HONEYPOT_PREFIX } from './honeypot.ts';
import { CLAIM_PREFIX, claimHasLapsed } from './idempotency.ts';
import { keyPages } from './read.ts';
import { eachWithin, listingFailed, walkPastCutoff, type PurgeRun } from './retention-walk.ts';

/** Deletes `key` (unless a dry run), counting it in `tally` as deleted or failed. */
async function deleteCounted(run: PurgeRun, tally: { deleted: number; failed: number }, key: string) {
  try {
    if (!run.dryRun) await run.store.delete(key);
    tally.deleted++;
  } catch {
    tally.failed++;
  }
}

/** Notes of erasures past their own period; they hold no address, only its keyed hash. */
export function purgeErasureNotes(run: PurgeRun): Promise<void> {
  const lane = { begun: false };
  return walkPastCutoff(
    run,
    ERASURES_PREFIX,
    run.now.getTime() - ERASURE_RECORD_DAYS * DAY_MS,
    (key) => key.slice(ERASURES_PREFIX.length),
    (keys) => eachWithin(run, lane, keys, (key) => deleteCounted(run, run.report.erasureNotes, key)),
  );
}

/** Idempotency claims hold no personal data, so they come after every submission, in what time is left. */
export async function purgeClaims(run: PurgeRun): Promise<void> {
  const lane = { begun: true };
  const { store, report, now } = run;
  const purgeClaim = async (key: string) => {
    try {
      if (!claimHasLapsed(await store.get(key, { type: 'json' }), now)) return;
      if (!run.dryRun) await store.delete(key);
      report.claims.deleted++;
    } catch {
      report.claims.failed++;
    }
  };
  try {
    // Claims are keyed by a hash, not by time: every one is read, as far as the time allows.
    for await (const keys of keyPages(store, CLAIM_PREFIX)) {
      report.listed += keys.length;
      if (!(await eachWithin(run, lane, keys, purgeClaim)) || run.budget.spent()) {
        report.complete = false;
        return;
      }
    }
  } catch (error) {
    listingFailed(run, CLAIM_PREFIX, error);
  }
}

/** Honeypot hits are keyed by a ULID, so they are walked like submissions: oldest first, up to their period. */
export function purgeHoneypotHits(run: PurgeRun): Promise<void> {
  return walkPastCutoff(
    run,
    HONEYPOT_PREFIX,
    run.now.getTime() - HONEYPOT_KEEP_DAYS * DAY_MS,
    (key) => key.slice(HONEYPOT_PREFIX.length),
    (keys) => eachWithin(run, { begun: true }, keys, (key) => deleteCounted(run, run.report.lapsedKeys, key)),
  );
}

/** Daily counters are keyed by their day, so they sort by it: the walk stops at the first day still kept. */
export async function purgeDailyCounters(run: PurgeRun): Promise<void> {
  const lane = { begun: true };
  const { store, report, now } = run;
  try {
    for await (const keys of keyPages(store, DAILY_PREFIX)) {
      report.listed += keys.length;
      const lapsed = keys.filter((key) => isLapsedDailyKey(key, now));
      const deleteLapsed = (key: string) => deleteCounted(run, report.lapsedKeys, key);
      if (!(await eachWithin(run, lane, lapsed, deleteLapsed)) || run.budget.spent()) {
        report.complete = false;
        return;
      }
      if (lapsed.length < keys.length) return;
    }
  } catch (error) {
    listingFailed(run, DAILY_PREFIX, error);
  }
}
