// `npm run submissions -- bookings` lists the consultations to come by day,
// booked or held for an answer; never a lapsed hold, nor one already past. A
// request deleted or erased takes its time and staff's answer with it.
import { describe, expect, it } from 'vitest';
import { holdSlot } from '../../../src/server/bookings/hold-time.ts';
import { bookSlot } from '../../../src/server/bookings/holds.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/privacy.ts';
import { requestTime } from '../../support/consultation-with-time.ts';
import { useTestDatabase } from '../../support/database.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../support/notification-settings.ts';
import { runTool, testDatabase, testStores } from '../../support/submissions-tool.ts';

const blobs = localBlobsPerTest();
const database = useTestDatabase();
/** Friday 27 November 2026, 10:00 in Nairobi. */
const NOW = new Date('2026-11-27T07:00:00Z');
const ID = (n: number) => `01JDQ6V9W7KXAMPBE00000000${n}`;

const run = (argv: string[]) =>
  runTool(argv, {
    openStore: async () => testStores(blobs),
    openDatabase: async () => testDatabase(database.db),
    now: () => NOW,
    notificationSettings: () => testNotificationSettings(null),
    retentionPeriods: () => ({ ...DEFAULT_RETENTION_DAYS }),
  });

const slot = (start: string, minutes = 45) => ({
  start,
  end: new Date(new Date(start).getTime() + minutes * 60_000).toISOString().replace('.000Z', 'Z'),
});

/** Holds `start` at `place` for a stored request ID(n), as if at `heldAt`. */
async function held(n: number, place: string, start: string, heldAt = NOW) {
  await database.db.query(
    `INSERT INTO submissions (id, type, received_at, email, record) VALUES ($1, 'consultation', $2, 'a@example.com', '{}')`,
    [ID(n), heldAt],
  );
  expect(await database.db.transaction((tx) => holdSlot(tx, place, slot(start), ID(n), heldAt))).toBe(true);
}

describe('bookings', () => {
  it('lists the times to come by day: booked, or held until when; no lapsed or past one', async () => {
    await held(1, 'video', '2026-12-01T09:30:00+03:00');
    await held(2, 'nairobi', '2026-11-30T08:30:00+03:00');
    await bookSlot(database.db, 'nairobi', '2026-11-30T08:30:00+03:00', ID(2));
    await held(3, 'kakamega', '2026-11-30T10:00:00+03:00');
    // Held on Monday the 16th, lapsed on Wednesday the 18th: listed nowhere.
    await held(4, 'kakamega', '2026-12-02T10:00:00+03:00', new Date('2026-11-16T07:00:00Z'));
    // Booked, but already over.
    await held(5, 'phone', '2026-11-26T08:00:00+03:00', new Date('2026-11-20T07:00:00Z'));
    await bookSlot(database.db, 'phone', '2026-11-26T08:00:00+03:00', ID(5));

    const { code, stdout } = await run(['bookings']);
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      'Monday 30 November 2026',
      `  08:30–09:15  Nairobi office  booked  ${ID(2)}`,
      `  10:00–10:45  Kakamega office  held, not yet answered (until Tuesday 1 December 2026 at 10:00 (Nairobi time))  ${ID(3)}`,
      '',
      'Tuesday 1 December 2026',
      `  09:30–10:15  Video call  held, not yet answered (until Tuesday 1 December 2026 at 10:00 (Nairobi time))  ${ID(1)}`,
    ]);
    const json = JSON.parse((await run(['bookings', '--json'])).stdout) as Array<{ submissionId: string }>;
    expect(json.map((booking) => booking.submissionId)).toEqual([ID(2), ID(3), ID(1)]);
  });

  it('says when there is none', async () => {
    expect((await run(['bookings'])).stdout).toBe('No consultation is held or booked from now on.');
  });

  it('forgets a request’s time with the request: deleted, or erased with everything one person sent', async () => {
    const send = (email: string, slot: string) => requestTime(database.db, { place: 'video', slot, now: NOW, email });
    const deleted = await send('wanjiru@example.com', '2026-11-30T08:00:00+03:00');
    const kept = await send('achieng@example.com', '2026-11-30T08:45:00+03:00');
    // A data request's first step shows the time and what became of it.
    expect((await run(['find', '--email', 'achieng@example.com'])).stdout).toContain(
      `Time chosen in ${kept}: Monday 30 November 2026 at 08:45 (Nairobi time), Video call: held.`,
    );
    await database.db.query(`INSERT INTO booking_answers VALUES ($1, 'confirm', $2)`, [deleted, NOW]);
    expect(JSON.parse((await run(['bookings', '--json'])).stdout)).toHaveLength(2);

    expect((await run(['delete', deleted, '--yes'])).code).toBe(0);
    const left = () =>
      database.db.query(`SELECT submission_id FROM holds UNION ALL SELECT submission_id FROM booking_answers`);
    expect(await left()).toEqual([{ submission_id: kept }]);
    expect((await run(['erase', '--email', 'ACHIENG@example.com', '--yes'])).code).toBe(0);
    expect(await left()).toEqual([]);
  });
});
