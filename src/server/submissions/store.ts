// src/server/submissions: what is kept of each submission, and where. This file
// is the Netlify Blobs store and its keys; the folder's other files (record,
// record-labels, ids, save, read, idempotency, daily-limit, honeypot, retention,
// erasures, site-settings) are listed in docs/architecture.md, "src/server, by
// feature".
//
// One site-wide store, "submissions" ("submissions-preview" on a deploy preview
// or branch deploy). A key starts with its submission's type and a ULID, so keys
// sort by arrival and never hold what a visitor typed. The layout, and why:
// docs/architecture.md, "The submissions store".
import { getStore, type Store } from '@netlify/blobs';
import { env } from '../../env.ts';
import type { ApplicationFileField } from '../../forms/application/application.ts';

export const SUBMISSIONS_STORE = 'submissions';

/** Where deploy previews and branch deploys keep what their forms receive. */
export const PREVIEW_SUBMISSIONS_STORE = 'submissions-preview';

/** The store this deploy's functions use: the preview one on a deploy preview or branch deploy. */
export const submissionStoreName = (preview: boolean = env.isPreviewDeploy) =>
  preview ? PREVIEW_SUBMISSIONS_STORE : SUBMISSIONS_STORE;

/** The store operations submissions need; a test can hand in a double. */
export type SubmissionStore = Pick<Store, 'get' | 'getWithMetadata' | 'set' | 'setJSON' | 'delete'>;

/** Opens the store. Called per request, so Netlify's per-invocation Blobs context is used. */
export type OpenSubmissionStore = () => SubmissionStore;

export const openSubmissionStore: OpenSubmissionStore = () =>
  getStore({ name: submissionStoreName(), consistency: 'strong' });

/** The whole store, for code that also reads, lists and deletes (the retention function); `name` picks another. */
export const openFullSubmissionStore = (name: string = submissionStoreName()): Store =>
  getStore({ name, consistency: 'strong' });

export const submissionTypes = ['contact', 'consultation', 'application'] as const;
export type SubmissionType = (typeof submissionTypes)[number];

export const submissionKeys = {
  contact: (id: string) => `contact/${id}`,
  consultation: (id: string) => `consultation/${id}`,
  applicationRecord: (id: string) => `application/${id}/record`,
  applicationFile: (id: string, field: ApplicationFileField) => `application/${id}/files/${field}`,
  /** Every key of one application (its record and its files) starts with this. */
  applicationPrefix: (id: string) => `application/${id}/`,
} as const;

/** The key of a submission's JSON record. */
export const recordKey = (type: SubmissionType, id: string) =>
  type === 'application' ? submissionKeys.applicationRecord(id) : submissionKeys[type](id);

/** Storing failed; what was written for this submission has been removed (or the removal logged). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export interface BlobToWrite {
  key: string;
  data: Blob | string;
  metadata?: Record<string, unknown>;
}

export interface WriteOptions {
  /** Called for each key that could not be removed after a failure, so it can be logged and cleared by hand. */
  onOrphan?: (key: string, error: unknown) => void;
}

/** The record as written: its ETag lets a later update be conditional on nobody having changed it since. */
export interface WrittenRecord {
  etag: string | undefined;
}

/**
 * Writes `parts` (in parallel), then `record` last. Every write is create-only,
 * so an existing submission is never overwritten. If anything fails, every key
 * this call wrote (or may have written) is deleted again and a StorageError is
 * thrown: a record is never stored without its parts, and no parts are left
 * without a record.
 */
export async function writeSubmission(
  store: SubmissionStore,
  record: { key: string; value: unknown; metadata?: Record<string, unknown> },
  parts: readonly BlobToWrite[] = [],
  { onOrphan }: WriteOptions = {},
): Promise<WrittenRecord> {
  // Keys whose write succeeded or ended in an unknown state; never a key that already existed.
  const touched: string[] = [];
  try {
    const results = await Promise.allSettled(
      parts.map((part) =>
        store.set(part.key, part.data, { onlyIfNew: true, ...(part.metadata ? { metadata: part.metadata } : {}) }),
      ),
    );
    let failure: unknown;
    results.forEach((result, i) => {
      const key = parts[i]!.key;
      if (result.status === 'rejected') {
        touched.push(key);
        failure ??= result.reason;
      } else if (result.value.modified) {
        touched.push(key);
      } else {
        failure ??= new Error(`${key} already existed`);
      }
    });
    if (failure !== undefined) throw failure;
    let written;
    try {
      written = await store.setJSON(record.key, record.value, {
        onlyIfNew: true,
        ...(record.metadata ? { metadata: record.metadata } : {}),
      });
    } catch (error) {
      touched.push(record.key);
      throw error;
    }
    if (!written.modified) throw new Error(`${record.key} already existed`);
    return { etag: written.etag };
  } catch (error) {
    await removeKeys(store, touched, onOrphan);
    throw new StorageError(`Could not store ${record.key}`, { cause: error });
  }
}

async function removeKeys(store: SubmissionStore, keys: readonly string[], onOrphan?: WriteOptions['onOrphan']) {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') onOrphan?.(keys[i]!, result.reason);
  });
}
