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

/** An application's rebuilt document, as written under its id. */
export interface DocumentToWrite {
  field: ApplicationFileField;
  bytes: Uint8Array;
  mime: string;
  metadata: Record<string, unknown>;
}

/**
 * Writes an application's documents under application/{id}/files/, in
 * parallel, each create-only so none is overwritten. If any fails, every key
 * this call wrote (or may have written) is deleted again and a StorageError
 * thrown. Returns `remove()`, which deletes them again (the record's
 * transaction did not commit).
 */
export async function writeDocuments(
  store: SubmissionStore,
  id: string,
  documents: readonly DocumentToWrite[],
  { onOrphan }: WriteOptions = {},
): Promise<{ remove(): Promise<void> }> {
  const keys = documents.map((document) => submissionKeys.applicationFile(id, document.field));
  // Keys whose write succeeded or ended in an unknown state; never a key that already existed.
  const touched: string[] = [];
  const results = await Promise.allSettled(
    documents.map((document, i) =>
      store.set(keys[i]!, new Blob([new Uint8Array(document.bytes)], { type: document.mime }), {
        onlyIfNew: true,
        metadata: document.metadata,
      }),
    ),
  );
  let failure: unknown;
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      touched.push(keys[i]!);
      failure ??= result.reason;
    } else if (result.value.modified) {
      touched.push(keys[i]!);
    } else {
      failure ??= new Error(`${keys[i]!} already existed`);
    }
  });
  if (failure !== undefined) {
    await removeKeys(store, touched, onOrphan);
    throw new StorageError(`Could not store the documents of application ${id}`, { cause: failure });
  }
  return { remove: () => removeKeys(store, keys, onOrphan) };
}

async function removeKeys(store: SubmissionStore, keys: readonly string[], onOrphan?: WriteOptions['onOrphan']) {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') onOrphan?.(keys[i]!, result.reason);
  });
}
