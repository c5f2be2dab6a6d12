// Storing a pupillage application: its four rebuilt documents as files in
// Blobs under its id (store.ts), then its record as a row, in one transaction
// with whatever else the request keeps (its idempotency claim, its count).
// The record is committed only after every document is written, so a record
// is never readable without its documents; documents whose record did not
// commit are deleted again, and any that could not be are left for the
// retention run (docs/architecture.md, "The submissions store").
import type { Database, Queryable } from '../db/database.ts';
import type { UploadedDocument } from '../documents/uploads.ts';
import type { ApplicationRecord } from './record.ts';
import { insertSubmission } from './rows.ts';
import { writeDocuments, type SubmissionStore, type WriteOptions } from './store.ts';

export interface SaveApplicationOptions extends WriteOptions {
  /** More to keep in the record's transaction: it commits with the record, or neither does. */
  alsoInTransaction?: (tx: Queryable) => Promise<void>;
}

/** Writes the documents, then commits the record; on any failure removes the documents and throws. */
export async function saveApplication(
  db: Pick<Database, 'transaction'>,
  files: SubmissionStore,
  record: ApplicationRecord,
  documents: readonly UploadedDocument[],
  { alsoInTransaction, onOrphan }: SaveApplicationOptions = {},
): Promise<void> {
  const written = await writeDocuments(
    files,
    record.id,
    documents.map((document) => ({
      field: document.field,
      bytes: document.bytes,
      mime: document.detectedType.mime,
      metadata: {
        submissionId: record.id,
        field: document.field,
        mime: document.detectedType.mime,
        size: document.size,
        sha256: document.sha256,
      },
    })),
    onOrphan ? { onOrphan } : {},
  );
  try {
    await db.transaction(async (tx) => {
      await insertSubmission(tx, record);
      await alsoInTransaction?.(tx);
    });
  } catch (error) {
    await written.remove();
    throw error;
  }
}
