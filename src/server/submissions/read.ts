// Reading stored submissions back, for staff (`npm run submissions`): the
// newest of some kinds, everything one person sent, one by its id; and
// deleting one with its documents. Queries on the `submissions` table
// (rows.ts knows its columns); an application's documents are files in Blobs
// under its id. Writing submissions is save.ts's job.
import type { Store } from '@netlify/blobs';
import type { Database, Queryable } from '../db/database.ts';
import { isSubmissionId } from './ids.ts';
import type { SubmissionRecord } from './record.ts';
import { normaliseEmail, recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from './rows.ts';
import { submissionTypes, type SubmissionType } from './store.ts';

/** Where an application's documents are: the Blobs store "submissions" (or the previews'). */
export type DocumentFiles = Pick<Store, 'get' | 'delete' | 'list'>;

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

/** A stored submission, its record read. */
export interface LoadedSubmission {
  type: SubmissionType;
  id: string;
  receivedAt: Date;
  record: SubmissionRecord;
  /** The Blobs keys of its documents (an application's; none for an enquiry). */
  documentKeys: string[];
}

/** The Blobs keys of an application's documents, as its record names them. */
const documentKeysOf = (record: SubmissionRecord): string[] =>
  record.type === 'application' ? record.files.map((file) => file.key).sort() : [];

const loaded = (row: SubmissionRow): LoadedSubmission => {
  const record = recordFromRow(row);
  return { type: row.type, id: row.id, receivedAt: row.received_at, record, documentKeys: documentKeysOf(record) };
};

export interface ListOptions {
  types?: readonly SubmissionType[];
  /** Only those received at or after this instant. */
  since?: Date | null;
  /** At most this many (a page); all when absent. */
  limit?: number;
  /** The page after the one that ended with this submission (its receivedAt and id). */
  after?: { receivedAt: Date; id: string };
}

/** Submissions of `types`, newest first, a page at a time (by the `(type, received_at)` index). */
export async function listSubmissions(db: Queryable, options: ListOptions = {}): Promise<LoadedSubmission[]> {
  const { types = submissionTypes, since = null, limit = null, after = null } = options;
  const rows = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions
      WHERE type = ANY($1::text[]) AND ($2::timestamptz IS NULL OR received_at >= $2)
        AND ($3::timestamptz IS NULL OR (received_at, id) < ($3, $4))
      ORDER BY received_at DESC, id DESC LIMIT $5`,
    [[...types], since, after?.receivedAt ?? null, after?.id ?? null, limit],
  );
  return rows.map(loaded);
}

/** Everything one person sent, by the address they gave on any form (in any case), oldest first. */
export async function submissionsFrom(db: Queryable, email: string): Promise<LoadedSubmission[]> {
  const rows = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE email = $1 ORDER BY received_at, id`,
    [normaliseEmail(email)],
  );
  return rows.map(loaded);
}

/** Finds one submission by the id a person typed, whatever its type. */
export async function findSubmission(db: Queryable, input: string): Promise<LoadedSubmission> {
  const id = parseSubmissionId(input);
  const [row] = await db.query<SubmissionRow>(`SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = $1`, [id]);
  if (row) return loaded(row);
  throw new SubmissionNotFoundError(
    `No submission has the id ${id}. It may have been deleted; "list" shows the ones stored.`,
  );
}

/**
 * Deletes the row of a submission in `tx` (its hold, answer and reminders go
 * with it by their foreign keys); whether there was one.
 */
export async function deleteSubmissionRow(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM submissions WHERE id = $1 RETURNING id`, [id])).length > 0;
}

/**
 * Deletes documents from Blobs; what cannot be deleted now is left to the
 * retention run, which removes documents whose record is gone.
 */
export async function deleteDocuments(files: Pick<DocumentFiles, 'delete'>, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => files.delete(key)));
}

/**
 * Deletes a submission: its row first, so a record never names documents that
 * are gone, then its documents.
 */
export async function deleteSubmission(
  db: Database,
  files: Pick<DocumentFiles, 'delete'>,
  submission: LoadedSubmission,
): Promise<void> {
  await deleteSubmissionRow(db, submission.id);
  await deleteDocuments(files, submission.documentKeys);
}
