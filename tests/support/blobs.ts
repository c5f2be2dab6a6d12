// A submissions store that fails on chosen operations, as a Blobs outage would.
import type { SubmissionStore } from '../../src/server/submissions/store.ts';

export type StoreOperation = 'get' | 'getWithMetadata' | 'set' | 'setJSON' | 'delete';

/**
 * Wraps a store so chosen operations fail, as a Blobs outage would: `failWhen`
 * decides per call. Calls that do not fail reach the real store.
 */
export function failingStore(
  inner: SubmissionStore,
  failWhen: (operation: StoreOperation, key: string) => boolean,
): SubmissionStore & { calls: Array<{ operation: StoreOperation; key: string }> } {
  const calls: Array<{ operation: StoreOperation; key: string }> = [];
  const guard = (operation: StoreOperation, key: string) => {
    calls.push({ operation, key });
    if (failWhen(operation, key)) return Promise.reject(new Error(`simulated Blobs outage on ${operation} ${key}`));
    return undefined;
  };
  return {
    calls,
    get: ((key: string, options?: { type: 'text' }) =>
      guard('get', key) ?? inner.get(key, options as { type: 'text' })) as SubmissionStore['get'],
    getWithMetadata: ((key: string, options?: { type: 'json' }) =>
      guard('getWithMetadata', key) ??
      inner.getWithMetadata(key, options as { type: 'json' })) as SubmissionStore['getWithMetadata'],
    set: (key, data, options) => guard('set', key) ?? inner.set(key, data, options),
    setJSON: (key, data, options) => guard('setJSON', key) ?? inner.setJSON(key, data, options),
    delete: (key) => guard('delete', key) ?? inner.delete(key),
  };
}
