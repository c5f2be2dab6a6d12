// The daily report of what is stuck, on a test database: after a delivery run,
// once a day (Nairobi time, claimed by a row of stuck_reports), an error in the
// log names every submission that has waited a day for its notification, those
// given up on included, and staff are e-mailed a digest of ids and errors only
// while other mail goes through; never when nothing is stuck.
import { describe, expect, it } from 'vitest';
import { failedAttempts, storeContact } from '../../../../scripts/lib/stored-submissions.ts';
import { deliverPending } from '../../../../src/server/notify/delivery.ts';
import type { Mailer } from '../../../../src/server/notify/mail.ts';
import type { NotificationSettings } from '../../../../src/server/notify/settings.ts';
import { reportStuck } from '../../../../src/server/notify/stuck-report.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
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

/** A contact message whose sending failed `attempts` times, the last `lastTried` ago. */
const failedOne = (receivedAgo: number, attempts: number, lastTried: number) =>
  storeContact(database.db, { receivedAt: ago(receivedAgo), notified: failedAttempts(attempts, ago(lastTried)) });

/** A mailer that cannot deliver the notification of `stuckIds` (say, a filter refuses them) but sends everything else. */
const refusing = (stuckIds: () => string[]): Mailer => {
  const inner = settings().mailer!;
  return {
    send: (mail, options) =>
      stuckIds().some((id) => mail.text.includes(`Reference:  ${id}`))
        ? Promise.reject(new Error('550 message refused by a content filter'))
        : inner.send(mail, options),
  };
};

/** A notify-pending run at `now`: the delivery, then the report, with the log kept. */
async function reportAt(now: Date, mail: NotificationSettings) {
  const logged: Array<Record<string, unknown>> = [];
  const delivery = await deliverPending(database.db, mail, { now: () => now });
  const report = await reportStuck(database.db, mail, delivery, { now: () => now, log: (entry) => logged.push(entry) });
  return { report, logged, delivery };
}

const reportedDays = () => database.db.query(`SELECT day, ids FROM stuck_reports ORDER BY day`);

describe('the daily report of what is stuck', () => {
  it('logs an error naming what has waited a day, once a day, and e-mails staff a digest while other mail goes through', async () => {
    let stuckIds: string[] = [];
    const mail = settings({ mailer: refusing(() => stuckIds) });
    const stuck = await failedOne(30 * HOUR, 9, 10 * HOUR);
    // Attempts ended (its last a week after it arrived): given up on, and still named.
    const gaveUp = await failedOne(9 * DAY, 30, 2 * DAY);
    stuckIds = [stuck.id, gaveUp.id];
    const recent = await failedOne(20 * MINUTE, 1, 20 * MINUTE);

    const first = await reportAt(NOW, mail);
    expect(first.delivery.delivered).toEqual([{ type: 'contact', id: recent.id }]);
    expect(first.report?.digest).toBe('sent');
    expect(first.logged).toEqual([
      expect.objectContaining({
        what: expect.stringContaining('2 submissions have not been e-mailed to the firm for over a day'),
        day: '2026-11-22',
        stuck: [stuck, gaveUp]
          .sort((a, b) => a.id.localeCompare(b.id))
          .map(({ id }) =>
            id === stuck.id
              ? expect.objectContaining({ id, type: 'contact', retrying: true, attempts: 10 })
              : expect.objectContaining({ id, type: 'contact', retrying: false, attempts: 30 }),
          ),
        digest: 'sent to staff',
      }),
    ]);
    expect(await reportedDays()).toEqual([{ day: '2026-11-22', ids: [stuck.id, gaveUp.id].sort() }]);
    const messages = await smtp.waitFor(2);
    const digest = messages.find((message) => message.subject.includes('not e-mailed'))!;
    expect(digest.subject).toBe('2 website submissions not e-mailed to the firm for over a day');
    expect(digest.envelope.to.sort()).toEqual(
      ['consultations@mnoadvocates.test', 'enquiries@mnoadvocates.test', 'recruitment@mnoadvocates.test'].sort(),
    );
    expect(digest.text).toContain(stuck.id);
    expect(digest.text).toContain(gaveUp.id);
    expect(digest.text).toContain('npm run submissions -- resend --pending');
    // Ids and errors only: the digest repeats nothing the visitor typed.
    expect(digest.text).not.toContain(stuck.record.fields.email);
    expect(digest.text).not.toContain(stuck.record.fields.msg);

    // Later the same day (Nairobi time): nothing more.
    expect((await reportAt(new Date(NOW.getTime() + 6 * HOUR), mail)).logged).toEqual([]);
    // The next day, again.
    const nextDay = await reportAt(new Date(NOW.getTime() + 16 * HOUR), mail);
    expect(nextDay.logged).toHaveLength(1);
    expect((await reportedDays()).map(({ day }) => day)).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('of two runs at once, one reports', async () => {
    const stuck = await failedOne(30 * HOUR, 9, 10 * HOUR);
    const mail = settings({ mailer: refusing(() => [stuck.id]) });
    const [a, b] = await Promise.all([reportAt(NOW, mail), reportAt(NOW, mail)]);
    expect([a.report, b.report].filter(Boolean)).toHaveLength(1);
    expect([...a.logged, ...b.logged]).toHaveLength(1);
    expect(await reportedDays()).toEqual([{ day: '2026-11-22', ids: [stuck.id] }]);
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
    expect(await reportedDays()).toEqual([]);
  });
});
