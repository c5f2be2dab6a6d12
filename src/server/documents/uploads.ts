// Reading a pupillage application's upload: one `data` part (JSON) and four
// `uploaded_files` parts, sizes enforced while streaming (http/multipart.ts),
// each file's type read from its first bytes with file-type, never from its
// name. Nothing more of a document is read here: disarm.ts rebuilds it. The rest
// of src/server/documents, from upload to download: docs/architecture.md,
// "src/server, by feature" and "Reading an upload"; the design:
// docs/documents.md.
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  allowedFileTypes,
  applicationFileFields,
  fileMessages,
  formatBytes,
  inDocumentOrder,
  MAX_APPLICATION_BODY_BYTES,
  MAX_DATA_BYTES,
  MAX_FILE_BYTES,
  MAX_TOTAL_FILE_BYTES,
  type ApplicationFileField,
} from '../../forms/application/application.ts';
import { isPlainObject } from '../../forms/shared/fields.ts';
import { parseMultipart, type ReceivedFile } from '../http/multipart.ts';
import { badRequest, unsupportedMediaType } from '../http/responses.ts';

const DATA_PART = 'data';
const FILES_PART = 'uploaded_files';

export interface DetectedType {
  ext: string;
  mime: string;
}

export interface UploadedDocument {
  field: ApplicationFileField;
  /** The filename the sender gave with the part, sanitised for display (never used in a key). */
  partFilename: string;
  size: number;
  detectedType: DetectedType;
  sha256: string;
  bytes: Buffer;
}

export interface ApplicationUpload {
  /** The parsed JSON of the `data` part, not yet validated. */
  data: Record<string, unknown>;
  /** Documents received with content, in the order of applicationFileFields. */
  documents: UploadedDocument[];
  /** Documents not sent, or sent empty (a file input left blank). */
  missing: ApplicationFileField[];
}

/** Older Office files (Word 97–2003 .doc among them) are Compound File Binary containers. */
const OLDER_OFFICE_FORMAT = 'application/x-cfb';

/**
 * The document's type from its bytes, if it is one `field` allows; otherwise
 * which message to give, the Word 97–2003 format having a message of its own.
 */
export async function detectAllowedType(
  field: ApplicationFileField,
  bytes: Uint8Array,
): Promise<{ type: DetectedType } | { refused: 'wrongType' | 'olderOfficeFormat' }> {
  let detected: DetectedType | undefined;
  try {
    detected = await fileTypeFromBuffer(bytes);
  } catch {
    return { refused: 'wrongType' }; // bytes file-type cannot make sense of are no document we accept
  }
  if (detected && allowedFileTypes[field].some((type) => type.mime === detected.mime))
    return { type: { ext: detected.ext, mime: detected.mime } };
  return { refused: detected?.mime === OLDER_OFFICE_FORMAT ? 'olderOfficeFormat' : 'wrongType' };
}

/**
 * A file name fit to show staff: the base name only, no control or format
 * characters, no characters Windows forbids, no leading dots, at most 120
 * characters (keeping the extension). Never used to build a storage key.
 */
export function sanitiseFileName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (cleaned.length > 120) {
    const dot = cleaned.lastIndexOf('.');
    const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
    cleaned = cleaned.slice(0, 120 - ext.length).trimEnd() + ext;
  }
  return cleaned || fallback;
}

const printable = (text: string) => sanitiseFileName(text, '').slice(0, 60);
const fieldAt = (index: number): ApplicationFileField | undefined => applicationFileFields[index];

export async function readApplicationUpload(request: Request): Promise<ApplicationUpload> {
  let data: Record<string, unknown> | undefined;
  const documents: UploadedDocument[] = [];
  const empty: ApplicationFileField[] = [];

  const { files } = await parseMultipart(request, {
    limits: {
      maxBodyBytes: MAX_APPLICATION_BODY_BYTES,
      maxFiles: applicationFileFields.length,
      maxFileBytes: MAX_FILE_BYTES,
      maxTotalFileBytes: MAX_TOTAL_FILE_BYTES,
      maxFields: 1,
      maxFieldBytes: MAX_DATA_BYTES,
      maxParts: 1 + applicationFileFields.length,
    },
    messages: {
      notMultipart: 'Send the application as multipart/form-data: a "data" part and four "uploaded_files" parts.',
      bodyTooLarge:
        `The application is too large. The four files together may be at most ${formatBytes(MAX_TOTAL_FILE_BYTES)}, ` +
        `each at most ${formatBytes(MAX_FILE_BYTES)}.`,
      tooManyFiles:
        'Too many files: an application has exactly four (cv_file, kcse_file, ksl_file, llb_degree_file), one of each.',
      tooManyFields: 'Too many text parts: an application has a single "data" part holding its fields as JSON.',
      tooManyParts: 'Too many parts: an application has one "data" part and four "uploaded_files" parts.',
      totalTooLarge: fileMessages.totalTooLarge(),
      fieldTooLarge: () =>
        `The form's text is too long: the "data" part may be at most ${formatBytes(MAX_DATA_BYTES)}.`,
      fileTooLarge: (index, filename) => {
        const field = fieldAt(index);
        return field
          ? fileMessages.tooLargeWhileUploading(field, printable(filename))
          : `Each file may be at most ${formatBytes(MAX_FILE_BYTES)}.`;
      },
    },
    onField({ name, value }) {
      if (name !== DATA_PART) {
        throw badRequest(
          `Unexpected part "${printable(name)}": the form's fields are sent as JSON in one "data" part.`,
        );
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw badRequest('The "data" part is not valid JSON.');
      }
      if (!isPlainObject(parsed)) throw badRequest('The "data" part must be a JSON object of the form\'s fields.');
      data = parsed;
    },
    onFileStart(_index, fieldName) {
      if (fieldName === DATA_PART) throw badRequest('The "data" part must be a text field, not a file.');
      if (fieldName !== FILES_PART) {
        throw badRequest(`Unexpected file part "${printable(fieldName)}": documents are sent as "uploaded_files".`);
      }
    },
    async onFile(file: ReceivedFile) {
      const field = fieldAt(file.index);
      if (!field) throw badRequest('Too many files.'); // busboy's files limit stops this first
      if (file.bytes.length === 0) {
        empty.push(field);
        return;
      }
      const detected = await detectAllowedType(field, file.bytes);
      if ('refused' in detected)
        throw unsupportedMediaType(fileMessages[detected.refused](field, printable(file.filename)));
      documents.push({
        field,
        partFilename: sanitiseFileName(file.filename, field),
        size: file.bytes.length,
        detectedType: detected.type,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        bytes: file.bytes,
      });
    },
  });

  if (!data) throw badRequest('The upload has no "data" part holding the form\'s fields as JSON.');
  const missing = applicationFileFields.filter((field, index) => index >= files.length || empty.includes(field));
  // Each file is checked as it arrives, and a later one may be done first.
  return { data, documents: inDocumentOrder(documents), missing };
}
