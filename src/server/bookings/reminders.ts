// The day-before reminder: each run of the notify-pending function (every 10
// minutes) e-mails the visitor of every booked consultation that starts within
// the next day and has had none. Each reminder is claimed by its row of
// booking_reminders before it is sent, so two runs at once send it once; a
// send that fails deletes the row for the next run.
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { Queryable } from '../db/database.ts';
import type { NotificationSettings } from '../notify/settings.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import { upcomingBookings } from './holds.ts';
import { reminderMail } from './visitor-mail.ts';

export interface RemindersReport {
  sent: string[];
  failed: Array<{ id: string; detail: string }>;
}

/** Sends the reminders due at `now`; the ids of those sent and of those that failed (tried again next run). */
export async function sendReminders(
  db: Queryable,
  settings: Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>,
  now: Date,
): Promise<RemindersReport> {
  const report: RemindersReport = { sent: [], failed: [] };
  const { mailer } = settings;
  if (!mailer) return report;
  const due = (await upcomingBookings(db, now)).filter(
    (booking) => booking.state === 'confirmed' && new Date(booking.start).getTime() - now.getTime() <= DAY_MS,
  );
  for (const booking of due) {
    const id = booking.submissionId;
    const [row] = await db.query<SubmissionRow>(
      `WITH claimed AS (
         INSERT INTO booking_reminders (submission_id, sent_at) VALUES ($1, $2)
         ON CONFLICT (submission_id) DO NOTHING RETURNING submission_id)
       SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = (SELECT submission_id FROM claimed)`,
      [id, now],
    );
    if (!row) continue;
    try {
      await mailer.send(reminderMail(recordFromRow(row) as ConsultationRecord, booking, settings));
      report.sent.push(id);
    } catch (error) {
      await db.query(`DELETE FROM booking_reminders WHERE submission_id = $1`, [id]);
      report.failed.push({ id, detail: String(error) });
    }
  }
  return report;
}
