// The pupillage application form (single career page;
// docs/requirements.md#application-form): where it is sent
// (APPLICATION_ENDPOINT), its messages, its documents and their limits, and each
// field in the order the page shows it, with its label, its kind and its schema
// (applicationFieldDefinitions); the schema, the field order and the labels are
// derived from them. The folder's other files reduce phone photos and build the
// multipart request. How the island, the function and the staff e-mail use this:
// docs/architecture.md, "Forms: one list of field definitions".
// A new typed field is defined here and placed in the island's markup; nothing
// else changes.
import * as v from 'valibot';
import {
  emailField,
  fieldNames,
  formSchema,
  honeypot,
  labelsOf,
  LIMITS,
  optionalTextField,
  phoneField,
  textField,
  validateFields,
  type FieldDefinition,
  type FieldErrors,
  type FieldOf,
  type FormFields,
  type ValidationResult,
} from '../shared/fields.ts';
import { officeCities } from '../../lib/offices.ts';
import { listInWords } from '../../lib/words.ts';
import { site } from '../../site.config.ts';

/** Where the island POSTs the multipart body: the pupillage-application function's route (docs/requirements.md#requests). */
export const APPLICATION_ENDPOINT = '/api/v1/client/pupillage-application';

/** Work stations (docs/requirements.md#application-form): the cities of the firm's offices. */
export const workLocations = officeCities;

/** The firm's messages (docs/requirements.md#validation-messages), then ours. */
export const applicationMessages = {
  required: 'This input is required',
  confirmation: 'Please check this box',
  workLocation: `Choose ${listInWords(workLocations, 'or')}`,
  dob: 'Enter your date of birth as a date, e.g. 1999-04-30',
  dobRange: 'Enter a date of birth in the past',
  year: 'Enter the year as four digits, e.g. 2024',
  yearRange: 'Enter a year of enrollment between 1960 and next year',
  identification: 'Use letters, digits, spaces or hyphens only',
  privacyConsent: 'Please confirm you have read the privacy notice',
} as const;

const required = applicationMessages.required;

/**
 * The four documents, in the order their `uploaded_files` parts are sent (docs/requirements.md#requests),
 * stored, listed and exported: the one order of documents wherever they appear.
 */
export const applicationFileFields = ['cv_file', 'kcse_file', 'ksl_file', 'llb_degree_file'] as const;
export type ApplicationFileField = (typeof applicationFileFields)[number];
export const isFileField = (field: string): field is ApplicationFileField =>
  (applicationFileFields as readonly string[]).includes(field);

/** `documents` in the order of `applicationFileFields`. */
export const inDocumentOrder = <Document extends { field: ApplicationFileField }>(
  documents: readonly Document[],
): Document[] =>
  [...documents].sort((a, b) => applicationFileFields.indexOf(a.field) - applicationFileFields.indexOf(b.field));

/** Labels people read in messages about files. */
export const applicationFileLabels: Record<ApplicationFileField, string> = {
  cv_file: 'CV',
  kcse_file: 'KCSE certificate',
  ksl_file: 'Kenya School of Law enrollment proof',
  llb_degree_file: 'LLB degree certificate',
};

// ---------------------------------------------------------------------------
// Upload limits. Netlify buffers at most 6 MB of request body and base64-encodes
// binary bodies (×4/3), so the four files together stay at or under 4 MiB
// (≈5.6 MB encoded) with room for the data part.

/** Largest single file, in bytes (2 MiB). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Largest total of the four files, in bytes (4 MiB). */
export const MAX_TOTAL_FILE_BYTES = 4 * 1024 * 1024;
/** Largest `data` part (the JSON of the text fields), in bytes. */
export const MAX_DATA_BYTES = 64 * 1024;
/** Largest whole request body: the files, the data part and multipart framing. */
export const MAX_APPLICATION_BODY_BYTES = MAX_TOTAL_FILE_BYTES + MAX_DATA_BYTES + 64 * 1024;

export interface AllowedFileType {
  /** MIME type as `file-type` reports it from the file's bytes. */
  mime: string;
  label: string;
  /** Extensions and MIME types for the input's `accept` attribute. */
  accept: readonly string[];
}

export const fileTypes = {
  pdf: { mime: 'application/pdf', label: 'PDF', accept: ['.pdf', 'application/pdf'] },
  jpeg: { mime: 'image/jpeg', label: 'JPEG', accept: ['.jpg', '.jpeg', 'image/jpeg'] },
  png: { mime: 'image/png', label: 'PNG', accept: ['.png', 'image/png'] },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word (.docx)',
    accept: ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
} as const satisfies Record<string, AllowedFileType>;

/** Which file types each document may be; checked on the server from the bytes, not the name. */
export const allowedFileTypes: Record<ApplicationFileField, readonly AllowedFileType[]> = {
  cv_file: [fileTypes.pdf, fileTypes.docx],
  kcse_file: [fileTypes.pdf, fileTypes.jpeg, fileTypes.png],
  ksl_file: [fileTypes.pdf, fileTypes.jpeg, fileTypes.png],
  llb_degree_file: [fileTypes.pdf, fileTypes.jpeg, fileTypes.png],
};

/** The `accept` attribute for a document's file input. */
export const fileAccept = (field: ApplicationFileField) =>
  allowedFileTypes[field].flatMap((type) => type.accept).join(',');

/** "PDF, JPEG or PNG" */
export const describeAllowedTypes = (field: ApplicationFileField) =>
  listInWords(
    allowedFileTypes[field].map((type) => type.label),
    'or',
  );

/** Sizes as people read them: 2 MB, 1.5 MB, 320 KB (binary units, as Windows shows them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trimNumber(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trimNumber(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
const trimNumber = (value: number) => String(Math.round(value * 10) / 10);

/** Whether a document may be a photo (the certificates may; the CV may not). */
export const acceptsPhotos = (field: ApplicationFileField) => allowedFileTypes[field].includes(fileTypes.jpeg);

/**
 * How to make a PDF that is too large fit. A photo is reduced in the browser
 * (photo-reduction.ts), so photographing the page is the easy way out
 * where a document may be a photo.
 */
function smallerPdfAdvice(field: ApplicationFileField, name: string): string {
  if (!/\.pdf$/i.test(name)) return '';
  return acceptsPhotos(field)
    ? ' Scan it again at 150–200 dpi, or photograph the page instead.'
    : ' Scan or save it again at 150–200 dpi.';
}

export const fileMessages = {
  tooLarge: (field: ApplicationFileField, name: string, size: number) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) is ${formatBytes(size)}; ` +
    `each file may be at most ${formatBytes(MAX_FILE_BYTES)}.${smallerPdfAdvice(field, name)}`,
  tooLargeWhileUploading: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) is larger than ` +
    `${formatBytes(MAX_FILE_BYTES)}; each file may be at most ${formatBytes(MAX_FILE_BYTES)}.${smallerPdfAdvice(field, name)}`,
  totalTooLarge: (total?: number) =>
    (total === undefined
      ? `Your files together are larger than ${formatBytes(MAX_TOTAL_FILE_BYTES)}, the most the four may total.`
      : `Your four files together are ${formatBytes(total)}; together they may be at most ${formatBytes(MAX_TOTAL_FILE_BYTES)}.`) +
    ' Please send smaller copies, for example scans saved as PDF at a lower resolution.',
  wrongType: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) must be a ` +
    `${describeAllowedTypes(field)} file.`,
  /** A Word 97–2003 .doc (or another file of the older Office format), which we do not check and so do not accept. */
  olderOfficeFormat: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) is in the older Word 97–2003 format (.doc), ` +
    `which we do not accept. Please open it in Word and save it as ${describeAllowedTypes(field)} ` +
    '(File › Save As), and send it again.',
  /** A macro-enabled Word document: the one kind of code we name, since the applicant can save it without. */
  activeContent: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) contains macros, ` +
    `which we do not accept. Please ${cleanCopyAdvice(field)}, and send it again.`,
  unreadable: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) could not be read, so we cannot make ` +
    `a safe copy of it for our staff; it may be damaged or protected by a password. Please ${cleanCopyAdvice(field)}, ` +
    'and send it again.',
  /** A document our rebuild could not finish within its time (documents/rebuild/isolated.ts). */
  tooSlow: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) could not be made into a safe copy ` +
    `in time. Please ${cleanCopyAdvice(field)}, and send it again.`,
  /** A PDF past the bounds a viewer is kept within (documents/rebuild/pdf-bounds.ts): it would unpack to too much, or draw too often. */
  tooComplex: (field: ApplicationFileField, name: string) =>
    `The ${applicationFileLabels[field]} (${field}${name ? `, ${name}` : ''}) is built so that it would keep a ` +
    'viewer busy for too long: it unpacks to far more than any document needs, or draws the same thing ' +
    `over and over, so we cannot make a safe copy of it. Please ${cleanCopyAdvice(field)}, and send it again.`,
  empty: required,
} as const;

/**
 * How to make a copy without macros, scripts, embedded objects or linked pictures: a PDF saved from Word has
 * none of them (a picture pasted from a web page is one such link); for a certificate, printing or a photo does.
 */
function cleanCopyAdvice(field: ApplicationFileField): string {
  return acceptsPhotos(field)
    ? 'print it to a new PDF, or scan or photograph it instead'
    : 'save it as PDF (in Word: File › Save As, then choose PDF)';
}

/** A file as the island sees it (a browser `File` fits). */
export interface ChosenFile {
  name: string;
  size: number;
}

export type ApplicationFileErrors = FieldErrors<ApplicationFileField>;

/**
 * Checks the chosen files in the browser before sending: each present and not
 * empty, each at most MAX_FILE_BYTES, all together at most MAX_TOTAL_FILE_BYTES.
 * Types are checked on the server from the bytes. `total` holds the message
 * when only the total is over the limit.
 */
export function checkApplicationFiles(
  files: Partial<Record<ApplicationFileField, ChosenFile | null | undefined>>,
): { ok: true } | { ok: false; errors: ApplicationFileErrors; total?: string } {
  const errors: ApplicationFileErrors = {};
  let totalBytes = 0;
  for (const field of applicationFileFields) {
    const file = files[field];
    if (!file || file.size === 0) {
      errors[field] = required;
      continue;
    }
    totalBytes += file.size;
    if (file.size > MAX_FILE_BYTES) errors[field] = fileMessages.tooLarge(field, file.name, file.size);
  }
  const total = totalBytes > MAX_TOTAL_FILE_BYTES ? fileMessages.totalTooLarge(totalBytes) : undefined;
  if (Object.keys(errors).length === 0 && total === undefined) return { ok: true };
  return total === undefined ? { ok: false, errors } : { ok: false, errors, total };
}

// ---------------------------------------------------------------------------
// The `data` part.

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Between 1900-01-01 and today (with a day's grace for time zones). */
function isPlausibleBirthDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return time >= Date.UTC(1900, 0, 1) && time <= Date.now() + 24 * 60 * 60 * 1000;
}

const yearField = v.pipe(
  v.nullish(v.union([v.string(), v.pipe(v.number(), v.integer(), v.transform(String))], applicationMessages.year), ''),
  v.trim(),
  v.nonEmpty(required),
  v.regex(/^\d{4}$/, applicationMessages.year),
  v.check((value) => {
    const year = Number(value);
    return year >= 1960 && year <= new Date().getUTCFullYear() + 1;
  }, applicationMessages.yearRange),
);

/** A document's field: the page shows its file input under the document's name; the data carries the file's name. */
const documentField = (field: ApplicationFileField) =>
  ({
    label: applicationFileLabels[field],
    kind: 'file',
    schema: textField(`The name of the ${applicationFileLabels[field]}`, LIMITS.fileName, required),
  }) as const satisfies FieldDefinition;

/** A ticked checkbox: true, or 'true'/'on' as plain forms send it. */
const isTicked = (value: unknown) => value === true || value === 'true' || value === 'on';

/** A box that must be ticked; it arrives as true (or 'true'/'on' from plain forms). */
const tickedField = (message: string) =>
  v.pipe(
    v.optional(v.unknown(), false),
    v.check(isTicked, message),
    v.transform((): true => true),
  );

/** The declaration the confirmation checkbox stands for; stored with each application. */
export const applicationDeclaration =
  'I confirm that the information I have given in this application is true and accurate.';

/**
 * Every field, in the order the form shows them (docs/requirements.md#application-form). A label is the page's
 * words; messages name a field as the spec's messages do.
 */
export const applicationFieldDefinitions = {
  fullname: { label: 'Full Name', kind: 'line', schema: textField('Full name', LIMITS.name, required) },
  email: { label: 'Email Address', kind: 'line', schema: emailField(required) },
  phone: { label: 'Phone Number', kind: 'line', schema: phoneField(required) },
  country: {
    label: 'Country of Residence',
    kind: 'line',
    schema: textField('Country of residence', LIMITS.country, required),
  },
  gender: { label: 'Gender', kind: 'line', schema: textField('Gender', LIMITS.gender, required) },
  identification: {
    label: 'ID/Passport No.',
    kind: 'line',
    schema: v.pipe(
      textField('ID/Passport No.', LIMITS.identification, required),
      v.regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, applicationMessages.identification),
    ),
  },
  work_location: {
    label: 'Work Location',
    kind: 'line',
    schema: v.pipe(
      v.nullish(v.string(applicationMessages.workLocation), ''),
      v.trim(),
      v.nonEmpty(required),
      v.picklist(workLocations, applicationMessages.workLocation),
    ),
  },
  dob: {
    label: 'Date of Birth',
    kind: 'line',
    schema: v.pipe(
      textField('Date of birth', 10, required),
      v.check(isRealDate, applicationMessages.dob),
      v.check(isPlausibleBirthDate, applicationMessages.dobRange),
    ),
  },
  year_of_enrollment: { label: 'Year of Enrollment', kind: 'line', schema: yearField },
  ksl_file: documentField('ksl_file'),
  university: { label: 'University', kind: 'line', schema: textField('University', LIMITS.institution, required) },
  llb_degree_file: documentField('llb_degree_file'),
  kcse_school: { label: 'KCSE School', kind: 'line', schema: textField('KCSE school', LIMITS.institution, required) },
  english: { label: 'English Grade', kind: 'line', schema: textField('KCSE English grade', LIMITS.grade, required) },
  kcse_file: documentField('kcse_file'),
  equivalent_education: {
    label: 'Equivalent Education',
    kind: 'line',
    schema: optionalTextField('Equivalent education', LIMITS.shortText),
  },
  honey: honeypot,
  relevant_experience: {
    label: 'Relevant Experience',
    kind: 'paragraph',
    schema: optionalTextField('Relevant experience', LIMITS.message),
  },
  why_join: {
    label: `Why do you want to join ${site.shortName}?`,
    kind: 'paragraph',
    schema: textField('Why you want to join', LIMITS.message, required),
  },
  cv_file: documentField('cv_file'),
  confirmation: {
    label: applicationDeclaration,
    kind: 'checkbox',
    schema: tickedField(applicationMessages.confirmation),
  },
  /** "I have read the privacy notice", a separate box beside the declaration; the page links the notice's name. */
  privacy_consent: {
    label:
      'I have read the Privacy Notice and agree to my application being handled as it describes, including storage outside Kenya.',
    kind: 'checkbox',
    schema: tickedField(applicationMessages.privacyConsent),
  },
} as const satisfies FormFields;

const applicationSchema = formSchema(applicationFieldDefinitions);
export const applicationFields = fieldNames(applicationSchema);
export type ApplicationField = FieldOf<typeof applicationSchema>;
export const applicationLabels = labelsOf(applicationFieldDefinitions);

/** The validated JSON of the `data` part. */
export type ApplicationData = v.InferOutput<typeof applicationSchema>;
export type ApplicationErrors = FieldErrors<ApplicationField>;

export function validateApplication(values: unknown): ValidationResult<ApplicationData, ApplicationField> {
  return validateFields(applicationSchema, values);
}
