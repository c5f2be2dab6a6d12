// The notify-pending function sends what failed, with nobody typing a command:
// each delivery run against a test database and a real SMTP server, with a
// fixed clock. What is due goes once, even from two runs at once; a run stops
// at its time limit or when the mail server is down, and the next goes on; a
// run whose database is unavailable logs it and stops, and the next resumes.
import { describe, expect, it } from 'vitest';
import notifyPending, { config } from '../../../../netlify/functions/notify-pending.ts';
import { deliverPending, FAILURES_BEFORE_PAUSE } from '../../../../src/server/notify/delivery.ts';
import { createNotifyPendingHandler } from '../../../../src/server/notify/handler.ts';
import type { Mailer } from '../../../../src/server/notify/mail.ts';
import type { NotificationSettings } from '../../../../src/server/notify/settings.ts';
import { findSubmission } from '../../../../src/server/submissions/read.ts';
import { failedAttempts, storeContact } from '../../../../scripts/lib/stored-submissions.ts';
import { countingMailer } from '../../../support/counting-mailer.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { refusingDatabase } from '../../../support/stored-enquiries.ts';
import { refusedSmtpUrl } from '../../../support/smtp.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-22T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const database = useTestDatabase();
const smtp = smtpServerPerTest();

const settings = (overrides: Partial<NotificationSettings> = {}) => testNotificationSettings(smtp.url, overrides);
const run = (mail: NotificationSettings = settings(), options: Parameters<typeof deliverPending>[2] = {}) =>
  deliverPending(database.db, mail, { now: () => NOW, ...options });

/** A contact message whose form function failed to send it `attempts` times, the last `lastTried` ago. */
const failedOne = (receivedAgo: number, attempts = 1, lastTried = receivedAgo, name?: string) =>
  storeContact(database.db, {
    receivedAt: ago(receivedAgo),
    notified: failedAttempts(attempts, ago(lastTried)),
    ...(name ? { name } : {}),
  });

const recordOf = async (id: string) => (await findSubmission(database.db, id)).record;

/** A mailer that takes `ms` per message, through the test SMTP server. */
function slowMailer(ms: number): Mailer {
  const inner = settings().mailer!;
  return {
    send: async (mail, options) => (await new Promise((resolve) => setTimeout(resolve, ms)), inner.send(mail, options)),
  };
}

describe('a delivery run', () => {
  it('sends a notification that failed on the next run, and the record says it was delivered', async () => {
    const { id } = await failedOne(3 * MINUTE);
    const report = await run();
    expect(report.delivered).toEqual([{ type: 'contact', id }]);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['enquiries@mnoadvocates.test']);
    expect(mail!.text).toContain(`Reference:  ${id}`);
    expect((await recordOf(id)).notified).toEqual({
      at: NOW.toISOString(),
      attempts: 2,
      lastError: null,
      lastAttemptAt: NOW.toISOString(),
    });
    expect(report.pending).toEqual([]);
  });

  it('waits as the schedule says, and leaves one just stored to its form function', async () => {
    const waiting = await failedOne(HOUR, 4, 5 * MINUTE); // 4th attempt 5 minutes ago: next after 40 minutes
    const arriving = await storeContact(database.db, { receivedAt: ago(30_000) });
    const report = await run();
    expect(report.due).toBe(0);
    expect(report.delivered).toEqual([]);
    expect(report.pending.map(({ id, state }) => [id, state])).toEqual([
      [waiting.id, 'waiting'],
      [arriving.id, 'arriving'],
    ]);
    expect(report.pending[0]!.nextAttemptAt).toBe(new Date(ago(5 * MINUTE).getTime() + 40 * MINUTE).toISOString());
    expect(smtp.messages).toHaveLength(0);
    expect((await recordOf(waiting.id)).notified?.attempts).toBe(4);

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
    const [first, second] = await Promise.all([
      deliverPending(database.db, mail, { now: () => NOW }),
      deliverPending(database.db, mail, { now: () => NOW }),
    ]);
    expect(await mailer.settled()).toBe(12);
    expect(first.delivered.length + second.delivered.length).toBe(12);
    expect(first.failed.length + second.failed.length).toBe(0);
    await smtp.waitFor(12);
    for (const { id } of stored) expect((await recordOf(id)).notified).toMatchObject({ attempts: 2, lastError: null });
  });

  it('stops, logged, when the database is unavailable, and the next run sends what was due', async () => {
    const { id } = await failedOne(3 * MINUTE);
    const errors: unknown[] = [];
    const handler = (db = database.db) =>
      createNotifyPendingHandler({
        db,
        settings,
        now: () => NOW,
        log: () => {},
        logError: (entry) => errors.push(entry),
      });
    expect((await handler(refusingDatabase())()).status).toBe(500);
    expect(errors).toMatchObject([{ what: 'notify-pending: the run failed; the next run tries again' }]);
    expect(smtp.messages).toHaveLength(0);
    expect((await handler()()).status).toBe(204);
    expect((await recordOf(id)).notified).toMatchObject({ attempts: 2, lastError: null });
  });

  it(`stops after ${FAILURES_BEFORE_PAUSE} failures in a row when the mail server is down, recording each attempt`, async () => {
    const stored = [];
    for (let n = 0; n < 20; n++) stored.push(await failedOne(HOUR - n * MINUTE));
    const report = await run(testNotificationSettings(await refusedSmtpUrl()));
    expect(report.stoppedBecause).toBe('mail-server-down');
    expect(report.failed.length).toBeGreaterThanOrEqual(FAILURES_BEFORE_PAUSE);
    expect(report.failed.length).toBeLessThan(FAILURES_BEFORE_PAUSE + 4);
    expect(report.notTried).toBe(20 - report.failed.length);
    const first = await recordOf(stored[0]!.id);
    expect(first.notified).toMatchObject({ at: null, attempts: 2, lastAttemptAt: NOW.toISOString() });
    expect(first.notified?.lastError).toMatch(/ECONNREFUSED/);
    // What it took and did not try is free for the next run at once.
    const next = await run(settings());
    expect(next.delivered).toHaveLength(20 - report.failed.length);
  });

  it('with notifications off (no SMTP_URL) sends nothing and records nothing', async () => {
    const { id, record } = await failedOne(HOUR);
    const report = await run(testNotificationSettings(null));
    expect(report.stoppedBecause).toBe('notifications-off');
    expect(report.pending).toHaveLength(1);
    expect((await recordOf(id)).notified).toEqual(record.notified);
  });

  it('gives back what it tried, so resend --pending right after a failed attempt sends it', async () => {
    const { id } = await failedOne(HOUR);
    expect((await run(testNotificationSettings(await refusedSmtpUrl()))).failed).toHaveLength(1);
    const resent = await run(settings(), { everyPending: true });
    expect(resent.delivered).toEqual([{ type: 'contact', id }]);
  });

  it('resend --pending (everyPending) sends what the schedule would hold back, given up or not', async () => {
    const gaveUp = await failedOne(9 * DAY, 30, 2 * DAY);
    const waiting = await failedOne(HOUR, 4, 5 * MINUTE);
    expect((await run()).delivered).toEqual([]);
    const report = await run(settings(), { everyPending: true });
    expect(report.delivered.map(({ id }) => id).sort()).toEqual([gaveUp.id, waiting.id].sort());
  });
});

describe('the notify-pending function', () => {
  it('is scheduled every 10 minutes', () => {
    expect(config.schedule).toBe('*/10 * * * *');
    expect(typeof notifyPending).toBe('function');
  });

  it('runs a delivery and logs what it sent by id, answering 204', async () => {
    const { id } = await failedOne(HOUR);
    const info: Array<Record<string, unknown>> = [];
    const handler = createNotifyPendingHandler({
      db: database.db,
      settings: () => settings(),
      now: () => NOW,
      log: (entry) => info.push(entry),
      logError: () => {},
    });
    expect(
      (await handler(new Request('http://localhost/.netlify/functions/notify-pending', { method: 'POST' }))).status,
    ).toBe(204);
    expect(info).toEqual([expect.objectContaining({ what: 'notify-pending: sent 1 of 1 due', delivered: [id] })]);
  });
});
