// Writing submission records: a new one (an application with its documents),
// and the outcome of each attempt to notify the firm of it.
import type { Database, Queryable } from '../db/database.ts';
import type { UploadedDocument } from '../documents/uploads.ts';
import {
  nextNotificationStatus,
  type ApplicationRecord,
  type ConsultationRecord,
  type ContactRecord,
  type NotificationOutcome,
  type NotificationStatus,
  type SubmissionRecord,
} from './record.ts';
import { insertSubmission } from './rows.ts';
import {
  submissionKeys,
  writeSubmission,
  type SubmissionStore,
  type WriteOptions,
  type WrittenRecord,
} from './store.ts';

/** The metadata stored with a record's blob: its type and when it arrived. */
export const recordMetadata = (record: SubmissionRecord) => ({ type: record.type, receivedAt: record.receivedAt });

/** Stores a contact message or consultation request in the caller's transaction; never overwrites one (rows.ts). */
export function saveEnquiry(tx: Queryable, record: ContactRecord | ConsultationRecord): Promise<void> {
  return insertSubmission(tx, record);
}

/** Writes the four documents, then the record; on failure removes them all (see writeSubmission). */
export function saveApplication(
  store: SubmissionStore,
  record: ApplicationRecord,
  documents: readonly UploadedDocument[],
  options?: WriteOptions,
): Promise<WrittenRecord> {
  return writeSubmission(
    store,
    { key: submissionKeys.applicationRecord(record.id), value: record, metadata: recordMetadata(record) },
    documents.map((document) => ({
      key: submissionKeys.applicationFile(record.id, document.field),
      data: new Blob([new Uint8Array(document.bytes)], { type: document.detectedType.mime }),
      metadata: {
        submissionId: record.id,
        field: document.field,
        mime: document.detectedType.mime,
        size: document.size,
        sha256: document.sha256,
      },
    })),
    options,
  );
}

/** Whether the record now says what an attempt came to: 'saved', or 'deleted' (it is gone, and stays gone). */
export type Recorded = 'saved' | 'deleted';

/**
 * Adds one attempt to notify the firm to the `notified` of submission `id`,
 * computed from what it says now under a row lock: of two attempts at once
 * (the function and `resend`), the second waits and adds to the first, so
 * neither is lost and a delivery is never overwritten by a later failure. A
 * record deleted meanwhile stays deleted.
 */
export function recordNotificationOutcome(
  db: Database,
  id: string,
  outcome: NotificationOutcome,
): Promise<{ status: NotificationStatus; recorded: Recorded }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ notified: NotificationStatus | null }>(
      `SELECT notified FROM submissions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const status = nextNotificationStatus(row?.notified ?? null, outcome);
    if (!row) return { status, recorded: 'deleted' as const };
    await tx.query(`UPDATE submissions SET notified = $2 WHERE id = $1`, [id, status]);
    return { status, recorded: 'saved' as const };
  });
}
