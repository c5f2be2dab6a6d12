// The confirmation and unsubscribe links: opening one changes nothing (mail
// scanners open links); its page's button — or a mail client's one-click POST
// (RFC 8058) — acts, once; links are signed, and confirmation links expire.
import { describe, expect, it } from 'vitest';
import { config } from '../../../../netlify/functions/alert-links.ts';
import { unsubscribeLink } from '../../../../src/server/alerts/links.ts';
import { addressKey } from '../../../../src/server/alerts/store.ts';
import { readPending, readSubscriber, type ConsentEvent } from '../../../../src/server/alerts/subscriptions.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../../src/lib/privacy.ts';
import { alertsWorld, ALERT_SECRET } from '../../../support/alerts.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { TEST_SITE_URL } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const database = useTestDatabase();
const smtp = smtpServerPerTest();

const EMAIL = 'reader@example.com';
const address = addressKey(EMAIL, ALERT_SECRET);
const subscriber = () => readSubscriber(database.db, address);
const memberships = async () =>
  (
    await database.db.query<{ subscriber: string; category: string }>(
      'SELECT subscriber, category FROM alert_memberships ORDER BY category',
    )
  ).map(({ subscriber: who, category }) => [who, category]);
async function consents(): Promise<ConsentEvent[]> {
  const rows = await database.db.query<{
    event: ConsentEvent['event'];
    at: Date;
    categories: string[];
    lang: ConsentEvent['lang'];
    notice_version: string;
    by: ConsentEvent['by'];
  }>('SELECT * FROM alert_consents WHERE address_key = $1 ORDER BY id', [address]);
  return rows.map(({ event, at, categories, lang, notice_version, by }) => ({
    event,
    at: at.toISOString(),
    categories,
    lang,
    noticeVersion: notice_version,
    by,
  }));
}
const post = (url: string, body?: string) =>
  new Request(url, {
    method: 'POST',
    ...(body ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });

describe('the confirmation link', () => {
  it('is served for GET and POST at /api/v1/alerts/<confirm|unsubscribe>/<address>', () => {
    expect(config).toEqual({ path: '/api/v1/alerts/:action/:address', method: ['GET', 'POST'] });
  });

  it('opens a page with a Confirm button and subscribes nobody until it is pressed', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribe({ email: EMAIL, categories: ['tax-law', 'immigration'], consent: true });
    await smtp.waitFor(1);
    const page = await world.links(new Request(world.confirmationLink(EMAIL)));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post"><button type="submit">Confirm</button></form>');
    expect(html).toContain('Immigration, Tax Law');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await subscriber()).toBeNull();
    expect(await memberships()).toEqual([]);
  });

  it('subscribes on the button’s POST, recording the consent, and a second press changes nothing', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribe({ email: EMAIL, categories: ['tax-law'], consent: true, lang: 'sw' });
    await smtp.waitFor(1);
    const link = world.confirmationLink(EMAIL);
    const first = await world.links(post(link));
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Umesajiliwa');
    expect(await subscriber()).toMatchObject({ email: EMAIL, lang: 'sw', categories: ['tax-law'] });
    expect(await memberships()).toEqual([[address, 'tax-law']]);
    expect(await readPending(database.db, address)).toBeNull();
    const second = await world.links(post(link));
    expect(second.status).toBe(200);
    expect(await consents()).toEqual([
      {
        event: 'given',
        at: expect.any(String),
        categories: ['tax-law'],
        lang: 'sw',
        noticeVersion: PRIVACY_NOTICE_VERSION,
        by: 'confirmation link',
      },
    ]);
  });

  it('replaces the categories of a subscriber who confirms a new request', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribed(EMAIL, ['tax-law', 'immigration']);
    await world.subscribe({ email: EMAIL, categories: ['immigration', 'employment-law'], consent: true });
    await smtp.waitFor(2);
    await world.links(post(world.confirmationLink(EMAIL)));
    expect((await subscriber())?.categories).toEqual(['employment-law', 'immigration']);
    expect(await memberships()).toEqual([
      [address, 'employment-law'],
      [address, 'immigration'],
    ]);
  });

  it('refuses a link that was tampered with (403) or is over 7 days old (410), changing nothing', async () => {
    let now = new Date('2026-11-27T09:00:00Z');
    const world = alertsWorld(database.db, smtp, { now: () => now });
    await world.subscribe({ email: EMAIL, categories: ['tax-law'], consent: true });
    await smtp.waitFor(1);
    const link = new URL(world.confirmationLink(EMAIL));
    const forged = new URL(link);
    forged.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 86_400));
    expect((await world.links(post(forged.href))).status).toBe(403);
    now = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
    expect((await world.links(post(link.href))).status).toBe(410);
    expect((await world.links(new Request(`${TEST_SITE_URL}/api/v1/alerts/confirm/nothing`))).status).toBe(400);
    expect(await subscriber()).toBeNull();
  });
});

describe('the unsubscribe link', () => {
  const link = unsubscribeLink(address, ALERT_SECRET, TEST_SITE_URL);

  it('opens a page whose button posts the one-click body, and unsubscribes nobody', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribed(EMAIL, ['tax-law']);
    const page = await world.links(new Request(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>',
    );
    expect(await subscriber()).not.toBeNull();
  });

  it('unsubscribes at once on a one-click POST (RFC 8058), recording the withdrawal; a repeat answers 200 too', async () => {
    const world = alertsWorld(database.db, smtp);
    await world.subscribed(EMAIL, ['tax-law', 'immigration']);
    const answer = await world.links(post(link, 'List-Unsubscribe=One-Click'));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('You are unsubscribed');
    expect(await subscriber()).toBeNull();
    expect(await memberships()).toEqual([]);
    expect((await consents()).map(({ event, categories }) => [event, categories])).toEqual([
      ['given', ['immigration', 'tax-law']],
      ['withdrawn', ['immigration', 'tax-law']],
    ]);
    expect((await world.links(post(link, 'List-Unsubscribe=One-Click'))).status).toBe(200);
  });

  it('refuses a link signed for another address', async () => {
    const world = alertsWorld(database.db, smtp);
    const other = addressKey('other@example.com', ALERT_SECRET);
    const forged = link.replace(address, other);
    expect((await world.links(post(forged, 'List-Unsubscribe=One-Click'))).status).toBe(403);
    expect((await world.links(new Request(link, { method: 'PUT' }))).status).toBe(405);
  });
});
