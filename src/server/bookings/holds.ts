// Consultation times held or booked: the rows of `holds` (migration 0002),
// one per place and start by its constraint. A request's hold is inserted with
// it (hold-time.ts); staff's confirmation books it (bookSlot); a hold staff have
// not answered lapses after the firm's working days (consultation-hours.json)
// and the time is free again; a confirmed one stays. A row names the request,
// never the visitor, and goes with it (ON DELETE CASCADE).
import { isWorkingDay } from '../../lib/bookings/calendar.ts';
import { consultationHours } from '../../lib/bookings/hours.ts';
import { addDays, DAY_MS, nairobiDay, nairobiIso } from '../../lib/nairobi-time.ts';
import type { Queryable } from '../db/database.ts';

export interface Hold {
  place: string;
  /** In Nairobi time, as the times are offered: "2026-11-30T08:30:00+03:00". */
  start: string;
  end: string;
  state: 'held' | 'confirmed';
  submissionId: string;
  heldAt: string;
  /** When a hold still `held` frees the time. */
  lapsesAt: string;
}

/** `heldAt`, `workingDays` working days on (the same time of day): a hold made on a Saturday lapses on Tuesday. */
export function lapseOf(heldAt: Date, workingDays: number = consultationHours.holdWorkingDays): Date {
  let day = nairobiDay(heldAt);
  let days = 0;
  for (let counted = 0; counted < workingDays;) {
    day = addDays(day, 1);
    days++;
    if (isWorkingDay(day)) counted++;
  }
  return new Date(heldAt.getTime() + days * DAY_MS);
}

interface HoldRow {
  place: string;
  start_at: Date;
  end_at: Date;
  state: 'held' | 'confirmed';
  submission_id: string;
  held_at: Date;
  lapses_at: Date;
}

const HOLD_COLUMNS = 'place, start_at, end_at, state, submission_id, held_at, lapses_at';

const holdFromRow = (row: HoldRow): Hold => ({
  place: row.place,
  start: nairobiIso(row.start_at),
  end: nairobiIso(row.end_at),
  state: row.state,
  submissionId: row.submission_id,
  heldAt: row.held_at.toISOString(),
  lapsesAt: row.lapses_at.toISOString(),
});

/** A hold stands (its time is taken) while booked, or until it lapses. */
const LIVE = `(state = 'confirmed' OR lapses_at > $1)`;

/**
 * Books the time `submissionId` holds at `place` (staff confirmed it): the hold, now booked, or undefined if it
 * is another request's (it lapsed, and was taken) or gone. A lapsed hold still this request's is booked.
 */
export async function bookSlot(db: Queryable, place: string, start: string, submissionId: string) {
  const [row] = await db.query<HoldRow>(
    `UPDATE holds SET state = 'confirmed' WHERE place = $1 AND start_at = $2 AND submission_id = $3
     RETURNING ${HOLD_COLUMNS}`,
    [place, start, submissionId],
  );
  return row ? holdFromRow(row) : undefined;
}

/** Gives back the time `submissionId` held (staff declined it); another request's hold stays. */
export async function releaseHold(db: Queryable, submissionId: string): Promise<void> {
  await db.query(`DELETE FROM holds WHERE submission_id = $1`, [submissionId]);
}

/** The starts (as offered, in Nairobi time) of every time at `place` held or booked at `now`. */
export async function takenStarts(db: Queryable, place: string, now: Date): Promise<Set<string>> {
  const rows = await db.query<{ start_at: Date }>(`SELECT start_at FROM holds WHERE ${LIVE} AND place = $2`, [
    now,
    place,
  ]);
  return new Set(rows.map((row) => nairobiIso(row.start_at)));
}

/** Every time held or booked at `now` that has not ended, at any place, in order: for staff's list of bookings. */
export async function upcomingBookings(db: Queryable, now: Date): Promise<Hold[]> {
  const rows = await db.query<HoldRow>(
    `SELECT ${HOLD_COLUMNS} FROM holds WHERE ${LIVE} AND end_at > $1 ORDER BY start_at, place`,
    [now],
  );
  return rows.map(holdFromRow);
}

/** What became of the time request `submissionId` chose: held for an answer, booked, declined, or lapsed (free again). */
export async function bookingStateOf(
  db: Queryable,
  submissionId: string,
  now: Date,
): Promise<'held' | 'booked' | 'declined' | 'lapsed'> {
  const [row] = await db.query<{ answer: string | null; state: string | null; live: boolean | null }>(
    `SELECT a.answer, h.state, (h.state = 'confirmed' OR h.lapses_at > $1) AS live
       FROM (SELECT $2::text AS id) s
       LEFT JOIN booking_answers a ON a.submission_id = s.id
       LEFT JOIN holds h ON h.submission_id = s.id`,
    [now, submissionId],
  );
  if (row?.answer === 'decline') return 'declined';
  if (!row?.state) return 'lapsed';
  if (row.state === 'confirmed') return 'booked';
  return row.live ? 'held' : 'lapsed';
}
