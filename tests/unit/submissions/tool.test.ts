// Staff read and resend submissions with `npm run submissions`: list, show,
// resend, and which database and store the tool opens. The tool runs
// in-process against a test database holding records made by the real form
// handlers (their documents in a local Blobs server), and sends through a
// real SMTP server (tests/support/submissions-tool.ts).
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabaseFor } from '../../../scripts/submissions/open-database.ts';
import { openStoreFor } from '../../../scripts/submissions/open-store.ts';
import { jsonRequest, validContact } from '../../../scripts/lib/sample-requests.ts';
import { applicationFileFields } from '../../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { createContactHandler } from '../../../src/server/handlers.ts';
import type { ApplicationRecord, ContactRecord } from '../../../src/server/submissions/record.ts';
import { insertSubmission } from '../../../src/server/submissions/rows.ts';
import { submissionsToolPerTest, TOOL_NOW } from '../../support/submissions-tool.ts';

const DAY = 24 * 60 * 60 * 1000;

const tool = submissionsToolPerTest();
const { smtp, run, submitAll, submit, handlerDeps, mailSettings, record } = tool;

describe('list', () => {
  it('shows every submission, newest first, with who sent it and that the firm was not notified', async () => {
    const ids = await submitAll();
    const { code, stdout, stderr } = await run(['list']);
    expect(code).toBe(0);
    expect(stderr).toBe('Database: test database');
    const rows = stdout.split('\n').slice(1, 4);
    expect(rows.map((row) => row.slice(0, 26))).toEqual([ids.application, ids.consultation, ids.contact]);
    expect(rows[2]).toMatch(
      /contact\s+2026-11-22 12:00\s+Wanjiru Kamau <wanjiru@example\.co\.ke>\s+Estate planning\s+no \(failed 1×\)/,
    );
    expect(rows[0]).toMatch(/application .*Achieng Njeri Mwangi .*Pupillage, Kakamega/);
    expect(stdout).toContain('3 submissions, 3 not notified');
  });

  it('filters by type and date, and prints JSON for other programs', async () => {
    const old = await submitAll(new Date(TOOL_NOW.getTime() - 30 * DAY));
    const recent = await submitAll();
    const contacts = JSON.parse((await run(['list', '--type', 'contact', '--json'])).stdout) as Array<
      Record<string, unknown>
    >;
    expect(contacts.map((row) => row.id)).toEqual([recent.contact, old.contact]);
    expect(contacts[0]).toMatchObject({
      type: 'contact',
      name: 'Wanjiru Kamau',
      email: 'wanjiru@example.co.ke',
      notified: { at: null, attempts: 1 },
      complete: true,
    });
    const sinceDate = JSON.parse((await run(['list', '--since', '2026-11-01', '--json'])).stdout) as Array<{
      id: string;
    }>;
    expect(sinceDate.map((row) => row.id)).toEqual([recent.application, recent.consultation, recent.contact]);
    const sinceDays = JSON.parse((await run(['list', '--since', '7d', '--json'])).stdout) as Array<{ id: string }>;
    expect(sinceDays).toHaveLength(3);
  });

  it('never prints a terminal escape sequence a visitor typed', async () => {
    await submit('contact', () =>
      createContactHandler(handlerDeps(TOOL_NOW))(
        jsonRequest(CONTACT_ENDPOINT, {
          form_data: { ...validContact(), name: 'Evil\u001b[2J\u001b]0;pwned\u0007 Name' },
        }),
      ),
    );
    const { stdout } = await run(['list']);
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F]/);
    expect(stdout).toContain('Evil[2J]0;pwned Name');
  });
});

describe('show', () => {
  it('prints one submission in full, found by its id in any case', async () => {
    const ids = await submitAll();
    const { code, stdout } = await run(['show', ids.application.toLowerCase()]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Pupillage application ${ids.application}`);
    expect(stdout).toMatch(/Notified:\s+no \(failed 1×\); 1 attempt; last error: /);
    expect(stdout).toMatch(/ID\/Passport No\.:\s+30123456/);
    expect(stdout).toContain(`npm run submissions -- export ${ids.application} --out ~/submissions/${ids.application}`);
    const json = JSON.parse((await run(['show', ids.contact, '--json'])).stdout) as ContactRecord;
    expect(json).toEqual(await record(ids.contact));
  });

  it('prints fresh links to an application’s documents, to pass to a colleague', async () => {
    const ids = await submitAll();
    const { stdout } = await run(['show', ids.application]);
    const links = [
      ...stdout.matchAll(
        /https:\/\/www\.mnoadvocates\.co\.ke\/api\/v1\/documents\/(\w+)\/(\w+)\?expires=\d+&signature=[\w-]+/g,
      ),
    ];
    expect(links.map((match) => [match[1], match[2]])).toEqual(
      applicationFileFields.map((field) => [ids.application, field]),
    );
    expect(stdout).toMatch(/The links work until \d+ \w+ \d{4}/);
  });

  it('says in one line, with exit code 1, that an id is unknown or malformed', async () => {
    const unknown = await run(['show', '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH']);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /^Database: test database\nsubmissions: No submission has the id 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH\./,
      ),
    });
    expect(unknown.stderr.split('\n')).toHaveLength(2);
    const malformed = await run(['show', 'not-an-id']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('"not-an-id" is not a submission id');
  });

  it('explains its usage with exit code 2 when called wrongly', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['frobnicate'])).stderr).toContain('unknown command "frobnicate"');
    expect((await run(['show'])).code).toBe(2);
    expect((await run(['list', '--type', 'letters'])).stderr).toContain(
      '--type must be contact, consultation or application',
    );
    expect((await run(['list', '--bogus'])).code).toBe(2);
    expect((await run(['--help'])).stdout).toContain('Usage: npm run submissions -- <command>');
  });
});

describe('resend', () => {
  it('delivers a notification that failed, and the record then says so', async () => {
    const ids = await submitAll();
    const { code, stdout } = await run(['resend', ids.application]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `Sent the notification of pupillage application ${ids.application} to recruitment@mnoadvocates.test.`,
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['recruitment@mnoadvocates.test']);
    expect(mail!.text).toContain(
      `npm run submissions -- export ${ids.application} --out ~/submissions/${ids.application}`,
    );
    const stored = await record<ApplicationRecord>(ids.application);
    expect(stored.notified).toEqual({
      at: '2026-11-22T09:05:00.000Z',
      attempts: 2,
      lastError: null,
      lastAttemptAt: '2026-11-22T09:05:00.000Z',
    });
    expect((await run(['list'])).stdout).toMatch(new RegExp(`${ids.application}.*yes, 2026-11-22 12:05`));
  });

  it('--pending sends every submission not yet notified, and only those', async () => {
    const ids = await submitAll();
    await run(['resend', ids.contact]);
    smtp.clear();
    const { code, stdout } = await run(['resend', '--pending']);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toHaveLength(2);
    expect((await smtp.waitFor(2)).map((mail) => mail.subject).sort()).toEqual([
      'Consultation request (Transgenerational Estate Planning) from Otieno Odhiambo',
      'Pupillage application from Achieng Njeri Mwangi (Kakamega)',
    ]);
    expect((await run(['resend', '--pending'])).stdout).toBe('Every submission has been notified.');
  });

  it('records another failed attempt while the mail server is still down (exit code 1)', async () => {
    const ids = await submitAll();
    const { code, stderr } = await run(['resend', ids.contact], {
      notificationSettings: () => mailSettings(tool.deadSmtp),
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`Could not send the notification of ${ids.contact}`);
    expect((await record<ContactRecord>(ids.contact)).notified).toMatchObject({ at: null, attempts: 2 });
  });

  it('says that SMTP_URL is missing', async () => {
    const ids = await submitAll();
    const { code, stderr } = await run(['resend', ids.contact], { notificationSettings: () => mailSettings(null) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'submissions: SMTP_URL is not set, so nothing can be sent. Set it (see docs/operations.md, "Notification e-mails") and try again.',
    );
  });
});

describe('which store', () => {
  it('needs both NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN for the live site, and says which is missing', async () => {
    const live = (siteId: string | undefined, token: string | undefined) =>
      run(['import-blobs'], { openStore: (options) => openStoreFor(options, { siteId, token }) });
    const noToken = await live('site-123', undefined);
    expect(noToken).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^submissions: NETLIFY_SITE_ID is set but NETLIFY_AUTH_TOKEN is not/),
    });
    expect((await live(undefined, 'secret')).stderr).toMatch(
      /^submissions: NETLIFY_AUTH_TOKEN is set but NETLIFY_SITE_ID is not/,
    );
  });

  it('says there is no local store yet, in one line', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'mno-empty-'));
    try {
      const result = await run(['import-blobs', '--root', empty], {
        openStore: (options) => openStoreFor(options, { siteId: undefined, token: undefined }),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^submissions: No local submissions: .*\.netlify\/blobs-serve does not exist\. Run "npm start"/,
      );
      expect(result.stderr.split('\n')).toHaveLength(1);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

/** An empty project folder with the project's migrations, as a checkout has them. */
async function projectWithMigrations() {
  const root = await mkdtemp(join(tmpdir(), 'mno-project-'));
  await cp('netlify/database/migrations', join(root, 'netlify/database/migrations'), { recursive: true });
  return root;
}

describe('which database', () => {
  it('opens the embedded database in .netlify/db when no server runs, with the schema, and keeps what it holds', async () => {
    const root = await projectWithMigrations();
    try {
      const ids = await submitAll();
      const opened = await openDatabaseFor(root, undefined);
      try {
        expect(opened.description).toMatch(/^embedded \(.*\.netlify\/db\)$/);
        await insertSubmission(opened.db, await record(ids.application));
      } finally {
        await opened.close();
      }
      const again = await run(['list', '--json', '--root', root], {
        openDatabase: ({ root: folder }) => openDatabaseFor(folder, undefined),
      });
      expect(again.stderr).toMatch(/^Database: embedded \(/);
      expect((JSON.parse(again.stdout) as Array<{ id: string }>).map((row) => row.id)).toEqual([ids.application]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('passes over the address a stopped server left in .netlify/database-url', async () => {
    const root = await projectWithMigrations();
    try {
      await mkdir(join(root, '.netlify'), { recursive: true });
      await writeFile(join(root, '.netlify/database-url'), 'postgres://127.0.0.1:9/postgres\n');
      const opened = await openDatabaseFor(root, undefined);
      expect(opened.description).toMatch(/^embedded/);
      await opened.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it("uses the running server's database when its address answers, and NETLIFY_DB_URL before either", async () => {
    const root = await mkdtemp(join(tmpdir(), 'mno-project-'));
    try {
      await mkdir(join(root, '.netlify'), { recursive: true });
      await writeFile(join(root, '.netlify/database-url'), `${tool.database.url}\n`);
      const running = await openDatabaseFor(root, undefined);
      expect(running.description).toContain('npm start');
      await running.close();
      const live = await openDatabaseFor(root, tool.database.url);
      expect(live.description).toBe('NETLIFY_DB_URL');
      await live.close();
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
