// The send-alerts function (netlify/functions/send-alerts.ts, every 5
// minutes): one run of send-run.ts, logged by article slug and counts, never
// by address. Answers 204, or 500 when the run itself failed (the database
// was unavailable): it stops, and the next run resumes where it left off.
import { errorMessage } from '../../lib/error-message.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from '../notify/settings.ts';
import { fetchAlertCategories, type AlertCategories } from './categories.ts';
import { sendAlerts, type AlertRunOptions } from './send-run.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { alertSecret } from './store.ts';

export interface SendAlertsDeps extends AlertRunOptions {
  db?: Database;
  secret?: (db: Database) => Promise<string>;
  settings?: () => Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'>;
  /** The categories the e-mails name: the list the live site's build published. */
  categories?: () => Promise<AlertCategories>;
  log?: InfoLogger;
  logError?: ErrorLogger;
}

export function createSendAlertsHandler(deps: SendAlertsDeps = {}): (request?: Request) => Promise<Response> {
  const { db: given, secret = alertSecret, settings = notificationSettingsFromEnv, ...options } = deps;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  return async () => {
    try {
      const mail = settings();
      const known = await (deps.categories ?? (() => fetchAlertCategories(mail.siteUrl)))().catch(
        (error: unknown): AlertCategories => {
          fail({
            level: 'warn',
            what: 'send-alerts: the build’s category list could not be read; the e-mails name categories by their slugs',
            detail: errorMessage(error),
          });
          return new Map();
        },
      );
      const db = given ?? openDatabase();
      const run = await sendAlerts(db, await secret(db), { ...mail, categories: known }, options);
      log({ what: 'send-alerts: run ended', ...run });
      if (run.stoppedBecause === 'mail-server-down')
        fail({ level: 'warn', what: 'send-alerts: stopped after failures in a row; the article waits, then goes on' });
      return new Response(null, { status: 204 });
    } catch (error) {
      fail({ what: 'send-alerts: the run failed; the next run tries again', detail: errorMessage(error) });
      return new Response(null, { status: 500 });
    }
  };
}
