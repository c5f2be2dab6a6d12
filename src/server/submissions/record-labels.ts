// What staff call the parts of a submission record, in e-mails, in
// `npm run submissions` and in downloaded documents' names. Field labels, their
// order and which fields are paragraphs come from each form's field definitions
// (src/forms/<form>/): staff read the labels the form's page shows.
import { applicationFieldDefinitions, applicationFileLabels } from '../../forms/application/application.ts';
import { consultationFieldDefinitions } from '../../forms/consultation/consultation.ts';
import { contactFieldDefinitions } from '../../forms/contact/contact.ts';
import { fieldsOfKind, type FormFields } from '../../forms/shared/fields.ts';
import { formatNairobiTime } from '../../lib/nairobi-time.ts';
import type { SubmissionType } from './store.ts';
import { isRecordField, type StoredFileInfo, type SubmissionRecord } from './record.ts';

const formFields: Record<SubmissionType, FormFields> = {
  contact: contactFieldDefinitions,
  consultation: consultationFieldDefinitions,
  application: applicationFieldDefinitions,
};

/**
 * The (English) label of each field a record keeps, in the order the form shows
 * them, but for the fields staff read first (how and when to reach the person).
 */
const recordFieldLabels = (fields: FormFields): Readonly<Record<string, string>> => {
  const kept = Object.entries(fields).filter(([field]) => isRecordField(field));
  return Object.fromEntries(
    [...kept.filter(([, { staffFirst }]) => staffFirst), ...kept.filter(([, { staffFirst }]) => !staffFirst)].map(
      ([field, { label }]) => [field, label],
    ),
  );
};

/**
 * How people call each field a record keeps, in the order the forms show them
 * (the fields staff read first, first). Used in e-mails and by `show`.
 */
export const fieldLabels: Record<SubmissionType, Readonly<Record<string, string>>> = {
  contact: recordFieldLabels(formFields.contact),
  consultation: recordFieldLabels(formFields.consultation),
  application: recordFieldLabels(formFields.application),
};

/**
 * A stored value as staff read it: a choice by its English name, several
 * choices joined with commas, text as it is, nothing as ''.
 */
export function describeValue(type: SubmissionType, field: string, value: unknown): string {
  const options = formFields[type][field]?.options;
  const named = (item: unknown) => {
    const text = String(item);
    return options && Object.hasOwn(options, text) ? options[text]!.en : text;
  };
  if (value === undefined || value === null) return '';
  if (formFields[type][field]?.kind === 'time' && typeof value === 'string') return formatNairobiTime(value);
  return Array.isArray(value) ? value.map(named).join(', ') : named(value);
}

/** Fields that hold paragraphs rather than a line (a textarea on the page): shown below their label. */
export const longFields: ReadonlySet<string> = new Set(
  Object.values(formFields).flatMap((fields) => fieldsOfKind(fields, 'paragraph')),
);

const typeNames: Record<SubmissionType, string> = {
  contact: 'contact message',
  consultation: 'consultation request',
  application: 'pupillage application',
};

/** "contact message", "consultation request", "pupillage application" */
export const describeType = (type: SubmissionType) => typeNames[type];

/** Who sent a submission, and what it is about, for one-line summaries. */
export function describeSender(record: SubmissionRecord): { name: string; email: string; about: string } {
  switch (record.type) {
    case 'contact':
      return { name: record.fields.name, email: record.fields.email, about: record.fields.interest };
    case 'consultation':
      return { name: record.fields.name, email: record.fields.email, about: record.fields.practice };
    case 'application':
      return {
        name: record.fields.fullname,
        email: record.fields.email,
        about: `Pupillage, ${record.fields.work_location}`,
      };
  }
}

/**
 * What a document is called when staff download or export it: what it is, and
 * the extension its bytes call for. Never the name the applicant's file had.
 */
export function documentFileName(file: Pick<StoredFileInfo, 'field' | 'detectedType'>): string {
  const slug = applicationFileLabels[file.field]
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  // file-type names a Word 97–2003 file by its container, "cfb".
  const ext = file.detectedType.mime === 'application/x-cfb' ? 'doc' : file.detectedType.ext.replace(/[^a-z0-9]/gi, '');
  return `${slug}.${ext || 'bin'}`;
}
