// The times a meeting place offers: within its hours, back to back, from the
// next day to three weeks ahead, never on a Sunday or a day the firm is closed,
// written in Nairobi time whatever the server's zone.
import { describe, expect, it } from 'vitest';
import { consultationHours } from '../../../src/lib/bookings/hours.ts';
import { offeredSlot, offeredSlots } from '../../../src/lib/bookings/slots.ts';

/** Friday 27 November 2026, 10:00 in Nairobi. */
const NOW = new Date('2026-11-27T07:00:00Z');
const dayOf = (start: string) => start.slice(0, 10);
const timeOf = (start: string) => start.slice(11, 16);

describe('the times offered', () => {
  it('at the Nairobi office: 45 minutes each within 08:30–16:30 on weekdays and 09:00–12:00 on Saturday', () => {
    const slots = offeredSlots('nairobi', NOW);
    const monday = slots.filter((slot) => dayOf(slot.start) === '2026-11-30');
    expect(monday.map((slot) => timeOf(slot.start))).toEqual([
      '08:30',
      '09:15',
      '10:00',
      '10:45',
      '11:30',
      '12:15',
      '13:00',
      '13:45',
      '14:30',
      '15:15',
    ]);
    expect(monday[0]).toEqual({ start: '2026-11-30T08:30:00+03:00', end: '2026-11-30T09:15:00+03:00' });
    const saturday = slots.filter((slot) => dayOf(slot.start) === '2026-11-28');
    expect(saturday.map((slot) => `${timeOf(slot.start)}–${timeOf(slot.end)}`)).toEqual([
      '09:00–09:45',
      '09:45–10:30',
      '10:30–11:15',
      '11:15–12:00',
    ]);
  });

  it('from the next day, never today, up to 21 days ahead', () => {
    const days = [...new Set(offeredSlots('nairobi', NOW).map((slot) => dayOf(slot.start)))];
    expect(days[0]).toBe('2026-11-28');
    expect(days.at(-1)).toBe('2026-12-18');
    expect(days).not.toContain('2026-11-27');
  });

  it('never on a Sunday or a public holiday: Jamhuri Day, a Saturday in 2026, has none', () => {
    const days = new Set(offeredSlots('nairobi', NOW).map((slot) => dayOf(slot.start)));
    for (const sunday of ['2026-11-29', '2026-12-06', '2026-12-13']) expect(days).not.toContain(sunday);
    expect(days).not.toContain('2026-12-12');
    expect(days).toContain('2026-12-05');
  });

  it('at Kakamega on weekdays only, and by video or phone 08:00–17:00 on weekdays', () => {
    const kakamega = offeredSlots('kakamega', NOW);
    expect(kakamega.some((slot) => dayOf(slot.start) === '2026-11-28')).toBe(false);
    const video = offeredSlots('video', NOW).filter((slot) => dayOf(slot.start) === '2026-11-30');
    expect(video).toHaveLength(12);
    expect(timeOf(video.at(-1)!.end)).toBe('17:00');
    expect(offeredSlots('phone', NOW)).toEqual(offeredSlots('video', NOW));
  });

  it('the same day too, from the next time not yet begun (10:00 has, at 10:00), where the place allows it', () => {
    const hours = { ...consultationHours, sameDay: true };
    const today = offeredSlots('nairobi', NOW, { hours }).filter((slot) => dayOf(slot.start) === '2026-11-27');
    expect(timeOf(today[0]!.start)).toBe('10:45');
  });

  it('none for a place without hours', () => {
    expect(offeredSlots('mombasa', NOW)).toEqual([]);
  });

  it('one offered exactly as written; any other text, a past time, a time outside hours or on a holiday, none', () => {
    expect(offeredSlot('nairobi', '2026-11-30T08:30:00+03:00', NOW)).toBeDefined();
    for (const start of [
      '2026-11-30T05:30:00Z', // the same instant, written otherwise
      '2026-11-30T08:31:00+03:00',
      '2026-11-30T16:30:00+03:00',
      '2026-11-29T09:00:00+03:00',
      '2026-12-12T09:00:00+03:00',
      '2026-11-26T08:30:00+03:00',
      '2027-01-05T08:30:00+03:00',
      'tomorrow',
    ])
      expect(offeredSlot('nairobi', start, NOW), start).toBeUndefined();
  });
});
