// The notify-pending function (netlify/functions/notify-pending.ts, every 10
// minutes): one delivery run (delivery.ts), the consultations' day-before
// reminders (bookings/reminders.ts), then, with time to spare, the daily
// report of what is stuck (stuck-report.ts). It logs what it sent and
// what failed by id, never content.
import { errorMessage } from '../../lib/error-message.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { deliverPending, FAILURES_BEFORE_PAUSE, SEND_DEADLINE_MS, type DeliveryReport } from './delivery.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from './settings.ts';
import { reportStuck } from './stuck-report.ts';
import { sendReminders } from '../bookings/reminders.ts';

/** By when the function must be done with everything, a margin inside Netlify's 30 seconds. */
const FUNCTION_DONE_BY_MS = 28_000;

export interface NotifyPendingDeps {
  /** The records' database; defaults to this deploy's (db/database.ts). */
  db?: Database;
  settings?: () => NotificationSettings;
  now?: () => Date;
  budgetMs?: number;
  sendDeadlineMs?: number;
  log?: InfoLogger;
  logError?: ErrorLogger;
}

function describeRun(run: DeliveryReport): string {
  const sent = `sent ${run.delivered.length} of ${run.due} due`;
  switch (run.stoppedBecause) {
    case 'notifications-off':
      return `notifications are off (SMTP_URL is not set): ${run.pending.length} not sent`;
    case 'mail-server-down':
      return `${sent}; stopped after ${FAILURES_BEFORE_PAUSE} failures in a row (is the mail server down?)`;
    case 'time':
      return `${sent}; stopped at the time limit, the next run goes on`;
    default:
      return sent;
  }
}

/**
 * The notify-pending function: one delivery run, then the daily stuck report.
 * Answers 204, or 500 when the run itself failed (the database could not be reached): the next run resumes.
 */
export function createNotifyPendingHandler(deps: NotifyPendingDeps = {}): (request?: Request) => Promise<Response> {
  const readSettings = deps.settings ?? notificationSettingsFromEnv;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  const now = deps.now ?? (() => new Date());
  return async () => {
    const started = performance.now();
    try {
      const db = deps.db ?? openDatabase();
      const settings = readSettings();
      const run = await deliverPending(db, settings, {
        now,
        ...(deps.budgetMs === undefined ? {} : { budgetMs: deps.budgetMs }),
        ...(deps.sendDeadlineMs === undefined ? {} : { sendDeadlineMs: deps.sendDeadlineMs }),
      });
      log({
        what: `notify-pending: ${describeRun(run)}`,
        due: run.due,
        delivered: run.delivered.map(({ id }) => id),
        failed: run.failed.map(({ id }) => id),
        notTried: run.notTried,
        stillPending: run.pending.length,
        elapsedMs: run.elapsedMs,
      });
      if (run.failed.length > 0 || run.unrecorded.length > 0) {
        fail({
          level: 'warn',
          what: 'notify-pending: some notifications could not be sent or recorded; they are tried again on schedule',
          failed: run.failed.map(({ type, id, error }) => ({ type, id, detail: error })),
          unrecorded: run.unrecorded,
        });
      }
      try {
        const reminders = await sendReminders(db, settings, now());
        if (reminders.sent.length) log({ what: 'notify-pending: consultation reminders sent', sent: reminders.sent });
        if (reminders.failed.length)
          fail({ what: 'notify-pending: reminders not sent; the next run tries again', failed: reminders.failed });
      } catch (error) {
        fail({
          what: 'notify-pending: could not send the reminders; the next run tries again',
          detail: errorMessage(error),
        });
      }
      // The report can wait for a run with time to spare: it is due once a day, and a later run makes it.
      const left = FUNCTION_DONE_BY_MS - (performance.now() - started);
      try {
        if (left > 2_000)
          await reportStuck(db, settings, run, {
            now,
            log: fail,
            sendDeadlineMs: Math.min(deps.sendDeadlineMs ?? SEND_DEADLINE_MS, left - 1_000),
          });
      } catch (error) {
        fail({
          what: 'notify-pending: could not report the stuck submissions; the next run tries again',
          detail: errorMessage(error),
        });
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      fail({ what: 'notify-pending: the run failed; the next run tries again', detail: errorMessage(error) });
      return new Response(null, { status: 500 });
    }
  };
}
