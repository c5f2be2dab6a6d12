// `npm run submissions` reads what `npm start` keeps: the script itself, run as
// staff run it, against a project folder whose .netlify/blobs-serve is laid
// out as @netlify/dev lays it out (a Blobs server on that folder, site "0"),
// its records in the embedded database in .netlify/db, which the tool starts
// itself when no server runs.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStore } from '@netlify/blobs';
import { getDatabase } from '@netlify/database';
import { NetlifyDB } from '@netlify/database-dev';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFileFields } from '../../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { databaseOver, type Pool } from '../../../src/server/db/database.ts';
import { createContactHandler } from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { SUBMISSIONS_STORE } from '../../../src/server/submissions/store.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationFiles,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { applyProjectMigrations } from '../../../scripts/serve/embedded-database.ts';
import { disarmInProcess, rebuiltCopy } from '../../support/rebuilt-documents.ts';

const script = fileURLToPath(new URL('../../../scripts/submissions.ts', import.meta.url));
let root: string;
let server: BlobsServer;
const ids: { contact?: string; application?: string } = {};

function tool(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.NETLIFY_SITE_ID;
  delete env.NETLIFY_AUTH_TOKEN;
  delete env.SMTP_URL;
  delete env.NETLIFY_DB_URL;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args, '--root', root],
      { env, cwd: root, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mno-project-'));
  await cp('netlify/database/migrations', join(root, 'netlify/database/migrations'), { recursive: true });
  // What `npm start` runs: @netlify/dev's Blobs server on <root>/.netlify/blobs-serve, site id "0".
  server = new BlobsServer({ directory: join(root, '.netlify', 'blobs-serve'), token: 'dev-token', logger: () => {} });
  const { port } = await server.start();
  const openFiles = () =>
    getStore({ name: SUBMISSIONS_STORE, siteID: '0', token: 'dev-token', apiURL: `http://localhost:${port}` });
  // What `npm start` ran: the embedded database on <root>/.netlify/db, stopped again before the tool opens it.
  const embedded = new NetlifyDB({ directory: join(root, '.netlify', 'db'), logger: () => {} });
  const pool = getDatabase({ connectionString: await embedded.start() }).pool as Pool;
  try {
    await applyProjectMigrations(embedded, root);
    const deps = { db: databaseOver(pool), openFiles, log: () => {}, notify: async () => {}, disarm: disarmInProcess };
    const contact = await createContactHandler(deps)(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() }));
    expect(contact.status).toBe(200);
    expect((await createApplicationHandler(deps)(await applicationRequest())).status).toBe(200);
    const rows = await databaseOver(pool).query<{ id: string; type: string }>('SELECT id, type FROM submissions');
    ids.contact = rows.find((row) => row.type === 'contact')!.id;
    ids.application = rows.find((row) => row.type === 'application')!.id;
  } finally {
    await pool.end();
    await embedded.stop();
  }
}, 60_000);

afterAll(async () => {
  await server.stop();
  await rm(root, { recursive: true, force: true });
});

describe('npm run submissions against the local store', () => {
  it('lists what the forms stored while the local server is running', async () => {
    const { code, stdout, stderr } = await tool('list', '--json');
    expect(stderr).toMatch(/^Database: embedded \(.*\.netlify\/db\)$/m);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as Array<{ id: string; type: string; name: string }>;
    expect(rows.map((row) => [row.type, row.id])).toEqual([
      ['application', ids.application],
      ['contact', ids.contact],
    ]);
  });

  it('reads documents from the firm’s store, or with --preview from the previews’, and names it', async () => {
    const firm = await tool('show', ids.application!);
    expect(firm.stderr).toMatch(/Store: local \(.*\), store "submissions", alerts in "alerts"\n/);
    const preview = await tool('show', ids.application!, '--preview');
    expect(preview.stderr).toMatch(/Store: local \(.*\), store "submissions-preview", alerts in "alerts-preview"\n/);
  }, 30_000);

  it('shows one, and exports an application’s documents as stored, byte for byte', async () => {
    const shown = await tool('show', ids.contact!);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Wanjiru Kamau');
    // Not into the project folder: the tool refuses to write personal data there.
    expect((await tool('export', ids.application!, '--out', 'export')).stderr).toMatch(
      /submissions: Refusing to export into .*: it is inside the project folder/,
    );
    const elsewhere = await mkdtemp(join(tmpdir(), 'mno-export-'));
    const exported = await tool('export', ids.application!, '--out', join(elsewhere, 'export'));
    expect(exported.code).toBe(0);
    const names = [
      'cv.docx',
      'kcse-certificate.png',
      'kenya-school-of-law-enrollment-proof.pdf',
      'llb-degree-certificate.jpg',
    ];
    const uploads = validApplicationFiles();
    for (const [index, field] of applicationFileFields.entries()) {
      const bytes = await readFile(join(elsewhere, 'export', names[index]!));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(
        createHash('sha256')
          .update(await rebuiltCopy(uploads[field]))
          .digest('hex'),
      );
    }
    await rm(elsewhere, { recursive: true, force: true });
  });

  it('finds and erases everything one person sent, by their address', async () => {
    const found = await tool('find', '--email', 'Achieng@Example.com', '--json');
    expect(found.code).toBe(0);
    const { submissions, alerts } = JSON.parse(found.stdout) as { submissions: Array<{ id: string }>; alerts: null };
    expect(submissions.map((row) => row.id)).toEqual([ids.application]);
    expect(alerts).toBeNull();
    const erased = await tool('erase', '--email', 'achieng@example.com', '--yes');
    expect(erased.code).toBe(0);
    expect(erased.stdout).toMatch(
      /^Erased 1 submission from achieng@example\.com \(contact 0, consultation 0, application 1; 4 documents\)/,
    );
    const rows = JSON.parse((await tool('list', '--json')).stdout) as Array<{ id: string }>;
    expect(rows.map((row) => row.id)).toEqual([ids.contact]);
  });

  it('fails with exit code 1 and a one-line message for an unknown id', async () => {
    const { code, stdout, stderr } = await tool('show', '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n').at(-1)).toMatch(
      /^submissions: No submission has the id 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH\./,
    );
  });
});
