// The days the firm takes no consultations: Kenya's public holidays (the law's
// fixed dates, each year's gazetted ones, and a Sunday holiday kept on the next
// free day, as section 3 of Cap. 110 provides) and the firm's own closures, all
// from src/content/days-closed.json, which the firm extends each year.
import * as v from 'valibot';
import data from '../../content/days-closed.json' with { type: 'json' };
import { addDays, isNairobiDay, type NairobiDay } from '../nairobi-time.ts';

const text = v.pipe(v.string(), v.trim(), v.minLength(1));
const day = v.pipe(v.string(), v.check(isNairobiDay, 'a day written YYYY-MM-DD'));
const monthDay = v.pipe(
  v.string(),
  v.check((value) => isNairobiDay(`2024-${value}`), 'a day of the year written MM-DD'),
);

const daysClosedSchema = v.strictObject({
  publicHolidays: v.strictObject({
    source: text,
    checked: day,
    everyYear: v.array(v.strictObject({ date: monthDay, name: text })),
    sundayKeptOnMonday: v.boolean(),
    dated: v.array(v.strictObject({ date: day, name: text })),
  }),
  firmClosures: v.array(v.strictObject({ date: day, name: text })),
});

export type DaysClosed = v.InferOutput<typeof daysClosedSchema>;

/** The firm's file, checked: a mistake in it fails the build, naming the field. */
export const daysClosed: DaysClosed = v.parse(daysClosedSchema, data);

/** Sunday is 0, as Date has it; `day` is a Nairobi day, so its UTC midnight has the same weekday. */
export const weekdayOf = (day: NairobiDay): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Every public holiday of `year`, by day: a Sunday one also on the next day that is not itself a holiday. */
function publicHolidaysOf(year: number, calendar: DaysClosed): Map<NairobiDay, string> {
  const { everyYear, dated, sundayKeptOnMonday } = calendar.publicHolidays;
  const holidays = new Map<NairobiDay, string>();
  for (const { date, name } of everyYear) holidays.set(`${year}-${date}`, name);
  for (const { date, name } of dated) if (date.startsWith(`${year}-`)) holidays.set(date, name);
  if (!sundayKeptOnMonday) return holidays;
  const sundays = [...holidays].filter(([date]) => weekdayOf(date) === 0).sort(([a], [b]) => a.localeCompare(b));
  for (const [date, name] of sundays) {
    let kept = addDays(date, 1);
    while (holidays.has(kept)) kept = addDays(kept, 1);
    holidays.set(kept, `${name} (observed)`);
  }
  return holidays;
}

/** Why the firm is closed on `day` (a holiday's or closure's name), or undefined on a day it is open. */
export function closedReason(day: NairobiDay, calendar: DaysClosed = daysClosed): string | undefined {
  const closure = calendar.firmClosures.find((closed) => closed.date === day);
  if (closure) return closure.name;
  // A Sunday holiday late in December is kept in the next January: look at both years.
  const year = Number(day.slice(0, 4));
  return publicHolidaysOf(year, calendar).get(day) ?? publicHolidaysOf(year - 1, calendar).get(day);
}

/** A day staff work: Monday to Friday, and not closed. */
export const isWorkingDay = (day: NairobiDay, calendar: DaysClosed = daysClosed): boolean =>
  weekdayOf(day) >= 1 && weekdayOf(day) <= 5 && !closedReason(day, calendar);
