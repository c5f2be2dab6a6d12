// The submissions tool run in-process, as staff run it: runTool() gives what a
// command printed and its exit code; submissionsToolPerTest() sets up, per test
// file, a test database, a local Blobs store (documents) and a test SMTP
// server, submissions made by the real form handlers while the mail server was
// down (so none was notified), a scratch folder for exports and an empty
// project folder to run in.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { applicationRequest, jsonRequest, validConsultation, validContact } from '../../scripts/lib/sample-requests.ts';
import type { LocalBlobs } from '../../scripts/lib/local-blobs.ts';
import { runSubmissionsCli, type CliDeps } from '../../scripts/submissions/cli.ts';
import type { OpenedDatabase, OpenedStore } from '../../scripts/submissions/command.ts';
import { CONSULTATION_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { DEFAULT_RETENTION_DAYS } from '../../src/lib/privacy.ts';
import { alertStoreName } from '../../scripts/submissions/open-store.ts';
import { createApplicationHandler, type ApplicationHandlerDeps } from '../../src/server/application-handler.ts';
import { createConsultationHandler, createContactHandler } from '../../src/server/handlers.ts';
import { createNotifier } from '../../src/server/notify/sending.ts';
import type { Database } from '../../src/server/db/database.ts';
import { findSubmission } from '../../src/server/submissions/read.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { useTestDatabase } from './database.ts';
import { localBlobsPerTest } from './local-blobs-per-test.ts';
import { testNotificationSettings } from './notification-settings.ts';
import { refusedSmtpUrl } from './smtp.ts';
import { smtpServerPerTest } from './smtp-per-test.ts';
import { disarmInProcess } from './rebuilt-documents.ts';
import { BUILT_CATEGORIES } from './alerts.ts';

export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A test that hands the tool no database: a command that needs one fails, saying so. */
const noDatabase = (): never => {
  throw new Error('this test gave the tool no database (openDatabase)');
};

/** Runs `npm run submissions -- <argv>` with `deps`, printing into strings. */
export async function runTool(
  argv: string[],
  deps: Omit<CliDeps, 'io' | 'openDatabase'> & Partial<Pick<CliDeps, 'openDatabase'>>,
): Promise<ToolRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io = { stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text) };
  const code = await runSubmissionsCli(argv, { io, openDatabase: noDatabase, ...deps });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The test's local stores as the tool opens them: its submissions and its article alerts; `overrides` change any part. */
export const testStores = (blobs: LocalBlobs, overrides: Partial<OpenedStore> = {}): OpenedStore => ({
  store: blobs.store(),
  alerts: blobs.store(alertStoreName(false)),
  description: 'test store',
  close: async () => {},
  ...overrides,
});

/** The test's database as the tool opens it. */
export const testDatabase = (db: Database): OpenedDatabase => ({
  db,
  description: 'test database',
  close: async () => {},
});

/** When the submissions of submissionsToolPerTest() arrive, by default; the tool runs 5 minutes later. */
export const TOOL_NOW = new Date('2026-11-22T09:00:00.000Z');

export function submissionsToolPerTest() {
  const blobs = localBlobsPerTest();
  const database = useTestDatabase();
  const smtp = smtpServerPerTest();
  const folders = { deadSmtp: '', scratch: '', project: '' };
  beforeAll(async () => {
    [folders.deadSmtp, folders.scratch, folders.project] = await Promise.all([
      refusedSmtpUrl(),
      mkdtemp(join(tmpdir(), 'mno-export-')),
      mkdtemp(join(tmpdir(), 'mno-project-')),
    ]);
  });
  afterAll(async () => {
    await Promise.all([folders.scratch, folders.project].map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const mailSettings = (url: string | null) => testNotificationSettings(url);

  /** The form handlers, as if at `date`, with the mail server down: every submission is stored as not notified. */
  const handlerDeps = (date: Date): ApplicationHandlerDeps => ({
    db: database.db,
    openFiles: () => blobs.store(),
    now: () => date,
    log: () => {},
    notify: createNotifier({ settings: () => mailSettings(folders.deadSmtp), log: () => {} }),
    disarm: disarmInProcess,
  });

  /** The newest submission of `type` after `send` stored it. */
  const storedBy = async (type: SubmissionType, send: () => Promise<Response>) => {
    expect((await send()).status).toBe(200);
    const [row] = await database.db.query<{ id: string }>(
      `SELECT id FROM submissions WHERE type = $1 ORDER BY id DESC LIMIT 1`,
      [type],
    );
    return row!.id;
  };

  /** One submission of each type, a minute apart from `date`; their ids. */
  async function submitAll(date = TOOL_NOW) {
    const contact = await storedBy('contact', () =>
      createContactHandler(handlerDeps(date))(jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() })),
    );
    const consultation = await storedBy('consultation', () =>
      createConsultationHandler(handlerDeps(new Date(date.getTime() + 60_000)))(
        jsonRequest(CONSULTATION_ENDPOINT, { form_data: validConsultation() }),
      ),
    );
    const application = await storedBy('application', async () =>
      createApplicationHandler(handlerDeps(new Date(date.getTime() + 120_000)))(await applicationRequest()),
    );
    return { contact, consultation, application };
  }

  /** The tool on the test store, from the project folder, with the test mail server, 5 minutes after TOOL_NOW. */
  const run = (argv: string[], overrides: Partial<CliDeps> = {}): Promise<ToolRun> =>
    runTool(argv, {
      openStore: async () => testStores(blobs),
      openDatabase: async () => testDatabase(database.db),
      now: () => new Date(TOOL_NOW.getTime() + 5 * 60_000),
      notificationSettings: () => mailSettings(smtp.url),
      retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
      cwd: folders.project,
      alertCategories: async () => BUILT_CATEGORIES,
      ...overrides,
    });

  return {
    blobs,
    database,
    smtp,
    /** An SMTP address that refuses every connection. */
    get deadSmtp() {
      return folders.deadSmtp;
    },
    /** A folder outside any project, for exports. */
    get scratch() {
      return folders.scratch;
    },
    /** The folder the tool runs in, as staff run it from their checkout: exports may not go in it. */
    get project() {
      return folders.project;
    },
    mailSettings,
    handlerDeps,
    submitAll,
    /** The id of the submission of `type` that `send` stored (answered 200). */
    submit: storedBy,
    run,
    /** The ids of the submissions stored, oldest first. */
    idsLeft: async () =>
      (await database.db.query<{ id: string }>(`SELECT id FROM submissions ORDER BY id`)).map((row) => row.id),
    /** The documents left in Blobs (application/{id}/files/…). */
    documentsLeft: async () => (await blobs.keys('application/')).filter((key) => key.includes('/files/')),
    record: async <Record extends SubmissionRecord>(id: string) =>
      (await findSubmission(database.db, id)).record as Record,
  };
}
