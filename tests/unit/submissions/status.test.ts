// `npm run submissions -- status` says whether the firm has heard of every
// submission: how many are pending, the oldest, the last delivery; and
// `resend --pending` sends them through the notify-pending function's own code.
import { describe, expect, it } from 'vitest';
import type { CliDeps } from '../../../scripts/submissions/cli.ts';
import { failedAttempts, storeContact } from '../../../scripts/lib/stored-submissions.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import { useTestDatabase } from '../../support/database.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../support/smtp-per-test.ts';
import { runTool, testDatabase, testStores } from '../../support/submissions-tool.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-22T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const blobs = localBlobsPerTest();
const database = useTestDatabase();
const smtp = smtpServerPerTest();

const run = (argv: string[], overrides: Partial<CliDeps> = {}) =>
  runTool(argv, {
    openStore: async () => testStores(blobs),
    openDatabase: async () => testDatabase(database.db),
    now: () => NOW,
    notificationSettings: () => testNotificationSettings(smtp.url),
    retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
    ...overrides,
  });

describe('status', () => {
  it('shows how many are pending, the oldest with its attempts and next try, and the last delivery', async () => {
    const delivered = await storeContact(database.db, {
      receivedAt: ago(3 * DAY),
      notified: { at: ago(3 * DAY).toISOString(), attempts: 1, lastError: null },
    });
    const oldest = await storeContact(database.db, {
      receivedAt: ago(30 * HOUR),
      notified: failedAttempts(9, ago(2 * HOUR), 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25'),
    });
    await storeContact(database.db, { receivedAt: ago(HOUR), notified: failedAttempts(1, ago(HOUR)) });

    const { code, stdout } = await run(['status']);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'Pending:    2 submissions of 3 not yet e-mailed to the firm, 1 of them for over a day',
      `Oldest:     contact message ${oldest.id}, received Saturday 21 November 2026 at 06:00 (Nairobi time)`,
      '            9 attempts, the last Sunday 22 November 2026 at 10:00 (Nairobi time): ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
      '            the notify-pending function tries again from Sunday 22 November 2026 at 16:00 (Nairobi time)',
      `Last delivery: Thursday 19 November 2026 at 12:00 (Nairobi time), contact message ${delivered.id}`,
      '',
      '"list" shows them all; "resend --pending" sends them now.',
    ]);

    const json = JSON.parse((await run(['status', '--json'])).stdout);
    expect(json).toMatchObject({
      submissions: 3,
      pending: 2,
      stuck: 1,
      givenUp: 0,
      oldest: { id: oldest.id, type: 'contact', attempts: 9, state: 'waiting', stuck: true },
      lastDelivery: { type: 'contact', at: ago(3 * DAY).toISOString() },
    });
    expect(json.pendingSubmissions).toHaveLength(2);
  });

  it('pending before resend --pending, delivered after', async () => {
    const { id } = await storeContact(database.db, { receivedAt: ago(HOUR), notified: failedAttempts(1, ago(HOUR)) });
    expect(JSON.parse((await run(['status', '--json'])).stdout)).toMatchObject({ pending: 1, lastDelivery: null });

    const resent = await run(['resend', '--pending']);
    expect(resent.code).toBe(0);
    expect(resent.stdout).toBe(`Sent the notification of contact message ${id} to enquiries@mnoadvocates.test.`);

    const after = await run(['status']);
    expect(after.stdout.split('\n')).toEqual([
      'Pending:    none: the firm has been e-mailed about every submission (1)',
      `Last delivery: Sunday 22 November 2026 at 12:00 (Nairobi time), contact message ${id}`,
    ]);
  });

  it('says so when the store is empty, and takes no arguments', async () => {
    expect((await run(['status'])).stdout).toBe(
      'Pending:    none (no submissions stored)\nLast delivery: none recorded',
    );
    expect((await run(['status', 'extra'])).code).toBe(2);
  });
});

describe('resend --pending', () => {
  it('leaves to the notify-pending function what it has taken to send at this moment', async () => {
    const busy = await storeContact(database.db, {
      receivedAt: ago(2 * HOUR),
      notified: failedAttempts(1, ago(2 * HOUR)),
    });
    const free = await storeContact(database.db, { receivedAt: ago(HOUR), notified: failedAttempts(1, ago(HOUR)) });
    // Taken by a notify-pending run a moment ago (notify/delivery.ts).
    await database.db.query(`UPDATE submissions SET notify_claimed_until = $2 WHERE id = $1`, [
      busy.id,
      new Date(NOW.getTime() + MINUTE),
    ]);

    const { code, stdout } = await run(['resend', '--pending']);
    expect(stdout).toBe(`Sent the notification of contact message ${free.id} to enquiries@mnoadvocates.test.`);
    expect(code).toBe(0);
    expect(await smtp.waitFor(1)).toHaveLength(1);
    const [row] = await database.db.query<{ notified: unknown }>(`SELECT notified FROM submissions WHERE id = $1`, [
      busy.id,
    ]);
    expect(row!.notified).toEqual(busy.record.notified);
  });
});
