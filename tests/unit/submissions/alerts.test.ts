// Article alerts in the staff tool: `subscribers` sums them up, and a data
// request by address (`find`, `export`, `erase --email`) covers the person's
// subscription, waiting request, consents and the alerts sent to them — all
// made by the site's own subscribe, confirm, unsubscribe and send-alerts code.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliDeps } from '../../../scripts/submissions/cli.ts';
import { DEFAULT_RETENTION_DAYS, PRIVACY_NOTICE_VERSION } from '../../../src/lib/privacy.ts';
import { alertCategoriesOf } from '../../../src/server/alerts/categories.ts';
import { unsubscribeLink } from '../../../src/server/alerts/links.ts';
import { queueAlert } from '../../../src/server/alerts/queue.ts';
import { addressKey } from '../../../src/server/alerts/store.ts';
import { secretFingerprint } from '../../../src/server/documents/links.ts';
import { SITE_SETTINGS_NAME, type SiteSettings } from '../../../src/server/submissions/site-settings.ts';
import { ALERT_SECRET, alertsWorld, liveArticle, liveSite } from '../../support/alerts.ts';
import { TEST_SITE_URL, testNotificationSettings } from '../../support/notification-settings.ts';
import { submissionsToolPerTest, testStores } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { blobs, smtp } = tool;
const db = () => tool.database.db;

/** The alert rows that name `address`, by table: what an erasure must leave none of. */
async function alertRowsOf(address: string) {
  const [row] = await db().query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM alert_subscribers WHERE address_key = $1) AS subscribers,
       (SELECT count(*)::int FROM alert_requests WHERE address_key = $1) AS requests,
       (SELECT count(*)::int FROM alert_memberships WHERE subscriber = $1) AS memberships,
       (SELECT count(*)::int FROM alert_consents WHERE address_key = $1) AS consents,
       (SELECT count(*)::int FROM alert_sends WHERE subscriber = $1) AS sends`,
    [address],
  );
  return row!;
}

/** The tool, signing with the secret the site made the alerts' address keys with. */
const run = (argv: string[], overrides: Partial<CliDeps> = {}) =>
  tool.run(argv, {
    notificationSettings: () =>
      testNotificationSettings(smtp.url, {
        documentLinks: async () => ({ secret: ALERT_SECRET, origin: TEST_SITE_URL, days: 14 }),
      }),
    ...overrides,
  });

const article = liveArticle();
const WANJIRU = 'wanjiru@example.co.ke';
const keyOf = (email: string) => addressKey(email, ALERT_SECRET);

/**
 * Wanjiru subscribes (10:00 EAT), then asks to change her categories (waiting
 * for confirmation); Ardhi subscribes in Kiswahili; Gone subscribes and
 * unsubscribes with the one-click link; one request is never confirmed; an
 * article goes to its category's two subscribers.
 */
async function readers() {
  let clock = new Date('2026-11-20T07:00:00Z');
  const at = (iso: string) => (clock = new Date(iso));
  const world = alertsWorld(db(), smtp, { now: () => clock });
  await world.subscribed('Wanjiru@Example.co.ke', ['land-and-conveyancing', 'tax-law']);
  at('2026-11-20T08:00:00Z');
  await world.subscribed('ardhi@example.com', ['land-and-conveyancing'], 'sw');
  at('2026-11-20T09:00:00Z');
  await world.subscribed('gone@example.com', ['tax-law']);
  at('2026-11-20T10:00:00Z');
  const unsubscribe = unsubscribeLink(keyOf('gone@example.com'), ALERT_SECRET, TEST_SITE_URL);
  await world.links(new Request(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
  at('2026-11-21T07:00:00Z');
  await world.subscribe({ email: WANJIRU, categories: ['employment-law'], consent: true, lang: 'en' });
  await world.subscribe({ email: 'unconfirmed@example.com', categories: ['tax-law'], consent: true });
  at('2026-11-21T09:00:00Z');
  await queueAlert(db(), { id: article.id, slug: article.slug }, clock);
  const sent = await world.run(liveSite([article]));
  expect(sent.articles).toEqual([{ slug: article.slug, state: 'sent', sent: 2, failed: 0, skipped: 0 }]);
}

describe('subscribers', () => {
  it('counts confirmed subscribers per category and waiting requests, and shows the newest consents and articles', async () => {
    await readers();
    const json = JSON.parse((await run(['subscribers', '--json'])).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ confirmed: 2, waitingForConfirmation: 2 });
    expect(json.categories).toContainEqual({
      slug: 'land-and-conveyancing',
      name: 'Land and Conveyancing',
      subscribers: 2,
    });
    expect(json.categories).toContainEqual({ slug: 'tax-law', name: 'Tax Law', subscribers: 1 });
    expect(json.categories).toContainEqual({ slug: 'employment-law', name: 'Employment Law', subscribers: 0 });
    const consent = { lang: 'en', noticeVersion: PRIVACY_NOTICE_VERSION };
    expect(json.recentConsents).toEqual([
      { ...consent, at: '2026-11-20T10:00:00.000Z', event: 'withdrawn', categories: ['tax-law'], email: null },
      { ...consent, at: '2026-11-20T09:00:00.000Z', event: 'given', categories: ['tax-law'], email: null },
      {
        ...consent,
        at: '2026-11-20T08:00:00.000Z',
        event: 'given',
        lang: 'sw',
        categories: ['land-and-conveyancing'],
        email: 'ardhi@example.com',
      },
      {
        ...consent,
        at: '2026-11-20T07:00:00.000Z',
        event: 'given',
        categories: ['land-and-conveyancing', 'tax-law'],
        email: 'Wanjiru@Example.co.ke',
      },
    ]);
    expect(json.articles).toEqual([
      { slug: article.slug, state: 'sent', queuedAt: '2026-11-21T09:00:00.000Z', sent: 2 },
    ]);

    const { code, stdout } = await run(['subscribers']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('2 confirmed subscribers; 2 requests waiting for confirmation (forgotten after 7 days).');
    expect(lines).toContain(`${'Land and Conveyancing'.padEnd(40)}2`);
    expect(stdout).toMatch(/2026-11-20 13:00 +unsubscribed +en {2}tax-law +\(address no longer kept\)/);
    expect(stdout).toMatch(/2026-11-20 11:00 +confirmed +sw {2}land-and-conveyancing +ardhi@example\.com/);
    expect(stdout).toMatch(/2026-11-21 12:00 +sent +land-rates-2027 +2 e-mails/);
  });

  it('says so when nobody has subscribed', async () => {
    const { code, stdout } = await run(['subscribers']);
    expect(code).toBe(0);
    expect(stdout).toContain('0 confirmed subscribers; 0 requests waiting');
    expect(stdout).toContain('No consent given yet.');
    expect(stdout).toContain('No article alert yet.');
  });
});

describe('a data request covers the person’s article alerts', () => {
  it('find shows the subscription, a waiting request, every consent and the alerts sent, by any case of the address', async () => {
    await readers();
    const found = await run(['find', '--email', 'WANJIRU@example.co.ke']);
    expect(found.code).toBe(0);
    expect(found.stdout.split('\n')).toEqual([
      'No submissions from WANJIRU@example.co.ke.',
      'Article alerts: subscribed 2026-11-20 10:00 (EAT) as Wanjiru@Example.co.ke, in English, to Land and Conveyancing, ' +
        `Tax Law (privacy notice ${PRIVACY_NOTICE_VERSION}).`,
      `Waiting for confirmation: asked 2026-11-21 10:00 (EAT) as ${WANJIRU}, in English, for Employment Law; ` +
        'the confirmation e-mail went 2026-11-21 10:00 (EAT).',
      'Consent given 2026-11-20 10:00 (EAT) by the confirmation link: Land and Conveyancing, Tax Law ' +
        `(English, privacy notice ${PRIVACY_NOTICE_VERSION}).`,
      'On the lists of: Land and Conveyancing, Tax Law.',
      `Alert e-mailed 2026-11-21 12:00 (EAT): ${article.slug}.`,
    ]);

    const gone = await run(['find', '--email', 'gone@example.com']);
    expect(gone.stdout).toContain('Article alerts: not subscribed.');
    expect(gone.stdout).toContain('Consent given 2026-11-20 12:00 (EAT) by the confirmation link: Tax Law');
    expect(gone.stdout).toContain('Consent withdrawn 2026-11-20 13:00 (EAT) by the unsubscribe link: Tax Law');

    const json = JSON.parse((await run(['find', '--email', WANJIRU, '--json'])).stdout) as { alerts: unknown };
    expect(json.alerts).toMatchObject({
      subscriber: { email: 'Wanjiru@Example.co.ke', categories: ['land-and-conveyancing', 'tax-law'], lang: 'en' },
      pending: { email: WANJIRU, categories: ['employment-law'] },
      consents: [{ event: 'given', by: 'confirmation link', noticeVersion: PRIVACY_NOTICE_VERSION }],
      memberships: ['land-and-conveyancing', 'tax-law'],
      sent: [{ slug: article.slug, state: 'sent', at: '2026-11-21T09:00:00.000Z' }],
    });
    expect((await run(['find', '--email', 'nobody@example.com'])).stdout).toContain(
      'No article alerts for nobody@example.com.',
    );
  });

  it('export --email writes article-alerts.json beside the submissions, under plain labels', async () => {
    await readers();
    await tool.submitAll();
    const directory = join(tool.scratch, 'wanjiru-alerts');
    const { code, stdout } = await run(['export', '--email', WANJIRU, '--out', directory]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Exported 1 submission and their article alerts from wanjiru@example\.co\.ke to /);
    expect((await readdir(directory)).filter((name) => !name.includes('-contact-'))).toEqual(['article-alerts.json']);
    const written = JSON.parse(await readFile(join(directory, 'article-alerts.json'), 'utf8')) as unknown;
    expect(written).toEqual({
      Subscription: {
        'E-mail address': 'Wanjiru@Example.co.ke',
        Language: 'English',
        Categories: ['Land and Conveyancing', 'Tax Law'],
        Confirmed: '2026-11-20T07:00:00.000Z',
        'Privacy notice version': PRIVACY_NOTICE_VERSION,
      },
      'Waiting for confirmation': {
        'E-mail address': WANJIRU,
        Language: 'English',
        Categories: ['Employment Law'],
        Asked: '2026-11-21T07:00:00.000Z',
        'Privacy notice version': PRIVACY_NOTICE_VERSION,
        'Confirmation e-mail sent': '2026-11-21T07:00:00.000Z',
      },
      Consents: [
        {
          Consent: 'given',
          When: '2026-11-20T07:00:00.000Z',
          How: 'by the confirmation link',
          Categories: ['Land and Conveyancing', 'Tax Law'],
          Language: 'English',
          'Privacy notice version': PRIVACY_NOTICE_VERSION,
        },
      ],
      'Alerts e-mailed': [{ Article: article.slug, State: 'sent', When: '2026-11-21T09:00:00.000Z' }],
    });

    const ardhi = await run(['export', '--email', 'ardhi@example.com', '--out', join(tool.scratch, 'ardhi')]);
    expect(ardhi.stdout).toMatch(/^Exported 0 submissions and their article alerts from ardhi@example\.com/);
    expect(await readdir(join(tool.scratch, 'ardhi'))).toEqual(['article-alerts.json']);
  });

  it('erase --email deletes their subscription, request, memberships, consents and claims, and notes it', async () => {
    await readers();
    await tool.submitAll();
    const others = await alertRowsOf(keyOf('ardhi@example.com'));
    const before = await alertRowsOf(keyOf(WANJIRU));
    expect(before).toEqual({ subscribers: 1, requests: 1, memberships: 2, consents: 1, sends: 1 });

    const dry = await run(['erase', '--email', WANJIRU]);
    expect(dry.stdout).toContain(
      'Would erase their article alerts (subscription 1, waiting request 1, consent records 1, list memberships 2, alerts sent 1):',
    );
    expect(dry.stdout).toContain('  On the lists of: Land and Conveyancing, Tax Law.');
    expect(await alertRowsOf(keyOf(WANJIRU))).toEqual(before);

    const done = await run(['erase', '--email', WANJIRU, '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      'Erased their article alerts (subscription 1, waiting request 1, consent records 1, list memberships 2, alerts sent 1).',
    );
    expect(await alertRowsOf(keyOf(WANJIRU))).toEqual({
      subscribers: 0,
      requests: 0,
      memberships: 0,
      consents: 0,
      sends: 0,
    });
    expect(await alertRowsOf(keyOf('ardhi@example.com'))).toEqual(others);
    expect(await db().query('SELECT counts FROM erasures')).toEqual([
      {
        counts: {
          contact: 1,
          consultation: 0,
          application: 0,
          alerts: { subscription: 1, waitingRequest: 1, consents: 1, memberships: 2, alertsSent: 1 },
        },
      },
    ]);

    const found = await run(['find', '--email', WANJIRU]);
    expect(found.stdout).toContain(`No article alerts for ${WANJIRU}.`);
    expect(found.stdout).toContain(
      '(contact 1, consultation 0, application 0; 0 documents); article alerts: subscription 1, waiting request 1, ' +
        'consent records 1, list memberships 2, alerts sent 1.',
    );
    expect(JSON.parse((await run(['subscribers', '--json'])).stdout)).toMatchObject({ confirmed: 1 });
  });

  it('still counts, finds and erases a subscription to a category the build no longer lists', async () => {
    await alertsWorld(db(), smtp).subscribed('sailor@example.com', ['maritime-law']);
    // The next build has no article in Maritime_Law left.
    const rebuilt = { alertCategories: async () => alertCategoriesOf(['Tax_Law']) };
    const json = JSON.parse((await run(['subscribers', '--json'], rebuilt)).stdout) as Record<string, unknown>;
    expect(json.categories).toEqual([
      { slug: 'maritime-law', name: 'maritime law', subscribers: 1 },
      { slug: 'tax-law', name: 'Tax Law', subscribers: 0 },
    ]);
    expect((await run(['find', '--email', 'sailor@example.com'], rebuilt)).stdout).toContain(
      'On the lists of: maritime law.',
    );
    const done = await run(['erase', '--email', 'sailor@example.com', '--yes'], rebuilt);
    expect(done.stdout).toContain('list memberships 1');
    expect(await db().query('SELECT * FROM alert_memberships')).toEqual([]);
  });

  it('unsubscribe --email stops their alerts as the link would, recording the withdrawal, and leaves submissions', async () => {
    await readers();
    await tool.submitAll();
    const dry = await run(['unsubscribe', '--email', WANJIRU]);
    expect(dry.stdout).toBe(
      `${WANJIRU}: would unsubscribe them from Land and Conveyancing, Tax Law and forget their request waiting ` +
        'for confirmation. Nothing was changed: add --yes.',
    );
    const done = await run(['unsubscribe', '--email', WANJIRU, '--yes']);
    expect(done.stdout).toBe(`${WANJIRU}: unsubscribed them (withdrawal recorded) and forgot their waiting request.`);
    const found = await run(['find', '--email', WANJIRU]);
    expect(found.stdout).toContain('1 submission from');
    expect(found.stdout).toContain('Article alerts: not subscribed.');
    expect(found.stdout).toContain(
      'Consent withdrawn 2026-11-22 12:05 (EAT) by the written request: Land and Conveyancing, Tax Law',
    );
    expect(found.stdout).not.toContain('On the lists of');
    expect((await run(['unsubscribe', '--email', WANJIRU])).stdout).toBe(
      `${WANJIRU} is not subscribed to article alerts and asked for none: nothing to do.`,
    );
  });

  it('needs the live site’s link secret only once someone has subscribed', async () => {
    const settings: SiteSettings = {
      recordedAt: '2026-11-22T08:00:00.000Z',
      deployContext: 'production',
      siteUrl: TEST_SITE_URL,
      documentLinks: { secret: 'environment', fingerprint: secretFingerprint(ALERT_SECRET), days: 14 },
      retentionDays: { ...DEFAULT_RETENTION_DAYS },
    };
    await db().query(`INSERT INTO settings (name, value) VALUES ($1, $2)`, [SITE_SETTINGS_NAME, settings]);
    const live = (secret: string | undefined) => ({
      openStore: async () => testStores(blobs, { live: true }),
      documentLinkSecret: () => secret,
    });
    expect((await run(['find', '--email', WANJIRU], live(undefined))).code).toBe(0);

    await readers();
    const refused = await run(['find', '--email', WANJIRU], live(undefined));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'DOCUMENT_LINK_SECRET: set the same value in this shell to find the article alerts of an address.',
    );
    const found = await run(['find', '--email', WANJIRU], live(ALERT_SECRET));
    expect(found.stdout).toContain('On the lists of: Land and Conveyancing, Tax Law.');
  });
});
