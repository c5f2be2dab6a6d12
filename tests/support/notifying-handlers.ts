// The form handlers with the firm's notifier, for the tests of notification
// e-mails: per test file a test database, a local Blobs store (documents), a
// test SMTP server and the log as entries (emptied before each test); deps(url)
// makes handlers that send through the mail server at `url`, or with none
// configured (null).
import { beforeEach, expect } from 'vitest';
import { jsonRequest, validContact } from '../../scripts/lib/sample-requests.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { createContactHandler, type HandlerDeps } from '../../src/server/handlers.ts';
import { createNotifier } from '../../src/server/notify/sending.ts';
import type { NotificationSettings } from '../../src/server/notify/settings.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../../src/server/submissions/rows.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { useTestDatabase } from './database.ts';
import { localBlobsPerTest } from './local-blobs-per-test.ts';
import { testNotificationSettings } from './notification-settings.ts';
import { smtpServerPerTest } from './smtp-per-test.ts';
import { disarmInProcess } from './rebuilt-documents.ts';

export function notifyingHandlersPerTest() {
  const blobs = localBlobsPerTest();
  const database = useTestDatabase();
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
      db: database.db,
      log,
      notify: createNotifier({ settings: () => settings, log, deadlineMs }),
      disarm: disarmInProcess,
    };
  }

  return {
    blobs,
    database,
    smtp,
    logged,
    log,
    deps,
    sendContact: (handlerDeps: HandlerDeps, formData: Record<string, unknown> = validContact()) =>
      createContactHandler(handlerDeps)(jsonRequest(CONTACT_ENDPOINT, { form_data: formData })),
    /** The one submission of `type` stored. */
    async onlyRecord<Record extends SubmissionRecord>(type: SubmissionType): Promise<Record> {
      const rows = await database.db.query<SubmissionRow>(
        `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE type = $1`,
        [type],
      );
      expect(rows).toHaveLength(1);
      return recordFromRow(rows[0]!) as Record;
    },
  };
}
