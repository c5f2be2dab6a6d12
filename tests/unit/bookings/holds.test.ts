// A chosen time is held by one request only, even when twenty ask for it at
// the same instant; a hold staff leave unanswered lapses after two working days
// (with the clock moved, not waited for); a booked time stays taken.
import { describe, expect, it } from 'vitest';
import { holdSlot, lapseOf, releaseSlot, takenStarts } from '../../../src/server/bookings/holds.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';

const blobs = localBlobsPerTest();
const SLOT = { start: '2026-11-30T08:30:00+03:00', end: '2026-11-30T09:15:00+03:00' };
/** Friday 27 November 2026, 10:00 in Nairobi. */
const FRIDAY = new Date('2026-11-27T07:00:00Z');
const at = (iso: string) => new Date(iso);

describe('a held time', () => {
  it('is held by exactly one of 20 requests for it at the same instant', async () => {
    const store = blobs.store();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => holdSlot(store, 'nairobi', SLOT, `request-${index}`, FRIDAY)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await takenStarts(store, 'nairobi', FRIDAY)).toEqual(new Set([SLOT.start]));
    expect(await takenStarts(store, 'kakamega', FRIDAY)).toEqual(new Set());
  });

  it('lapses two working days after it was made, skipping the weekend and holidays', () => {
    expect(lapseOf(FRIDAY).toISOString()).toBe('2026-12-01T07:00:00.000Z'); // Friday → Tuesday
    expect(lapseOf(at('2026-11-28T07:00:00Z')).toISOString()).toBe('2026-12-01T07:00:00.000Z'); // Saturday → Tuesday
    // Thursday 24 December: Christmas and Boxing Day, then the weekend: Monday 28th and Tuesday 29th.
    expect(lapseOf(at('2026-12-24T07:00:00Z')).toISOString()).toBe('2026-12-29T07:00:00.000Z');
  });

  it('left unanswered, frees the time once it lapses, for another request to hold', async () => {
    const store = blobs.store();
    expect(await holdSlot(store, 'nairobi', SLOT, 'first', FRIDAY)).toBe(true);
    const monday = at('2026-11-30T04:00:00Z');
    expect(await holdSlot(store, 'nairobi', SLOT, 'second', monday)).toBe(false);
    const afterLapse = at('2026-12-01T07:00:01Z');
    expect(await takenStarts(store, 'nairobi', afterLapse)).toEqual(new Set());
    expect(await holdSlot(store, 'nairobi', SLOT, 'second', afterLapse)).toBe(true);
    expect(await takenStarts(store, 'nairobi', afterLapse)).toEqual(new Set([SLOT.start]));
  });

  it('once booked, never lapses', async () => {
    const store = blobs.store();
    await holdSlot(store, 'nairobi', SLOT, 'first', FRIDAY);
    const [key] = await blobs.keys('bookings/');
    await store.setJSON(key!, { ...(await store.get(key!, { type: 'json' })), state: 'confirmed' });
    const muchLater = at('2026-12-10T07:00:00Z');
    expect(await holdSlot(store, 'nairobi', SLOT, 'second', muchLater)).toBe(false);
    expect(await takenStarts(store, 'nairobi', muchLater)).toEqual(new Set([SLOT.start]));
  });

  it('is given back by the request that holds it, never by another', async () => {
    const store = blobs.store();
    await holdSlot(store, 'nairobi', SLOT, 'first', FRIDAY);
    await releaseSlot(store, 'nairobi', SLOT.start, 'someone-else');
    expect(await takenStarts(store, 'nairobi', FRIDAY)).toEqual(new Set([SLOT.start]));
    await releaseSlot(store, 'nairobi', SLOT.start, 'first');
    expect(await takenStarts(store, 'nairobi', FRIDAY)).toEqual(new Set());
  });

  it('is kept under a key naming the place and time, never the visitor', async () => {
    await holdSlot(blobs.store(), 'nairobi', SLOT, '01JDREQUEST', FRIDAY);
    expect(await blobs.keys('bookings/')).toEqual(['bookings/nairobi/2026-11-30T0830']);
  });
});
