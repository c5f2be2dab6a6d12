// An application sent again with the same Idempotency-Key (its answer was lost
// on a dropped connection) is stored and notified once, and answered as the first.
import { describe, expect, it } from 'vitest';
import { createApplicationHandler, successMessages, type HandlerDeps } from '../../../src/server/handlers.ts';
import { claimIdempotencyKey, IDEMPOTENCY_WINDOW_MS, PENDING_CLAIM_MS } from '../../../src/server/idempotency.ts';
import { createNotifier } from '../../../src/server/notification-sending.ts';
import { applicationRequest } from '../../../scripts/lib/sample-requests.ts';
import { failingStore } from '../../support/blobs.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { messageOf } from '../../support/requests.ts';
import { countingMailer } from '../../support/counting-mailer.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';

const blobs = localBlobsPerTest();
const smtp = smtpServerPerTest();
const KEY = 'b6f1c2d0-3e4a-4f5b-9c8d-7e6f5a4b3c2d';
const FIRST = new Date('2026-11-23T07:00:00Z');

function handlerAt(now: Date, deps: HandlerDeps = {}) {
  const log = () => {};
  const settings = () => testNotificationSettings(smtp.url);
  return createApplicationHandler({ openStore: () => blobs.store(), now: () => now, log, notify: createNotifier({ settings, log }), ...deps });
}

const send = (handler: ReturnType<typeof handlerAt>, key: string | null = KEY) =>
  applicationRequest({ headers: key ? { 'Idempotency-Key': key } : {} }).then(handler);
const storedApplications = async () => (await blobs.keys('application/')).filter((key) => key.endsWith('/record'));

describe('an application sent again with the same Idempotency-Key', () => {
  it('is stored and notified once, and answered with the same success message', async () => {
    const mailer = countingMailer(testNotificationSettings(smtp.url).mailer!);
    const notify = createNotifier({ settings: () => testNotificationSettings(smtp.url, { mailer }), log: () => {} });
    const first = await send(handlerAt(FIRST, { notify }));
    const again = await send(handlerAt(new Date(FIRST.getTime() + 90_000), { notify }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await messageOf(again)).toBe(successMessages.application);
    expect(await storedApplications()).toHaveLength(1);
    // Every e-mail either request asked for has been sent (or has failed) by now: none is still on its way.
    expect(await mailer.settled()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('is stored anew after 24 hours, and a different key or no key is another application', async () => {
    await send(handlerAt(FIRST));
    await send(handlerAt(new Date(FIRST.getTime() + IDEMPOTENCY_WINDOW_MS + 1000)));
    await send(handlerAt(FIRST), 'another-form-fill-key-1234');
    await send(handlerAt(FIRST), null);
    await send(handlerAt(FIRST), null);
    expect(await storedApplications()).toHaveLength(5);
  });

  it('gets a 409 while the first is still being stored, and goes through once that request has died', async () => {
    await claimIdempotencyKey(blobs.store(), 'application', KEY, FIRST);
    const meanwhile = await send(handlerAt(new Date(FIRST.getTime() + 5_000)));
    expect(meanwhile.status).toBe(409);
    expect(await messageOf(meanwhile)).toMatch(/still being received/);
    expect(await storedApplications()).toHaveLength(0);
    const later = await send(handlerAt(new Date(FIRST.getTime() + PENDING_CLAIM_MS + 1000)));
    expect(later.status).toBe(200);
    expect(await storedApplications()).toHaveLength(1);
  });

  it('is stored when the first attempt failed to store, as the first was never kept', async () => {
    const outage = failingStore(blobs.store(), (operation, key) => operation === 'setJSON' && key.endsWith('/record'));
    expect((await send(handlerAt(FIRST, { openStore: () => outage }))).status).toBe(500);
    expect((await send(handlerAt(FIRST))).status).toBe(200);
    expect(await storedApplications()).toHaveLength(1);
  });

  it('with a malformed key is refused with 400 before anything is stored', async () => {
    const response = await send(handlerAt(FIRST), 'short');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/Idempotency-Key header must be 16 to 128/);
    expect(await blobs.keys()).toEqual([]);
  });

  it('never keeps the key itself, only its hash', async () => {
    await send(handlerAt(FIRST));
    const claims = await blobs.keys('idempotency/');
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatch(/^idempotency\/application\/[0-9a-f]{64}$/);
    expect(JSON.stringify(await blobs.store().get(claims[0]!, { type: 'json' }))).not.toContain(KEY);
  });
});
