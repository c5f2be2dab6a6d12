// The day-before reminder: each run of the notify-pending function (every 10
// minutes) e-mails the visitor of every booked consultation that starts within
// the next day and has had none. Each reminder is claimed with a create-only
// write (bookings/reminders/<id>) before it is sent, so two runs at once send
// it once; a send that fails gives the claim back for the next run.
import type { Store } from '@netlify/blobs';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { NotificationSettings } from '../notify/settings.ts';
import type { ConsultationRecord } from '../submissions/record.ts';
import { submissionKeys } from '../submissions/store.ts';
import { REMINDERS_PREFIX, upcomingBookings } from './holds.ts';
import { reminderMail } from './visitor-mail.ts';

export interface RemindersReport {
  sent: string[];
  failed: Array<{ id: string; detail: string }>;
}

/** Sends the reminders due at `now`; the ids of those sent and of those that failed (tried again next run). */
export async function sendReminders(
  store: Pick<Store, 'get' | 'list' | 'setJSON' | 'delete'>,
  settings: Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>,
  now: Date,
): Promise<RemindersReport> {
  const report: RemindersReport = { sent: [], failed: [] };
  const { mailer } = settings;
  if (!mailer) return report;
  const due = (await upcomingBookings(store, now)).filter(
    (booking) => booking.state === 'confirmed' && new Date(booking.start).getTime() - now.getTime() <= DAY_MS,
  );
  for (const booking of due) {
    const claim = `${REMINDERS_PREFIX}${booking.submissionId}`;
    if (!(await store.setJSON(claim, { at: now.toISOString() }, { onlyIfNew: true })).modified) continue;
    const record = (await store.get(submissionKeys.consultation(booking.submissionId), {
      type: 'json',
    })) as ConsultationRecord | null;
    if (!record) continue;
    try {
      await mailer.send(reminderMail(record, booking, settings));
      report.sent.push(booking.submissionId);
    } catch (error) {
      await store.delete(claim);
      report.failed.push({ id: booking.submissionId, detail: String(error) });
    }
  }
  return report;
}
