// Reading stored submissions back, for staff (`npm run submissions`) and for the
// retention job: listing them by type, finding one by id, exporting one to a
// folder, deleting one. Writing new submissions is submissions.ts's job.
//
// Listing needs no record reads (ids are ULIDs, so a key tells its type and
// time); a record is only read when its content is needed.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '@netlify/blobs';
import { applicationFileFields, applicationFileLabels, type ApplicationFileField } from '../forms/application';
import { isSubmissionId, submissionIdTime } from './ids';
import { recordKey, submissionKeys, submissionTypes, type SubmissionType } from './storage';
import type { ApplicationRecord, StoredFileInfo, SubmissionRecord } from './submissions';

/** The store operations reading, updating and deleting submissions need. */
export type AdminStore = Pick<Store, 'get' | 'getWithMetadata' | 'list' | 'delete' | 'set' | 'setJSON'>;

/** How people call each field, in the order the forms show them. Used in e-mails and by `show`. */
export const fieldLabels = {
  contact: { name: 'Name', email: 'Email', phone: 'Phone', interest: 'Subject', msg: 'Message' },
  consultation: { practice: 'Practice area', name: 'Name', email: 'Email', info: 'Additional information' },
  application: {
    fullname: 'Full name',
    email: 'Email',
    phone: 'Phone',
    country: 'Country of residence',
    gender: 'Gender',
    identification: 'ID/Passport No.',
    work_location: 'Preferred station',
    dob: 'Date of birth',
    year_of_enrollment: 'Year of enrollment (KSL)',
    university: 'University',
    kcse_school: 'KCSE school',
    english: 'KCSE English grade',
    equivalent_education: 'Equivalent education',
    relevant_experience: 'Relevant experience',
    why_join: 'Why they want to join',
  },
} as const satisfies { [Type in SubmissionType]: Record<keyof Extract<SubmissionRecord, { type: Type }>['fields'], string> };

/** Fields that hold paragraphs rather than a line: shown below their label. */
export const longFields: ReadonlySet<string> = new Set(['msg', 'info', 'relevant_experience', 'why_join']);

/** Who sent a submission, and what it is about, for one-line summaries. */
export function describeSender(record: SubmissionRecord): { name: string; email: string; about: string } {
  switch (record.type) {
    case 'contact':
      return { name: record.fields.name, email: record.fields.email, about: record.fields.interest };
    case 'consultation':
      return { name: record.fields.name, email: record.fields.email, about: record.fields.practice };
    case 'application':
      return { name: record.fields.fullname, email: record.fields.email, about: `Pupillage, ${record.fields.work_location}` };
  }
}

// ---------------------------------------------------------------------------
// Errors staff can act on.

/** No submission has this id, or the id is malformed. */
export class SubmissionNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SubmissionNotFoundError';
  }
}

/** Normalises what a person typed as an id (case, spaces), or says why it is no id. */
export function parseSubmissionId(input: string): string {
  const id = input.trim().toUpperCase();
  if (!isSubmissionId(id)) {
    throw new SubmissionNotFoundError(
      `"${input}" is not a submission id: ids are 26 letters and digits, e.g. 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH (see "list").`,
    );
  }
  return id;
}

// ---------------------------------------------------------------------------
// Records as stored, whatever schema version wrote them.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored record in today's shape: version 1 records get `notified: null` and
 * `consent.privacyConsentAt: null`. Throws if the JSON is not a record at all.
 */
export function normaliseRecord(raw: unknown, key: string): SubmissionRecord {
  if (
    !isObject(raw) ||
    typeof raw.id !== 'string' ||
    typeof raw.receivedAt !== 'string' ||
    !submissionTypes.includes(raw.type as SubmissionType) ||
    !isObject(raw.fields)
  ) {
    throw new Error(`${key} does not hold a submission record`);
  }
  const record = { ...raw, notified: raw.notified ?? null } as unknown as SubmissionRecord;
  if (record.type === 'application') {
    record.consent = { ...record.consent, privacyConsentAt: record.consent?.privacyConsentAt ?? null };
    record.files = Array.isArray(record.files) ? record.files : [];
  }
  return record;
}

// ---------------------------------------------------------------------------
// Listing.

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

/**
 * Every key in the store. Filtered here rather than with list({ prefix }):
 * the local Blobs server (@netlify/blobs/server, as @netlify/dev runs it)
 * mistakes a prefix in an API request for part of the store's name and lists
 * nothing. The store holds a few keys per submission, so one listing is cheap.
 */
async function allKeys(store: Pick<AdminStore, 'list'>): Promise<string[]> {
  const { blobs } = await store.list();
  return blobs.map((blob) => blob.key);
}

/** Every submission of the given types, oldest first, from the keys alone. */
export async function listStoredSubmissions(
  store: Pick<AdminStore, 'list'>,
  types: readonly SubmissionType[] = submissionTypes,
): Promise<StoredSubmission[]> {
  const byKey = new Map<string, StoredSubmission>();
  for (const key of await allKeys(store)) {
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
  const loaded = new Array<LoadedSubmission>(submissions.length);
  let next = 0;
  const worker = async () => {
    while (next < submissions.length) {
      const index = next++;
      loaded[index] = await loadSubmission(store, submissions[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, submissions.length) }, worker));
  return loaded;
}

async function loadSubmission(store: Pick<AdminStore, 'getWithMetadata'>, stored: StoredSubmission): Promise<LoadedSubmission> {
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

/** Finds one submission by id, whatever its type. */
export async function findSubmission(store: Pick<AdminStore, 'getWithMetadata' | 'list'>, input: string): Promise<LoadedSubmission> {
  const id = parseSubmissionId(input);
  for (const type of submissionTypes) {
    const key = recordKey(type, id);
    const found = await store.getWithMetadata(key, { type: 'json' });
    if (found) {
      const stored: StoredSubmission = { type, id, idTime: submissionIdTime(id), recordKey: key, keys: [key], hasRecord: true };
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
  throw new SubmissionNotFoundError(`No submission has the id ${id}. It may have been deleted; "list" shows the ones stored.`);
}

async function applicationKeys(store: Pick<AdminStore, 'list'>, id: string): Promise<string[]> {
  const prefix = submissionKeys.applicationPrefix(id);
  return (await allKeys(store)).filter((key) => key.startsWith(prefix)).sort();
}

// ---------------------------------------------------------------------------
// Deleting.

/**
 * Deletes every key of a submission and returns how many. An application's record goes first, so a
 * record never points at files that are gone; files left by a failure show up
 * in `list` as incomplete and are deleted by the next purge.
 */
export async function deleteSubmission(store: Pick<AdminStore, 'delete'>, submission: StoredSubmission): Promise<number> {
  const rest = submission.keys.filter((key) => key !== submission.recordKey);
  if (rest.length < submission.keys.length) await store.delete(submission.recordKey);
  await Promise.all(rest.map((key) => store.delete(key)));
  return submission.keys.length;
}

// ---------------------------------------------------------------------------
// Exporting.

/** What an exported document is called: what it is, and the extension its bytes call for. */
export function exportFileName(file: Pick<StoredFileInfo, 'field' | 'detectedType'>): string {
  const slug = applicationFileLabels[file.field].toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  // file-type names a Word 97–2003 file by its container, "cfb".
  const ext = file.detectedType.mime === 'application/x-cfb' ? 'doc' : file.detectedType.ext.replace(/[^a-z0-9]/gi, '');
  return `${slug}.${ext || 'bin'}`;
}

export const EXPORT_RECORD_FILE = 'record.json';

export interface ExportProgress {
  /** 1-based. */
  index: number;
  total: number;
  fileName: string;
  bytes: number;
}

export interface ExportResult {
  directory: string;
  files: Array<{ path: string; bytes: number; sha256?: string }>;
}

/**
 * Writes the record as JSON and, for an application, each document under a
 * safe name, into `directory` (created if need be; readable only by its owner).
 * Never overwrites a file. Each document's bytes are checked against the
 * checksum taken when it arrived.
 */
export async function exportSubmission(
  store: Pick<AdminStore, 'get'>,
  submission: LoadedSubmission,
  directory: string,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<ExportResult> {
  const record = submission.record;
  if (!record) {
    throw new SubmissionNotFoundError(
      `${submission.id} has files but no record (an interrupted upload); "delete ${submission.id} --yes" removes them.`,
    );
  }
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const files: ExportResult['files'] = [];
  const recordPath = join(directory, EXPORT_RECORD_FILE);
  const json = `${JSON.stringify(record, null, 2)}\n`;
  await writeNew(recordPath, json);
  files.push({ path: recordPath, bytes: Buffer.byteLength(json) });

  const documents = record.type === 'application' ? orderedFiles(record) : [];
  for (const [index, file] of documents.entries()) {
    const fileName = exportFileName(file);
    onProgress({ index: index + 1, total: documents.length, fileName, bytes: file.size });
    const data = await store.get(file.key, { type: 'arrayBuffer' });
    if (data === null) throw new Error(`The ${applicationFileLabels[file.field]} of ${record.id} is missing from the store (${file.key})`);
    const bytes = new Uint8Array(data);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== file.sha256) {
      throw new Error(`The stored ${applicationFileLabels[file.field]} of ${record.id} does not match the checksum taken on arrival`);
    }
    const path = join(directory, fileName);
    await writeNew(path, bytes);
    files.push({ path, bytes: bytes.byteLength, sha256 });
  }
  return { directory, files };
}

const orderedFiles = (record: ApplicationRecord) =>
  [...record.files].sort(
    (a, b) => applicationFileFields.indexOf(a.field as ApplicationFileField) - applicationFileFields.indexOf(b.field as ApplicationFileField),
  );

async function writeNew(path: string, data: string | Uint8Array) {
  try {
    await writeFile(path, data, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${path} already exists; export into an empty folder (--out)`);
    }
    throw error;
  }
}
