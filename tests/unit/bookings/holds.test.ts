// A chosen time is held by one request only, even when twenty ask for it at
// the same instant; a hold staff leave unanswered lapses after two working days
// (with the clock moved, not waited for); a booked time stays taken, and reads
// back in Nairobi time as it was offered.
import { describe, expect, it } from 'vitest';
import { holdSlot } from '../../../src/server/bookings/hold-time.ts';
import {
  bookingStateOf,
  bookSlot,
  lapseOf,
  takenStarts,
  upcomingBookings,
} from '../../../src/server/bookings/holds.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();
const SLOT = { start: '2026-11-30T08:30:00+03:00', end: '2026-11-30T09:15:00+03:00' };
/** Friday 27 November 2026, 10:00 in Nairobi. */
const FRIDAY = new Date('2026-11-27T07:00:00Z');
const at = (iso: string) => new Date(iso);

/** A stored consultation request `id` (a hold names one). */
const request = (id: string) =>
  database.db.query(
    `INSERT INTO submissions (id, type, received_at, email, record) VALUES ($1, 'consultation', $2, 'a@example.com', '{}')`,
    [id, FRIDAY],
  );

/** Holds SLOT for `id` in a transaction of its own, as the form does. */
async function hold(id: string, now: Date) {
  await request(id).catch(() => undefined);
  return database.db.transaction((tx) => holdSlot(tx, 'nairobi', SLOT, id, now));
}

describe('a held time', () => {
  it('is held by exactly one of 20 requests for it at the same instant', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => hold(`request-${index}`, FRIDAY)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await takenStarts(database.db, 'nairobi', FRIDAY)).toEqual(new Set([SLOT.start]));
    expect(await takenStarts(database.db, 'kakamega', FRIDAY)).toEqual(new Set());
  });

  it('lapses two working days after it was made, skipping the weekend and holidays', () => {
    expect(lapseOf(FRIDAY).toISOString()).toBe('2026-12-01T07:00:00.000Z'); // Friday → Tuesday
    expect(lapseOf(at('2026-11-28T07:00:00Z')).toISOString()).toBe('2026-12-01T07:00:00.000Z'); // Saturday → Tuesday
    // Thursday 24 December: Christmas and Boxing Day, then the weekend: Monday 28th and Tuesday 29th.
    expect(lapseOf(at('2026-12-24T07:00:00Z')).toISOString()).toBe('2026-12-29T07:00:00.000Z');
  });

  it('left unanswered, frees the time once it lapses, for another request to hold', async () => {
    expect(await hold('first', FRIDAY)).toBe(true);
    const monday = at('2026-11-30T04:00:00Z');
    expect(await hold('second', monday)).toBe(false);
    const afterLapse = at('2026-12-01T07:00:01Z');
    expect(await takenStarts(database.db, 'nairobi', afterLapse)).toEqual(new Set());
    expect(await bookingStateOf(database.db, 'first', afterLapse)).toBe('lapsed');
    expect(await hold('second', afterLapse)).toBe(true);
    expect(await takenStarts(database.db, 'nairobi', afterLapse)).toEqual(new Set([SLOT.start]));
    expect(await bookSlot(database.db, 'nairobi', SLOT.start, 'first')).toBeUndefined();
  });

  it('once booked, never lapses, and reads back in Nairobi time', async () => {
    await hold('first', FRIDAY);
    expect(await bookingStateOf(database.db, 'first', FRIDAY)).toBe('held');
    expect(await bookSlot(database.db, 'nairobi', SLOT.start, 'first')).toEqual({
      place: 'nairobi',
      ...SLOT,
      state: 'confirmed',
      submissionId: 'first',
      heldAt: FRIDAY.toISOString(),
      lapsesAt: '2026-12-01T07:00:00.000Z',
    });
    const muchLater = at('2026-11-30T05:00:00Z');
    expect(await hold('second', muchLater)).toBe(false);
    expect(await takenStarts(database.db, 'nairobi', muchLater)).toEqual(new Set([SLOT.start]));
    expect(await bookingStateOf(database.db, 'first', muchLater)).toBe('booked');
    expect((await upcomingBookings(database.db, muchLater)).map(({ start }) => start)).toEqual([SLOT.start]);
  });

  it('goes with its request', async () => {
    await hold('first', FRIDAY);
    await database.db.query(`DELETE FROM submissions WHERE id = 'first'`);
    expect(await takenStarts(database.db, 'nairobi', FRIDAY)).toEqual(new Set());
  });
});
