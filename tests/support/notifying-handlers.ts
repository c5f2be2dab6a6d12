// The form handlers with the firm's notifier, for the tests of notification
// e-mails: per test file a local Blobs store, a test SMTP server and the log
// as entries (emptied before each test); deps(url) makes handlers that send
// through the mail server at `url`, or with none configured (null).
import { beforeEach, expect } from 'vitest';
import { jsonRequest, validContact } from '../../scripts/lib/sample-requests.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { createContactHandler, type HandlerDeps } from '../../src/server/handlers.ts';
import { createNotifier } from '../../src/server/notify/sending.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';
import { localBlobsPerTest } from './local-blobs-per-test.ts';
import { testNotificationSettings } from './notification-settings.ts';
import { smtpServerPerTest } from './smtp-per-test.ts';
import { disarmInProcess } from './rebuilt-documents.ts';

export function notifyingHandlersPerTest() {
  const blobs = localBlobsPerTest();
  const smtp = smtpServerPerTest();
  const logged: Array<Record<string, unknown>> = [];
  const log = (entry: Record<string, unknown>) => void logged.push(entry);
  beforeEach(() => {
    logged.length = 0;
  });

  /** Handler deps whose notifier sends through `url` with the test settings, made once so sends share one mailer. */
  function deps(url: string | null, overrides: Partial<NotificationSettings> = {}, deadlineMs = 4_000): HandlerDeps {
    const settings = testNotificationSettings(url, overrides);
    return {
      openStore: () => blobs.store(),
      log,
      notify: createNotifier({ settings: () => settings, log, deadlineMs }),
      disarm: disarmInProcess,
    };
  }

  return {
    blobs,
    smtp,
    logged,
    log,
    deps,
    sendContact: (handlerDeps: HandlerDeps, formData: Record<string, unknown> = validContact()) =>
      createContactHandler(handlerDeps)(jsonRequest(CONTACT_ENDPOINT, { form_data: formData })),
    /** The one record stored under `prefix`. */
    async onlyRecord<Record extends SubmissionRecord>(prefix: string): Promise<Record> {
      const keys = (await blobs.keys(prefix)).filter((key) => !key.includes('/files/'));
      expect(keys).toHaveLength(1);
      return (await blobs.store().get(keys[0]!, { type: 'json' })) as Record;
    },
  };
}
