// import-blobs copies the consultation times the version before Netlify
// Database kept in Blobs — holds bookings/<place>/<YYYY-MM-DDTHHMM>, staff's
// answers bookings/answers/<id>, reminders bookings/reminders/<id> — into
// holds, booking_answers and booking_reminders, after the requests they name;
// one whose request is not stored is named with why; a second run copies nothing.
import { describe, expect, it } from 'vitest';
import { validConsultation } from '../../../scripts/lib/sample-requests.ts';
import { newSubmissionId } from '../../../src/server/submissions/ids.ts';
import { consultationRecord } from '../../../src/server/submissions/record.ts';
import { submissionsToolPerTest, TOOL_NOW } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { blobs, run } = tool;

const at = (minutes: number) => new Date(TOOL_NOW.getTime() - minutes * 60_000);

/** A consultation request as the previous version stored it; its id. */
async function oldRequest(minutes: number): Promise<string> {
  const record = consultationRecord({ ...validConsultation(), honey: '' } as Parameters<typeof consultationRecord>[0], {
    id: newSubmissionId(at(minutes).getTime()),
    receivedAt: at(minutes),
  });
  await blobs.store().setJSON(`consultation/${record.id}`, record);
  return record.id;
}

/** The old hold of `start` (Nairobi time) at `place` for `submissionId`, under its old key. */
const oldHold = (place: string, start: string, submissionId: string, state: 'held' | 'confirmed') =>
  blobs.store().setJSON(`bookings/${place}/${start.slice(0, 16).replace(':', '')}`, {
    place,
    start,
    end: start.replace(/T(\d\d):30/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, '0')}:00`),
    state,
    submissionId,
    heldAt: at(40).toISOString(),
    lapsesAt: '2026-11-25T09:00:00.000Z',
  });

/** A site's bookings as the previous version left them: one booked and reminded, one held, one declined. */
async function oldBookings() {
  const booked = await oldRequest(50);
  const held = await oldRequest(45);
  const declined = await oldRequest(40);
  const store = blobs.store();
  await oldHold('nairobi', '2026-11-30T08:30:00+03:00', booked, 'confirmed');
  await oldHold('video', '2026-12-01T10:30:00+03:00', held, 'held');
  await store.setJSON(`bookings/answers/${booked}`, { answer: 'confirm', at: at(30).toISOString() });
  await store.setJSON(`bookings/answers/${declined}`, { answer: 'decline', at: at(20).toISOString() });
  await store.setJSON(`bookings/reminders/${booked}`, { at: at(10).toISOString() });
  return { booked, held, declined };
}

describe('import-blobs, bookings', () => {
  it('copies the holds, answers and reminders of the old layout after the requests they name', async () => {
    const { booked, held, declined } = await oldBookings();
    const before = await blobs.keys();
    const result = await run(['import-blobs']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      [
        'bookings:',
        '  booking answers: copied 2, already there 0',
        '  holds: copied 2, already there 0',
        '  reminders sent: copied 1, already there 0',
      ].join('\n'),
    );
    expect(await blobs.keys()).toEqual(before);

    const { db } = tool.database;
    expect(
      await db.query(
        `SELECT place, start_at, end_at, state, submission_id, held_at, lapses_at FROM holds ORDER BY start_at`,
      ),
    ).toEqual([
      {
        place: 'nairobi',
        start_at: new Date('2026-11-30T05:30:00.000Z'),
        end_at: new Date('2026-11-30T06:00:00.000Z'),
        state: 'confirmed',
        submission_id: booked,
        held_at: at(40),
        lapses_at: new Date('2026-11-25T09:00:00.000Z'),
      },
      expect.objectContaining({ place: 'video', state: 'held', submission_id: held }),
    ]);
    expect(await db.query(`SELECT * FROM booking_answers ORDER BY answered_at`)).toEqual([
      { submission_id: booked, answer: 'confirm', answered_at: at(30) },
      { submission_id: declined, answer: 'decline', answered_at: at(20) },
    ]);
    expect(await db.query(`SELECT * FROM booking_reminders`)).toEqual([{ submission_id: booked, sent_at: at(10) }]);
    // The tool sees the booking as staff saw it before.
    const bookings = JSON.parse((await run(['bookings', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(bookings).toEqual([
      expect.objectContaining({ submissionId: booked, state: 'confirmed' }),
      expect.objectContaining({ submissionId: held, state: 'held' }),
    ]);
  });

  it('copies nothing twice: a second run counts what is there already', async () => {
    await oldBookings();
    await run(['import-blobs']);
    const again = await run(['import-blobs']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('  holds: copied 0, already there 2');
    expect(again.stdout).toContain('  booking answers: copied 0, already there 2');
    expect(again.stdout).toContain('  reminders sent: copied 0, already there 1');
    expect(again.stdout).not.toMatch(/copied [1-9]/);
    expect(await tool.database.db.query(`SELECT count(*)::int AS n FROM holds`)).toEqual([{ n: 2 }]);
  });

  it('names a hold, answer or reminder whose request is not stored, copies the rest and exits with 1', async () => {
    await oldBookings();
    const gone = newSubmissionId(at(35).getTime());
    await oldHold('kakamega', '2026-12-02T09:30:00+03:00', gone, 'held');
    await blobs.store().setJSON(`bookings/reminders/${gone}`, { at: at(5).toISOString() });
    await blobs.store().setJSON('bookings/answers/not-an-id', { answer: 'confirm', at: at(5).toISOString() });
    const result = await run(['import-blobs']);
    expect(result.code).toBe(1);
    const why = `not copied: its request ${gone} is not in the database (import it first)`;
    expect(result.stdout).toContain(`  could not copy bookings/kakamega/2026-12-02T0930: ${why}`);
    expect(result.stdout).toContain(`  could not copy bookings/reminders/${gone}: ${why}`);
    expect(result.stdout).toContain(
      '  could not copy bookings/answers/not-an-id: not copied: it names no submission id',
    );
    expect(result.stdout).toContain('  holds: copied 2, already there 0');
    expect(result.stdout).toContain('3 could not be copied (above, with why); nothing was deleted from Blobs.');
  });
});
