// Staff read, export, resend and delete submissions with `npm run submissions`.
// The tool runs in-process against a local Blobs server holding records made by
// the real form handlers, and sends through a real SMTP server.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSubmissionsCli, type CliDeps } from '../../../scripts/submissions/cli.ts';
import { openStoreFor } from '../../../scripts/submissions/open-store.ts';
import { applicationFileFields } from '../../../src/forms/application.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import {
  createApplicationHandler,
  createConsultationHandler,
  createContactHandler,
  type HandlerDeps,
} from '../../../src/server/handlers.ts';
import { createNotifier } from '../../../src/server/notify/sending.ts';
import { parseSubmissionKey } from '../../../src/server/submissions/read.ts';
import type { ApplicationRecord, ContactRecord, SubmissionRecord } from '../../../src/server/submissions/record.ts';
import { startLocalBlobs, type LocalBlobs } from '../../../scripts/lib/local-blobs.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationFiles,
  validConsultation,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { refusedSmtpUrl, startSmtpServer, type TestSmtpServer } from '../../support/smtp.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T09:00:00.000Z');

let blobs: LocalBlobs;
let smtp: TestSmtpServer;
let deadSmtp: string;
let scratch: string;

beforeAll(async () => {
  [blobs, smtp, deadSmtp, scratch] = await Promise.all([
    startLocalBlobs(),
    startSmtpServer(),
    refusedSmtpUrl(),
    mkdtemp(join(tmpdir(), 'mno-export-')),
  ]);
});
afterAll(async () => {
  await Promise.all([blobs.stop(), smtp.stop(), rm(scratch, { recursive: true, force: true })]);
});
beforeEach(async () => {
  await blobs.store().deleteAll();
  smtp.clear();
});

const mailSettings = (url: string | null) => testNotificationSettings(url);

/** The form handlers, as if at `date`, with the mail server down: every submission is stored as not notified. */
const handlerDeps = (date: Date): HandlerDeps => ({
  openStore: () => blobs.store(),
  now: () => date,
  log: () => {},
  notify: createNotifier({ settings: () => mailSettings(deadSmtp), log: () => {} }),
});

async function submitAll(date = NOW) {
  const ids = async (run: () => Promise<Response>) => {
    const before = new Set(await blobs.keys());
    expect((await run()).status).toBe(200);
    return (await blobs.keys()).find((key) => !before.has(key) && parseSubmissionKey(key))!.split('/')[1]!;
  };
  const contact = await ids(() =>
    createContactHandler(handlerDeps(date))(jsonRequest('/api/v1/client/contactform', { form_data: validContact() })),
  );
  const consultation = await ids(() =>
    createConsultationHandler(handlerDeps(new Date(date.getTime() + 60_000)))(
      jsonRequest('/api/v1/client/inquiryform', { form_data: validConsultation() }),
    ),
  );
  const application = await ids(async () =>
    createApplicationHandler(handlerDeps(new Date(date.getTime() + 120_000)))(await applicationRequest()),
  );
  return { contact, consultation, application };
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], overrides: Partial<CliDeps> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSubmissionsCli(argv, {
    io: { stdout: (text) => out.push(text), stderr: (text) => err.push(text) },
    openStore: async () => ({ store: blobs.store(), description: 'test store', close: async () => {} }),
    now: () => new Date(NOW.getTime() + 5 * 60_000),
    notificationSettings: () => mailSettings(smtp.url),
    retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
    cwd: scratch,
    ...overrides,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The keys of submissions (records and documents), leaving out what the functions keep beside them (settings/…). */
const submissionKeysLeft = async () => (await blobs.keys()).filter((key) => parseSubmissionKey(key) !== null);

const record = async <Record extends SubmissionRecord>(key: string) =>
  (await blobs.store().get(key, { type: 'json' })) as Record;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('list', () => {
  it('shows every submission, newest first, with who sent it and that the firm was not notified', async () => {
    const ids = await submitAll();
    const { code, stdout, stderr } = await run(['list']);
    expect(code).toBe(0);
    expect(stderr).toBe('Store: test store');
    const rows = stdout.split('\n').slice(1, 4);
    expect(rows.map((row) => row.slice(0, 26))).toEqual([ids.application, ids.consultation, ids.contact]);
    expect(rows[2]).toMatch(
      /contact\s+2026-11-22 12:00\s+Wanjiru Kamau <wanjiru@example\.co\.ke>\s+Estate planning\s+no \(failed 1×\)/,
    );
    expect(rows[0]).toMatch(/application .*Achieng Njeri Mwangi .*Pupillage, Kakamega/);
    expect(stdout).toContain('3 submissions, 3 not notified');
  });

  it('filters by type and date, and prints JSON for other programs', async () => {
    const old = await submitAll(new Date(NOW.getTime() - 30 * DAY));
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
    await createContactHandler(handlerDeps(NOW))(
      jsonRequest('/api/v1/client/contactform', {
        form_data: { ...validContact(), name: 'Evil\u001b[2J\u001b]0;pwned\u0007 Name' },
      }),
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
    expect(stdout).toContain(`npm run submissions -- export ${ids.application} --out ./${ids.application}`);
    const json = JSON.parse((await run(['show', ids.contact, '--json'])).stdout) as ContactRecord;
    expect(json).toEqual(await record(`contact/${ids.contact}`));
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
        /^Store: test store\nsubmissions: No submission has the id 01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH\./,
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

describe('export', () => {
  it('writes the record as JSON and the four documents, byte-identical to the uploads, under safe names', async () => {
    const ids = await submitAll();
    const { code, stdout, stderr } = await run(['export', ids.application, '--out', 'applicant']);
    expect(code).toBe(0);
    const directory = join(scratch, 'applicant');
    expect(stdout).toContain(`Exported ${ids.application} to ${directory}`);
    expect(stderr.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^\[1\/4\] cv\.docx \([\d.]+ KB\)$/),
      expect.stringMatching(/^\[2\/4\] kcse-certificate\.png \(\d+ bytes\)$/),
      expect.stringMatching(/^\[3\/4\] kenya-school-of-law-enrollment-proof\.pdf /),
      expect.stringMatching(/^\[4\/4\] llb-degree-certificate\.jpg /),
    ]);
    expect((await readdir(directory)).sort()).toEqual(
      [
        'cv.docx',
        'kcse-certificate.png',
        'kenya-school-of-law-enrollment-proof.pdf',
        'llb-degree-certificate.jpg',
        'record.json',
      ].sort(),
    );
    const uploads = validApplicationFiles();
    const exported = JSON.parse(await readFile(join(directory, 'record.json'), 'utf8')) as ApplicationRecord;
    expect(exported).toEqual(await record(`application/${ids.application}/record`));
    const names = {
      cv_file: 'cv.docx',
      kcse_file: 'kcse-certificate.png',
      ksl_file: 'kenya-school-of-law-enrollment-proof.pdf',
      llb_degree_file: 'llb-degree-certificate.jpg',
    };
    for (const field of applicationFileFields) {
      expect(sha256(await readFile(join(directory, names[field])))).toBe(sha256(uploads[field].bytes));
    }
    // Personal data: readable by its owner only.
    expect((await stat(join(directory, 'record.json'))).mode & 0o077).toBe(0);

    const again = await run(['export', ids.application, '--out', 'applicant']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('exports an enquiry as its record alone, and needs --out', async () => {
    const ids = await submitAll();
    expect((await run(['export', ids.contact, '--out', 'enquiry'])).code).toBe(0);
    expect(await readdir(join(scratch, 'enquiry'))).toEqual(['record.json']);
    expect((await run(['export', ids.contact])).code).toBe(2);
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
    expect(mail!.text).toContain(`npm run submissions -- export ${ids.application} --out ./${ids.application}`);
    const stored = await record<ApplicationRecord>(`application/${ids.application}/record`);
    expect(stored.notified).toEqual({ at: '2026-11-22T09:05:00.000Z', attempts: 2, lastError: null });
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
    const { code, stderr } = await run(['resend', ids.contact], { notificationSettings: () => mailSettings(deadSmtp) });
    expect(code).toBe(1);
    expect(stderr).toContain(`Could not send the notification of ${ids.contact}`);
    expect((await record<ContactRecord>(`contact/${ids.contact}`)).notified).toMatchObject({ at: null, attempts: 2 });
  });

  it('says that SMTP_URL is missing', async () => {
    const ids = await submitAll();
    const { code, stderr } = await run(['resend', ids.contact], { notificationSettings: () => mailSettings(null) });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'submissions: SMTP_URL is not set, so nothing can be sent. Set it (see README, "Receiving submissions") and try again.',
    );
  });
});

describe('delete (a person asks for their data to be erased)', () => {
  it('shows what it would delete without --yes, and deletes the record and every document with it', async () => {
    const ids = await submitAll();
    const dry = await run(['delete', ids.application]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `Would delete the pupillage application ${ids.application} from Achieng Njeri Mwangi <achieng@example.com>`,
    );
    expect(dry.stdout).toContain('5 stored items');
    expect(await blobs.keys(`application/${ids.application}/`)).toHaveLength(5);

    const done = await run(['delete', ids.application, '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('remove the notification e-mail from the mailbox');
    expect(await blobs.keys(`application/${ids.application}/`)).toEqual([]);
    expect(await submissionKeysLeft()).toHaveLength(2);
    expect((await run(['show', ids.application])).code).toBe(1);
  });
});

describe('purge', () => {
  it('is a dry run without --yes, then deletes what is past its period or older than --older-than', async () => {
    const old = await submitAll(new Date(NOW.getTime() - 400 * DAY));
    const recent = await submitAll(new Date(NOW.getTime() - 40 * DAY));
    const dry = await run(['purge']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      '1 submission is past its retention period (applications 12 months, enquiries 24 months)',
    );
    expect(dry.stdout).toContain(old.application);
    expect(dry.stdout).toContain('Nothing was deleted: add --yes to delete them.');
    expect(await submissionKeysLeft()).toHaveLength(14);

    const byDays = await run(['purge', '--older-than', '30', '--type', 'contact', '--yes']);
    expect(byDays.stdout).toMatch(/^Deleted 2 submissions older than 30 days \(contact 2\):/);
    expect(await blobs.keys('contact/')).toEqual([]);

    const byPeriod = await run(['purge', '--yes']);
    expect(byPeriod.stdout).toContain(`Deleted 1 submission past its retention period`);
    const left = new Set((await submissionKeysLeft()).map((key) => key.split('/')[1]));
    expect([...left].sort()).toEqual([old.consultation, recent.consultation, recent.application].sort());
    expect((await run(['purge', '--older-than', 'soon'])).code).toBe(2);
  });

  it('stops at its time limit, says that more may be left, and the next run deletes the rest', async () => {
    await submitAll(new Date(NOW.getTime() - 800 * DAY));
    const first = await run(['purge', '--yes'], { purgeDeadlineMs: 0 });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Deleted 1 submission past its retention period/);
    expect(first.stdout).toMatch(
      /\nStopped at the time limit before looking at everything: run the command again to delete the rest\.$/,
    );

    const rest = await run(['purge', '--yes']);
    expect(rest.stdout).toMatch(/^Deleted 2 submissions past their retention period/);
    expect(rest.stdout).not.toContain('Stopped');
    expect(await submissionKeysLeft()).toEqual([]);
  });
});

describe('which store', () => {
  it('needs both NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN for the live site, and says which is missing', async () => {
    const live = (siteId: string | undefined, token: string | undefined) =>
      run(['list'], { openStore: (options) => openStoreFor(options, { siteId, token }) });
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
      const result = await run(['list', '--root', empty], {
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
