// The records' database as `npm start` runs it (scripts/serve.ts): the
// embedded Postgres brought to the project's schema before anything is
// served, its address left for the staff tool while it runs, and a migration
// that fails stopping the server with a message that names it.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe } from '../../scripts/lib/serve-process.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

async function project() {
  const root = await functionsOnlyProject('mno-serve-database-', { unmigratedDatabase: true });
  roots.push(root);
  return root;
}

describe('the database of the local server', () => {
  it('is brought to the schema of netlify/database/migrations before the server answers, and reachable while it runs', async () => {
    const root = await project();
    const server = await startServe(root);
    const db = servedDatabase(root);
    try {
      const tables = await db.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      expect(tables.map(({ name }) => name)).toEqual(expect.arrayContaining(['holds', 'settings', 'submissions']));
    } finally {
      await db.close();
      await server.stop();
    }
    expect(existsSync(join(root, '.netlify/database-url'))).toBe(false);
  }, 60_000);

  it('is not served from at all when a migration fails: the server stops and names the migration', async () => {
    const root = await project();
    await writeFile(join(root, 'netlify/database/migrations/9999_broken.sql'), 'CREATE TABLE broken (;');
    const failed = await startServe(root).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (error: unknown) => String(error),
    );
    expect(failed).toMatch(/serve exited with 1/);
    expect(failed).toMatch(/A database migration in netlify\/database\/migrations failed.*9999_broken/s);
  }, 60_000);
});
