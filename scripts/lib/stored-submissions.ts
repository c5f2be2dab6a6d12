// Contact messages stored as the form function stores them, with whatever
// notification history a test or the bench needs (never sent, failed so many
// times, delivered), without going through the handler and a mail server.
import { validateContact } from '../../src/forms/contact/contact.ts';
import type { Queryable } from '../../src/server/db/database.ts';
import { newSubmissionId } from '../../src/server/submissions/ids.ts';
import { contactRecord, type ContactRecord, type NotificationStatus } from '../../src/server/submissions/record.ts';
import { insertSubmission } from '../../src/server/submissions/rows.ts';
import { validContact } from './sample-requests.ts';

export interface StoredContact {
  id: string;
  record: ContactRecord;
}

/** A contact message received at `receivedAt` whose record says `notified`; `name` tells messages apart. */
export async function storeContact(
  db: Queryable,
  { receivedAt, notified = null, name }: { receivedAt: Date; notified?: NotificationStatus | null; name?: string },
): Promise<StoredContact> {
  const result = validateContact({ ...validContact(), ...(name ? { name } : {}) });
  if (!result.ok) throw new Error('the sample contact message is not valid');
  const id = newSubmissionId(receivedAt.getTime());
  const record = { ...contactRecord(result.data, { id, receivedAt }), notified };
  await insertSubmission(db, record);
  return { id, record };
}

/** The `notified` of a record whose notification failed `attempts` times, the last at `lastAttemptAt`. */
export const failedAttempts = (
  attempts: number,
  lastAttemptAt: Date,
  lastError = 'ECONNREFUSED',
): NotificationStatus => ({
  at: null,
  attempts,
  lastError,
  lastAttemptAt: lastAttemptAt.toISOString(),
});
