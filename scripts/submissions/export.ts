// `export <id> --out <folder>` and `export --email <address> --out <folder>`:
// submissions written to disk with their documents (by address, their article
// alerts too), to hand to the person they are about (a data access request) or
// to a colleague. So the record is written as people read it: fields under the
// labels staff see in e-mails and `show` ("Subject", "Message"), never the
// form's internal names ("interest", "msg"). Only the submissions tool writes
// files; the functions never import this module. Where it may write is
// output-folder.ts's to decide.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { applicationFileLabels, formatBytes, inDocumentOrder } from '../../src/forms/application/application.ts';
import { describeType, documentFileName, fieldLabels } from '../../src/server/submissions/record-labels.ts';
import { findSubmission, submissionsFrom, type LoadedSubmission } from '../../src/server/submissions/read.ts';
import type { SubmissionRecord } from '../../src/server/submissions/record.ts';
import { oneId, parseEmail } from './arguments.ts';
import { UsageError, type AdminStore, type CommandContext } from './command.ts';
import { oneLine, plural } from './output.ts';
import { exportFolder } from './output-folder.ts';
import { alertsOfEmail, readableAlerts } from './person-alerts.ts';

const RECORD_FILE = 'record.json';
/** A person's article alerts, beside the folders of their submissions. */
const ALERTS_FILE = 'article-alerts.json';

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
async function exportSubmission(
  store: Pick<AdminStore, 'get'>,
  submission: LoadedSubmission,
  directory: string,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportResult> {
  const record = submission.record;
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
const submissionFolderName = (submission: LoadedSubmission) =>
  `${submission.receivedAt.toISOString().slice(0, 10)}-${submission.type}-${submission.id}`;

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

export async function exportCommand(context: CommandContext): Promise<number> {
  const { values, args, cwd, db, store, deps } = context;
  if (values.email !== undefined && args.length > 0)
    throw new UsageError('"export" takes a submission id or --email <address>, not both');
  const email = values.email === undefined ? undefined : parseEmail(values.email, 'export');
  const id = email === undefined ? oneId(args, 'export') : undefined;
  if (!values.out) throw new UsageError('"export" needs --out <folder>, where the files are written');
  const directory = exportFolder(values.out, cwd, resolve(cwd, values.root ?? '.'));
  if (email !== undefined) return exportPerson(context, email, directory);
  const submission = await findSubmission(db, id!);
  const result = await exportSubmission(await store(), submission, directory, ({ index, total, fileName, bytes }) =>
    deps.io.stderr(`[${index}/${total}] ${fileName} (${formatBytes(bytes)})`),
  );
  deps.io.stdout(
    [
      `Exported ${submission.id} to ${result.directory}:`,
      ...result.files.map((file) => `  ${file.path}  ${formatBytes(file.bytes)}`),
    ].join('\n'),
  );
  return 0;
}

/**
 * `export --email`: each of one person's submissions into a folder of its own
 * under `directory`, and their article alerts into ALERTS_FILE beside them.
 */
async function exportPerson(context: CommandContext, email: string, directory: string): Promise<number> {
  const { db, store, deps } = context;
  const submissions = await submissionsFrom(db, email);
  const alerts = await alertsOfEmail(context, email);
  if (submissions.length === 0 && !alerts) {
    deps.io.stdout(`No submissions or article alerts from ${oneLine(email)}: nothing was written.`);
    return 0;
  }
  const written: string[] = [];
  for (const submission of submissions) {
    const folder = join(directory, submissionFolderName(submission));
    const result = await exportSubmission(await store(), submission, folder, ({ index, total, fileName, bytes }) =>
      deps.io.stderr(`${submission.id} [${index}/${total}] ${fileName} (${formatBytes(bytes)})`),
    );
    written.push(...result.files.map((file) => `  ${file.path}  ${formatBytes(file.bytes)}`));
  }
  if (alerts) {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const path = join(directory, ALERTS_FILE);
    const json = `${JSON.stringify(readableAlerts(alerts, await context.categories()), null, 2)}\n`;
    await writeNew(path, json);
    written.push(`  ${path}  ${formatBytes(Buffer.byteLength(json))}`);
  }
  const what = `${plural(submissions.length, 'submission')}${alerts ? ' and their article alerts' : ''}`;
  deps.io.stdout(
    [
      `Exported ${what} from ${oneLine(email)} to ${directory}:`,
      ...written,
      'Send them to the person securely, then delete the folder.',
    ].join('\n'),
  );
  return 0;
}
