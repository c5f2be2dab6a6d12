// src/server/submissions: what is kept of each submission, and where.
//   record.ts         a record's shape, and how an older one reads today
//   record-labels.ts  what staff call a record's parts
//   ids.ts            submission ids (ULIDs)
//   store.ts          the Netlify Blobs store and its keys (this file)
//   save.ts           writing a new record (an application with its
//                     documents), and each notification's outcome on it
//   read.ts           reading records back, finding them by id, deleting them
//   idempotency.ts    an application sent again is stored once
//   retention.ts      deleting submissions past their retention period
//   erasures.ts       erasing everything one person sent, and the note of it
//   site-settings.ts  the settings the functions run with, recorded for
//                     the staff tool (settings/site)
// In: handlers → ids → record → idempotency (applications) → save → store;
// then notify/sending → save records whether the firm was e-mailed.
// Out: `npm run submissions` and the retention function → read, retention
// → store; the document endpoint (documents/handler.ts) → store.
//
// Where submissions are kept: Netlify Blobs, one site-wide store. A site-wide
// store is shared by every deploy of the site, so a deploy preview or branch
// deploy (env.isPreviewDeploy) keeps its submissions in a store of its own,
// "submissions-preview", which the firm's tools and e-mails never mix with the
// real ones. A machine's own run (`npm start`, the tests: no CONTEXT, or
// `dev`) uses the real name: its Blobs live on its own disk, so they cannot
// reach the firm's anyway, and the tool and the browser tests read it by that name.
//
// Layout (store "submissions", strong consistency):
//   contact/{id}                          JSON record of a contact message
//   consultation/{id}                     JSON record of a consultation request
//   application/{id}/files/{field}        the bytes of one document, field ∈ cv_file,
//                                         kcse_file, ksl_file, llb_degree_file
//   application/{id}/record               JSON record of the application, written
//                                         last: it exists only if all its files do
// and beside them, holding no submission: idempotency/… (idempotency.ts),
// erasures/{ulid} (notes of erasures, erasures.ts) and settings/… (keys made
// once: documents/links.ts, erasures.ts).
// {id} is a ULID (see ids.ts), so keys sort by arrival. No key ever holds text a
// visitor typed or a file name they chose. A key starts with its submission's
// type, so the keys alone tell what each submission is and when it arrived:
// code that lists submissions lists each type by its prefix, and gets its
// keys oldest first (read.ts, keyPages).
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
