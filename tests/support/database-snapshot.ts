// Vitest's global setup: the project's schema made once per run, in an
// embedded Postgres whose data folder is kept, and saved to a file, so each test
// file's database (database.ts) starts from the file, and each local server an
// integration test starts (functions-only-project.ts) from a copy of the folder,
// instead of running initdb and the migrations again (about half of a start).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';
import { applyProjectMigrations } from '../../scripts/serve/embedded-database.ts';

/** Where the saved data folder is, for the test files (their workers inherit the environment). */
export const SNAPSHOT_VARIABLE = 'LAW_FIRM_SITE_DATABASE_SNAPSHOT';
/** Where the data folder itself is, as the local server keeps one in .netlify/db. */
export const SNAPSHOT_FOLDER_VARIABLE = 'LAW_FIRM_SITE_DATABASE_FOLDER';

export default async function setup(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'mno-database-snapshot-'));
  const dataFolder = join(folder, 'db');
  const embedded = new NetlifyDB({ directory: dataFolder, logger: () => undefined });
  await embedded.start();
  await applyProjectMigrations(embedded, '.');
  const session = (embedded as unknown as { db: { dumpDataDir(compression: 'none'): Promise<Blob> } }).db;
  const file = join(folder, 'data.tar');
  await writeFile(file, new Uint8Array(await (await session.dumpDataDir('none')).arrayBuffer()));
  await embedded.stop();
  process.env[SNAPSHOT_VARIABLE] = file;
  process.env[SNAPSHOT_FOLDER_VARIABLE] = dataFolder;
  return () => rm(folder, { recursive: true, force: true });
}
