// Who is e-mailed about submissions, from what address, through which mail
// server: the environment's answer (src/env.ts), or a test's.
import { env } from '../../env.ts';
import { documentLinkSettings, type DocumentLinkSettings } from '../documents/links.ts';
import type { Queryable } from '../db/database.ts';
import type { SubmissionType } from '../submissions/store.ts';
import { createSmtpMailer, type Mailer } from './mail.ts';
import { previewNotificationSettings } from './preview.ts';

export interface NotificationSettings {
  /** null: notifications are off (no SMTP_URL, or a preview without NOTIFY_PREVIEW_TO). */
  mailer: Mailer | null;
  /** Why `mailer` is null, for the log, when it is not that SMTP_URL is unset. */
  offReason?: string;
  from: string;
  recipients: Record<SubmissionType, readonly string[]>;
  acknowledgeApplicants: boolean;
  /** The public origin, for the privacy notice link in acknowledgements. */
  siteUrl: string;
  /** How document links are signed; the secret may live in the database (documents/links.ts). */
  documentLinks: (db: Queryable) => Promise<DocumentLinkSettings>;
}

let cachedMailer: { url: string; mailer: Mailer } | undefined;

/**
 * The settings the environment gives; the mailer is made once per SMTP_URL. On
 * a deploy preview or branch deploy, mail goes to NOTIFY_PREVIEW_TO alone (preview.ts).
 */
export function notificationSettingsFromEnv(): NotificationSettings {
  const url = env.smtpUrl;
  if (url && cachedMailer?.url !== url) cachedMailer = { url, mailer: createSmtpMailer(url) };
  const settings: NotificationSettings = {
    mailer: url ? cachedMailer!.mailer : null,
    from: env.mailFrom,
    recipients: {
      contact: env.notifyContactTo,
      consultation: env.notifyConsultationTo,
      application: env.notifyApplicationTo,
    },
    acknowledgeApplicants: env.acknowledgeApplicants,
    siteUrl: env.siteUrl,
    documentLinks: documentLinkSettings,
  };
  return env.isPreviewDeploy ? previewNotificationSettings(settings, env.notifyPreviewTo) : settings;
}
