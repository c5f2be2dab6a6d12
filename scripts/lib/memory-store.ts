// A submissions store held in memory that lists as Netlify Blobs does, by key
// and a page at a time, and answers every call after a set delay: for tests and
// the bench that need many thousand keys, each listed page costing time as a
// round trip to Netlify does. The local Blobs server (local-blobs.ts) is the
// real thing, but it lists a whole prefix in one page and takes seconds for
// 5,000 keys, so it cannot show what paging and early stops save.
import { applicationFileFields } from '../../src/forms/application/application.ts';
import { newSubmissionId } from '../../src/server/submissions/ids.ts';
import { consultationRecord, contactRecord } from '../../src/server/submissions/record.ts';
import type { PurgeStore } from '../../src/server/submissions/retention.ts';
import { recordKey, submissionKeys, type SubmissionType } from '../../src/server/submissions/store.ts';
import { validConsultation, validContact } from './sample-requests.ts';

interface MemoryStoreOptions {
  /** Keys per page of a paginated listing. */
  pageSize?: number;
  /** How long each call (a get, a delete, one page of a listing) takes. */
  latencyMs?: number;
  /** List the last key first: a store that does not keep to key order, which the retention job must survive. */
  descending?: boolean;
}

interface ListPage {
  blobs: Array<{ key: string; etag: string }>;
  directories: string[];
}

export interface MemoryStore {
  /** The store as the retention job uses it. */
  store: PurgeStore;
  set(key: string, value: string): void;
  /** Every key, sorted. */
  keys(prefix?: string): string[];
  /** Calls so far, by kind; a listing counts once per page. */
  calls: { list: number; get: number; delete: number };
}

export function memoryStore({
  pageSize = 1_000,
  latencyMs = 0,
  descending = false,
}: MemoryStoreOptions = {}): MemoryStore {
  const entries = new Map<string, string>();
  const calls = { list: 0, get: 0, delete: 0 };
  const wait = () => (latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)) : Promise.resolve());
  const keys = (prefix = '') => [...entries.keys()].filter((key) => key.startsWith(prefix)).sort();

  /** Pages after the last key listed, as a cursor does: keys deleted meanwhile are not skipped over. */
  async function* pages(prefix: string): AsyncGenerator<ListPage> {
    let after: string | undefined;
    for (;;) {
      calls.list++;
      await wait();
      const listed = descending ? keys(prefix).reverse() : keys(prefix);
      const page = listed
        .filter((key) => after === undefined || (descending ? key < after : key > after))
        .slice(0, pageSize);
      yield { blobs: page.map((key) => ({ key, etag: `"${key}"` })), directories: [] };
      if (page.length < pageSize) return;
      after = page.at(-1);
    }
  }

  const store = {
    list(options: { prefix?: string; paginate?: boolean } = {}) {
      if (options.paginate) return pages(options.prefix ?? '');
      return (async () => {
        const all: ListPage = { blobs: [], directories: [] };
        for await (const page of pages(options.prefix ?? '')) all.blobs.push(...page.blobs);
        return all;
      })();
    },
    async get(key: string, options?: { type?: string }) {
      calls.get++;
      await wait();
      const value = entries.get(key);
      if (value === undefined) return null;
      return options?.type === 'json' ? (JSON.parse(value) as unknown) : value;
    },
    async delete(key: string) {
      calls.delete++;
      await wait();
      entries.delete(key);
    },
  };
  return {
    // Only the calls above are made; the Store type's overloads need not be spelt out for a double.
    store: store as unknown as PurgeStore,
    set: (key, value) => entries.set(key, value),
    keys,
    calls,
  };
}

/**
 * The blobs of one submission received at `receivedAt`, as [key, text] pairs
 * to write straight into a store: its record and, for an application, four
 * small documents. An application's record holds only what the retention job
 * reads (its type, id and arrival); the others are what the forms store.
 */
export function sampleSubmission(
  type: SubmissionType,
  receivedAt: Date,
): { id: string; blobs: Array<[string, string]> } {
  const id = newSubmissionId(receivedAt.getTime());
  const meta = { id, receivedAt };
  const record =
    type === 'contact'
      ? contactRecord({ ...validContact(), honey: '' }, meta)
      : type === 'consultation'
        ? consultationRecord({ ...validConsultation(), honey: '' }, meta)
        : { schemaVersion: 2, type, id, receivedAt: receivedAt.toISOString(), notified: null, fields: {}, files: [] };
  const files =
    type === 'application'
      ? applicationFileFields.map((field): [string, string] => [submissionKeys.applicationFile(id, field), 'document'])
      : [];
  return { id, blobs: [...files, [recordKey(type, id), JSON.stringify(record)]] };
}
