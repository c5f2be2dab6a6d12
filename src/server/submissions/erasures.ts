// Erasing everything one person sent (`npm run submissions -- erase --email`),
// and keeping a note of it: when, and how much of each kind, never what or
// whose. Store "submissions": erasures/{ulid} (an ErasureRecord) and
// settings/erasure-hash-key (the key of the address's HMAC-SHA256, made once at
// random). Why a keyed hash, and why the store's own key: docs/architecture.md,
// "Erasures". A note is kept for ERASURE_RECORD_DAYS, then deleted by the
// retention job.
import { createHmac, randomBytes } from 'node:crypto';
import { applicationFileFields } from '../../forms/application/application.ts';
import { ERASURE_RECORD_YEARS } from '../../lib/privacy.ts';
import type { AlertErasureCounts } from '../alerts/data-request.ts';
import { newSubmissionId } from './ids.ts';
import { deleteSubmission, keyPages, normaliseEmail, type AdminStore, type LoadedSubmission } from './read.ts';
import { submissionKeys, type SubmissionType } from './store.ts';

/** Where every note's key starts: the retention job lists them by it. */
export const ERASURES_PREFIX = 'erasures/';

const HASH_KEY = 'settings/erasure-hash-key';

/** ERASURE_RECORD_YEARS in days, leap days included. */
export const ERASURE_RECORD_DAYS = Math.ceil(ERASURE_RECORD_YEARS * 365.25);

export interface ErasureRecord {
  schemaVersion: 1;
  /** When the submissions were erased (ISO 8601, UTC). */
  erasedAt: string;
  /** Submissions erased, by type. */
  counts: Record<SubmissionType, number>;
  /** Documents erased with the applications. */
  documents: number;
  /** HMAC-SHA256 (hex) of the address as normaliseEmail() gives it, under the store's erasure hash key. */
  emailHmac: string;
  /** The article alerts erased with them (store "alerts"), when any were kept: none is noted without. */
  alerts?: AlertErasureCounts;
}

/** The store's hash key, made at random the first time (whoever comes first: the write is create-only). */
async function hashKey(store: Pick<AdminStore, 'get' | 'set'>): Promise<string> {
  const existing = await store.get(HASH_KEY, { type: 'text' });
  if (existing) return existing;
  await store.set(HASH_KEY, randomBytes(32).toString('base64url'), { onlyIfNew: true });
  const kept = await store.get(HASH_KEY, { type: 'text' });
  if (!kept) throw new Error('The erasure hash key could not be stored');
  return kept;
}

const hmac = (key: string, email: string) => createHmac('sha256', key).update(normaliseEmail(email)).digest('hex');

/** Stores the note of an erasure made at `now`; returns its key. */
async function recordErasure(
  store: Pick<AdminStore, 'get' | 'set' | 'setJSON'>,
  {
    email,
    now,
    counts,
    documents,
    alerts,
  }: { email: string; now: Date; counts: ErasureRecord['counts']; documents: number; alerts?: AlertErasureCounts },
): Promise<{ key: string; record: ErasureRecord }> {
  const record: ErasureRecord = {
    schemaVersion: 1,
    erasedAt: now.toISOString(),
    counts,
    documents,
    emailHmac: hmac(await hashKey(store), email),
    ...(alerts && { alerts }),
  };
  const key = `${ERASURES_PREFIX}${newSubmissionId(now.getTime())}`;
  await store.setJSON(key, record, { onlyIfNew: true });
  return { key, record };
}

/** The notes of every erasure of `email`'s submissions, oldest first. Writes nothing. */
export async function erasuresOf(
  store: Pick<AdminStore, 'get' | 'list'>,
  email: string,
): Promise<Array<{ key: string; record: ErasureRecord }>> {
  const keys: string[] = [];
  for await (const page of keyPages(store, ERASURES_PREFIX)) keys.push(...page);
  if (keys.length === 0) return [];
  // Notes exist, so the key does: reading never makes one.
  const key = await store.get(HASH_KEY, { type: 'text' });
  if (!key) return [];
  const wanted = hmac(key, email);
  const found: Array<{ key: string; record: ErasureRecord }> = [];
  for (const noteKey of keys.sort()) {
    const record = (await store.get(noteKey, { type: 'json' })) as ErasureRecord | null;
    if (record?.emailHmac === wanted) found.push({ key: noteKey, record });
  }
  return found;
}

export interface Erasure {
  erased: LoadedSubmission[];
  failed: Array<{ submission: LoadedSubmission; error: string }>;
  counts: ErasureRecord['counts'];
  documents: number;
  /** The key of the note stored. */
  noteKey: string;
}

/**
 * Deletes `submissions` (everything one person sent: submissionsFrom()), each
 * record first and then every document an application can have, and stores
 * the note of the erasure with the counts of what was deleted (and of the
 * person's article alerts, `alerts`, erased by the caller). A deletion that
 * fails is reported and left out of the counts; the note is stored all the
 * same, so running it again erases the rest and notes that too.
 */
export async function eraseSubmissions(
  store: Pick<AdminStore, 'get' | 'set' | 'setJSON' | 'delete'>,
  submissions: readonly LoadedSubmission[],
  { email, now, alerts }: { email: string; now: Date; alerts?: AlertErasureCounts },
): Promise<Erasure> {
  const counts: ErasureRecord['counts'] = { contact: 0, consultation: 0, application: 0 };
  let documents = 0;
  const erased: Erasure['erased'] = [];
  const failed: Erasure['failed'] = [];
  for (const submission of submissions) {
    const files =
      submission.type === 'application'
        ? applicationFileFields.map((field) => submissionKeys.applicationFile(submission.id, field))
        : [];
    try {
      await deleteSubmission(store, { ...submission, keys: [...new Set([...submission.keys, ...files])] });
    } catch (error) {
      failed.push({ submission, error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    erased.push(submission);
    counts[submission.type]++;
    documents += submission.keys.filter((key) => key !== submission.recordKey).length;
  }
  const { key } = await recordErasure(store, { email, now, counts, documents, ...(alerts && { alerts }) });
  return { erased, failed, counts, documents, noteKey: key };
}
