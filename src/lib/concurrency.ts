/**
 * Runs `work` on every item with at most `limit` calls in flight, and waits
 * for all of them. The first failure is thrown once every started call has settled.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failures.push(error);
        next = items.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failures.length) throw failures[0];
}
