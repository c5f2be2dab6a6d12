// An empty database for each test file: the embedded Postgres `npm start`
// uses (scripts/serve/embedded-database.ts), in memory, with the project's
// migrations, one per test worker, reached through the same pool code as on
// Netlify (src/server/db/database.ts). Every table is emptied before each test.
//
//   const database = useTestDatabase();   then database.db in a test
//   servedDatabase(projectRoot)           the database of a running `npm start`
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { getDatabase } from '@netlify/database';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { databaseOver, type Database, type Pool } from '../../src/server/db/database.ts';
import { applyProjectMigrations, withTransactionsApart } from '../../scripts/serve/embedded-database.ts';
import { SNAPSHOT_VARIABLE } from './database-snapshot.ts';

export interface TestDatabase {
  /** The database, as the code under test takes it. */
  readonly db: Database;
  /** Its connection string, for a process of its own (the staff tool). */
  readonly url: string;
}

/** Starts `embedded` from the run's saved schema (database-snapshot.ts) when there is one. */
async function startFromSnapshot(embedded: NetlifyDB): Promise<string> {
  const snapshot = process.env[SNAPSHOT_VARIABLE];
  if (!snapshot) return embedded.start();
  const loadDataDir = new Blob([await readFile(snapshot)]);
  const create = PGlite.create.bind(PGlite);
  // NetlifyDB makes its PGlite with no options: for this one start, it is made from the saved folder.
  PGlite.create = (() => create({ loadDataDir })) as unknown as typeof PGlite.create;
  try {
    return await embedded.start();
  } finally {
    PGlite.create = create;
  }
}

interface Embedded {
  url: string;
  empty(): Promise<unknown>;
}

/** The embedded database that serves `embedded`'s in-memory data, its tables listed for emptying. */
async function startEmbedded(): Promise<Embedded> {
  withTransactionsApart();
  const embedded = new NetlifyDB({ logger: () => undefined });
  const url = await startFromSnapshot(embedded);
  await applyProjectMigrations(embedded, '.');
  const tables = (
    await embedded.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)
  ).rows.map(({ name }) => `"${name}"`);
  return {
    url,
    empty: () => (tables.length ? embedded.exec(`TRUNCATE ${tables.join(', ')} CASCADE`) : Promise.resolve()),
  };
}

/**
 * This worker's database, started once: files that share their worker's modules (the unit project,
 * isolate off) take turns on it, each emptying it before every test; an isolated file's process, and
 * the database with it, ends with the file.
 */
let workerDatabase: Promise<Embedded> | undefined;

/** A pool of connections to this worker's database, emptied; `stop` ends the pool. */
export async function startTestDatabase(deadlineMs?: number) {
  const embedded = await (workerDatabase ??= startEmbedded());
  await embedded.empty();
  const pool = getDatabase({ connectionString: embedded.url }).pool as Pool;
  return {
    db: databaseOver(pool, deadlineMs),
    url: embedded.url,
    empty: embedded.empty,
    stop: () => pool.end(),
  };
}

export function useTestDatabase(): TestDatabase {
  let started: Awaited<ReturnType<typeof startTestDatabase>> | undefined;
  beforeAll(async () => {
    started = await startTestDatabase();
  }, 60_000);
  beforeEach(async () => {
    await started?.empty();
  });
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get db() {
      if (!started) throw new Error('The test database is not started yet');
      return started.db;
    },
    get url() {
      if (!started) throw new Error('The test database is not started yet');
      return started.url;
    },
  };
}

/** The database of a server `npm start` runs on `projectRoot` (scripts/serve.ts writes where it is); close it after. */
export function servedDatabase(projectRoot: string): Database & { close(): Promise<void> } {
  const url = readFileSync(join(projectRoot, '.netlify/database-url'), 'utf8').trim();
  const pool = getDatabase({ connectionString: url }).pool as Pool;
  return { ...databaseOver(pool), close: () => pool.end() };
}
