// What the contact and consultation forms keep, for their tests: a test
// database per file (tests/support/database.ts), also set as the functions'
// environment so a function's default export uses it, and what it holds:
// records, honeypot hits, daily counts and held times.
import { getDatabase } from '@netlify/database';
import { beforeAll } from 'vitest';
import { databaseOver, type Database, type Pool, type Queryable } from '../../src/server/db/database.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../../src/server/submissions/rows.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { useTestDatabase } from './database.ts';

/** The records committed, oldest first (of one type if given). */
export async function storedRecords<Record extends SubmissionRecord = SubmissionRecord>(
  db: Queryable,
  type?: SubmissionType,
): Promise<Record[]> {
  const rows = await db.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE $1::text IS NULL OR type = $1 ORDER BY id`,
    [type ?? null],
  );
  return rows.map((row) => recordFromRow(row) as Record);
}

/** The honeypot hits kept, oldest first. */
export const honeypotHits = (db: Queryable) =>
  db.query<{ id: string; form: string; data: unknown; documents: unknown }>(
    'SELECT id, form, data, documents FROM honeypot_hits ORDER BY id',
  );

/** Each counter's count (of every day), e.g. { contact: 3, 'contact-honeypot': 1 }. */
export async function dailyCounts(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query<{ counter: string; count: number }>('SELECT counter, count FROM daily_counts');
  return Object.fromEntries(rows.map(({ counter, count }) => [counter, count]));
}

/** The times held or booked: place, start, state and the request holding it. */
export const heldTimes = (db: Queryable) =>
  db.query<{ place: string; start_at: Date; submission_id: string; state: string }>(
    'SELECT place, start_at, submission_id, state FROM holds ORDER BY place, start_at',
  );

/** Whether the database holds nothing the forms write: no record, hit, count or hold. */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ rows: number }>(
    `SELECT (SELECT count(*) FROM submissions) + (SELECT count(*) FROM honeypot_hits)
          + (SELECT count(*) FROM daily_counts) + (SELECT count(*) FROM holds) AS rows`,
  );
  return Number(row!.rows) === 0;
}

/** `db`, but each transaction fails after its work, before COMMIT: nothing of it is kept. */
export const failingBeforeCommit = (db: Database): Database => ({
  query: db.query,
  transaction: (work) =>
    db.transaction(async (tx) => {
      await work(tx);
      throw new Error('simulated fault before COMMIT');
    }),
});

/** A database nobody answers at: a closed port, so every connection is refused. */
export const refusingDatabase = (): Database =>
  databaseOver(getDatabase({ connectionString: 'postgres://postgres@127.0.0.1:9/postgres' }).pool as Pool);

/** A database that never answers: each connection waits past the deadline (`deadlineMs`). */
export const silentDatabase = (deadlineMs = 200): Database =>
  databaseOver(
    {
      connect: () => new Promise(() => undefined),
      end: async () => undefined,
      on: () => undefined,
    },
    deadlineMs,
  );

/** A test database for the form functions, set as their environment (NETLIFY_DB_URL). */
export function useFormsDatabase() {
  const database = useTestDatabase();
  beforeAll(() => {
    process.env.NETLIFY_DB_URL = database.url;
  });
  return database;
}
