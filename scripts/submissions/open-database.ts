// Which database the submissions tool works on: the one NETLIFY_DB_URL names
// (the live site's, from the Netlify UI or CLI), else the running `npm start`'s
// (its address in .netlify/database-url), else the embedded database in
// .netlify/db, started here. In that order because PGlite cannot open a folder
// a running server holds. Documents stay in Blobs (open-store.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getDatabase } from '@netlify/database';
import { NetlifyDB } from '@netlify/database-dev';
import { databaseOver, type Pool } from '../../src/server/db/database.ts';
import { applyProjectMigrations, withTransactionsApart } from '../serve/embedded-database.ts';
import type { OpenedDatabase } from './command.ts';

const RUNNING_SERVER_URL = join('.netlify', 'database-url');
const EMBEDDED_DIRECTORY = join('.netlify', 'db');

function overUrl(url: string, description: string): OpenedDatabase {
  const pool = getDatabase({ connectionString: url }).pool as Pool;
  return { db: databaseOver(pool), description, close: () => pool.end() };
}

/** The running server's database, if its address file is there and it answers. */
async function runningServerDatabase(root: string): Promise<OpenedDatabase | undefined> {
  const file = join(root, RUNNING_SERVER_URL);
  if (!existsSync(file)) return undefined;
  const opened = overUrl(readFileSync(file, 'utf8').trim(), `the running "npm start"'s (${RUNNING_SERVER_URL})`);
  try {
    await opened.db.query('SELECT 1');
    return opened;
  } catch {
    // Left by a server that has stopped: the folder is free to open.
    await opened.close().catch(() => undefined);
    return undefined;
  }
}

async function embeddedDatabase(root: string): Promise<OpenedDatabase> {
  const directory = join(root, EMBEDDED_DIRECTORY);
  withTransactionsApart();
  const embedded = new NetlifyDB({ directory, logger: () => undefined });
  const url = await embedded.start();
  await applyProjectMigrations(embedded, root);
  const opened = overUrl(url, `embedded (${relative(process.cwd(), directory) || directory})`);
  return {
    ...opened,
    close: async () => {
      await opened.close();
      await embedded.stop();
    },
  };
}

/** The database the tool reads and changes records in; `url` is NETLIFY_DB_URL. */
export async function openDatabaseFor(root: string, url: string | undefined): Promise<OpenedDatabase> {
  if (url) return overUrl(url, 'NETLIFY_DB_URL');
  return (await runningServerDatabase(root)) ?? embeddedDatabase(root);
}
