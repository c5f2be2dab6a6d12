// Reading stored submissions back, for staff (`npm run submissions`) and for the
// retention job: finding them by key or by the id a person typed, reading their
// records, deleting them. Writing them is save.ts's job.
//
// Listing needs no record reads (ids are ULIDs, so a key tells its type and
// time); a record is only read when its content is needed. Each type is listed
// by its own prefix, so what else the store holds (idempotency claims,
// settings, erasure records) is never read.
import type { Store } from '@netlify/blobs';
import { mapConcurrently } from '../../lib/concurrency.ts';
import { isSubmissionId, submissionIdTime } from './ids.ts';
import { normaliseRecord, type SubmissionRecord } from './record.ts';
import { recordKey, submissionKeys, submissionTypes, type SubmissionType } from './store.ts';
import { forgetBooking } from '../bookings/holds.ts';

/** The store operations reading, updating and deleting submissions need. */
export type AdminStore = Pick<Store, 'get' | 'getWithMetadata' | 'list' | 'delete' | 'set' | 'setJSON'>;

/** No submission has this id, or the id is malformed. */
export class SubmissionNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubmissionNotFoundError';
  }
}

/** Normalises what a person typed as an id (case, spaces), or says why it is no id. */
function parseSubmissionId(input: string): string {
  const id = input.trim().toUpperCase();
  if (!isSubmissionId(id)) {
    throw new SubmissionNotFoundError(
      `"${input}" is not a submission id: ids are 26 letters and digits, e.g. 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH (see "list").`,
    );
  }
  return id;
}

/** A submission as its keys show it, before its record is read. */
export interface StoredSubmission {
  type: SubmissionType;
  id: string;
  /** When the id was made, i.e. when the submission arrived; null if the id is not a ULID. */
  idTime: Date | null;
  recordKey: string;
  /** Every key of the submission: the record's (if it exists) and, for an application, its files'. */
  keys: string[];
  /** False for an application whose files are stored but whose record is not (an interrupted write). */
  hasRecord: boolean;
}

/** Which submission a key belongs to, or null for a key that is none of ours. */
export function parseSubmissionKey(key: string): { type: SubmissionType; id: string; isRecord: boolean } | null {
  const simple = /^(contact|consultation)\/([^/]+)$/.exec(key);
  if (simple) return { type: simple[1] as SubmissionType, id: simple[2]!, isRecord: true };
  const application = /^application\/([^/]+)\/(record|files\/[^/]+)$/.exec(key);
  if (application) return { type: 'application', id: application[1]!, isRecord: application[2] === 'record' };
  return null;
}

/** Where the keys of each type's submissions start. */
export const typePrefix = (type: SubmissionType) => `${type}/`;

/**
 * The keys under `prefix`, a page at a time, in the store's order: by key, so
 * a type's submissions come oldest first. Reach the local Blobs server by its
 * edge URL (as @netlify/dev's functions do): by its API URL it takes the
 * prefix for part of the store's name and lists nothing.
 */
export async function* keyPages(store: Pick<AdminStore, 'list'>, prefix: string): AsyncGenerator<string[]> {
  for await (const page of store.list({ prefix, paginate: true })) {
    // The local server also lists a key that is only the start of a longer prefix.
    yield page.blobs.map((blob) => blob.key).filter((key) => key.startsWith(prefix));
  }
}

async function keysUnder(store: Pick<AdminStore, 'list'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of keyPages(store, prefix)) keys.push(...page);
  return keys;
}

/** Every submission of the given types, oldest first, from the keys alone. */
export async function listStoredSubmissions(
  store: Pick<AdminStore, 'list'>,
  types: readonly SubmissionType[] = submissionTypes,
): Promise<StoredSubmission[]> {
  const byKey = new Map<string, StoredSubmission>();
  const keys = (await Promise.all(types.map((type) => keysUnder(store, typePrefix(type))))).flat();
  for (const key of keys) {
    const parsed = parseSubmissionKey(key);
    if (!parsed || !types.includes(parsed.type)) continue;
    const { type, id } = parsed;
    let entry = byKey.get(`${type}/${id}`);
    if (!entry) {
      entry = { type, id, idTime: submissionIdTime(id), recordKey: recordKey(type, id), keys: [], hasRecord: false };
      byKey.set(`${type}/${id}`, entry);
    }
    entry.keys.push(key);
    if (parsed.isRecord) entry.hasRecord = true;
  }
  for (const entry of byKey.values()) entry.keys.sort();
  return [...byKey.values()].sort((a, b) => compareIds(a.id, b.id));
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A submission with its record read (null if it has none) and the record's ETag for a safe update. */
export interface LoadedSubmission extends StoredSubmission {
  record: SubmissionRecord | null;
  etag: string | undefined;
  /** When it arrived: the record's receivedAt, else the id's time, else null. */
  receivedAt: Date | null;
}

/** Reads the records of `submissions`, a few at a time. */
export async function loadSubmissions(
  store: Pick<AdminStore, 'getWithMetadata'>,
  submissions: readonly StoredSubmission[],
  concurrency = 8,
): Promise<LoadedSubmission[]> {
  return mapConcurrently(submissions, concurrency, (submission) => loadSubmission(store, submission));
}

async function loadSubmission(
  store: Pick<AdminStore, 'getWithMetadata'>,
  stored: StoredSubmission,
): Promise<LoadedSubmission> {
  const found = stored.hasRecord ? await store.getWithMetadata(stored.recordKey, { type: 'json' }) : null;
  const record = found ? normaliseRecord(found.data, stored.recordKey) : null;
  const received = record ? new Date(record.receivedAt) : null;
  return {
    ...stored,
    // Deleted between listing and reading: what is left are files, if anything.
    hasRecord: record !== null,
    record,
    etag: found?.etag,
    receivedAt: received && !Number.isNaN(received.getTime()) ? received : stored.idTime,
  };
}

/** An address as submissions are matched by it: any case, no surrounding spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Everything one person sent, by the address they gave on any form (in any
 * case), oldest first, records read. Application files without their record
 * hold no address, so they are not found this way (`list` shows them).
 */
export async function submissionsFrom(
  store: Pick<AdminStore, 'getWithMetadata' | 'list'>,
  email: string,
): Promise<LoadedSubmission[]> {
  const wanted = normaliseEmail(email);
  const stored = (await listStoredSubmissions(store)).filter((submission) => submission.hasRecord);
  return (await loadSubmissions(store, stored)).filter((submission) => {
    const given: unknown = submission.record?.fields.email;
    return typeof given === 'string' && normaliseEmail(given) === wanted;
  });
}

/** Finds one submission by id, whatever its type. */
export async function findSubmission(
  store: Pick<AdminStore, 'getWithMetadata' | 'list'>,
  input: string,
): Promise<LoadedSubmission> {
  const id = parseSubmissionId(input);
  for (const type of submissionTypes) {
    const key = recordKey(type, id);
    const found = await store.getWithMetadata(key, { type: 'json' });
    if (found) {
      const stored: StoredSubmission = {
        type,
        id,
        idTime: submissionIdTime(id),
        recordKey: key,
        keys: [key],
        hasRecord: true,
      };
      if (type === 'application') stored.keys = await applicationKeys(store, id);
      return loadSubmission({ getWithMetadata: async () => found }, stored);
    }
  }
  // Files left behind by an interrupted application, without a record.
  const orphans = await applicationKeys(store, id);
  if (orphans.length > 0) {
    return {
      type: 'application',
      id,
      idTime: submissionIdTime(id),
      recordKey: submissionKeys.applicationRecord(id),
      keys: orphans,
      hasRecord: false,
      record: null,
      etag: undefined,
      receivedAt: submissionIdTime(id),
    };
  }
  throw new SubmissionNotFoundError(
    `No submission has the id ${id}. It may have been deleted; "list" shows the ones stored.`,
  );
}

async function applicationKeys(store: Pick<AdminStore, 'list'>, id: string): Promise<string[]> {
  return (await keysUnder(store, submissionKeys.applicationPrefix(id))).sort();
}

/**
 * Deletes every key of a submission and returns how many. An application's record goes first, so a
 * record never points at files that are gone; files left by a failure show up
 * in `list` as incomplete and are deleted by the next purge. A consultation's chosen time goes with it
 * (its hold or booking, and staff's answer): deleted, erased or past its retention, the request books nothing.
 */
export async function deleteSubmission(
  store: Pick<AdminStore, 'delete' | 'get'>,
  submission: StoredSubmission,
): Promise<number> {
  if (submission.type === 'consultation') await forgetBooking(store, submission.id);
  const rest = submission.keys.filter((key) => key !== submission.recordKey);
  if (rest.length < submission.keys.length) await store.delete(submission.recordKey);
  await Promise.all(rest.map((key) => store.delete(key)));
  return submission.keys.length;
}
