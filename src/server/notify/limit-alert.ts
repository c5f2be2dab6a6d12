// The one e-mail a day that tells the firm a form reached its daily limit
// (submissions/daily-limit.ts) and is refusing people until midnight: a flood
// has started, or the site is busier than the limit allows. Sent to whoever
// hears of that form's submissions; on a preview, to NOTIFY_PREVIEW_TO only
// (preview.ts). Never throws: a failed alert is logged.
import type { ErrorLogger } from '../http/responses.ts';
import type { DailyLimits } from '../../env.ts';
import { redactAddresses, type OutgoingMail } from './mail.ts';
import { notificationSettingsFromEnv, type NotificationSettings } from './settings.ts';

/** How long the function that found the limit reached waits for the mail server (as for a notification). */
const ALERT_DEADLINE_MS = 8_000;

/** What is counted against a daily limit: each form, and article alert subscriptions. */
export type LimitedForm = keyof DailyLimits;

interface LimitReached {
  form: LimitedForm;
  limit: number;
  /** The day it was reached, Nairobi time, YYYY-MM-DD. */
  day: string;
  requestId?: string | undefined;
}

export type LimitAlerter = (reached: LimitReached) => Promise<void>;

const plural: Record<LimitedForm, string> = {
  contact: 'contact messages',
  consultation: 'consultation requests',
  application: 'pupillage applications',
  subscription: 'article alert subscriptions',
};

const variable: Record<LimitedForm, string> = {
  contact: 'DAILY_LIMIT_ENQUIRY',
  consultation: 'DAILY_LIMIT_ENQUIRY',
  application: 'DAILY_LIMIT_APPLICATION',
  subscription: 'DAILY_LIMIT_ENQUIRY',
};

function limitAlertMail(
  { form, limit, day }: LimitReached,
  settings: Pick<NotificationSettings, 'from' | 'recipients'>,
): OutgoingMail {
  const what = plural[form];
  return {
    from: settings.from,
    // Subscriptions are heard of by whoever hears of contact messages.
    to: settings.recipients[form === 'subscription' ? 'contact' : form],
    subject: `Website: the daily limit of ${limit.toLocaleString('en-GB')} ${what} was reached`,
    text: [
      `The website has stored ${limit.toLocaleString('en-GB')} ${what} today (${day}, Nairobi time), its daily limit.`,
      `Until midnight, Nairobi time, it refuses any more with a message asking people to try again tomorrow`,
      'or to write or call instead. This is the only e-mail about it today.',
      '',
      'Usually this means a flood of automated submissions. To look at today’s:',
      `  npm run submissions -- ${form === 'subscription' ? 'subscribers' : 'list --since 1d'}`,
      'If they are genuine, raise the limit in Netlify (Site configuration → Environment variables,',
      `${variable[form]}); a new value applies from the next submission.`,
      '',
    ].join('\n'),
  };
}

export function createLimitAlerter({
  settings: readSettings = notificationSettingsFromEnv,
  log,
  deadlineMs = ALERT_DEADLINE_MS,
}: {
  settings?: () => NotificationSettings;
  log: ErrorLogger;
  deadlineMs?: number;
}): LimitAlerter {
  return async (reached) => {
    const context = { form: reached.form, limit: reached.limit, day: reached.day, requestId: reached.requestId };
    log({ what: 'daily limit reached: the form refuses submissions until midnight, Nairobi time', ...context });
    try {
      const settings = readSettings();
      if (!settings.mailer) {
        log({ level: 'warn', what: 'the daily limit alert was not e-mailed: notifications are off', ...context });
        return;
      }
      await settings.mailer.send(limitAlertMail(reached, settings), { signal: AbortSignal.timeout(deadlineMs) });
    } catch (error) {
      log({ what: 'e-mail the daily limit alert', ...context, detail: redactAddresses(String(error)) });
    }
  };
}
