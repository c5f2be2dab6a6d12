import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  formatNairobiClock,
  formatNairobiDate,
  formatNairobiDayIn,
  formatNairobiShort,
  formatNairobiShortDay,
  formatNairobiWeekday,
  formatNairobiTime,
  isNairobiDay,
  nairobiDay,
  nextNairobiMidnight,
  startOfNairobiDay,
} from '../../src/lib/nairobi-time.ts';

const at = (iso: string) => new Date(iso);

describe('the day in Nairobi', () => {
  it('turns at 21:00 UTC, Nairobi’s midnight', () => {
    expect(nairobiDay(at('2026-11-22T20:59:59.999Z'))).toBe('2026-11-22');
    expect(nairobiDay(at('2026-11-22T21:00:00.000Z'))).toBe('2026-11-23');
    expect(nairobiDay(at('2026-11-22T00:00:00.000Z'))).toBe('2026-11-22');
  });

  it('turns the month and the year three hours before London does', () => {
    expect(nairobiDay(at('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
    expect(nairobiDay(at('2026-12-31T21:00:00Z'))).toBe('2027-01-01');
    expect(nairobiDay(at('2028-02-28T21:00:00Z'))).toBe('2028-02-29');
  });

  it('begins at 21:00 UTC the day before, and its last millisecond is still that day', () => {
    const start = startOfNairobiDay('2026-11-23');
    expect(start.toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(nairobiDay(start)).toBe('2026-11-23');
    expect(nairobiDay(new Date(start.getTime() - 1))).toBe('2026-11-22');
    expect(nairobiDay(new Date(start.getTime() + DAY_MS - 1))).toBe('2026-11-23');
    expect(startOfNairobiDay('2027-01-01').toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('is only a date the calendar has, written YYYY-MM-DD', () => {
    expect(['2026-11-22', '2028-02-29', '2026-12-31'].every(isNairobiDay)).toBe(true);
    const notDays = [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '2026-11-22T00:00',
      '',
    ];
    expect(notDays.filter(isNairobiDay)).toEqual([]);
    expect(() => startOfNairobiDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('adding days', () => {
  it('counts calendar days across months, leap days and years, either way', () => {
    expect(addDays('2026-11-22', 1)).toBe('2026-11-23');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-11-22', 365)).toBe('2027-11-22');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
  });

  it('takes whole days only', () => {
    expect(() => addDays('2026-11-22', 0.5)).toThrow(RangeError);
  });

  it('finds the next midnight in Nairobi: a whole day on from one', () => {
    expect(nextNairobiMidnight(at('2026-11-22T20:59:59.999Z')).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(nextNairobiMidnight(at('2026-11-22T21:00:00.000Z')).toISOString()).toBe('2026-11-23T21:00:00.000Z');
    expect(nextNairobiMidnight(at('2026-11-22T09:00:00.000Z')).toISOString()).toBe('2026-11-22T21:00:00.000Z');
  });
});

describe('Nairobi time for people', () => {
  it('names the weekday, the date and the 24-hour time, with the zone in words', () => {
    expect(formatNairobiTime('2026-11-22T07:15:00Z')).toBe('Sunday 22 November 2026 at 10:15 (Nairobi time)');
    expect(formatNairobiTime(at('2026-11-22T20:59:00Z'))).toBe('Sunday 22 November 2026 at 23:59 (Nairobi time)');
    expect(formatNairobiTime(at('2026-11-22T21:00:00Z'))).toBe('Monday 23 November 2026 at 00:00 (Nairobi time)');
  });

  it('gives the date alone, and a compact form for tables, on the Nairobi side of midnight', () => {
    expect(formatNairobiDate(at('2026-11-22T20:59:59Z'))).toBe('22 November 2026');
    expect(formatNairobiDate('2026-11-22T21:00:00Z')).toBe('23 November 2026');
    expect(formatNairobiDate(startOfNairobiDay('2026-11-22'))).toBe('22 November 2026');
    expect(formatNairobiShort(at('2026-11-22T07:15:30Z'))).toBe('2026-11-22 10:15');
    expect(formatNairobiShort('2026-12-31T21:05:00Z')).toBe('2027-01-01 00:05');
  });

  it('writes a day, such as the one a rate was checked on, in the page’s language', () => {
    expect(formatNairobiDayIn('2026-11-27', 'en')).toBe('27 November 2026');
    expect(formatNairobiDayIn('2026-11-27', 'sw')).toBe('27 Novemba 2026');
    expect(formatNairobiDayIn('2027-01-01', 'en')).toBe('1 January 2027');
  });

  it('names a consultation time’s day in the page’s language, long and short, and its clock time', () => {
    const time = '2026-11-30T08:30:00+03:00';
    expect(formatNairobiWeekday(time, 'en')).toBe('Monday 30 November');
    expect(formatNairobiWeekday(time, 'sw')).toBe('Jumatatu, 30 Novemba');
    expect(formatNairobiShortDay(time, 'en')).toBe('Mon 30 Nov');
    expect(formatNairobiShortDay(time, 'sw')).toBe('Jumatatu, 30 Nov');
    expect(formatNairobiClock(time)).toBe('08:30');
    // Late at night in UTC is the next morning in Nairobi.
    expect(formatNairobiShortDay('2026-11-29T21:30:00Z', 'en')).toBe('Mon 30 Nov');
    expect(formatNairobiClock('2026-11-29T21:30:00Z')).toBe('00:30');
  });
});

describe('the fixed offset', () => {
  it('agrees with the time-zone database for Africa/Nairobi from 1970 to 2100', () => {
    const database = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Nairobi',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const disagreements: string[] = [];
    // Every 13 days and 7 hours: every hour of the day falls on every weekday, over 130 years.
    for (let time = Date.UTC(1970, 0, 1); time < Date.UTC(2100, 0, 1); time += 13 * DAY_MS + 7 * 60 * 60 * 1000) {
      const parts = Object.fromEntries(database.formatToParts(time).map((part) => [part.type, part.value]));
      const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
      if (formatNairobiShort(new Date(time)) !== expected) disagreements.push(new Date(time).toISOString());
    }
    expect(disagreements).toEqual([]);
  });
});
