// Writing submission records: a new enquiry (an application: save-application.ts),
// and the outcome of each attempt to notify the firm of it.
import type { Database, Queryable } from '../db/database.ts';
import {
  nextNotificationStatus,
  type ConsultationRecord,
  type ContactRecord,
  type NotificationOutcome,
  type NotificationStatus,
} from './record.ts';
import { insertSubmission } from './rows.ts';
/** Stores a contact message or consultation request in the caller's transaction; never overwrites one (rows.ts). */
export function saveEnquiry(tx: Queryable, record: ContactRecord | ConsultationRecord): Promise<void> {
  return insertSubmission(tx, record);
}

/** Whether the record now says what an attempt came to: 'saved', or 'deleted' (it is gone, and stays gone). */
export type Recorded = 'saved' | 'deleted';

/**
 * Adds one attempt to notify the firm to the `notified` of submission `id`,
 * computed from what it says now under a row lock: of two attempts at once
 * (the function and `resend`), the second waits and adds to the first, so
 * neither is lost and a delivery is never overwritten by a later failure. A
 * record deleted meanwhile stays deleted.
 */
export function recordNotificationOutcome(
  db: Database,
  id: string,
  outcome: NotificationOutcome,
): Promise<{ status: NotificationStatus; recorded: Recorded }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ notified: NotificationStatus | null }>(
      `SELECT notified FROM submissions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const status = nextNotificationStatus(row?.notified ?? null, outcome);
    if (!row) return { status, recorded: 'deleted' as const };
    await tx.query(`UPDATE submissions SET notified = $2 WHERE id = $1`, [id, status]);
    return { status, recorded: 'saved' as const };
  });
}
