// How a purge run (retention.ts) gets through any store in bounded time: each
// prefix is listed oldest first (ids are ULIDs, so keys sort by arrival) and
// only as far as what is past its cutoff, so what a run lists grows with what
// it deletes, not with the store. The time limit counts from the start of the
// run, listing included; past it nothing new starts, except that each walk
// (a lane) always gets its first page and its first deletion, so every run
// gets somewhere. Store calls share the run's slots across every walk.
import { forEachConcurrently, type SharedSlots } from '../../lib/concurrency.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { submissionIdTime } from './ids.ts';
import { keyPages } from './read.ts';
import type { PurgeStore } from './retention.ts';
import type { PurgeReport } from './retention-report.ts';

/** Store calls a run has under way at once: enough to hide the store's latency, few enough not to swamp it. */
export const PURGE_CONCURRENCY = 8;

/** The run's clock, started with the run: listing and deleting spend the same time. */
export function timeBudget(ms: number) {
  const started = performance.now();
  return {
    spent: () => performance.now() - started >= ms,
    elapsedMs: () => Math.round(performance.now() - started),
  };
}

/** What every part of one run shares. */
export interface PurgeRun {
  store: PurgeStore;
  now: Date;
  /** List what would be deleted, delete nothing. */
  dryRun: boolean;
  budget: ReturnType<typeof timeBudget>;
  slots: SharedSlots;
  report: PurgeReport;
}

/** One walk's state: whether it has started anything, so its first item starts even past the time limit. */
export interface Lane {
  begun: boolean;
}

/**
 * Runs `task` on each item in turn, in the run's slots, starting none once the
 * time is spent, except the first of a lane that has started nothing yet;
 * false if some were left.
 */
export async function eachWithin<Item>(
  { budget, slots }: PurgeRun,
  lane: Lane,
  items: readonly Item[],
  task: (item: Item) => Promise<void>,
): Promise<boolean> {
  const started = await forEachConcurrently(
    items,
    { concurrency: PURGE_CONCURRENCY, slots, mayStart: () => !lane.begun || !budget.spent() },
    (item) => {
      lane.begun = true;
      return task(item);
    },
  );
  return started === items.length;
}

/** A listing that failed part-way: what it had not reached waits for the next run. */
export function listingFailed({ report }: PurgeRun, prefix: string, error: unknown) {
  report.listingErrors.push({ prefix, error: errorMessage(error) });
  report.complete = false;
}

/** Whether `keys` come in key order, after `previous` (the last key of the page before). */
function inKeyOrder(keys: readonly string[], previous: string | undefined) {
  let last = previous;
  for (const key of keys) {
    if (last !== undefined && key < last) return false;
    last = key;
  }
  return true;
}

/**
 * Walks the keys under `prefix` oldest first, a page at a time, handing
 * `work` each page's keys whose id (`idOf`) dates from before `cutoff`, until
 * the first key still within it (when the store lists in key order), the end
 * of the listing, or the time limit. `work` says whether it started them all.
 * A store that lists out of order is read to the end, as far as the time allows.
 */
export async function walkPastCutoff(
  run: PurgeRun,
  prefix: string,
  cutoff: number,
  idOf: (key: string) => string | null,
  work: (keys: string[]) => Promise<boolean>,
): Promise<void> {
  const { report, budget } = run;
  let previous: string | undefined;
  let ordered = true;
  try {
    for await (const keys of keyPages(run.store, prefix)) {
      report.listed += keys.length;
      if (ordered && !inKeyOrder(keys, previous)) {
        ordered = false;
        report.unordered = true;
      }
      previous = keys.at(-1) ?? previous;
      const past: string[] = [];
      let reachedYoung = false;
      for (const key of ordered ? keys : [...keys].sort()) {
        const id = idOf(key);
        const time = id === null ? null : submissionIdTime(id);
        if (!time) continue;
        if (time.getTime() < cutoff) past.push(key);
        else if (ordered) {
          reachedYoung = true;
          break;
        }
      }
      if (!(await work(past))) {
        report.complete = false;
        return;
      }
      if (reachedYoung) return;
      // Listing the next page is work too: it waits for the next run once the time is up.
      if (budget.spent()) {
        report.complete = false;
        return;
      }
    }
  } catch (error) {
    listingFailed(run, prefix, error);
  }
}
