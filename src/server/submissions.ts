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
import { sanitiseFileName, type DetectedType, type UploadedDocument } from './uploads';
import { submissionKeys, writeSubmission, type SubmissionStore, type WriteOptions } from './storage';

export const RECORD_SCHEMA_VERSION = 1;

interface RecordBase {
  schemaVersion: typeof RECORD_SCHEMA_VERSION;
  id: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
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
  /** The form's fields, without the honeypot, the file names (see `files`) and the checkbox (see `consent`). */
  fields: Omit<ApplicationData, 'honey' | 'confirmation' | ApplicationFileField>;
  consent: {
    /** The declaration the person confirmed by ticking the box. */
    declaration: string;
    confirmed: true;
    confirmedAt: string;
    /** Placeholder: the version of the privacy notice shown with the form, once the firm publishes one. */
    privacyNoticeVersion: string | null;
  };
  files: StoredFileInfo[];
}

export type SubmissionRecord = ContactRecord | ConsultationRecord | ApplicationRecord;

export interface SubmissionMeta {
  id: string;
  receivedAt: Date;
}

const recordMetadata = (record: SubmissionRecord) => ({ type: record.type, receivedAt: record.receivedAt });

export function contactRecord({ honey: _honey, ...fields }: ContactFormData, meta: SubmissionMeta): ContactRecord {
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    type: 'contact',
    id: meta.id,
    receivedAt: meta.receivedAt.toISOString(),
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
    fields,
    consent: { declaration: applicationDeclaration, confirmed: true, confirmedAt: receivedAt, privacyNoticeVersion: null },
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

export async function saveContact(store: SubmissionStore, record: ContactRecord, options?: WriteOptions) {
  await writeSubmission(store, { key: submissionKeys.contact(record.id), value: record, metadata: recordMetadata(record) }, [], options);
}

export async function saveConsultation(store: SubmissionStore, record: ConsultationRecord, options?: WriteOptions) {
  await writeSubmission(
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
) {
  const ordered = [...documents].sort(
    (a, b) => applicationFileFields.indexOf(a.field) - applicationFileFields.indexOf(b.field),
  );
  await writeSubmission(
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
