// Stage "retention": one run of the retention job (purgeSubmissions, with the
// daily job's 20-second limit) over a database holding 5,000 applications
// within their period and 50,000 contact messages past theirs: the embedded
// Postgres `npm start` uses (PGlite, in memory), reached through the same pool
// code as on Netlify. The figures: the run's wall time and what it deleted;
// "complete" says the run reached everything past its period.
import { getDatabase } from '@netlify/database';
import { NetlifyDB } from '@netlify/database-dev';
import { DAY_MS } from '../../src/lib/nairobi-time.ts';
import { DEFAULT_RETENTION_DAYS } from '../../src/lib/privacy.ts';
import { databaseOver, type Pool } from '../../src/server/db/database.ts';
import { purgeSubmissions } from '../../src/server/submissions/retention.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';
import { applyProjectMigrations, withTransactionsApart } from '../serve/embedded-database.ts';

const NEWER_APPLICATIONS = 5_000;
const EXPIRED_CONTACTS = 50_000;

interface RetentionRun {
  store: string;
  keysInStore: number;
  pastPeriod: number;
  runMs: number;
  listed: number;
  deleted: Record<SubmissionType, number>;
  complete: boolean;
}

export interface RetentionResult {
  newerApplications: number;
  runs: RetentionRun[];
}

export async function benchRetention(): Promise<RetentionResult> {
  const now = new Date();
  withTransactionsApart();
  const embedded = new NetlifyDB({ logger: () => undefined });
  const url = await embedded.start();
  const local = await startLocalBlobs();
  const pool = getDatabase({ connectionString: url }).pool as Pool;
  try {
    await applyProjectMigrations(embedded, '.');
    const db = databaseOver(pool, 60_000);
    const expiredFrom = new Date(now.getTime() - (DEFAULT_RETENTION_DAYS.enquiry + 30) * DAY_MS);
    await db.query(
      `INSERT INTO submissions (id, type, received_at, email, record)
       SELECT 'C' || lpad(n::text, 25, '0'), 'contact', $1::timestamptz + n * interval '1 second',
              'person' || n || '@example.com', '{"fields": {}}'::jsonb
         FROM generate_series(1, $2::int) AS n`,
      [expiredFrom, EXPIRED_CONTACTS],
    );
    await db.query(
      `INSERT INTO submissions (id, type, received_at, email, record)
       SELECT 'A' || lpad(n::text, 25, '0'), 'application', $1::timestamptz - n * interval '90 minutes',
              'applicant' || n || '@example.com',
              jsonb_build_object('fields', '{}'::jsonb, 'files', jsonb_build_array(jsonb_build_object('key', 'application/A' || n || '/files/cv_file')))
         FROM generate_series(1, $2::int) AS n`,
      [now, NEWER_APPLICATIONS],
    );
    const started = performance.now();
    const report = await purgeSubmissions(db, local.store(), {
      now,
      periods: { ...DEFAULT_RETENTION_DAYS },
      dryRun: false,
    });
    return {
      newerApplications: NEWER_APPLICATIONS,
      runs: [
        {
          store: 'embedded Postgres (PGlite), batches of 500',
          keysInStore: EXPIRED_CONTACTS + NEWER_APPLICATIONS,
          pastPeriod: EXPIRED_CONTACTS,
          runMs: Math.round(performance.now() - started),
          listed: report.listed,
          deleted: report.counts,
          complete: report.complete,
        },
      ],
    };
  } finally {
    await pool.end();
    await embedded.stop();
    await local.stop();
  }
}
