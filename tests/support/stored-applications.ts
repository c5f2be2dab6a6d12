// Where the application handler keeps what it stores, for its tests: a test
// database (records, idempotency claims, settings) and local Blobs (the
// documents), per test file, emptied before each test. The database is also
// set as the functions' environment, so the function's default export uses it.
import { beforeAll, expect } from 'vitest';
import type { ApplicationRecord } from '../../src/server/submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../../src/server/submissions/rows.ts';
import { useTestDatabase, type TestDatabase } from './database.ts';
import { localBlobsPerTest } from './local-blobs-per-test.ts';

/** A test database (useTestDatabase), also set as the functions' environment (NETLIFY_DB_URL). */
export function testDatabaseAsEnvironment(): TestDatabase {
  const database = useTestDatabase();
  beforeAll(() => {
    process.env.NETLIFY_DB_URL = database.url;
  });
  return database;
}

export function storedApplicationsPerTest() {
  const database = testDatabaseAsEnvironment();
  const blobs = localBlobsPerTest();

  /** The application records committed, oldest first. */
  const records = async () =>
    (
      await database.db.query<SubmissionRow>(
        `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE type = 'application' ORDER BY id`,
      )
    ).map((row) => recordFromRow(row) as ApplicationRecord);

  return {
    database,
    blobs,
    records,
    /** The one application committed. */
    async onlyRecord(): Promise<ApplicationRecord> {
      const all = await records();
      expect(all).toHaveLength(1);
      return all[0]!;
    },
    /** The documents' keys in Blobs. */
    documentKeys: () => blobs.keys('application/'),
    /** Nothing of an application is stored: no record, no document, no claim (a daily count, in Blobs, may stay). */
    async expectNothingStored() {
      expect(await records()).toEqual([]);
      expect(await blobs.keys('application/')).toEqual([]);
      expect(await database.db.query(`SELECT form FROM idempotency_keys`)).toEqual([]);
    },
  };
}
