// src/server/submissions: what is kept of each submission, and where. The
// records are rows of the database (rows.ts); this file is the Netlify Blobs
// store that keeps an application's documents, as files under its id. The
// folder's other files are listed in docs/architecture.md, "src/server, by
// feature".
//
// One site-wide store, "submissions" ("submissions-preview" on a deploy preview
// or branch deploy). A document's key is application/{ULID}/files/{field}: it
// never holds what a visitor typed. Why: docs/architecture.md, "The submissions store".
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

/** Keys in the store; the record keys are the layout of the version before the database (import-blobs reads it). */
export const submissionKeys = {
  contact: (id: string) => `contact/${id}`,
  consultation: (id: string) => `consultation/${id}`,
  applicationRecord: (id: string) => `application/${id}/record`,
  applicationFile: (id: string, field: ApplicationFileField) => `application/${id}/files/${field}`,
  /** Every key of one application (its record and its files) starts with this. */
  applicationPrefix: (id: string) => `application/${id}/`,
} as const;

/** The key of a submission's JSON record, as the version before the database kept it. */
export const recordKey = (type: SubmissionType, id: string) =>
  type === 'application' ? submissionKeys.applicationRecord(id) : submissionKeys[type](id);

/** Storing documents failed; what was written of them has been removed (or the removal logged). */
export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
  }
}

export interface WriteOptions {
  /** Called for each key that could not be removed after a failure, so it can be logged and cleared by hand. */
  onOrphan?: (key: string, error: unknown) => void;
}

export interface BlobToWrite {
  key: string;
  data: Blob | string;
  metadata?: Record<string, unknown>;
}

/**
 * Writes `parts` in parallel, each create-only so none is overwritten, adding
 * to `touched` each key written or in an unknown state; throws the first failure.
 */
async function writeParts(store: SubmissionStore, parts: readonly BlobToWrite[], touched: string[]) {
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
}

/** An application's rebuilt document, as written under its id. */
export interface DocumentToWrite {
  field: ApplicationFileField;
  bytes: Uint8Array;
  mime: string;
  metadata: Record<string, unknown>;
}

/**
 * Writes an application's documents under application/{id}/files/. If any
 * fails, every key this call wrote (or may have written) is deleted again and
 * a StorageError thrown. Returns `remove()`, which deletes them again (the
 * record's transaction did not commit).
 */
export async function writeDocuments(
  store: SubmissionStore,
  id: string,
  documents: readonly DocumentToWrite[],
  { onOrphan }: WriteOptions = {},
): Promise<{ remove(): Promise<void> }> {
  const parts = documents.map((document) => ({
    key: submissionKeys.applicationFile(id, document.field),
    data: new Blob([new Uint8Array(document.bytes)], { type: document.mime }),
    metadata: document.metadata,
  }));
  const touched: string[] = [];
  try {
    await writeParts(store, parts, touched);
  } catch (error) {
    await removeKeys(store, touched, onOrphan);
    throw new StorageError(`Could not store the documents of application ${id}`, { cause: error });
  }
  return { remove: () => removeKeys(store, touched, onOrphan) };
}

/** The record as written: its ETag lets a later update be conditional on nobody having changed it since. */
export interface WrittenRecord {
  etag: string | undefined;
}

/**
 * A contact message or consultation request as a Blobs record (save.ts's
 * saveEnquiry, until those are rows too): `parts`, then the record, each
 * create-only; on failure everything written is deleted again and a
 * StorageError thrown.
 */
export async function writeSubmission(
  store: SubmissionStore,
  record: { key: string; value: unknown; metadata?: Record<string, unknown> },
  parts: readonly BlobToWrite[] = [],
  { onOrphan }: WriteOptions = {},
): Promise<WrittenRecord> {
  const touched: string[] = [];
  try {
    await writeParts(store, parts, touched);
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
