// The consultation times a place offers from `now`: each day from today (if
// the place takes same-day bookings) or tomorrow, up to its reach, that the
// firm is open, cut into back-to-back consultations within that weekday's
// hours, none already begun. A time is written as the slots endpoint gives it
// and the form sends it back: ISO 8601 in Nairobi time, "2026-11-30T08:30:00+03:00".
import { addDays, nairobiDay, type NairobiDay } from '../nairobi-time.ts';
import { closedReason, daysClosed, weekdayOf, type DaysClosed } from './calendar.ts';
import { consultationHours, placeRules, WEEKDAYS, type ConsultationHours } from './hours.ts';

export interface Slot {
  start: string;
  end: string;
}

export interface SlotSources {
  hours?: ConsultationHours;
  closed?: DaysClosed;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A Nairobi day and minutes after its midnight, as ISO 8601 with Nairobi's offset. */
const at = (day: NairobiDay, minutes: number) =>
  `${day}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00+03:00`;

/** Every time `place` offers from `now`, in order; none for a place without hours. */
export function offeredSlots(
  place: string,
  now: Date,
  { hours = consultationHours, closed = daysClosed }: SlotSources = {},
): Slot[] {
  const rules = placeRules(place, hours);
  if (!rules) return [];
  const today = nairobiDay(now);
  const slots: Slot[] = [];
  for (let offset = rules.sameDay ? 0 : 1; offset <= rules.daysAhead; offset++) {
    const day = addDays(today, offset);
    if (closedReason(day, closed)) continue;
    for (const { from, to } of rules.hours[WEEKDAYS[weekdayOf(day)]!] ?? []) {
      for (let start = from; start + rules.consultationMinutes <= to; start += rules.consultationMinutes) {
        const slot = { start: at(day, start), end: at(day, start + rules.consultationMinutes) };
        if (new Date(slot.start) > now) slots.push(slot);
      }
    }
  }
  return slots;
}

/** The offered slot that starts at `start`, written exactly as offered; undefined for any other text. */
export const offeredSlot = (place: string, start: string, now: Date, sources: SlotSources = {}): Slot | undefined =>
  offeredSlots(place, now, sources).find((slot) => slot.start === start);
