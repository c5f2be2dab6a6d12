// Writing submission records: a new enquiry (an application: save-application.ts),
// and the outcome of each attempt to notify the firm of it.
import {
  nextNotificationStatus,
  normaliseRecord,
  type ConsultationRecord,
  type ContactRecord,
  type NotificationOutcome,
  type NotificationStatus,
  type SubmissionRecord,
} from './record.ts';
import { recordKey, writeSubmission, type SubmissionStore, type WriteOptions, type WrittenRecord } from './store.ts';

/** The metadata stored with a record's blob: its type and when it arrived. */
export const recordMetadata = (record: SubmissionRecord) => ({ type: record.type, receivedAt: record.receivedAt });

/** Stores a contact message or consultation request; never overwrites one (see writeSubmission). */
export function saveEnquiry(
  store: SubmissionStore,
  record: ContactRecord | ConsultationRecord,
  options?: WriteOptions,
): Promise<WrittenRecord> {
  const key = recordKey(record.type, record.id);
  return writeSubmission(store, { key, value: record, metadata: recordMetadata(record) }, [], options);
}

/** A record as stored, with the ETag it had when written or read (undefined where the store gives none). */
export interface StoredRecord {
  store: Pick<SubmissionStore, 'getWithMetadata' | 'setJSON'>;
  key: string;
  record: SubmissionRecord;
  etag: string | undefined;
}

/**
 * Whether the record now says what an attempt came to: 'saved'; 'deleted' (it
 * is gone, and stays gone); 'changed' (it changed again while being updated).
 */
export type Recorded = 'saved' | 'deleted' | 'changed';

async function saveStatus({ store, key, record, etag }: StoredRecord, notified: NotificationStatus): Promise<boolean> {
  const updated = { ...record, notified };
  const result = await store.setJSON(key, updated, {
    metadata: recordMetadata(updated),
    ...(etag ? { onlyIfMatch: etag } : {}),
  });
  return result.modified;
}

/**
 * Adds one attempt to notify the firm to the record's `notified`. The update
 * only happens if the record is as it was read (its ETag): if another attempt
 * was recorded meanwhile (the function and `resend` at once), the record is
 * read again and this attempt added to what it now says, once, so neither
 * attempt is lost and a delivery is never overwritten by a later failure. A
 * record deleted meanwhile is not written again.
 */
export async function recordNotificationOutcome(
  stored: StoredRecord,
  outcome: NotificationOutcome,
): Promise<{ status: NotificationStatus; recorded: Recorded }> {
  const status = nextNotificationStatus(stored.record.notified, outcome);
  if (await saveStatus(stored, status)) return { status, recorded: 'saved' };
  const fresh = await stored.store.getWithMetadata(stored.key, { type: 'json' });
  if (!fresh) return { status, recorded: 'deleted' };
  const record = normaliseRecord(fresh.data, stored.key);
  const freshStatus = nextNotificationStatus(record.notified, outcome);
  const saved = await saveStatus({ ...stored, record, etag: fresh.etag }, freshStatus);
  return { status: freshStatus, recorded: saved ? 'saved' : 'changed' };
}
