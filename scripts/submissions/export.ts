// `export <id> --out <folder>` and `export --email <address> --out <folder>`:
// submissions written to disk with their documents, to hand to the person they
// are about (a data access request) or to a colleague. So the record is written
// as people read it: fields under the labels staff see in e-mails and `show`
// ("Subject", "Message"), never the form's internal names ("interest", "msg").
// Only the submissions tool writes files; the functions never import this
// module. Where it may write is output-folder.ts's to decide.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applicationFileLabels, inDocumentOrder } from '../../src/forms/application/application.ts';
import { describeType, documentFileName, fieldLabels } from '../../src/server/submissions/record-labels.ts';
import { SubmissionNotFoundError, type AdminStore, type LoadedSubmission } from '../../src/server/submissions/read.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';

const RECORD_FILE = 'record.json';

interface ExportProgress {
  /** 1-based. */
  index: number;
  total: number;
  fileName: string;
  bytes: number;
}

interface ExportResult {
  directory: string;
  files: Array<{ path: string; bytes: number; sha256?: string }>;
}

/**
 * Writes the record as JSON and, for an application, each document under a
 * safe name, into `directory` (created if need be; readable only by its owner).
 * Never overwrites a file. Each document's bytes are checked against the
 * checksum taken when it arrived.
 */
export async function exportSubmission(
  store: Pick<AdminStore, 'get'>,
  submission: LoadedSubmission,
  directory: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const record = submission.record;
  if (!record) {
    throw new SubmissionNotFoundError(
      `${submission.id} has files but no record (an interrupted upload); "delete ${submission.id} --yes" removes them.`,
    );
  }
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const files: ExportResult['files'] = [];
  const recordPath = join(directory, RECORD_FILE);
  const json = `${JSON.stringify(readableRecord(record), null, 2)}\n`;
  await writeNew(recordPath, json);
  files.push({ path: recordPath, bytes: Buffer.byteLength(json) });

  const documents = record.type === 'application' ? inDocumentOrder(record.files) : [];
  for (const [index, file] of documents.entries()) {
    const fileName = documentFileName(file);
    onProgress({ index: index + 1, total: documents.length, fileName, bytes: file.size });
    const data = await store.get(file.key, { type: 'arrayBuffer' });
    if (data === null)
      throw new Error(
        `The ${applicationFileLabels[file.field]} of ${record.id} is missing from the store (${file.key})`,
      );
    const bytes = new Uint8Array(data);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== file.sha256) {
      throw new Error(
        `The stored ${applicationFileLabels[file.field]} of ${record.id} does not match the checksum taken on arrival`,
      );
    }
    const path = join(directory, fileName);
    await writeNew(path, bytes);
    files.push({ path, bytes: bytes.byteLength, sha256 });
  }
  return { directory, files };
}

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * A record as the person it is about reads it: what it is, when it arrived,
 * the fields under the labels the forms show, and for an application its
 * documents and the declaration. A field the form no longer has keeps its
 * stored name: a copy of someone's data leaves nothing out.
 */
function readableRecord(record: SubmissionRecord): Record<string, unknown> {
  const labels = fieldLabels[record.type];
  const stored = record.fields as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const [field, label] of Object.entries(labels)) if (field in stored) fields[label] = stored[field];
  for (const [field, value] of Object.entries(stored)) if (!(field in labels)) fields[field] = value;
  const readable: Record<string, unknown> = {
    Form: capitalised(describeType(record.type)),
    Reference: record.id,
    Received: record.receivedAt,
    Fields: fields,
  };
  if (record.type === 'application') {
    readable.Documents = inDocumentOrder(record.files).map((file) => ({
      Document: applicationFileLabels[file.field],
      'File in this folder': documentFileName(file),
      'Name when sent': file.originalName,
      Type: file.detectedType.mime,
      Bytes: file.size,
      'SHA-256': file.sha256,
    }));
    readable.Declaration = {
      Text: record.consent.declaration,
      Confirmed: record.consent.confirmedAt,
      'Privacy notice version': record.consent.privacyNoticeVersion,
      'Privacy notice read and accepted': record.consent.privacyConsentAt,
    };
  }
  readable['E-mailed to our staff'] = record.notified?.at ?? null;
  return readable;
}

/** The folder one submission of a person's export goes in: its date, its type, its reference. */
export const submissionFolderName = (submission: LoadedSubmission) =>
  `${(submission.receivedAt?.toISOString() ?? 'undated').slice(0, 10)}-${submission.type}-${submission.id}`;

async function writeNew(path: string, data: string | Uint8Array) {
  try {
    await writeFile(path, data, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`${path} already exists; export into an empty folder (--out)`);
    }
    throw error;
  }
}
