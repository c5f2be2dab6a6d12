// The days the firm is closed: Kenya's public holidays (the law's fixed dates,
// the gazetted ones, a Sunday holiday kept on the next free day) and the firm's
// own closures, read from its file.
import { describe, expect, it } from 'vitest';
import { closedReason, daysClosed, isWorkingDay, type DaysClosed } from '../../../src/lib/bookings/calendar.ts';

const calendar = (
  changes: Partial<DaysClosed['publicHolidays']> = {},
  firmClosures: DaysClosed['firmClosures'] = [],
) => ({
  publicHolidays: { ...daysClosed.publicHolidays, ...changes },
  firmClosures,
});

describe('the days the firm is closed', () => {
  it('are the public holidays of every year, named', () => {
    expect(closedReason('2026-12-12')).toBe('Jamhuri Day');
    expect(closedReason('2027-06-01')).toBe('Madaraka Day');
    expect(closedReason('2026-10-10')).toBe('Mazingira Day');
    expect(closedReason('2026-12-11')).toBeUndefined();
  });

  it('and each year’s gazetted ones from the dated list', () => {
    expect(closedReason('2026-04-03')).toBe('Good Friday');
    expect(closedReason('2026-04-06')).toBe('Easter Monday');
    expect(closedReason('2025-04-18')).toBeUndefined(); // not listed: the firm adds each year's
  });

  it('keep a holiday that falls on a Sunday on the next day that is not one itself (Cap. 110, s. 3)', () => {
    // Mashujaa Day 2024 and Jamhuri Day 2027 were Sundays.
    expect(closedReason('2024-10-21')).toBe('Mashujaa Day (observed)');
    expect(closedReason('2027-12-13')).toBe('Jamhuri Day (observed)');
    // Boxing Day 2027 is a Sunday, after Christmas on the Saturday: kept on Monday 27th.
    expect(closedReason('2027-12-27')).toBe('Boxing Day (observed)');
    // Christmas 2022 was a Sunday and Boxing Day the Monday: Christmas is kept on the Tuesday.
    expect(closedReason('2022-12-27')).toBe('Christmas Day (observed)');
    expect(closedReason('2024-10-21', calendar({ sundayKeptOnMonday: false }))).toBeUndefined();
  });

  it('include the firm’s own closures', () => {
    const closing = calendar({}, [{ date: '2026-12-28', name: 'Between the holidays' }]);
    expect(closedReason('2026-12-28', closing)).toBe('Between the holidays');
    expect(isWorkingDay('2026-12-28', closing)).toBe(false);
  });

  it('leave Monday to Friday as working days, and Saturday and Sunday not', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-04'].map((day) => isWorkingDay(day))).toEqual([true, true, true]);
    expect(['2026-11-28', '2026-11-29', '2026-12-25'].map((day) => isWorkingDay(day))).toEqual([false, false, false]);
  });

  it('carry their source and when it was last checked, within the year', () => {
    expect(daysClosed.publicHolidays.source).toMatch(/Public Holidays Act \(Cap\. 110\)/);
    const checked = new Date(`${daysClosed.publicHolidays.checked}T00:00:00Z`).getTime();
    expect(Date.now() - checked).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });
});
