// A submission as a row of the `submissions` table
// (netlify/database/migrations/0001_submissions.sql) and back: the one place
// that knows the columns. `record` holds what record.ts shapes, without
// `notified`, which has a column of its own; `email` is the address the
// person gave, normalised, so a data request finds it by an index.
import type { Queryable } from '../db/database.ts';
import { normaliseRecord, type NotificationStatus, type SubmissionRecord } from './record.ts';
import type { SubmissionType } from './store.ts';

/** The columns a submission is read with: `SELECT ${SUBMISSION_COLUMNS} FROM submissions …`. */
export const SUBMISSION_COLUMNS = 'id, type, received_at, email, record, notified';

export interface SubmissionRow {
  id: string;
  type: SubmissionType;
  received_at: Date;
  email: string;
  record: Record<string, unknown>;
  notified: NotificationStatus | null;
}

/** An address as submissions are matched by it: any case, no surrounding spaces. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The normalised address a record's person gave ('' if none: every form asks for one). */
function emailOf(record: SubmissionRecord): string {
  const given: unknown = record.fields.email;
  return typeof given === 'string' ? normaliseEmail(given) : '';
}

/** The record a row holds, in today's shape (records stored by older versions read through normaliseRecord). */
export const recordFromRow = (row: SubmissionRow): SubmissionRecord =>
  normaliseRecord({ ...row.record, notified: row.notified }, `submission ${row.id}`);

/**
 * Inserts `record` as a new row, in the caller's transaction. A second insert
 * of the same id fails (the primary key): a submission is never overwritten.
 */
export async function insertSubmission(tx: Queryable, record: SubmissionRecord): Promise<void> {
  const { notified, ...kept } = record;
  await tx.query(
    `INSERT INTO submissions (id, type, received_at, email, record, notified) VALUES ($1, $2, $3, $4, $5, $6)`,
    [record.id, record.type, record.receivedAt, emailOf(record), kept, notified],
  );
}
