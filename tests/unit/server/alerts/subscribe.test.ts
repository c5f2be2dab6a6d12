// POST /api/v1/client/subscribe: what a reader's request stores, what it
// e-mails, and what it answers — the same whoever the address belongs to.
import { describe, expect, it } from 'vitest';
import { config } from '../../../../netlify/functions/subscribe.ts';
import { jsonRequest } from '../../../../scripts/lib/sample-requests.ts';
import { checkYourInbox, SUBSCRIBE_ENDPOINT } from '../../../../src/forms/subscribe/subscribe.ts';
import { site } from '../../../../src/site.config.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../../src/lib/privacy.ts';
import { fetchAlertCategories } from '../../../../src/server/alerts/categories.ts';
import { createSubscribeHandler } from '../../../../src/server/alerts/subscribe-handler.ts';
import { addressKey } from '../../../../src/server/alerts/store.ts';
import { readPending } from '../../../../src/server/alerts/subscriptions.ts';
import { DatabaseUnavailable } from '../../../../src/server/db/unavailable.ts';
import { alertsWorld, ALERT_SECRET, BUILT_CATEGORIES } from '../../../support/alerts.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { TEST_SITE_URL, testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const database = useTestDatabase();
const smtp = smtpServerPerTest();
const valid = { email: 'Reader@Example.com', categories: ['land-and-conveyancing'], consent: true, lang: 'en' };
const pendingOf = (email: string) => readPending(database.db, addressKey(email, ALERT_SECRET));
const requestsStored = async () =>
  (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_requests'))[0]!.n;

describe(`POST ${SUBSCRIBE_ENDPOINT}`, () => {
  it('is routed at the issue’s path, rate-limited per visitor as the other forms', () => {
    expect(SUBSCRIBE_ENDPOINT).toBe('/api/v1/client/subscribe');
    expect(config).toEqual({
      path: SUBSCRIBE_ENDPOINT,
      rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip'] },
    });
  });

  it('stores the request with its consent’s notice version and e-mails a 7-day confirmation link, answering 202', async () => {
    const world = alertsWorld(database.db, smtp);
    const answer = await world.subscribe(valid);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ message: checkYourInbox.en });
    const pending = await pendingOf('reader@example.com');
    expect(pending).toMatchObject({
      email: 'Reader@Example.com',
      lang: 'en',
      categories: ['land-and-conveyancing'],
      noticeVersion: PRIVACY_NOTICE_VERSION,
      mail: { attempts: 1, sentAt: expect.any(String) },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual([expect.stringMatching(/^reader@example\.com$/i)]);
    expect(mail!.subject).toBe(`Confirm your article alerts from ${site.name}`);
    expect(mail!.text).toContain('Land and Conveyancing');
    const link = new URL(world.confirmationLink('Reader@Example.com'));
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.parse(pending!.requestedAt)).toBeCloseTo(
      7 * 24 * 3600 * 1000,
      -4,
    );
    expect(link.searchParams.get('request')).toBe(pending!.request);
  });

  it('accepts any category the build listed, naming one no one has translated in English in a Kiswahili e-mail', async () => {
    const world = alertsWorld(database.db, smtp);
    const answer = await world.subscribe({ ...valid, categories: ['maritime-law', 'tax-law'], lang: 'sw' });
    expect(answer.status).toBe(202);
    expect((await pendingOf(valid.email))?.categories).toEqual(['maritime-law', 'tax-law']);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain('kuhusu: Maritime Law, Sheria ya Kodi.');
  });

  it('refuses every category when the build listed none (a site without articles)', async () => {
    const handler = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      log: () => {},
      categories: async () => new Map(),
    });
    const answer = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, valid));
    expect(answer.status).toBe(422);
    expect(await requestsStored()).toBe(0);
  });

  it('answers 500 with a reference, storing nothing and naming the list in the log, when the deploy does not answer it', async () => {
    const logged: Record<string, unknown>[] = [];
    const handler = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      log: (entry) => logged.push(entry),
      categories: () => fetchAlertCategories(TEST_SITE_URL, async () => new Response('Not found', { status: 404 })),
    });
    const answer = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, valid));
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { message: string }).message).toMatch(/\(reference E-[0-9A-F]{10}\)/);
    expect(JSON.stringify(logged)).toContain(`${TEST_SITE_URL}/insights/categories.json answered 404`);
    expect(await requestsStored()).toBe(0);
  });

  it('writes the e-mail and answers in Kiswahili for a Kiswahili page', async () => {
    const world = alertsWorld(database.db, smtp);
    const answer = await world.subscribe({ ...valid, lang: 'sw' });
    expect(await answer.json()).toEqual({ message: checkYourInbox.sw });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Thibitisha arifa za makala kutoka kwa ${site.name}`);
    expect(mail!.text).toContain('Ardhi na Uhamishaji wa Mali');
    expect(mail!.text).toContain('"Thibitisha"');
  });

  it('answers a subscribed address exactly as a new one', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribed('reader@example.com', ['tax-law']);
    const again = await world.subscribe(valid);
    const fresh = await world.subscribe({ ...valid, email: 'someone.else@example.com' });
    expect([again.status, fresh.status]).toEqual([202, 202]);
    expect(await again.json()).toEqual(await fresh.json());
  });

  it('sends one confirmation e-mail however often an address is sent again within ten minutes, asking for the latest', async () => {
    const world = alertsWorld(database.db, smtp);
    for (const categories of [['tax-law'], ['tax-law', 'immigration'], ['immigration']])
      expect((await world.subscribe({ ...valid, categories })).status).toBe(202);
    await smtp.waitFor(1);
    expect(smtp.messages).toHaveLength(1);
    expect((await pendingOf(valid.email))?.categories).toEqual(['immigration']);
  });

  it('still stores the request when the mail server is down, for send-alerts to e-mail later', async () => {
    const handler = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      settings: () => testNotificationSettings('smtp://127.0.0.1:1'),
      log: () => {},
      categories: async () => BUILT_CATEGORIES,
    });
    const answer = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, valid));
    expect(answer.status).toBe(202);
    expect((await pendingOf(valid.email))?.mail).toMatchObject({ attempts: 1, lastError: expect.any(String) });
  });

  it.each([
    ['no consent', { consent: false }, 'consent: Tick the box to agree to receive the alerts'],
    ['no category', { categories: [] }, 'categories: Choose at least one category'],
    ['a category the site has not', { categories: ['gossip'] }, 'categories: Choose among the categories listed'],
    ['a bad address', { email: 'nobody' }, 'email: Enter a valid email address'],
  ])('refuses %s with 422 and says why, storing nothing', async (_case, change, said) => {
    const world = alertsWorld(database.db, smtp);
    const answer = await world.subscribe({ ...valid, ...change });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toContain(said);
    expect(await requestsStored()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('answers a filled honeypot as a success and stores and sends nothing', async () => {
    const world = alertsWorld(database.db, smtp);
    const answer = await world.subscribe({ ...valid, honey: 'https://spam.example' });
    expect(answer.status).toBe(202);
    expect(await requestsStored()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('refuses what is not a JSON POST from this site, with a message', async () => {
    const handler = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      categories: async () => BUILT_CATEGORIES,
    });
    const text = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, 'x', { headers: { 'content-type': 'text/plain' } }));
    expect(text.status).toBe(415);
    const otherSite = await handler(
      jsonRequest(SUBSCRIBE_ENDPOINT, valid, {
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      }),
    );
    expect(otherSite.status).toBe(403);
    const get = await handler(new Request(`http://localhost:8888${SUBSCRIBE_ENDPOINT}`));
    expect(get.status).toBe(405);
    for (const answer of [text, otherSite, get]) expect(await answer.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 429 past the day’s limit, in the page’s language', async () => {
    const handler = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      settings: () => testNotificationSettings(smtp.url),
      dailyLimits: () => ({ contact: 1, consultation: 1, application: 1, subscription: 1 }),
      alert: async () => {},
      log: () => {},
      categories: async () => BUILT_CATEGORIES,
    });
    expect((await handler(jsonRequest(SUBSCRIBE_ENDPOINT, valid))).status).toBe(202);
    const refused = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, { ...valid, email: 'b@example.com', lang: 'sw' }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Leo tumepokea/);
  });
  it('answers 503 asking to try again shortly, storing and e-mailing nothing, when the database is unavailable', async () => {
    const down = new DatabaseUnavailable('The database could not be reached');
    const handler = createSubscribeHandler({
      db: { query: async () => Promise.reject(down), transaction: async () => Promise.reject(down) },
      secret: async () => ALERT_SECRET,
      settings: () => testNotificationSettings(smtp.url),
      log: () => {},
      categories: async () => BUILT_CATEGORIES,
    });
    const answer = await handler(jsonRequest(SUBSCRIBE_ENDPOINT, valid));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/try again/i) });
    expect(await requestsStored()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });
});
