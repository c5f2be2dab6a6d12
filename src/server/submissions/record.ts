// Submission records: what is stored for each accepted form, in today's shape,
// and how a record an older version stored reads in it. Records never hold the
// honeypot, and never the sender's IP address or other request metadata: only
// what the person typed and chose to send. Storing them is save.ts's
// job; what staff call their parts, record-labels.ts's.
import {
  applicationDeclaration,
  applicationFileFields,
  type ApplicationData,
  type ApplicationFileField,
} from '../../forms/application/application.ts';
import type { ConsultationFormData } from '../../forms/consultation/consultation.ts';
import type { ContactFormData } from '../../forms/contact/contact.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import { PRIVACY_NOTICE_VERSION } from '../../lib/privacy.ts';
import { sanitiseFileName, type DetectedType, type UploadedDocument } from '../documents/uploads.ts';
import { submissionKeys, submissionTypes, type SubmissionType } from './store.ts';

/**
 * 1: the first records. 2: adds `notified`, and for applications
 * `consent.privacyConsentAt` with the notice version filled in. Code reading
 * records reads version 1 through normaliseRecord().
 */
const RECORD_SCHEMA_VERSION = 2;

/** Whether the firm has been e-mailed about a submission. */
export interface NotificationStatus {
  /** When the SMTP server accepted the notification (ISO 8601); null while it has not. */
  at: string | null;
  /** Sending attempts so far, by the function and by `npm run submissions -- resend`. */
  attempts: number;
  /** Why the last attempt failed; null once one succeeded. */
  lastError: string | null;
  /**
   * When the last attempt ended (ISO 8601): the automatic retries
   * (notify/pending.ts) wait from here. Absent on records stored before they
   * existed, which count from `receivedAt`.
   */
  lastAttemptAt?: string;
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

/**
 * Form fields a record does not keep under `fields`: the honeypot nowhere, an
 * application's ticked boxes under `consent` and its documents under `files`.
 */
const keptElsewhere: ReadonlySet<string> = new Set([
  'honey',
  'confirmation',
  'privacy_consent',
  ...applicationFileFields,
]);
type KeptElsewhere = 'honey' | 'confirmation' | 'privacy_consent' | ApplicationFileField;

/** Whether a form's field is kept under a record's `fields`. */
export const isRecordField = (field: string) => !keptElsewhere.has(field);

/** The `fields` of a record, from a form's validated data. */
type RecordFields<Data> = Omit<Data, KeptElsewhere>;

/** A contact message or consultation request: the page it was sent from may be in another language than English. */
interface EnquiryRecordBase extends RecordBase {
  /** The language of the page the person wrote from; absent for English (and on records from before there were others). */
  language?: Exclude<Language, 'en'>;
}

export interface ContactRecord extends EnquiryRecordBase {
  type: 'contact';
  fields: RecordFields<ContactFormData>;
}

export interface ConsultationRecord extends EnquiryRecordBase {
  type: 'consultation';
  fields: RecordFields<ConsultationFormData>;
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
  fields: RecordFields<ApplicationData>;
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

const recordBase = <Type extends SubmissionType>(type: Type, meta: SubmissionMeta) => ({
  schemaVersion: RECORD_SCHEMA_VERSION,
  type,
  id: meta.id,
  receivedAt: meta.receivedAt.toISOString(),
  notified: null,
});

const recordFields = <Data extends object>(data: Data) =>
  Object.fromEntries(Object.entries(data).filter(([field]) => isRecordField(field))) as RecordFields<Data>;

/** `language` unless it is English, which a record does not mention. */
const pageLanguage = (language: Language): { language?: Exclude<Language, 'en'> } =>
  language === 'en' ? {} : { language };

export const contactRecord = (
  data: ContactFormData,
  meta: SubmissionMeta,
  language: Language = DEFAULT_LANGUAGE,
): ContactRecord => ({
  ...recordBase('contact', meta),
  ...pageLanguage(language),
  fields: recordFields(data),
});

export const consultationRecord = (
  data: ConsultationFormData,
  meta: SubmissionMeta,
  language: Language = DEFAULT_LANGUAGE,
): ConsultationRecord => ({
  ...recordBase('consultation', meta),
  ...pageLanguage(language),
  fields: recordFields(data),
});

/** `documents` come in the order of applicationFileFields (documents/uploads.ts), and the record lists them so. */
export function applicationRecord(
  data: ApplicationData,
  documents: readonly UploadedDocument[],
  meta: SubmissionMeta,
): ApplicationRecord {
  const base = recordBase('application', meta);
  return {
    ...base,
    fields: recordFields(data),
    consent: {
      declaration: applicationDeclaration,
      confirmed: true,
      confirmedAt: base.receivedAt,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      privacyConsentAt: data.privacy_consent ? base.receivedAt : null,
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored record in today's shape: version 1 records get `notified: null` and
 * `consent.privacyConsentAt: null`. Throws if the JSON is not a record at all.
 */
export function normaliseRecord(raw: unknown, key: string): SubmissionRecord {
  if (
    !isObject(raw) ||
    typeof raw.id !== 'string' ||
    typeof raw.receivedAt !== 'string' ||
    !submissionTypes.includes(raw.type as SubmissionType) ||
    !isObject(raw.fields)
  ) {
    throw new Error(`${key} does not hold a submission record`);
  }
  const record = { ...raw, notified: raw.notified ?? null } as unknown as SubmissionRecord;
  if (record.type === 'application') {
    record.consent = { ...record.consent, privacyConsentAt: record.consent?.privacyConsentAt ?? null };
    record.files = Array.isArray(record.files) ? record.files : [];
  }
  return record;
}

/** How one attempt to notify the firm ended: the mail server took it at `deliveredAt`, or it failed with `error` at `failedAt`. */
export type NotificationOutcome = { deliveredAt: Date } | { error: string; failedAt: Date };

/** What a record's `notified` becomes after one more attempt. */
export function nextNotificationStatus(
  previous: NotificationStatus | null,
  outcome: NotificationOutcome,
): NotificationStatus {
  const attempts = (previous?.attempts ?? 0) + 1;
  return 'deliveredAt' in outcome
    ? {
        at: outcome.deliveredAt.toISOString(),
        attempts,
        lastError: null,
        lastAttemptAt: outcome.deliveredAt.toISOString(),
      }
    : { at: previous?.at ?? null, attempts, lastError: outcome.error, lastAttemptAt: outcome.failedAt.toISOString() };
}
