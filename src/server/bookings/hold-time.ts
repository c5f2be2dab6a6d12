// Holding a consultation time for the request that chose it: a row of `holds`
// (migration 0002), inserted in the transaction that stores the request, so a
// request not stored holds nothing. Of any number of requests for one time,
// the constraint holds_one_per_time lets one row stand; the others are told
// the time is taken. A lapsed hold is deleted first, in the same transaction,
// and its time taken.
import type { Slot } from '../../lib/bookings/slots.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/unavailable.ts';
import { lapseOf } from './holds.ts';

/**
 * Holds `slot` at `place` for submission `submissionId` (inserted in the same
 * transaction, `tx`): true if it now does, false if another request's hold or
 * booking stands. A refusal is undone to a savepoint, so `tx` stays usable.
 */
export async function holdSlot(
  tx: Queryable,
  place: string,
  slot: Slot,
  submissionId: string,
  now: Date,
): Promise<boolean> {
  await tx.query(`DELETE FROM holds WHERE place = $1 AND start_at = $2 AND state = 'held' AND lapses_at <= $3`, [
    place,
    slot.start,
    now,
  ]);
  await tx.query('SAVEPOINT hold_time');
  try {
    await tx.query(
      `INSERT INTO holds (place, start_at, end_at, state, submission_id, held_at, lapses_at)
       VALUES ($1, $2, $3, 'held', $4, $5, $6)`,
      [place, slot.start, slot.end, submissionId, now, lapseOf(now)],
    );
  } catch (error) {
    if (!isUniqueViolation(error, 'holds_one_per_time')) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT hold_time');
    return false;
  }
  await tx.query('RELEASE SAVEPOINT hold_time');
  return true;
}
