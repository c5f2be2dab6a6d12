// `npm run submissions -- bookings`: the consultations to come, by day in
// Nairobi time: each time held for a request staff have not answered yet (and
// until when), or booked; the place and the request's id, to `show` it.
import { describeValue } from '../../src/server/submissions/record-labels.ts';
import { upcomingBookings } from '../../src/server/bookings/holds.ts';
import { formatNairobiClock, formatNairobiTime, formatNairobiWeekday } from '../../src/lib/nairobi-time.ts';
import { noArgs } from './arguments.ts';
import type { CommandContext } from './command.ts';

export async function bookingsCommand({ values, args, now, db, deps }: CommandContext): Promise<number> {
  noArgs(args, 'bookings');
  const bookings = await upcomingBookings(db, now);
  if (values.json) {
    deps.io.stdout(JSON.stringify(bookings, null, 2));
    return 0;
  }
  if (!bookings.length) {
    deps.io.stdout('No consultation is held or booked from now on.');
    return 0;
  }
  const lines: string[] = [];
  let day = '';
  for (const booking of bookings) {
    const bookingDay = `${formatNairobiWeekday(booking.start, 'en')} ${booking.start.slice(0, 4)}`;
    if (bookingDay !== day) lines.push(...(day ? [''] : []), bookingDay);
    day = bookingDay;
    const state =
      booking.state === 'confirmed'
        ? 'booked'
        : `held, not yet answered (until ${formatNairobiTime(booking.lapsesAt)})`;
    lines.push(
      `  ${formatNairobiClock(booking.start)}–${formatNairobiClock(booking.end)}  ` +
        `${describeValue('consultation', 'meeting_place', booking.place)}  ${state}  ${booking.submissionId}`,
    );
  }
  deps.io.stdout(lines.join('\n'));
  return 0;
}
