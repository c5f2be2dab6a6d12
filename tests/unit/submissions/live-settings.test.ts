// The staff tool acts with the live site's settings: the functions record the
// site's public address, where its link secret comes from and its retention
// periods in the store (settings/site); against the live store the tool signs
// and purges with those, whatever its own shell says, and refuses in one line
// when it cannot know them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import retention from '../../../netlify/functions/retention.ts';
import type { CliDeps } from '../../../scripts/submissions/cli.ts';
import { applicationRequest, jsonRequest, validContact } from '../../../scripts/lib/sample-requests.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import { checkDocumentLink, GENERATED_SECRET_SETTING, secretFingerprint } from '../../../src/server/documents/links.ts';
import { createContactHandler } from '../../../src/server/handlers.ts';
import { createApplicationHandler, type ApplicationHandlerDeps } from '../../../src/server/application-handler.ts';
import { newSubmissionId } from '../../../src/server/submissions/ids.ts';
import { contactRecord } from '../../../src/server/submissions/record.ts';
import {
  readSiteSettings,
  SITE_SETTINGS_NAME,
  type SiteSettings,
} from '../../../src/server/submissions/site-settings.ts';
import { insertSubmission } from '../../../src/server/submissions/rows.ts';
import { useTestDatabase } from '../../support/database.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';
import { runTool, testDatabase, testStores } from '../../support/submissions-tool.ts';
import { disarmInProcess } from '../../support/rebuilt-documents.ts';

const blobs = localBlobsPerTest();
const database = useTestDatabase();
const smtp = smtpServerPerTest();
const DAY = 24 * 60 * 60 * 1000;
const LIVE_ORIGIN = 'https://www.mnoadvocates.co.ke';

const handlerDeps = (): ApplicationHandlerDeps => ({
  db: database.db,
  openFiles: () => blobs.store(),
  log: () => {},
  notify: async () => {},
  disarm: disarmInProcess,
});

const sendContact = () =>
  createContactHandler(handlerDeps())(jsonRequest('/api/v1/client/contactform', { form_data: validContact() }));

async function storedApplication(): Promise<string> {
  expect((await createApplicationHandler(handlerDeps())(await applicationRequest())).status).toBe(200);
  const [row] = await database.db.query<{ id: string }>(`SELECT id FROM submissions WHERE type = 'application'`);
  return row!.id;
}

const recorded = () => readSiteSettings(database.db);

/** Records `value` as the site's settings, as its functions would. */
const recordAsSite = (value: SiteSettings) =>
  database.db.query(
    `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value`,
    [SITE_SETTINGS_NAME, value],
  );
const forgetSiteSettings = () => database.db.query(`DELETE FROM settings WHERE name = $1`, [SITE_SETTINGS_NAME]);
const settingNames = async () =>
  (await database.db.query<{ name: string }>(`SELECT name FROM settings ORDER BY name`)).map(({ name }) => name);
const notifiedOf = async (id: string) =>
  (await database.db.query(`SELECT notified FROM submissions WHERE id = $1`, [id]))[0];

const settings = (overrides: Partial<SiteSettings> = {}): SiteSettings => ({
  recordedAt: '2026-11-20T07:00:00.000Z',
  deployContext: 'production',
  siteUrl: LIVE_ORIGIN,
  documentLinks: { secret: 'store', days: 14 },
  retentionDays: { ...DEFAULT_RETENTION_DAYS },
  ...overrides,
});

/** The tool against the store as the live site's (or, with `live: false`, as a local one), from a shell of its own. */
const tool = (argv: string[], { live = true, ...overrides }: Partial<CliDeps> & { live?: boolean } = {}) =>
  runTool(argv, {
    openStore: async () => testStores(blobs, { live }),
    openDatabase: async () => testDatabase(database.db),
    // What an unconfigured shell has: the local server's address and the default periods.
    notificationSettings: () =>
      testNotificationSettings(smtp.url, {
        siteUrl: 'http://localhost:8888',
        documentLinks: async () => ({ secret: 'this-shell', origin: 'http://localhost:8888', days: 14 }),
      }),
    retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
    documentLinkSecret: () => undefined,
    ...overrides,
  });

const linksIn = (text: string) =>
  [...text.matchAll(/https?:\/\/\S+\/api\/v1\/documents\/\S+/g)].map((match) => new URL(match[0]));

beforeEach(async () => {
  vi.stubEnv('SITE_URL', LIVE_ORIGIN);
  vi.stubEnv('DOCUMENT_LINK_SECRET', undefined);
  vi.stubEnv('DOCUMENT_LINK_DAYS', undefined);
  vi.stubEnv('RETENTION_APPLICATION_DAYS', undefined);
  vi.stubEnv('RETENTION_ENQUIRY_DAYS', undefined);
  vi.stubEnv('CONTEXT', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the functions record the settings they run with', () => {
  it('after storing a submission: the public address, the secret’s source and the retention periods', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('DOCUMENT_LINK_DAYS', '7');
    vi.stubEnv('RETENTION_ENQUIRY_DAYS', '400');
    expect((await sendContact()).status).toBe(200);
    expect(await recorded()).toEqual({
      recordedAt: expect.any(String),
      deployContext: 'production',
      siteUrl: LIVE_ORIGIN,
      documentLinks: { secret: 'store', days: 7 },
      retentionDays: { application: 365, enquiry: 400 },
    });
  });

  it('record a configured DOCUMENT_LINK_SECRET by its fingerprint, never the secret', async () => {
    vi.stubEnv('DOCUMENT_LINK_SECRET', 'the-site-secret-0123456789');
    expect((await sendContact()).status).toBe(200);
    const stored = await recorded();
    expect(stored?.documentLinks).toEqual({
      secret: 'environment',
      fingerprint: secretFingerprint('the-site-secret-0123456789'),
      days: 14,
    });
    expect(JSON.stringify(stored)).not.toContain('the-site-secret');
  });

  it('write only when something changed', async () => {
    expect((await sendContact()).status).toBe(200);
    const first = await recorded();
    expect((await sendContact()).status).toBe(200);
    expect((await recorded())?.recordedAt).toBe(first?.recordedAt);
    vi.stubEnv('RETENTION_APPLICATION_DAYS', '180');
    expect((await sendContact()).status).toBe(200);
    expect((await recorded())?.retentionDays.application).toBe(180);
  });

  it('never fail a submission over it, and log why', async () => {
    vi.stubEnv('RETENTION_ENQUIRY_DAYS', 'two years');
    const logged: Array<Record<string, unknown>> = [];
    const response = await createContactHandler({ ...handlerDeps(), log: (entry) => logged.push(entry) })(
      jsonRequest('/api/v1/client/contactform', { form_data: validContact() }),
    );
    expect(response.status).toBe(200);
    expect(logged).toEqual([
      expect.objectContaining({
        what: 'record the site’s settings for the staff tool',
        detail: expect.stringContaining('RETENTION_ENQUIRY_DAYS must be a whole number of days'),
      }),
    ]);
  });

  it('in the daily retention job too', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.stubEnv('RETENTION_ENQUIRY_DAYS', '500');
    vi.stubEnv('NETLIFY_DB_URL', database.url);
    expect((await retention()).status).toBe(204);
    expect((await recorded())?.retentionDays).toEqual({ application: 365, enquiry: 500 });
  });
});

describe('against the live store, the tool', () => {
  it('refuses, in one line, to print links before the site has recorded its settings, and writes nothing', async () => {
    const id = await storedApplication();
    await forgetSiteSettings();
    const result = await tool(['show', id]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      'Database: test database',
      'Store: test store',
      expect.stringMatching(
        /^submissions: The live site has not recorded its settings yet \(the settings row 'site'\), so the tool cannot sign document links as the site does: /,
      ),
    ]);
    expect(await settingNames()).toEqual([]);
  });

  it('signs links for the site’s address with the secret the site keeps in its store, not its own shell’s', async () => {
    const id = await storedApplication();
    await recordAsSite(settings({ documentLinks: { secret: 'store', days: 10 } }));
    const result = await tool(['show', id]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "Settings: the live site's, recorded 2026-11-20 10:00 (EAT): links from https://www.mnoadvocates.co.ke, working 10 days",
    );
    const [{ value: secret }] = (await database.db.query(`SELECT value FROM settings WHERE name = $1`, [
      GENERATED_SECRET_SETTING,
    ])) as [{ value: string }];
    const links = linksIn(result.stdout);
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.origin).toBe(LIVE_ORIGIN);
      expect(checkDocumentLink(link, secret)).toMatchObject({ ok: true, submissionId: id });
      expect(Number(link.searchParams.get('expires')) * 1000 - Date.now()).toBeGreaterThan(9.9 * DAY);
    }
  });

  it('needs the site’s own DOCUMENT_LINK_SECRET when the site has one, and never makes a second', async () => {
    const id = await storedApplication();
    await recordAsSite(
      settings({ documentLinks: { secret: 'environment', fingerprint: secretFingerprint('site-secret'), days: 14 } }),
    );
    const unset = await tool(['show', id]);
    expect(unset.code).toBe(1);
    expect(unset.stderr.split('\n').at(-1)).toMatch(
      /^submissions: The live site signs document links with its own DOCUMENT_LINK_SECRET: set the same value/,
    );
    const wrong = await tool(['show', id], { documentLinkSecret: () => 'another-secret' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.split('\n').at(-1)).toMatch(
      /^submissions: DOCUMENT_LINK_SECRET in this shell is not the live site’s/,
    );
    const right = await tool(['show', id], { documentLinkSecret: () => 'site-secret' });
    expect(right.code).toBe(0);
    for (const link of linksIn(right.stdout)) expect(checkDocumentLink(link, 'site-secret').ok).toBe(true);
    expect(await settingNames()).toEqual([SITE_SETTINGS_NAME]);
  });

  it('refuses to resend an application before sending anything when it cannot sign as the site does', async () => {
    const id = await storedApplication();
    await forgetSiteSettings();
    const before = await notifiedOf(id);
    const result = await tool(['resend', id]);
    expect(result.code).toBe(1);
    expect(smtp.messages).toEqual([]);
    expect(await notifiedOf(id)).toEqual(before);
  });

  it('resends an application with links to the live site', async () => {
    const id = await storedApplication();
    await recordAsSite(settings());
    const result = await tool(['resend', id]);
    expect(result.code).toBe(0);
    const [mail] = await smtp.waitFor(1);
    const links = linksIn(mail!.text);
    expect(links).toHaveLength(4);
    expect(links.every((link) => link.origin === LIVE_ORIGIN)).toBe(true);
  });

  it('purges by the site’s retention periods, not its own shell’s, and says so', async () => {
    const old = new Date(Date.now() - 100 * DAY);
    const id = newSubmissionId(old.getTime());
    await insertSubmission(database.db, contactRecord({ ...validContact(), honey: '' }, { id, receivedAt: old }));
    await recordAsSite(settings({ retentionDays: { application: 365, enquiry: 90 } }));
    const live = await tool(['purge']);
    expect(live.code).toBe(0);
    expect(live.stderr).toContain(
      "Settings: the live site's, recorded 2026-11-20 10:00 (EAT): applications kept 12 months, enquiries 90 days",
    );
    expect(live.stdout).toMatch(new RegExp(`^1 submission is past its retention period .*\\n  ${id}`));
    // The same store read as a local one goes by this shell's periods: nothing is that old.
    expect((await tool(['purge'], { live: false })).stdout).toMatch(/^Nothing is past its retention period/);
  });

  it('refuses to purge by retention periods it does not know, but purges by --older-than', async () => {
    await forgetSiteSettings();
    const refused = await tool(['purge']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.split('\n').at(-1)).toMatch(
      /^submissions: The live site has not recorded its settings yet \(the settings row 'site'\), so the tool cannot purge by its retention periods/,
    );
    expect((await tool(['purge', '--older-than', '90'])).code).toBe(0);
  });
});
