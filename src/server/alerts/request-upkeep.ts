// The requests' part of a send-alerts run, with the time the alerts leave:
// requests not confirmed within 7 days are forgotten, as the privacy notice
// promises (deleted in batches by date), and confirmation e-mails that failed
// are sent again (CONFIRMATION_ATTEMPTS in all). Each retry is claimed first by
// counting its attempt on the request as read, so overlapping runs never send
// one twice.
import type { Database } from '../db/database.ts';
import type { AlertMailSettings } from './categories.ts';
import { CONFIRM_WITHIN_MS } from './links.ts';
import { sendConfirmation } from './subscribe-handler.ts';
import { noteConfirmationMail, pendingFromRow, type RequestRow } from './subscriptions.ts';

/** Attempts at a confirmation e-mail before the request is left to expire. */
const CONFIRMATION_ATTEMPTS = 5;
/** Requests forgotten per statement. */
const BATCH = 500;

export interface RequestUpkeep {
  sent: number;
  failed: number;
  forgotten: number;
}

export async function keepUpRequests(
  db: Database,
  secret: string,
  settings: AlertMailSettings,
  now: () => Date,
  timeLeft: () => boolean,
): Promise<RequestUpkeep> {
  const done: RequestUpkeep = { sent: 0, failed: 0, forgotten: 0 };
  const lapsedBy = () => new Date(now().getTime() - CONFIRM_WITHIN_MS);
  for (;;) {
    if (!timeLeft()) return done;
    const forgotten = await db.query(
      `DELETE FROM alert_requests WHERE address_key IN (
         SELECT address_key FROM alert_requests WHERE requested_at <= $1 LIMIT ${BATCH}) RETURNING 1`,
      [lapsedBy()],
    );
    done.forgotten += forgotten.length;
    if (forgotten.length < BATCH) break;
  }
  if (!settings.mailer) return done;
  const unmailed = await db.query<RequestRow>(
    `SELECT * FROM alert_requests WHERE mail_sent_at IS NULL AND mail_attempts < $1 AND requested_at > $2
     ORDER BY requested_at`,
    [CONFIRMATION_ATTEMPTS, lapsedBy()],
  );
  for (const row of unmailed) {
    if (!timeLeft()) return done;
    const claimed = await db.query(
      `UPDATE alert_requests SET mail_attempts = mail_attempts + 1
       WHERE address_key = $1 AND request = $2 AND mail_attempts = $3 AND mail_sent_at IS NULL RETURNING 1`,
      [row.address_key, row.request, row.mail_attempts],
    );
    if (claimed.length === 0) continue;
    const mailed = await sendConfirmation(pendingFromRow(row), row.address_key, secret, settings, now());
    // Only on the request as read: a newer request, or a confirmation meanwhile, stands.
    if (!(await noteConfirmationMail(db, row.address_key, mailed))) continue;
    if (mailed.mail.sentAt) done.sent++;
    else done.failed++;
  }
  return done;
}
