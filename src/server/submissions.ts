// Submission records: what is stored for each accepted form, and storing it.
// Records never hold the honeypot, and never the sender's IP address or other
// request metadata: only what the person typed and chose to send.
import {
  applicationDeclaration,
  applicationFileFields,
  type ApplicationData,
  type ApplicationFileField,
} from '../forms/application';
import type { ConsultationFormData } from '../forms/consultation';
import type { ContactFormData } from '../forms/contact';
import { PRIVACY_NOTICE_VERSION } from '../lib/privacy';
import { sanitiseFileName, type DetectedType, type UploadedDocument } from './uploads';
import { submissionKeys, writeSubmission, type SubmissionStore, type WriteOptions, type WrittenRecord } from './storage';

/**
 * 1: the first records. 2: adds `notified`, and for applications
 * `consent.privacyConsentAt` with the notice version filled in. Code reading
 * records treats a missing `notified` as null (see normaliseRecord in records.ts).
 */
export const RECORD_SCHEMA_VERSION = 2;

/** Whether the firm has been e-mailed about a submission. */
export interface NotificationStatus {
  /** When the SMTP server accepted the notification (ISO 8601); null while it has not. */
  at: string | null;
  /** Sending attempts so far, by the function and by `npm run submissions -- resend`. */
  attempts: number;
  /** Why the last attempt failed; null once one succeeded. */
  lastError: string | null;
}

interface RecordBase {
  schemaVersion: number;
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
  /**
   * null until a notification was attempted: the record is written first, with
   * null, then updated once the e-mail was sent or failed. Stays null when
   * notifications are off (no SMTP_URL).
   */
  notified: NotificationStatus | null;
}

export interface ContactRecord extends RecordBase {
  type: 'contact';
  fields: Omit<ContactFormData, 'honey'>;
}

export interface ConsultationRecord extends RecordBase {
  type: 'consultation';
  fields: Omit<ConsultationFormData, 'honey'>;
}

export interface StoredFileInfo {
  field: ApplicationFileField;
  /** The name the person's file had, sanitised; for display only. */
  originalName: string;
  size: number;
  detectedType: DetectedType;
  sha256: string;
  /** Blob key in the submissions store, e.g. application/{id}/files/cv_file. */
  key: string;
}

export interface ApplicationRecord extends RecordBase {
  type: 'application';
  /** The form's fields, without the honeypot, the file names (see `files`) and the checkboxes (see `consent`). */
  fields: Omit<ApplicationData, 'honey' | 'confirmation' | 'privacy_consent' | ApplicationFileField>;
  consent: {
    /** The declaration the person confirmed by ticking the box. */
    declaration: string;
    confirmed: true;
    confirmedAt: string;
    /** The version of the privacy notice (src/lib/privacy.ts) in force when the application was received. */
    privacyNoticeVersion: string | null;
    /** When the person ticked "I have read the privacy notice"; null if the form did not ask. */
    privacyConsentAt: string | null;
  };
  files: StoredFileInfo[];
}

export type SubmissionRecord = ContactRecord | ConsultationRecord | ApplicationRecord;

export interface SubmissionMeta {
  id: string;
  receivedAt: Date;
}

export const recordMetadata = (record: SubmissionRecord) => ({ type: record.type, receivedAt: record.receivedAt });

export function contactRecord({ honey: _honey, ...fields }: ContactFormData, meta: SubmissionMeta): ContactRecord {
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    type: 'contact',
    id: meta.id,
    receivedAt: meta.receivedAt.toISOString(),
    notified: null,
    fields,
  };
}

export function consultationRecord(
  { honey: _honey, ...fields }: ConsultationFormData,
  meta: SubmissionMeta,
): ConsultationRecord {
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    type: 'consultation',
    id: meta.id,
    receivedAt: meta.receivedAt.toISOString(),
    notified: null,
    fields,
  };
}

export function applicationRecord(
  data: ApplicationData,
  documents: readonly UploadedDocument[],
  meta: SubmissionMeta,
): ApplicationRecord {
  const {
    honey: _honey,
    confirmation: _confirmation,
    privacy_consent: privacyConsent,
    cv_file: _cv,
    kcse_file: _kcse,
    ksl_file: _ksl,
    llb_degree_file: _llb,
    ...fields
  } = data;
  const receivedAt = meta.receivedAt.toISOString();
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    type: 'application',
    id: meta.id,
    receivedAt,
    notified: null,
    fields,
    consent: {
      declaration: applicationDeclaration,
      confirmed: true,
      confirmedAt: receivedAt,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyConsentAt: privacyConsent ? receivedAt : null,
    },
    files: documents.map((document) => ({
      field: document.field,
      // The name the person chose (from the data part), else the part's filename.
      originalName: sanitiseFileName(data[document.field], document.partFilename),
      size: document.size,
      detectedType: document.detectedType,
      sha256: document.sha256,
      key: submissionKeys.applicationFile(meta.id, document.field),
    })),
  };
}

export async function saveContact(store: SubmissionStore, record: ContactRecord, options?: WriteOptions): Promise<WrittenRecord> {
  return writeSubmission(store, { key: submissionKeys.contact(record.id), value: record, metadata: recordMetadata(record) }, [], options);
}

export async function saveConsultation(
  store: SubmissionStore,
  record: ConsultationRecord,
  options?: WriteOptions,
): Promise<WrittenRecord> {
  return writeSubmission(
    store,
    { key: submissionKeys.consultation(record.id), value: record, metadata: recordMetadata(record) },
    [],
    options,
  );
}

/** Writes the four documents, then the record; on failure removes them all (see writeSubmission). */
export async function saveApplication(
  store: SubmissionStore,
  record: ApplicationRecord,
  documents: readonly UploadedDocument[],
  options?: WriteOptions,
): Promise<WrittenRecord> {
  const ordered = [...documents].sort(
    (a, b) => applicationFileFields.indexOf(a.field) - applicationFileFields.indexOf(b.field),
  );
  return writeSubmission(
    store,
    { key: submissionKeys.applicationRecord(record.id), value: record, metadata: recordMetadata(record) },
    ordered.map((document) => ({
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

/** After one more sending attempt: delivered at `at`, or failed with `error`. */
export function nextNotificationStatus(
  previous: NotificationStatus | null,
  outcome: { deliveredAt: Date } | { error: string },
): NotificationStatus {
  const attempts = (previous?.attempts ?? 0) + 1;
  return 'deliveredAt' in outcome
    ? { at: outcome.deliveredAt.toISOString(), attempts, lastError: null }
    : { at: previous?.at ?? null, attempts, lastError: outcome.error };
}

/**
 * Stores a record's new notification status. With the ETag the record had when
 * read (or written), the update only happens if nobody changed it since:
 * returns false then, and the caller decides whether to retry.
 */
export async function saveNotificationStatus(
  store: Pick<SubmissionStore, 'setJSON'>,
  key: string,
  record: SubmissionRecord,
  notified: NotificationStatus,
  etag: string | undefined,
): Promise<boolean> {
  const updated = { ...record, notified };
  const result = await store.setJSON(key, updated, {
    metadata: recordMetadata(updated),
    ...(etag ? { onlyIfMatch: etag } : {}),
  });
  return result.modified;
}
