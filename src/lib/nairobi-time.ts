// The firm's clock: Nairobi time (EAT). Kenya has kept UTC+3, with no daylight
// saving, since August 1942, so a Nairobi day is always 24 hours and a fixed
// offset converts exactly (the test holds it to the time-zone database); words
// for people come from Intl in the zone itself. A day is a key, "2026-11-22":
// it sorts as days fall, and names the firm's day in store keys, logs and the
// submissions tool. Instants are Dates; a string is read as an ISO time.
import type { Language } from './i18n/languages.ts';

const TIME_ZONE = 'Africa/Nairobi';
const OFFSET_MS = 3 * 60 * 60 * 1000;

/** A day, and in Nairobi every day: 24 hours. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A day in Nairobi: "2026-11-22". */
export type NairobiDay = string;

const instant = (time: Date | string) => (typeof time === 'string' ? new Date(time) : time);

/** The day in Nairobi that `time` falls in: from 21:00 UTC it is the next day's. */
export function nairobiDay(time: Date): NairobiDay {
  return new Date(time.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether `text` is a day written YYYY-MM-DD that the calendar has ("2026-02-29" is none). */
export function isNairobiDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  // The parser rolls 30 February over into March; the round trip sees it.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** When `day` begins in Nairobi: 21:00 UTC the day before. Throws for what is no day. */
export function startOfNairobiDay(day: NairobiDay): Date {
  if (!isNairobiDay(day)) throw new RangeError(`"${day}" is not a day written YYYY-MM-DD`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The day `days` (a whole number, negative for earlier) after `day`. */
export function addDays(day: NairobiDay, days: number): NairobiDay {
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number, not ${days}`);
  return nairobiDay(new Date(startOfNairobiDay(day).getTime() + days * DAY_MS));
}

/** "2026-11-30T08:30:00+03:00": an instant in ISO 8601 at Nairobi's offset, as times are offered and shown. */
export const nairobiIso = (time: Date): string =>
  `${new Date(time.getTime() + OFFSET_MS).toISOString().slice(0, 19)}+03:00`;

/** The first midnight in Nairobi after `time`: a day later if `time` is one. */
export const nextNairobiMidnight = (time: Date): Date => startOfNairobiDay(addDays(nairobiDay(time), 1));

const longTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Sunday 22 November 2026 at 10:15 (Nairobi time)": a moment as e-mails and the tool tell it. */
export function formatNairobiTime(time: Date | string): string {
  const parts = Object.fromEntries(longTime.formatToParts(instant(time)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} (Nairobi time)`;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "22 November 2026": the day in Nairobi of `time`. */
export const formatNairobiDate = (time: Date | string): string => longDate.format(instant(time));

const longDateIn = {
  en: longDate,
  sw: new Intl.DateTimeFormat('sw-KE', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
} as const satisfies Record<Language, Intl.DateTimeFormat>;

/** "27 November 2026" ("27 Novemba 2026" in Kiswahili): a day, such as the one a fact was checked on, for a page. */
export const formatNairobiDayIn = (day: NairobiDay, lang: Language): string =>
  longDateIn[lang].format(startOfNairobiDay(day));

/** "2026-11-22 10:15": a moment in Nairobi for a table column, headed (EAT). */
export const formatNairobiShort = (time: Date | string): string =>
  new Date(instant(time).getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');

const weekdayIn = {
  en: new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }),
  sw: new Intl.DateTimeFormat('sw-KE', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' }),
} as const satisfies Record<Language, Intl.DateTimeFormat>;

/** "Monday 30 November" ("Jumatatu, 30 Novemba" in Kiswahili): the day in Nairobi of `time`, for a list of times. */
export const formatNairobiWeekday = (time: Date | string, lang: Language): string =>
  weekdayIn[lang].format(instant(time));

const shortDayIn = {
  en: new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }),
  sw: new Intl.DateTimeFormat('sw-KE', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' }),
} as const satisfies Record<Language, Intl.DateTimeFormat>;

/** "Sat 28 Nov" ("Jumamosi, 28 Nov"): the same, short enough for a phone's select. */
export const formatNairobiShortDay = (time: Date | string, lang: Language): string =>
  shortDayIn[lang].format(instant(time));

/** "08:30": the time of day in Nairobi, on the 24-hour clock. */
export const formatNairobiClock = (time: Date | string): string => formatNairobiShort(time).slice(11);
