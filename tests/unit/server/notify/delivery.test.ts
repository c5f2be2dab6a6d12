// The notify-pending function sends what failed, with nobody typing a command:
// each delivery run against a local Blobs server and a real SMTP server, with
// a fixed clock. What is due goes once, even from two runs at once; a run
// stops at its time limit or when the mail server is down, and the next goes
// on; delivered submissions are not read again; once a day what has waited a
// day is logged and, where mail works, e-mailed to staff.
import type { Store } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import notifyPending, { config } from '../../../../netlify/functions/notify-pending.ts';
import { deliverPending, FAILURES_BEFORE_PAUSE, type DeliveryReport } from '../../../../src/server/notify/delivery.ts';
import { createNotifyPendingHandler } from '../../../../src/server/notify/handler.ts';
import { reportStuck } from '../../../../src/server/notify/stuck-report.ts';
import { claimLease, LEASE_MS, leaseKey } from '../../../../src/server/notify/leases.ts';
import type { Mailer } from '../../../../src/server/notify/mail.ts';
import type { NotificationSettings } from '../../../../src/server/notify/settings.ts';
import type { ContactRecord } from '../../../../src/server/submissions/record.ts';
import { failedAttempts, storeContact } from '../../../../scripts/lib/stored-submissions.ts';
import { countingMailer } from '../../../support/counting-mailer.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { refusedSmtpUrl } from '../../../support/smtp.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-22T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const blobs = localBlobsPerTest();
const smtp = smtpServerPerTest();

const settings = (overrides: Partial<NotificationSettings> = {}) => testNotificationSettings(smtp.url, overrides);
const run = (mail: NotificationSettings = settings(), options: Parameters<typeof deliverPending>[2] = {}) =>
  deliverPending(blobs.store(), mail, { now: () => NOW, ...options });

/** A contact message whose form function failed to send it `attempts` times, the last `lastTried` ago. */
const failedOne = (receivedAgo: number, attempts = 1, lastTried = receivedAgo, name?: string) =>
  storeContact(blobs.store(), {
    receivedAt: ago(receivedAgo),
    notified: failedAttempts(attempts, ago(lastTried)),
    ...(name ? { name } : {}),
  });

const recordOf = async (key: string) => (await blobs.store().get(key, { type: 'json' })) as ContactRecord;

/**
 * The store as Netlify serves it: a conditional write (onlyIfNew, onlyIfMatch)
 * is atomic. The local Blobs server checks, then writes, so two at once can
 * both succeed; here they take turns.
 */
function atomicConditionalWrites(store: Store): Store {
  let turn: Promise<unknown> = Promise.resolve();
  const setJSON = store.setJSON.bind(store);
  store.setJSON = ((key, value, options) => {
    if (!options?.onlyIfNew && !options?.onlyIfMatch) return setJSON(key, value, options);
    const write = turn.then(() => setJSON(key, value, options));
    turn = write.catch(() => {});
    return write;
  }) as Store['setJSON'];
  return store;
}

/** A mailer that takes `ms` per message, through the test SMTP server. */
function slowMailer(ms: number): Mailer {
  const inner = settings().mailer!;
  return {
    send: async (mail, options) => (await new Promise((resolve) => setTimeout(resolve, ms)), inner.send(mail, options)),
  };
}

describe('a delivery run', () => {
  it('sends a notification that failed on the next run, and the record says it was delivered', async () => {
    const { key, id } = await failedOne(3 * MINUTE);
    const report = await run();
    expect(report.delivered).toEqual([{ type: 'contact', id }]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
    expect(mail!.text).toContain(`Reference:  ${id}`);
    expect((await recordOf(key)).notified).toEqual({
      at: NOW.toISOString(),
      attempts: 2,
      lastError: null,
      lastAttemptAt: NOW.toISOString(),
    });
    expect(report.pending).toEqual([]);
    // Nothing is left of the lease.
    expect(await blobs.keys('notify/leases/')).toEqual([]);
  });

  it('waits as the schedule says, and leaves one just stored to its form function', async () => {
    const waiting = await failedOne(HOUR, 4, 5 * MINUTE); // 4th attempt 5 minutes ago: next after 40 minutes
    const arriving = await storeContact(blobs.store(), { receivedAt: ago(30_000) });
    const report = await run();
    expect(report.due).toBe(0);
    expect(report.delivered).toEqual([]);
    expect(report.pending.map(({ id, state }) => [id, state])).toEqual([
      [waiting.id, 'waiting'],
      [arriving.id, 'arriving'],
    ]);
    expect(report.pending[0]!.nextAttemptAt).toBe(new Date(ago(5 * MINUTE).getTime() + 40 * MINUTE).toISOString());
    expect(smtp.messages).toHaveLength(0);
    expect((await recordOf(waiting.key)).notified?.attempts).toBe(4);

    // Three minutes later nobody has recorded an attempt on the new one: it is due.
    const later = await run(settings(), { now: () => new Date(NOW.getTime() + 3 * MINUTE) });
    expect(later.delivered).toEqual([{ type: 'contact', id: arriving.id }]);
  });

  it('two runs at once send each notification once', async () => {
    const stored = [];
    for (let n = 0; n < 12; n++)
      stored.push(await failedOne(2 * HOUR - n * MINUTE, 1, 2 * HOUR - n * MINUTE, `Sender ${n}`));
    const mailer = countingMailer(slowMailer(20));
    const mail = settings({ mailer });
    const store = atomicConditionalWrites(blobs.store());
    const [first, second] = await Promise.all([
      deliverPending(store, mail, { now: () => NOW }),
      deliverPending(store, mail, { now: () => NOW }),
    ]);
    expect(await mailer.settled()).toBe(12);
    expect(first.delivered.length + second.delivered.length).toBe(12);
    expect(first.failed.length + second.failed.length).toBe(0);
    await smtp.waitFor(12);
    for (const { key } of stored)
      expect((await recordOf(key)).notified).toMatchObject({ attempts: 2, lastError: null });
  });

  it('leaves a submission whose lease another sender holds, and takes over a lease that has expired', async () => {
    const held = await failedOne(HOUR);
    const abandoned = await failedOne(HOUR - MINUTE);
    expect(await claimLease(blobs.store(), held.id, 'another run', NOW)).not.toBeNull();
    expect(
      await claimLease(blobs.store(), abandoned.id, 'a run that died', new Date(NOW.getTime() - LEASE_MS - 1)),
    ).not.toBeNull();
    const report = await run();
    expect(report.busy).toEqual([{ type: 'contact', id: held.id }]);
    expect(report.delivered).toEqual([{ type: 'contact', id: abandoned.id }]);
    expect(await blobs.keys('notify/leases/')).toEqual([leaseKey(held.id)]);
  });

  it('removes a lease its sender left behind long ago (say, for a submission since deleted)', async () => {
    await failedOne(HOUR);
    await claimLease(blobs.store(), '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH', 'a run that died', ago(3 * HOUR));
    await claimLease(blobs.store(), '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XJ', 'a run that died recently', ago(LEASE_MS + MINUTE));
    await run();
    expect(await blobs.keys('notify/leases/')).toEqual([leaseKey('01KAQ3V7ZJ5T0ZK3M9Q8N6W2XJ')]);
  });

  it('does not send again what another sender delivered after this run read it', async () => {
    const { id, key } = await failedOne(HOUR);
    let deliveredMeanwhile = false;
    const store = blobs.store();
    // The other sender delivers and records it just as this run takes the lease.
    const racing = {
      ...store,
      list: store.list.bind(store),
      get: store.get.bind(store),
      getWithMetadata: store.getWithMetadata.bind(store),
      set: store.set.bind(store),
      delete: store.delete.bind(store),
      setJSON: (async (k: string, value: unknown, options?: Parameters<typeof store.setJSON>[2]) => {
        if (k === leaseKey(id) && !deliveredMeanwhile) {
          deliveredMeanwhile = true;
          const record = await recordOf(key);
          await store.setJSON(key, { ...record, notified: { ...record.notified, at: NOW.toISOString(), attempts: 2 } });
        }
        return store.setJSON(k, value, options);
      }) as typeof store.setJSON,
    };
    const report = await deliverPending(racing as typeof store, settings(), { now: () => NOW });
    expect(report.due).toBe(1);
    expect(report.delivered).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
    expect((await recordOf(key)).notified?.attempts).toBe(2);
  });

  it(
    'stops starting sends at its time limit; the next run goes on from the oldest left, and none is sent twice',
    { timeout: 30_000 },
    async () => {
      const stored = [];
      for (let n = 0; n < 30; n++)
        stored.push(await failedOne(3 * HOUR - n * MINUTE, 1, 3 * HOUR - n * MINUTE, `Sender ${n}`));
      // Four at a time, 200 ms each: 30 need about 1.6 s.
      const mailer = countingMailer(slowMailer(200));
      const first = await run(settings({ mailer }), { budgetMs: 1_000 });
      expect(first.stoppedBecause).toBe('time');
      expect(first.delivered.length).toBeGreaterThan(0);
      expect(first.delivered.length).toBeLessThan(30);
      expect(first.delivered.length + first.notTried).toBe(first.due);
      // The oldest went first.
      expect(first.delivered.map(({ id }) => id).sort()).toEqual(
        stored.slice(0, first.delivered.length).map(({ id }) => id),
      );

      const second = await run(settings({ mailer }));
      expect(second.delivered).toHaveLength(30 - first.delivered.length);
      expect(await mailer.settled()).toBe(30);
      expect(new Set((await smtp.waitFor(30)).map((mail) => mail.text.match(/Reference: {2}(\w+)/)![1])).size).toBe(30);
    },
  );

  it(`stops after ${FAILURES_BEFORE_PAUSE} failures in a row when the mail server is down, recording each attempt`, async () => {
    const stored = [];
    for (let n = 0; n < 20; n++) stored.push(await failedOne(HOUR - n * MINUTE));
    const report = await run(testNotificationSettings(await refusedSmtpUrl()));
    expect(report.stoppedBecause).toBe('mail-server-down');
    expect(report.failed.length).toBeGreaterThanOrEqual(FAILURES_BEFORE_PAUSE);
    expect(report.failed.length).toBeLessThan(FAILURES_BEFORE_PAUSE + 4);
    expect(report.notTried).toBe(20 - report.failed.length);
    const first = await recordOf(stored[0]!.key);
    expect(first.notified).toMatchObject({ at: null, attempts: 2, lastAttemptAt: NOW.toISOString() });
    expect(first.notified?.lastError).toMatch(/ECONNREFUSED/);
  });

  it('with notifications off (no SMTP_URL) sends nothing and records nothing', async () => {
    const { key, record } = await failedOne(HOUR);
    const report = await run(testNotificationSettings(null));
    expect(report.stoppedBecause).toBe('notifications-off');
    expect(report.pending).toHaveLength(1);
    expect((await recordOf(key)).notified).toEqual(record.notified);
  });
});

describe('the settled mark', () => {
  it('passes what is delivered or given up, so later runs read only what came after; never a submission minutes old', async () => {
    const delivered = { at: ago(2 * DAY).toISOString(), attempts: 1, lastError: null };
    const old = [];
    for (let n = 0; n < 5; n++)
      old.push(await storeContact(blobs.store(), { receivedAt: ago(3 * DAY - n * MINUTE), notified: delivered }));
    const gaveUp = await failedOne(9 * DAY, 30, 2 * DAY);
    const pending = await failedOne(2 * HOUR, 3, 5 * MINUTE);
    const fresh = await storeContact(blobs.store(), { receivedAt: ago(3 * MINUTE), notified: delivered });

    const first = await run();
    expect(first.read).toBe(8);
    // Oldest first: the one given up on (nine days old), the five delivered, then the one still waiting.
    expect(first.settledThrough).toBe(old[4]!.id);
    const second = await run();
    expect(second.read).toBe(2);
    expect(second.pending.map(({ id }) => id)).toEqual([pending.id]);

    // Once delivered (here by hand), the mark passes it, but not the one received three minutes ago.
    const record = await recordOf(pending.key);
    await blobs.store().setJSON(pending.key, { ...record, notified: delivered });
    const third = await run();
    expect(third.settledThrough).toBe(pending.id);
    expect((await run()).read).toBe(1);
    expect(fresh.id > pending.id).toBe(true);

    // What was given up on below the mark is still reported.
    const logged: Array<Record<string, unknown>> = [];
    const report = await reportStuck(blobs.store(), settings(), await run(), {
      now: () => NOW,
      log: (e) => logged.push(e),
    });
    expect(report?.stuck.map(({ id, state }) => [id, state])).toEqual([[gaveUp.id, 'given-up']]);
  });

  it('resend --pending (everyPending) reads everything and sends what the schedule would hold back, given up or not', async () => {
    const gaveUp = await failedOne(9 * DAY, 30, 2 * DAY);
    const waiting = await failedOne(HOUR, 4, 5 * MINUTE);
    await run(); // moves the mark past the one given up
    const report = await run(settings(), { everyPending: true });
    expect(report.delivered.map(({ id }) => id).sort()).toEqual([gaveUp.id, waiting.id].sort());
  });
});

describe('the daily report of what is stuck', () => {
  /** A mailer that cannot deliver the notification of `stuckId` (say, a filter refuses it) but sends everything else. */
  const refusing = (stuckId: () => string): Mailer => {
    const inner = settings().mailer!;
    return {
      send: (mail, options) =>
        mail.text.includes(`Reference:  ${stuckId()}`)
          ? Promise.reject(new Error('550 message refused by a content filter'))
          : inner.send(mail, options),
    };
  };

  async function reportAt(now: Date, mail: NotificationSettings) {
    const logged: Array<Record<string, unknown>> = [];
    const delivery: DeliveryReport = await deliverPending(blobs.store(), mail, { now: () => now });
    const report = await reportStuck(blobs.store(), mail, delivery, {
      now: () => now,
      log: (entry) => logged.push(entry),
    });
    return { report, logged, delivery };
  }

  it('logs an error naming what has waited a day, once a day, and e-mails staff a digest while other mail goes through', async () => {
    let stuckId = '';
    const mail = settings({ mailer: refusing(() => stuckId) });
    const stuck = await failedOne(30 * HOUR, 9, 10 * HOUR);
    stuckId = stuck.id;
    const recent = await failedOne(20 * MINUTE);

    const first = await reportAt(NOW, mail);
    expect(first.delivery.delivered).toEqual([{ type: 'contact', id: recent.id }]);
    expect(first.report?.digest).toBe('sent');
    expect(first.logged).toEqual([
      expect.objectContaining({
        what: expect.stringContaining('1 submission has not been e-mailed to the firm for over a day'),
        stuck: [expect.objectContaining({ id: stuck.id, type: 'contact', retrying: true, attempts: 10 })],
        digest: 'sent to staff',
      }),
    ]);
    const messages = await smtp.waitFor(2);
    const digest = messages.find((message) => message.subject.includes('not e-mailed'))!;
    expect(digest.subject).toBe('1 website submission not e-mailed to the firm for over a day');
    expect(digest.envelope.to.sort()).toEqual(
      ['consultations@mnoadvocates.test', 'enquiries@mnoadvocates.test', 'recruitment@mnoadvocates.test'].sort(),
    );
    expect(digest.text).toContain(stuck.id);
    expect(digest.text).toContain('npm run submissions -- resend --pending');
    // Ids and errors only: the digest repeats nothing the visitor typed.
    expect(digest.text).not.toContain(stuck.record.fields.email);
    expect(digest.text).not.toContain(stuck.record.fields.msg);

    // Later the same day (Nairobi time): nothing more.
    expect((await reportAt(new Date(NOW.getTime() + 6 * HOUR), mail)).logged).toEqual([]);
    // The next day, again.
    const nextDay = await reportAt(new Date(NOW.getTime() + 16 * HOUR), mail);
    expect(nextDay.logged).toHaveLength(1);
  });

  it('with the mail server down, logs the ids but sends no digest that could only fail', async () => {
    const stuck = await failedOne(30 * HOUR, 9, 7 * HOUR);
    const { report, logged } = await reportAt(NOW, testNotificationSettings(await refusedSmtpUrl()));
    expect(report?.digest).toBe('mail-server-down');
    expect(logged[0]).toMatchObject({
      stuck: [expect.objectContaining({ id: stuck.id })],
      digest: expect.stringContaining('not sent'),
    });
  });

  it('reports nothing when nothing has waited a day', async () => {
    await failedOne(20 * HOUR, 8, 2 * HOUR);
    const { report, logged } = await reportAt(NOW, settings());
    expect(report).toBeNull();
    expect(logged).toEqual([]);
    expect(await blobs.keys('notify/stuck-report')).toEqual([]);
  });
});

describe('the notify-pending function', () => {
  it('is scheduled every 10 minutes', () => {
    expect(config.schedule).toBe('*/10 * * * *');
    expect(typeof notifyPending).toBe('function');
  });

  it('runs a delivery and logs what it sent by id, answering 204; a store it cannot list fails the run with 500', async () => {
    const { id } = await failedOne(HOUR);
    const info: Array<Record<string, unknown>> = [];
    const errors: Array<Record<string, unknown>> = [];
    const handler = createNotifyPendingHandler({
      openStore: () => blobs.store(),
      settings: () => settings(),
      now: () => NOW,
      log: (entry) => info.push(entry),
      logError: (entry) => errors.push(entry),
    });
    expect(
      (await handler(new Request('http://localhost/.netlify/functions/notify-pending', { method: 'POST' }))).status,
    ).toBe(204);
    expect(info).toEqual([expect.objectContaining({ what: 'notify-pending: sent 1 of 1 due', delivered: [id] })]);
    expect(errors).toEqual([]);

    const broken = createNotifyPendingHandler({
      openStore: () => {
        const store = blobs.store();
        store.list = (() => {
          throw new Error('Blobs is down');
        }) as never;
        return store;
      },
      settings: () => settings(),
      log: () => {},
      logError: (entry) => errors.push(entry),
    });
    expect((await broken()).status).toBe(500);
    expect(errors).toEqual([
      expect.objectContaining({ what: expect.stringContaining('the run failed'), detail: 'Blobs is down' }),
    ]);
  });
});
