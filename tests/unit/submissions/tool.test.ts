// Staff read, export, resend and delete submissions with `npm run submissions`.
// The tool runs in-process against a local Blobs server holding records made by
// the real form handlers, and sends through a real SMTP server.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSubmissionsCli, type CliDeps } from '../../../scripts/submissions/cli.ts';
import { openStoreFor } from '../../../scripts/submissions/open-store.ts';
import { applicationFileFields, type ApplicationFileField } from '../../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import { createConsultationHandler, createContactHandler, type HandlerDeps } from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { createNotifier } from '../../../src/server/notify/sending.ts';
import { parseSubmissionKey } from '../../../src/server/submissions/read.ts';
import type { ApplicationRecord, ContactRecord, SubmissionRecord } from '../../../src/server/submissions/record.ts';
import { fieldLabels } from '../../../src/server/submissions/record-labels.ts';
import { startLocalBlobs, type LocalBlobs } from '../../../scripts/lib/local-blobs.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationData,
  validApplicationFiles,
  validConsultation,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { refusedSmtpUrl, startSmtpServer, type TestSmtpServer } from '../../support/smtp.ts';
import { rebuiltCopy } from '../../support/rebuilt-documents.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T09:00:00.000Z');

let blobs: LocalBlobs;
let smtp: TestSmtpServer;
let deadSmtp: string;
let scratch: string;
/** The folder the tool runs in, as staff run it from their checkout: exports may not go in it. */
let project: string;

beforeAll(async () => {
  [blobs, smtp, deadSmtp, scratch, project] = await Promise.all([
    startLocalBlobs(),
    startSmtpServer(),
    refusedSmtpUrl(),
    mkdtemp(join(tmpdir(), 'mno-export-')),
    mkdtemp(join(tmpdir(), 'mno-project-')),
  ]);
});
afterAll(async () => {
  await Promise.all([
    blobs.stop(),
    smtp.stop(),
    rm(scratch, { recursive: true, force: true }),
    rm(project, { recursive: true, force: true }),
  ]);
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
    createContactHandler(handlerDeps(date))(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() })),
  );
  const consultation = await ids(() =>
    createConsultationHandler(handlerDeps(new Date(date.getTime() + 60_000)))(
      jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
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
    cwd: project,
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
      jsonRequest(CONTACT_ENDPOINT, {
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
    expect(stdout).toContain(`npm run submissions -- export ${ids.application} --out ~/submissions/${ids.application}`);
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
  it('writes the record as JSON and the four documents, byte-identical to the copies stored, under safe names', async () => {
    const ids = await submitAll();
    const directory = join(scratch, 'applicant');
    const { code, stdout, stderr } = await run(['export', ids.application, '--out', directory]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Exported ${ids.application} to ${directory}`);
    expect(stderr.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^\[1\/4\] cv\.docx \([\d.]+ (?:bytes|KB)\)$/),
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
    const copies = Object.fromEntries(
      await Promise.all(
        applicationFileFields.map(async (field) => [field, await rebuiltCopy(uploads[field])] as const),
      ),
    ) as Record<ApplicationFileField, Uint8Array>;
    // Written to be handed to the applicant: what staff call each part, never the form's internal names.
    const stored = await record<ApplicationRecord>(`application/${ids.application}/record`);
    const exported = JSON.parse(await readFile(join(directory, 'record.json'), 'utf8')) as Record<string, unknown>;
    expect(exported).toEqual({
      Form: 'Pupillage application',
      Reference: ids.application,
      Received: stored.receivedAt,
      Fields: expect.objectContaining({
        'Full Name': 'Achieng Njeri Mwangi',
        'Email Address': 'achieng@example.com',
        'ID/Passport No.': '30123456',
        'Work Location': 'Kakamega',
        [fieldLabels.application.why_join!]: stored.fields.why_join,
      }),
      Documents: applicationFileFields.map((field) => ({
        Document: expect.any(String),
        'File in this folder': expect.any(String),
        'Name when sent': uploads[field].name,
        Type: expect.any(String),
        Bytes: copies[field].byteLength,
        'SHA-256': sha256(copies[field]),
      })),
      Declaration: {
        Text: stored.consent.declaration,
        Confirmed: stored.receivedAt,
        'Privacy notice version': stored.consent.privacyNoticeVersion,
        'Privacy notice read and accepted': stored.receivedAt,
      },
      'E-mailed to our staff': null,
    });
    expect(Object.keys(exported.Fields as object)).toHaveLength(Object.keys(stored.fields).length);
    expect(JSON.stringify(exported)).not.toMatch(/"(fullname|identification|work_location|why_join|cv_file)"/);
    const names = {
      cv_file: 'cv.docx',
      kcse_file: 'kcse-certificate.png',
      ksl_file: 'kenya-school-of-law-enrollment-proof.pdf',
      llb_degree_file: 'llb-degree-certificate.jpg',
    };
    for (const field of applicationFileFields) {
      expect(sha256(await readFile(join(directory, names[field])))).toBe(sha256(copies[field]));
    }
    // Personal data: readable by its owner only.
    expect((await stat(join(directory, 'record.json'))).mode & 0o077).toBe(0);

    const again = await run(['export', ids.application, '--out', directory]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('exports an enquiry as its record alone, and needs --out', async () => {
    const ids = await submitAll();
    expect((await run(['export', ids.contact, '--out', join(scratch, 'enquiry')])).code).toBe(0);
    expect(await readdir(join(scratch, 'enquiry'))).toEqual(['record.json']);
    const exported = JSON.parse(await readFile(join(scratch, 'enquiry', 'record.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(exported).toMatchObject({
      Form: 'Contact message',
      Reference: ids.contact,
      Fields: {
        Name: 'Wanjiru Kamau',
        Email: 'wanjiru@example.co.ke',
        'Phone Number': '0722 000 111',
        Subject: 'Estate planning',
        Message: 'I would like advice on writing a will for my family.',
      },
    });
    expect(JSON.stringify(exported)).not.toMatch(/"(interest|msg)"/);
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
    expect(mail!.text).toContain(
      `npm run submissions -- export ${ids.application} --out ~/submissions/${ids.application}`,
    );
    const stored = await record<ApplicationRecord>(`application/${ids.application}/record`);
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
    await submitAll(new Date(NOW.getTime() - 900 * DAY));
    await submitAll(new Date(NOW.getTime() - 800 * DAY));
    // Past its time, a run still makes each type's first deletion, and no other.
    const first = await run(['purge', '--yes'], { purgeDeadlineMs: 0 });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Deleted 3 submissions past their retention period .*\(contact 1, consultation 1, application 1\)/,
    );
    expect(first.stdout).toMatch(
      /\nStopped at the time limit before looking at everything: run the command again to delete the rest\.$/,
    );

    const rest = await run(['purge', '--yes']);
    expect(rest.stdout).toMatch(/^Deleted 3 submissions past their retention period/);
    expect(rest.stdout).not.toContain('Stopped');
    expect(await submissionKeysLeft()).toEqual([]);
  });
  it('says which listing failed, deletes what it could reach, and exits with 1', async () => {
    const old = await submitAll(new Date(NOW.getTime() - 800 * DAY));
    const store = blobs.store();
    const failing = new Proxy(store, {
      get(target, property) {
        if (property === 'list') {
          return (options?: { prefix?: string; paginate?: boolean }) =>
            options?.prefix === 'consultation/'
              ? (async function* () {
                  yield* [];
                  throw new Error('Netlify Blobs answered 503');
                })()
              : target.list(options as { paginate: true });
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const result = await run(['purge', '--yes'], {
      openStore: async () => ({ store: failing, description: 'test store', close: async () => {} }),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Deleted 2 submissions .*\(contact 1, consultation 0, application 1\)/);
    expect(result.stdout).not.toContain('Stopped at the time limit');
    expect(result.stderr).toContain(
      'Could not list the keys under consultation/ (Netlify Blobs answered 503): run the command again for the rest.',
    );
    expect(await submissionKeysLeft()).toEqual([`consultation/${old.consultation}`]);
  });
});

describe('a data request, by the e-mail address the person gave', () => {
  const address = 'wanjiru@example.co.ke';

  /**
   * Three submissions from one person, who typed their address differently on each form, and
   * three from two others; ids of both, the person's oldest first.
   */
  async function submitPeople() {
    const newId = async (send: () => Promise<Response>) => {
      const before = new Set(await blobs.keys());
      expect((await send()).status).toBe(200);
      return (await blobs.keys()).find((key) => !before.has(key))!.split('/')[1]!;
    };
    const at = (minutes: number) => handlerDeps(new Date(NOW.getTime() + minutes * 60_000));
    const contact = (minutes: number, form: Record<string, unknown>) =>
      newId(() =>
        createContactHandler(at(minutes))(
          jsonRequest('/api/v1/client/contactform', { form_data: { ...validContact(), ...form } }),
        ),
      );
    const person = [
      await contact(0, { email: 'Wanjiru@Example.co.ke' }),
      await newId(() =>
        createConsultationHandler(at(1))(
          jsonRequest('/api/v1/client/inquiryform', {
            form_data: { ...validConsultation(), name: 'Wanjiru Kamau', email: 'WANJIRU@EXAMPLE.CO.KE' },
          }),
        ),
      ),
      await newId(async () =>
        createApplicationHandler(at(2))(
          await applicationRequest({
            data: { ...validApplicationData(), fullname: 'Wanjiru Kamau', email: address },
          }),
        ),
      ),
    ];
    const others = [
      await contact(3, { name: 'Otieno Odhiambo', email: 'otieno@example.com' }),
      await newId(() =>
        createConsultationHandler(at(4))(jsonRequest('/api/v1/client/inquiryform', { form_data: validConsultation() })),
      ),
      await newId(async () => createApplicationHandler(at(5))(await applicationRequest())),
    ];
    return { person, others };
  }

  it('find lists everything one person sent, on any form and in any case, and --json prints list --json’s rows', async () => {
    const { person, others } = await submitPeople();
    const found = await run(['find', '--email', address]);
    expect(found.code).toBe(0);
    const rows = found.stdout.split('\n');
    expect(rows.slice(1, 4).map((row) => row.slice(0, 26))).toEqual([...person].reverse());
    expect(found.stdout).toContain(`3 submissions from ${address}.`);
    for (const id of others) expect(found.stdout).not.toContain(id);

    const json = JSON.parse((await run(['find', '--email', 'WanJiru@example.CO.KE', '--json'])).stdout) as Array<{
      id: string;
    }>;
    const listed = JSON.parse((await run(['list', '--json'])).stdout) as Array<{ id: string }>;
    expect(json).toEqual(listed.filter((row) => person.includes(row.id)));
    expect(json.map((row) => row.id)).toEqual([...person].reverse());

    expect((await run(['find', '--email', 'nobody@example.com'])).stdout).toBe(
      'No submissions from nobody@example.com.',
    );
    expect((await run(['find'])).code).toBe(2);
    const malformed = await run(['find', '--email', 'wanjiru']);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--email must be an e-mail address, not "wanjiru"');
  });

  it('export --email writes each of their submissions to its own folder, documents included, readable by a person', async () => {
    const { person } = await submitPeople();
    const directory = join(scratch, 'wanjiru');
    const { code, stdout } = await run(['export', '--email', address, '--out', directory]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Exported 3 submissions from ${address} to ${directory}:`));
    const folders = (await readdir(directory)).sort();
    expect(folders).toEqual([
      `2026-11-22-application-${person[2]}`,
      `2026-11-22-consultation-${person[1]}`,
      `2026-11-22-contact-${person[0]}`,
    ]);
    const application = join(directory, folders[0]!);
    expect((await readdir(application)).sort()).toEqual(
      [
        'cv.docx',
        'kcse-certificate.png',
        'kenya-school-of-law-enrollment-proof.pdf',
        'llb-degree-certificate.jpg',
        'record.json',
      ].sort(),
    );
    expect(sha256(await readFile(join(application, 'cv.docx')))).toBe(
      sha256(await rebuiltCopy(validApplicationFiles().cv_file)),
    );
    const read = async (folder: string) =>
      JSON.parse(await readFile(join(directory, folder, 'record.json'), 'utf8')) as {
        Form: string;
        Fields: Record<string, string>;
      };
    expect(await read(folders[2]!)).toMatchObject({
      Form: 'Contact message',
      Fields: { Email: 'Wanjiru@Example.co.ke', Subject: 'Estate planning', Message: validContact().msg },
    });
    expect(await read(folders[1]!)).toMatchObject({
      Form: 'Consultation request',
      Fields: {
        'Practice area': 'Transgenerational Estate Planning',
        'Additional Information': validConsultation().info,
      },
    });
    expect(await read(folders[0]!)).toMatchObject({
      Form: 'Pupillage application',
      Fields: { 'Full Name': 'Wanjiru Kamau' },
    });

    const none = await run(['export', '--email', 'nobody@example.com', '--out', join(scratch, 'nobody')]);
    expect(none).toMatchObject({ code: 0, stdout: 'No submissions from nobody@example.com: nothing was written.' });
    expect(existsSync(join(scratch, 'nobody'))).toBe(false);
    expect((await run(['export', person[0]!, '--email', address, '--out', join(scratch, 'both')])).code).toBe(2);
  });

  it('export refuses, in one line and writing nothing, a folder in the project, in its checkout or in any git work tree', async () => {
    const { person } = await submitPeople();
    const refused = async (out: string, where: RegExp, argv = ['--email', address]) => {
      const result = await run(['export', ...argv, '--out', out]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(where);
      expect(result.stderr).toContain('--out ~/submissions/');
    };
    // As a new user would type it, from the checkout: ./<id>.
    await refused(`./${person[0]}`, /^submissions: Refusing to export into .*: it is inside the project folder /, [
      person[0]!,
    ]);
    expect(await readdir(project)).toEqual([]);

    const checkout = fileURLToPath(new URL('../../../', import.meta.url));
    const inCheckout = join(checkout, 'tmp-refused-export');
    await refused(inCheckout, /it is inside the project folder /);
    expect(existsSync(inCheckout)).toBe(false);

    const repository = await mkdtemp(join(tmpdir(), 'mno-repository-'));
    try {
      await mkdir(join(repository, '.git'));
      await refused(join(repository, 'exports', 'wanjiru'), /it is inside the git work tree /);
      // A linked worktree has a .git file, and a link into a work tree is still inside it.
      await rm(join(repository, '.git'), { recursive: true });
      await writeFile(join(repository, '.git'), 'gitdir: /elsewhere\n');
      await symlink(repository, join(scratch, 'link-to-repository'));
      await refused(join(scratch, 'link-to-repository', 'wanjiru'), /it is inside the git work tree /);
      expect((await readdir(repository)).sort()).toEqual(['.git']);
    } finally {
      await rm(repository, { recursive: true, force: true });
    }
  });

  it('export writes under the home folder for ~/…, whatever the shell did with it', async () => {
    await submitPeople();
    const home = process.env.HOME;
    process.env.HOME = scratch;
    try {
      expect((await run(['export', '--email', address, '--out', '~/from-home'])).code).toBe(0);
    } finally {
      process.env.HOME = home;
    }
    expect(await readdir(join(scratch, 'from-home'))).toHaveLength(3);
  });

  it('erase --email is a dry run without --yes, then deletes exactly that person’s records and documents and notes it without the address', async () => {
    const { person, others } = await submitPeople();
    const before = await blobs.keys();
    const dry = await run(['erase', '--email', address]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        `^Would erase 3 submissions from ${address} \\(contact 1, consultation 1, application 1; 4 documents\\):`,
      ),
    );
    expect(dry.stdout).toContain('Nothing was deleted: add --yes');
    expect(await blobs.keys()).toEqual(before);

    const done = await run(['erase', '--email', 'Wanjiru@example.co.ke', '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Erased 3 submissions from Wanjiru@example\.co\.ke \(contact 1, consultation 1, application 1; 4 documents\):/,
    );
    for (const id of person) expect(done.stdout).toContain(id);
    expect(done.stdout).toContain('delete the notification e-mails');
    const after = await blobs.keys();
    const isPersons = (key: string) => person.some((id) => key.includes(id));
    expect(after.filter(isPersons)).toEqual([]);
    const notes = after.filter((key) => key.startsWith('erasures/'));
    expect(notes).toHaveLength(1);
    // The note of the erasure and its hash key are new; everything else, others' submissions and the
    // functions' own keys, is as it was.
    const besideTheNote = (key: string) => !key.startsWith('erasures/') && key !== 'settings/erasure-hash-key';
    expect(after.filter(besideTheNote)).toEqual(before.filter((key) => !isPersons(key)));
    expect(before.filter((key) => others.some((id) => key.includes(id)))).toHaveLength(1 + 1 + 5);

    // The note: when, how much, and a keyed hash of the address; never the address, nor its plain hash.
    const note = await blobs.store().get(notes[0]!, { type: 'text' });
    expect(JSON.parse(note!)).toEqual({
      schemaVersion: 1,
      erasedAt: '2026-11-22T09:05:00.000Z',
      counts: { contact: 1, consultation: 1, application: 1 },
      documents: 4,
      emailHmac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(note).not.toMatch(/wanjiru/i);
    expect(note).not.toContain(createHash('sha256').update(address).digest('hex'));
    expect(done.stdout).toContain(`Noted the erasure as ${notes[0]}`);

    // So the firm can show it acted.
    const found = await run(['find', '--email', address]);
    expect(found.stdout).toBe(
      `No submissions from ${address}.\n` +
        'Erased before: 2026-11-22 12:05 (EAT), 3 submissions (contact 1, consultation 1, application 1; 4 documents).',
    );
    expect((await run(['find', '--email', 'otieno@example.com'])).stdout).not.toContain('Erased before');
    expect((await run(['erase', '--email', 'achieng@example.com'])).stdout).toMatch(/^Would erase 1 submission from/);
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
