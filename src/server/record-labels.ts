// What staff call the parts of a submission record, in e-mails, in
// `npm run submissions` and in downloaded documents' names. Field labels and
// their order come from each form's schema (src/forms/shared.ts, fieldTitles).
import { applicationFileLabels, applicationSchema } from '../forms/application/application.ts';
import { consultationSchema } from '../forms/consultation/consultation.ts';
import { contactSchema } from '../forms/contact/contact.ts';
import { fieldNames, fieldTitles, type FormSchema } from '../forms/shared/fields.ts';
import type { SubmissionType } from './storage.ts';
import { isRecordField, type StoredFileInfo, type SubmissionRecord } from './submission-record.ts';

/** The title of each field a record keeps, in the order the form shows them. */
function recordFieldLabels(schema: FormSchema): Readonly<Record<string, string>> {
  const titles: Partial<Record<string, string>> = fieldTitles(schema);
  const labels: Record<string, string> = {};
  for (const field of fieldNames(schema).filter(isRecordField)) {
    const title = titles[field];
    if (title === undefined) throw new Error(`The ${field} field has no title (v.title) to show staff`);
    labels[field] = title;
  }
  return labels;
}

/** How people call each field a record keeps, in the order the forms show them. Used in e-mails and by `show`. */
export const fieldLabels: Record<SubmissionType, Readonly<Record<string, string>>> = {
  contact: recordFieldLabels(contactSchema),
  consultation: recordFieldLabels(consultationSchema),
  application: recordFieldLabels(applicationSchema),
};

/** Fields that hold paragraphs rather than a line: shown below their label. */
export const longFields: ReadonlySet<string> = new Set(['msg', 'info', 'relevant_experience', 'why_join']);

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
