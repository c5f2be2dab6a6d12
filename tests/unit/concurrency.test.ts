import { describe, expect, it } from 'vitest';
import { forEachConcurrently, mapConcurrently, sharedSlots } from '../../src/lib/concurrency.ts';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** Work that counts how many calls are under way at once, and notes the order items started in. */
function watched() {
  let running = 0;
  const seen = { most: 0, started: [] as number[] };
  const work = async (item: number) => {
    seen.started.push(item);
    running++;
    seen.most = Math.max(seen.most, running);
    // Later items finish first, so order is the pool's doing, not the clock's.
    await tick(20 - item);
    running--;
    return item * 10;
  };
  return { seen, work };
}

const items = Array.from({ length: 12 }, (_, index) => index);

describe('the worker pool', () => {
  it('runs every item, never more than its concurrency at once, starting them in order', async () => {
    const { seen, work } = watched();
    expect(await forEachConcurrently(items, 3, async (item) => void (await work(item)))).toBe(items.length);
    expect(seen.most).toBe(3);
    expect(seen.started).toEqual(items);
  });

  it('gives the results in the items’ order, however the calls finish', async () => {
    const { seen, work } = watched();
    expect(await mapConcurrently(items, 4, work)).toEqual(items.map((item) => item * 10));
    expect(seen.most).toBe(4);
  });

  it('starts nothing more once a call fails, lets the calls under way finish, then throws the first failure', async () => {
    const finished: number[] = [];
    const failing = mapConcurrently(items, 2, async (item) => {
      await tick(item === 3 ? 1 : 5);
      if (item === 3) throw new Error('three failed');
      if (item === 4) throw new Error('four failed too');
      finished.push(item);
      return item;
    });
    await expect(failing).rejects.toThrow('three failed');
    // 3 failed while 2 was under way: 2 finished, and 4 never started.
    expect(finished).toEqual([0, 1, 2]);
  });

  it('asks mayStart before each item, and once it says no starts nothing more, saying how many started', async () => {
    const asked: number[] = [];
    let budget = 5;
    const started = await forEachConcurrently(
      items,
      {
        concurrency: 2,
        mayStart: (index) => {
          asked.push(index);
          return budget > 0;
        },
      },
      async () => {
        budget--;
        await tick();
      },
    );
    expect(started).toBe(5);
    expect(asked).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('keeps pools that share slots to the slots’ count between them', async () => {
    const slots = sharedSlots(3);
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await tick(2);
      running--;
    };
    const pools = await Promise.all([0, 1, 2].map(() => forEachConcurrently(items, { concurrency: 3, slots }, work)));
    expect(pools).toEqual([items.length, items.length, items.length]);
    expect(most).toBe(3);
  });

  it('does nothing for no items, and refuses a concurrency that is no whole number from 1', async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([]);
    await expect(forEachConcurrently(items, 0, async () => {})).rejects.toThrow(RangeError);
    await expect(mapConcurrently(items, 1.5, async () => 1)).rejects.toThrow(RangeError);
  });
});
