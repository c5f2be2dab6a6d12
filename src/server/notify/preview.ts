// What a deploy preview or branch deploy may e-mail: nobody at the firm, and
// no address a visitor typed. Such a deploy runs the same functions as the
// live site, with the same SMTP_URL and NOTIFY_* settings unless someone
// remembered to scope them, so the guard sits on the mailer itself: every
// message any code sends (a notification, an acknowledgement, an alert, a
// resend) goes to NOTIFY_PREVIEW_TO instead, marked as a preview, or nowhere.
import type { Mailer } from './mail.ts';
import type { NotificationSettings } from './settings.ts';

/** Why a preview sends nothing, for the function log. */
const PREVIEW_MAIL_OFF = 'this is a deploy preview or branch deploy and NOTIFY_PREVIEW_TO is not set';

/** A mailer that delivers every message to `to` alone, its subject marked "[Preview]". */
function previewMailer(inner: Mailer, to: readonly string[]): Mailer {
  return {
    send: (mail, options) => inner.send({ ...mail, to, subject: `[Preview] ${mail.subject}` }, options),
  };
}

/**
 * The settings a preview sends with: the firm's, with every recipient replaced
 * by `previewTo` (a preview's own testers), and no mailer at all without them.
 */
export function previewNotificationSettings(
  settings: NotificationSettings,
  previewTo: readonly string[],
): NotificationSettings {
  const recipients = { contact: previewTo, consultation: previewTo, application: previewTo };
  const mailer = settings.mailer && previewTo.length > 0 ? previewMailer(settings.mailer, previewTo) : null;
  return {
    ...settings,
    mailer,
    recipients,
    ...(mailer || !settings.mailer ? {} : { offReason: PREVIEW_MAIL_OFF }),
  };
}
