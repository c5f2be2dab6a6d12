// The one worker pool: async work on many items, a few at a time (store calls,
// image probes). Items start in their order, at most `concurrency` of one pool
// at once and, with `slots`, at most their count across every pool sharing
// them. `mayStart` can end a pool early (a time budget, a failing server). A
// call that throws ends it too: nothing more starts, and the first failure is
// thrown once the calls under way have settled. Work that must go on past a
// failure catches its own.

/** A limit shared by several pools; a turn waits for a free slot, first come first served. */
export interface SharedSlots {
  run<Result>(task: () => Promise<Result>): Promise<Result>;
}

/** At most `count` tasks at once across every pool given these slots. */
export function sharedSlots(count: number): SharedSlots {
  let free = count;
  const waiting: Array<() => void> = [];
  return {
    async run(task) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
  };
}

export interface PoolOptions {
  /** Calls of this pool under way at once: a whole number from 1. */
  concurrency: number;
  /** Asked as each item is about to start, in order; once it says no, nothing more starts. */
  mayStart?: (index: number) => boolean;
  /** Slots shared with other pools: each item also waits for one of them. */
  slots?: SharedSlots;
}

async function runPool<Item, Result>(
  items: readonly Item[],
  { concurrency, mayStart = () => true, slots }: PoolOptions,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<{ results: Result[]; started: number }> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a whole number from 1, not ${concurrency}`);
  const results = new Array<Result>(items.length);
  const failures: unknown[] = [];
  let next = 0;
  let ended = false;
  /** Starts the next item, if it may, and waits for it; false when nothing more starts. */
  const turn = async (): Promise<boolean> => {
    if (ended || next >= items.length) return false;
    if (!mayStart(next)) {
      ended = true;
      return false;
    }
    // `work` is called in this same step, so what it notes as it starts is seen by the next mayStart.
    const index = next++;
    try {
      results[index] = await work(items[index]!, index);
    } catch (error) {
      failures.push(error);
      ended = true;
    }
    return true;
  };
  const worker = async () => {
    let more = true;
    while (more) more = await (slots ? slots.run(turn) : turn());
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
  return { results, started: next };
}

/**
 * Runs `work` on the items (see the top) and returns how many it started:
 * all of them, unless `mayStart` said no. `limit` is the concurrency, or the options.
 */
export async function forEachConcurrently<Item>(
  items: readonly Item[],
  limit: number | PoolOptions,
  work: (item: Item, index: number) => Promise<void>,
): Promise<number> {
  return (await runPool(items, typeof limit === 'number' ? { concurrency: limit } : limit, work)).started;
}

/** `work`'s result for every item, in the items' order, `concurrency` at a time. */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  return (await runPool(items, { concurrency }, work)).results;
}
