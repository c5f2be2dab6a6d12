// `npm run submissions -- import-blobs` copies the article alerts a site
// running the version before Netlify Database kept in the Blobs store "alerts":
// written here in that version's key layout (alerts/pending/…, subscribers/…,
// consents/…, articles/…, sent/… and the markers beside them), then copied;
// `find --email` finds each person's; a second run copies nothing; nothing is
// deleted from Blobs.
import { describe, expect, it } from 'vitest';
import type { CliDeps } from '../../../scripts/submissions/cli.ts';
import { alertStoreName } from '../../../scripts/submissions/open-store.ts';
import { articleRef } from '../../../src/server/alerts/queue.ts';
import { addressKey } from '../../../src/server/alerts/store.ts';
import { ALERT_SECRET } from '../../support/alerts.ts';
import { TEST_SITE_URL, testNotificationSettings } from '../../support/notification-settings.ts';
import { submissionsToolPerTest } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { blobs, smtp } = tool;
const alertStore = () => blobs.store(alertStoreName(false));

/** The tool, signing with the secret the old site made the address keys with. */
const run = (argv: string[], overrides: Partial<CliDeps> = {}) =>
  tool.run(argv, {
    notificationSettings: () =>
      testNotificationSettings(smtp.url, {
        documentLinks: async () => ({ secret: ALERT_SECRET, origin: TEST_SITE_URL, days: 14 }),
      }),
    ...overrides,
  });

const WANJIRU = 'Wanjiru@Example.co.ke';
const keyOf = (email: string) => addressKey(email, ALERT_SECRET);
const SENT_REF = articleRef({ id: 'ckarticle1', slug: 'land-rates-2027' });
const QUEUED_REF = articleRef({ id: 'ckarticle2', slug: 'new-tax-rules' });
const notice = { lang: 'en', noticeVersion: '2026-06' };
const article = {
  slug: 'land-rates-2027',
  title: 'What the new land rates mean for you',
  summary: 'Nairobi’s valuation roll changes what owners pay from January.',
  date: '2026-11-20',
  author: 'Wanjiru Muthoni',
  category: 'land-and-conveyancing',
};

/** What the previous version's subscribe, confirm, unsubscribe, webhook and send-alerts left in "alerts". */
async function oldAlertBlobs() {
  const store = alertStore();
  const wanjiru = keyOf(WANJIRU);
  const gone = keyOf('gone@example.com');
  const unconfirmed = keyOf('unconfirmed@example.com');
  await store.setJSON(`alerts/subscribers/${wanjiru}`, {
    email: WANJIRU,
    categories: ['land-and-conveyancing', 'tax-law'],
    confirmedAt: '2026-11-20T07:00:00.000Z',
    request: 'request-1',
    ...notice,
  });
  for (const category of ['land-and-conveyancing', 'tax-law'])
    await store.set(`alerts/members/${category}/${wanjiru}`, '');
  await store.setJSON(`alerts/consents/${wanjiru}/01KAHQZ0001Y6FKMBGXW5ZQ0AA`, {
    event: 'given',
    at: '2026-11-20T07:00:00.000Z',
    categories: ['land-and-conveyancing', 'tax-law'],
    by: 'confirmation link',
    ...notice,
  });
  await store.setJSON(`alerts/consents/${gone}/01KAHQZ0002Y6FKMBGXW5ZQ0AA`, {
    event: 'given',
    at: '2026-11-20T09:00:00.000Z',
    categories: ['tax-law'],
    by: 'confirmation link',
    ...notice,
  });
  await store.setJSON(`alerts/consents/${gone}/01KAHQZ0003Y6FKMBGXW5ZQ0AA`, {
    event: 'withdrawn',
    at: '2026-11-20T10:00:00.000Z',
    categories: ['tax-law'],
    by: 'unsubscribe link',
    ...notice,
  });
  const pending = (email: string, categories: string[], mail: object) => ({
    request: `request-of-${email}`,
    email,
    categories,
    requestedAt: '2026-11-21T07:00:00.000Z',
    mail,
    ...notice,
  });
  await store.setJSON(
    `alerts/pending/${wanjiru}`,
    pending('wanjiru@example.co.ke', ['employment-law'], { sentAt: '2026-11-21T07:00:01.000Z', attempts: 1 }),
  );
  await store.setJSON(
    `alerts/pending/${unconfirmed}`,
    pending('unconfirmed@example.com', ['tax-law'], { attempts: 2, lastError: 'connection refused' }),
  );
  await store.set(`alerts/unmailed/${unconfirmed}`, '');
  for (const address of [wanjiru, unconfirmed]) await store.set(`alerts/requested/2026-11-21/${address}`, '');
  await store.setJSON(`alerts/articles/${SENT_REF}`, {
    state: 'sent',
    slug: article.slug,
    queuedAt: '2026-11-21T08:00:00.000Z',
    article,
    liveAt: '2026-11-21T09:00:00.000Z',
    failedRuns: 0,
    endedAt: '2026-11-21T09:00:05.000Z',
    sent: 1,
  });
  await store.setJSON(`alerts/sent/${SENT_REF}/${wanjiru}`, { state: 'sent', at: '2026-11-21T09:00:00.000Z' });
  await store.setJSON(`alerts/articles/${QUEUED_REF}`, {
    state: 'queued',
    slug: 'new-tax-rules',
    queuedAt: '2026-11-21T10:00:00.000Z',
    failedRuns: 0,
  });
  await store.set(`alerts/queue/${QUEUED_REF}`, '');
  return { wanjiru, gone, unconfirmed };
}

const keysLeft = async () => (await alertStore().list()).blobs.map(({ key }) => key).sort();

describe('import-blobs, article alerts', () => {
  it('copies every alert record of the old layout, and find --email then finds each person’s', async () => {
    await oldAlertBlobs();
    const before = await keysLeft();
    const first = await run(['import-blobs']);
    expect(first.code).toBe(0);
    const lines = first.stdout.split('\n');
    // Each importer prints its own block; this one's starts at "alerts:".
    expect(lines.slice(lines.indexOf('alerts:'))).toEqual([
      'alerts:',
      '  alert consents: copied 3, already there 0',
      '  alert requests: copied 2, already there 0',
      '  alert sends: copied 1, already there 0',
      '  alert subscribers: copied 1, already there 0',
      '  article alerts: copied 2, already there 0',
      'Every record found was copied or was there already. Nothing was deleted from Blobs.',
    ]);
    expect(await keysLeft()).toEqual(before);

    const found = await run(['find', '--email', 'wanjiru@example.co.ke', '--json']);
    expect(JSON.parse(found.stdout)).toMatchObject({
      alerts: {
        subscriber: { email: WANJIRU, categories: ['land-and-conveyancing', 'tax-law'], lang: 'en' },
        pending: { email: 'wanjiru@example.co.ke', categories: ['employment-law'], mail: { attempts: 1 } },
        consents: [{ event: 'given', by: 'confirmation link', at: '2026-11-20T07:00:00.000Z' }],
        memberships: ['land-and-conveyancing', 'tax-law'],
        sent: [{ slug: article.slug, state: 'sent', at: '2026-11-21T09:00:00.000Z' }],
      },
    });
    const gone = await run(['find', '--email', 'gone@example.com']);
    expect(gone.stdout).toContain('Consent withdrawn 2026-11-20 13:00 (EAT) by the unsubscribe link: Tax Law');

    const { db } = tool.database;
    expect(await db.query(`SELECT ref, state, article, claimed_until FROM alert_articles ORDER BY queued_at`)).toEqual([
      { ref: SENT_REF, state: 'sent', article, claimed_until: null },
      { ref: QUEUED_REF, state: 'queued', article: null, claimed_until: null },
    ]);
    expect(
      await db.query(
        `SELECT mail_attempts, mail_last_error FROM alert_requests WHERE email = 'unconfirmed@example.com'`,
      ),
    ).toEqual([{ mail_attempts: 2, mail_last_error: 'connection refused' }]);
  });

  it('copies nothing twice: a second run counts what is there already', async () => {
    await oldAlertBlobs();
    await run(['import-blobs']);
    const again = await run(['import-blobs']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('  alert consents: copied 0, already there 3');
    expect(again.stdout).toContain('  alert subscribers: copied 0, already there 1');
    expect(again.stdout).toContain('  alert sends: copied 0, already there 1');
    expect(again.stdout).not.toMatch(/copied [1-9]/);
    const memberships = await tool.database.db.query(`SELECT count(*)::int AS n FROM alert_memberships`);
    expect(memberships).toEqual([{ n: 2 }]);
  });

  it('names each alert key it could not copy, with why, copies the rest and exits with 1', async () => {
    const { wanjiru } = await oldAlertBlobs();
    const lost = 'f'.repeat(32);
    await alertStore().setJSON(`alerts/sent/${lost}/${wanjiru}`, { state: 'sent', at: '2026-11-21T09:00:00.000Z' });
    await alertStore().setJSON(`alerts/subscribers/${keyOf('bad@example.com')}`, { email: 'not an address' });
    const result = await run(['import-blobs']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `  could not copy alerts/sent/${lost}/${wanjiru}: alerts/sent/${lost}/${wanjiru} names an article alert the store does not hold`,
    );
    expect(result.stdout).toMatch(
      new RegExp(`could not copy alerts/subscribers/${keyOf('bad@example.com')}: .*email: Invalid email`),
    );
    expect(result.stdout).toContain('  alert subscribers: copied 1, already there 0');
    expect(result.stdout).toContain('2 could not be copied (above, with why); nothing was deleted from Blobs.');
  });
});
