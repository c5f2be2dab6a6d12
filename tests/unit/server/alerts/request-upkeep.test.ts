// What send-alerts does for requests not yet confirmed: a confirmation e-mail
// that failed goes out on a later run, once; a request left unconfirmed for 7
// days is forgotten, and its link then says so.
import { describe, expect, it } from 'vitest';
import { jsonRequest } from '../../../../scripts/lib/sample-requests.ts';
import { ALERT_WAITS_MS } from '../../../../src/server/alerts/send-run.ts';
import { createSubscribeHandler } from '../../../../src/server/alerts/subscribe-handler.ts';
import { addressKey } from '../../../../src/server/alerts/store.ts';
import { readPending } from '../../../../src/server/alerts/subscriptions.ts';
import { ALERT_SECRET, alertsWorld, BUILT_CATEGORIES, liveSite } from '../../../support/alerts.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const database = useTestDatabase();
const smtp = smtpServerPerTest();

const request = { email: 'reader@example.com', categories: ['tax-law'], consent: true };
const address = addressKey(request.email, ALERT_SECRET);

describe('send-alerts, for requests waiting for their confirmation', () => {
  it('sends a confirmation e-mail that failed, once, on the next run', async () => {
    const down = createSubscribeHandler({
      db: database.db,
      secret: async () => ALERT_SECRET,
      settings: () => testNotificationSettings('smtp://127.0.0.1:1'),
      log: () => {},
      categories: async () => BUILT_CATEGORIES,
    });
    expect((await down(jsonRequest('/api/v1/client/subscribe', request))).status).toBe(202);
    const world = alertsWorld(database.db, smtp);
    expect((await world.run(liveSite([]))).confirmations).toEqual({ sent: 1, failed: 0, forgotten: 0 });
    await smtp.waitFor(1);
    expect((await world.run(liveSite([]))).confirmations).toEqual({ sent: 0, failed: 0, forgotten: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect((await readPending(database.db, address))?.mail).toMatchObject({ attempts: 2, sentAt: expect.any(String) });
    const confirmed = await world.links(new Request(world.confirmationLink(request.email), { method: 'POST' }));
    expect(confirmed.status).toBe(200);
  });

  it('forgets a request left unconfirmed for 7 days, and keeps a newer one', async () => {
    let now = new Date('2026-11-20T18:00:00Z');
    const world = alertsWorld(database.db, smtp, { now: () => now });
    await world.subscribe(request);
    now = new Date('2026-11-24T09:00:00Z');
    await world.subscribe({ ...request, email: 'later@example.com' });
    await smtp.waitFor(2);
    const link = world.confirmationLink(request.email);
    now = new Date(Date.parse('2026-11-20T18:00:00Z') + ALERT_WAITS_MS - 60_000);
    expect((await world.run(liveSite([]))).confirmations.forgotten).toBe(0);
    now = new Date(Date.parse('2026-11-20T18:00:00Z') + ALERT_WAITS_MS);
    expect((await world.run(liveSite([]))).confirmations.forgotten).toBe(1);
    expect(await readPending(database.db, address)).toBeNull();
    expect(await readPending(database.db, addressKey('later@example.com', ALERT_SECRET))).not.toBeNull();
    expect((await world.links(new Request(link, { method: 'POST' }))).status).toBe(410);
  });
});
