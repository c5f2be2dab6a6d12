// Erasing everything one person sent (`npm run submissions -- erase --email`),
// and keeping a note of it: when, and how much of each kind, never what or
// whose. The `erasures` table (netlify/database/migrations/0007_erasures.sql)
// holds the notes; the `settings` row 'erasure-hash-key' the key of the
// address's HMAC-SHA256, made once at random. Why a keyed hash:
// docs/architecture.md, "Erasures". A note is kept for ERASURE_RECORD_DAYS,
// then deleted by the retention run.
import { createHmac, randomBytes } from 'node:crypto';
import { ERASURE_RECORD_YEARS } from '../../lib/privacy.ts';
import type { AlertErasureCounts } from '../alerts/data-request.ts';
import type { Database, Queryable } from '../db/database.ts';
import { newSubmissionId } from './ids.ts';
import { deleteDocuments, deleteSubmissionRow, type DocumentFiles, type LoadedSubmission } from './read.ts';
import { normaliseEmail } from './rows.ts';
import type { SubmissionType } from './store.ts';

/** The `settings` row of the hash key. */
const ERASURE_HASH_KEY_SETTING = 'erasure-hash-key';

/** ERASURE_RECORD_YEARS in days, leap days included. */
export const ERASURE_RECORD_DAYS = Math.ceil(ERASURE_RECORD_YEARS * 365.25);

export interface ErasureRecord {
  /** When the submissions were erased (ISO 8601, UTC). */
  erasedAt: string;
  /** Submissions erased, by type. */
  counts: Record<SubmissionType, number>;
  /** Documents erased with the applications. */
  documents: number;
  /** The article alerts erased with them, when any were kept: none is noted without. */
  alerts?: AlertErasureCounts;
}

/** The database's hash key, made at random the first time (whoever comes first: the row's name is its key). */
async function hashKey(tx: Queryable): Promise<string> {
  await tx.query(`INSERT INTO settings (name, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (name) DO NOTHING`, [
    ERASURE_HASH_KEY_SETTING,
    randomBytes(32).toString('base64url'),
  ]);
  return readHashKey(tx) as Promise<string>;
}

const readHashKey = async (db: Queryable): Promise<string | null> =>
  (await db.query<{ value: string }>(`SELECT value FROM settings WHERE name = $1`, [ERASURE_HASH_KEY_SETTING]))[0]
    ?.value ?? null;

const hmac = (key: string, email: string) => createHmac('sha256', key).update(normaliseEmail(email)).digest('hex');

interface ErasureRow {
  id: string;
  erased_at: Date;
  counts: ErasureRecord['counts'] & { alerts?: AlertErasureCounts };
  documents: number;
}

/** The notes of every erasure of `email`'s submissions, oldest first. Writes nothing. */
export async function erasuresOf(db: Queryable, email: string): Promise<Array<{ id: string; record: ErasureRecord }>> {
  const key = await readHashKey(db);
  if (!key) return [];
  const rows = await db.query<ErasureRow>(
    `SELECT id, erased_at, counts, documents FROM erasures WHERE email_hmac = $1 ORDER BY id`,
    [hmac(key, email)],
  );
  return rows.map(({ id, erased_at, counts: { alerts, ...counts }, documents }) => ({
    id,
    record: { erasedAt: erased_at.toISOString(), counts, documents, ...(alerts && { alerts }) },
  }));
}

export interface Erasure {
  erased: LoadedSubmission[];
  counts: ErasureRecord['counts'];
  documents: number;
  /** The id of the note stored. */
  noteId: string;
  /** Documents that could not be deleted now: the retention run removes them, their records being gone. */
  documentErrors: string[];
}

/**
 * Deletes `submissions` (everything one person sent: submissionsFrom()) and
 * stores the note of the erasure with their counts, all in one transaction:
 * either every row is gone and noted, or nothing is. `alerts` runs first in
 * the same transaction and gives the counts of the person's article alerts it
 * erased, for the note (none noted when it gives none). Their documents are
 * deleted from Blobs after it commits.
 */
export async function eraseSubmissions(
  db: Database,
  files: Pick<DocumentFiles, 'delete'>,
  submissions: readonly LoadedSubmission[],
  {
    email,
    now,
    alerts = async () => undefined,
  }: { email: string; now: Date; alerts?: (tx: Queryable) => Promise<AlertErasureCounts | undefined> },
): Promise<Erasure> {
  const counts: ErasureRecord['counts'] = { contact: 0, consultation: 0, application: 0 };
  let documents = 0;
  const erased: LoadedSubmission[] = [];
  const noteId = await db.transaction(async (tx) => {
    const alertCounts = await alerts(tx);
    for (const submission of submissions) {
      // Deleted meanwhile (another erase, the retention run): not counted twice.
      if (!(await deleteSubmissionRow(tx, submission.id))) continue;
      erased.push(submission);
      counts[submission.type]++;
      documents += submission.documentKeys.length;
    }
    const id = newSubmissionId(now.getTime());
    await tx.query(`INSERT INTO erasures (id, erased_at, counts, documents, email_hmac) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      now,
      { ...counts, ...(alertCounts && { alerts: alertCounts }) },
      documents,
      hmac(await hashKey(tx), email),
    ]);
    return id;
  });
  const documentErrors: string[] = [];
  await deleteDocuments(
    files,
    erased.flatMap((submission) => submission.documentKeys),
  ).catch((error: unknown) => documentErrors.push(error instanceof Error ? error.message : String(error)));
  return { erased, counts, documents, noteId, documentErrors };
}
