// Submissions whose honeypot field was filled: answered as a success, never
// e-mailed, but kept briefly (rows of `honeypot_hits`, migration 0003;
// HONEYPOT_KEEP_DAYS) so a person whose browser filled the hidden field can be
// found (`npm run submissions -- honeypot`), at most the form's daily limit of
// them a day. Why: docs/architecture.md, "Honeypot hits".
import type { ApplicationFileField } from '../../forms/application/application.ts';
import { HONEYPOT_KEEP_DAYS } from '../../lib/privacy.ts';
import type { Database } from '../db/database.ts';
import type { UploadedDocument } from '../documents/uploads.ts';
import type { ErrorLogger } from '../http/responses.ts';
import { countToday } from './daily-limit.ts';
import type { SubmissionMeta } from './record.ts';
import type { SubmissionType } from './store.ts';

/** A hit as the staff tool shows it. */
export interface HoneypotHit {
  schemaVersion: 1;
  id: string;
  form: SubmissionType;
  receivedAt: string;
  /** What was sent, as it was parsed (not validated): enough for staff to answer a real person. */
  data: unknown;
  /**
   * An application's documents, described but not kept: a bot's four
   * documents a hit would cost megabytes, and a real applicant can send them again.
   */
  documents?: Array<{ field: ApplicationFileField; name: string; type: string; size: number }>;
}

interface HoneypotArrival {
  form: SubmissionType;
  /** What was sent, parsed but not validated. */
  data: unknown;
  documents: readonly UploadedDocument[];
  /** How many to keep today: the form's own daily limit. */
  limit: number;
  meta: SubmissionMeta;
  log: ErrorLogger;
  requestId: string | undefined;
}

/** Rolls back a hit's transaction when today's are already `limit`: neither counted nor kept. */
class EnoughKeptToday extends Error {}

/** The documents' descriptions as JSON text (pg would send an array as a Postgres array), or null. */
const described = (documents: readonly UploadedDocument[]) =>
  documents.length > 0
    ? JSON.stringify(
        documents.map((document) => ({
          field: document.field,
          name: document.partFilename,
          type: document.detectedType.mime,
          size: document.size,
        })),
      )
    : null;

/**
 * Counts a hit and keeps it, in one transaction, unless today's are already
 * `limit`; logs it by form, id and count alone. Throws if the database fails;
 * the caller answers as a success all the same.
 */
export async function keepHoneypotHit(
  db: Database,
  { form, data, documents, limit, meta, log, requestId }: HoneypotArrival,
): Promise<void> {
  let count: number;
  try {
    count = await db.transaction(async (tx) => {
      const counted = await countToday(tx, `${form}-honeypot`, meta.receivedAt);
      if (counted > limit) throw new EnoughKeptToday();
      await tx.query(`INSERT INTO honeypot_hits (id, form, received_at, data, documents) VALUES ($1, $2, $3, $4, $5)`, [
        meta.id,
        form,
        meta.receivedAt,
        JSON.stringify(data ?? null),
        described(documents),
      ]);
      return counted;
    });
  } catch (error) {
    if (!(error instanceof EnoughKeptToday)) throw error;
    log({
      level: 'info',
      what: 'honeypot filled: answered as received; not kept, today’s limit is reached',
      form,
      requestId,
    });
    return;
  }
  log({
    level: 'info',
    what: `honeypot filled: answered as received, kept ${HONEYPOT_KEEP_DAYS} days (npm run submissions -- honeypot)`,
    form,
    honeypotId: meta.id,
    today: count,
    requestId,
  });
}
