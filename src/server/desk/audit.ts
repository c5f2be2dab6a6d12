// The desk's audit trail: who did what, to what, and when. Append-only (a
// trigger refuses any change, 0008_staff.sql); kept as the privacy notice says.
import type { Queryable } from '../db/database.ts';
import type { StaffCaller } from './guard.ts';

export async function audit(
  db: Queryable,
  who: StaffCaller | null,
  action: string,
  subject: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    `INSERT INTO audit_events (person_id, person_email, action, subject, detail) VALUES ($1, $2, $3, $4, $5)`,
    [who?.personId ?? null, who?.email ?? null, action, subject, detail],
  );
}
