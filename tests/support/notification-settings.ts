// The notification settings the tests send with: a mailer for a test SMTP
// server (or none, for "notifications off") with short time-outs, test
// recipients, and document links signed with a fixed secret.
import { createSmtpMailer } from '../../src/server/notify/mail.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';

export const TEST_SITE_URL = 'https://www.mnoadvocates.co.ke';

export function testNotificationSettings(
  smtpUrl: string | null,
  overrides: Partial<NotificationSettings> = {},
): NotificationSettings {
  return {
    mailer: smtpUrl ? createSmtpMailer(smtpUrl, { connectionMs: 1_000, greetingMs: 1_000, socketMs: 2_000 }) : null,
    from: 'MNO Advocates website <website@mnoadvocates.test>',
    recipients: {
      contact: ['enquiries@mnoadvocates.test'],
      consultation: ['consultations@mnoadvocates.test'],
      application: ['recruitment@mnoadvocates.test'],
    },
    acknowledgeApplicants: false,
    siteUrl: TEST_SITE_URL,
    documentLinks: async () => ({ secret: 'test-document-link-secret', origin: TEST_SITE_URL, days: 14 }),
    ...overrides,
  };
}
