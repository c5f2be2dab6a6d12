// send-alerts: each newly published article e-mailed once to each confirmed
// subscriber of its category, once its page is live; in the subscriber's
// language; with RFC 8058's headers; never twice, however runs overlap or stop.
import { describe, expect, it } from 'vitest';
import { config } from '../../../../netlify/functions/send-alerts.ts';
import { cancelAlert, queueAlert, readAlert, articleRef } from '../../../../src/server/alerts/queue.ts';
import { unsubscribeLink } from '../../../../src/server/alerts/links.ts';
import { ALERT_WAITS_MS, backoffMs, sendAlerts } from '../../../../src/server/alerts/send-run.ts';
import { createSendAlertsHandler } from '../../../../src/server/alerts/send-handler.ts';
import { addressKey } from '../../../../src/server/alerts/store.ts';
import { DatabaseUnavailable } from '../../../../src/server/db/unavailable.ts';
import { ALERT_SECRET, alertsWorld, BUILT_CATEGORIES, liveArticle, liveSite } from '../../../support/alerts.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { TEST_SITE_URL, testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const database = useTestDatabase();
const smtp = smtpServerPerTest();

const article = liveArticle();
const published = { id: article.id, slug: article.slug };
const store = () => database.db;

async function readers(world: ReturnType<typeof alertsWorld>) {
  await world.subscribed('land@example.com', ['land-and-conveyancing']);
  await world.subscribed('ardhi@example.com', ['land-and-conveyancing', 'tax-law'], 'sw');
  await world.subscribed('tax@example.com', ['tax-law']);
  // Asked, never confirmed.
  await world.subscribe({ email: 'unconfirmed@example.com', categories: ['land-and-conveyancing'], consent: true });
  await smtp.waitFor(4);
  smtp.clear();
}

describe('send-alerts', () => {
  it('is scheduled every 5 minutes', () => {
    expect(config).toEqual({ schedule: '*/5 * * * *' });
  });

  it('e-mails a new article once to each confirmed subscriber of its category, with the one-click headers', async () => {
    const world = alertsWorld(database.db, smtp);
    await readers(world);
    expect(await queueAlert(store(), published, new Date())).toBe(true);
    const run = await world.run(liveSite([article]));
    expect(run.articles).toEqual([{ slug: article.slug, state: 'sent', sent: 2, failed: 0, skipped: 0 }]);
    const mails = await smtp.waitFor(2);
    expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual(['ardhi@example.com', 'land@example.com']);
    const english = mails.find((mail) => mail.envelope.to[0] === 'land@example.com')!;
    expect(english.subject).toBe(`New article: ${article.title}`);
    expect(english.text).toContain(`Read it: ${TEST_SITE_URL}/insight/${article.slug}`);
    expect(english.text).toContain(article.summary);
    expect(english.text).toContain('November 20, 2026 · Wanjiru Muthoni');
    const unsubscribe = english.header('list-unsubscribe')!;
    expect(unsubscribe).toMatch(
      new RegExp(`^<${TEST_SITE_URL}/api/v1/alerts/unsubscribe/[0-9a-f]{40}\\?signature=[\\w-]+>$`),
    );
    expect(english.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(english.text).toContain(unsubscribe.slice(1, -1));
    const kiswahili = mails.find((mail) => mail.envelope.to[0] === 'ardhi@example.com')!;
    expect(kiswahili.subject).toBe(`Makala mpya: ${article.title}`);
    expect(kiswahili.text).toContain('(makala hii iko kwa Kiingereza)');
    expect(kiswahili.text).toContain('20 Novemba 2026');
    expect(kiswahili.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await world.run(liveSite([article]));
    expect(await queueAlert(store(), published, new Date())).toBe(false);
    await world.run(liveSite([article]));
    expect(smtp.messages).toHaveLength(2);
  });

  it('waits for the article’s page to be live, and gives up after a week without it', async () => {
    let now = new Date('2026-11-27T09:00:00Z');
    const world = alertsWorld(database.db, smtp, { now: () => now });
    await readers(world);
    await queueAlert(store(), published, now);
    const notYet = liveSite([]);
    expect((await world.run(notYet)).articles).toEqual([
      { slug: article.slug, state: 'queued', sent: 0, failed: 0, skipped: 0 },
    ]);
    expect(notYet.asked).toEqual([`${TEST_SITE_URL}/insight/${article.slug}`]);
    now = new Date(now.getTime() + ALERT_WAITS_MS);
    expect((await world.run(notYet)).articles[0]?.state).toBe('expired');
    await world.run(liveSite([article]));
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends nothing of an article unpublished before its alert went out', async () => {
    const world = alertsWorld(database.db, smtp);
    await readers(world);
    await queueAlert(store(), published, new Date());
    expect(await cancelAlert(store(), published, new Date())).toBe(true);
    expect((await world.run(liveSite([article]))).articles).toEqual([]);
    expect((await readAlert(store(), articleRef(published)))?.state).toBe('cancelled');
    expect(smtp.messages).toHaveLength(0);
  });

  it('stops starting sends at its budget and the next run sends the rest, none twice', async () => {
    const world = alertsWorld(database.db, smtp);
    for (let n = 0; n < 6; n++) await world.subscribed(`reader${n}@example.com`, ['land-and-conveyancing']);
    await smtp.waitFor(6);
    smtp.clear();
    await queueAlert(store(), published, new Date());
    const site = liveSite([article]);
    const first = await world.run(site, { budgetMs: 0 });
    expect(first.stoppedBecause).toBe('time');
    expect(smtp.messages).toHaveLength(0);
    // Two runs at once: the article is taken by one (FOR UPDATE SKIP LOCKED).
    const [a, b] = await Promise.all([world.run(site, { concurrency: 2 }), world.run(site, { concurrency: 2 })]);
    expect([...a.articles, ...b.articles].map(({ sent }) => sent)).toEqual([6]);
    await world.run(site);
    const to = (await smtp.waitFor(6)).map((mail) => mail.envelope.to[0]);
    expect(new Set(to).size).toBe(6);
    expect(smtp.messages).toHaveLength(6);
  });

  it('sends once to each address when a run outlives its hold on the article and another run takes it', async () => {
    const world = alertsWorld(database.db, smtp);
    for (let n = 0; n < 4; n++) await world.subscribed(`reader${n}@example.com`, ['land-and-conveyancing']);
    await smtp.waitFor(4);
    smtp.clear();
    await queueAlert(store(), published, new Date());
    const { fetchPage } = liveSite([article]);
    const settings = { ...testNotificationSettings(smtp.url), categories: BUILT_CATEGORIES };
    const mailer = settings.mailer!;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const atFirstSend = new Promise<void>((resolve) => (reached = resolve));
    let first = true;
    // The first run's first e-mail stalls until the second run has finished.
    const stalling: typeof mailer = {
      send: async (mail, options) => {
        if (first) {
          first = false;
          reached();
          await held;
        }
        return mailer.send(mail, options);
      },
    };
    const slow = sendAlerts(store(), ALERT_SECRET, { ...settings, mailer: stalling }, { concurrency: 1, fetchPage });
    await atFirstSend;
    // Ten minutes on, the first run's hold has lapsed: the second takes the article and sends the rest.
    const later = () => new Date(Date.now() + 10 * 60_000);
    const second = await sendAlerts(store(), ALERT_SECRET, settings, { concurrency: 1, fetchPage, now: later });
    release();
    const firstRun = await slow;
    expect([...firstRun.articles, ...second.articles].map(({ sent }) => sent).sort()).toEqual([1, 3]);
    const to = smtp.messages.map((mail) => mail.envelope.to[0]);
    expect(to).toHaveLength(4);
    expect(new Set(to).size).toBe(4);
  });

  it('sends nothing to an address unsubscribed after the article was queued, nor to an unconfirmed one', async () => {
    const world = alertsWorld(database.db, smtp);
    await readers(world);
    await queueAlert(store(), published, new Date());
    const link = unsubscribeLink(addressKey('land@example.com', ALERT_SECRET), ALERT_SECRET, TEST_SITE_URL);
    await world.links(new Request(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' }));
    await world.run(liveSite([article]));
    expect((await smtp.waitFor(1)).map((mail) => mail.envelope.to[0])).toEqual(['ardhi@example.com']);
  });

  it('backs off when the mail server fails: the article waits, the wait doubling to six hours', async () => {
    const world = alertsWorld(database.db, smtp);
    for (let n = 0; n < 6; n++) await world.subscribed(`reader${n}@example.com`, ['land-and-conveyancing']);
    await queueAlert(store(), published, new Date());
    const down = { ...testNotificationSettings('smtp://127.0.0.1:1'), categories: BUILT_CATEGORIES };
    const now = new Date();
    const run = await sendAlerts(store(), ALERT_SECRET, down, {
      now: () => now,
      fetchPage: liveSite([article]).fetchPage,
      concurrency: 1,
    });
    expect(run.stoppedBecause).toBe('mail-server-down');
    const waiting = await readAlert(store(), articleRef(published));
    expect(waiting).toMatchObject({ state: 'sending', failedRuns: 1 });
    expect(Date.parse(waiting!.notBefore!) - now.getTime()).toBe(backoffMs(1));
    expect(await database.db.query('SELECT * FROM alert_sends')).toEqual([]);
    expect([1, 2, 3, 6, 7, 20].map((runs) => backoffMs(runs) / 60_000)).toEqual([10, 20, 40, 320, 360, 360]);
  });
  it('stops when the database is unavailable, logging it, and the next run sends the article', async () => {
    const world = alertsWorld(database.db, smtp);
    await readers(world);
    await queueAlert(store(), published, new Date());
    const down = new DatabaseUnavailable('The database could not be reached');
    const logged: Array<Record<string, unknown>> = [];
    const handler = createSendAlertsHandler({
      db: { query: () => Promise.reject(down), transaction: () => Promise.reject(down) },
      secret: async () => ALERT_SECRET,
      settings: () => testNotificationSettings(smtp.url),
      categories: async () => BUILT_CATEGORIES,
      fetchPage: liveSite([article]).fetchPage,
      log: () => {},
      logError: (entry) => logged.push(entry),
    });
    expect((await handler()).status).toBe(500);
    expect(logged).toEqual([expect.objectContaining({ what: expect.stringMatching(/next run tries again/) })]);
    expect(smtp.messages).toHaveLength(0);
    expect((await world.run(liveSite([article]))).articles[0]).toMatchObject({ state: 'sent', sent: 2 });
  });
});
