// `export <id> --out <folder>`: a submission's record and documents written to
// disk for staff. Only the submissions tool writes files; the functions never
// import this module.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applicationFileLabels, inDocumentOrder } from '../../src/forms/application/application.ts';
import { documentFileName } from '../../src/server/submissions/record-labels.ts';
import { SubmissionNotFoundError, type AdminStore, type LoadedSubmission } from '../../src/server/submissions/read.ts';

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
  const json = `${JSON.stringify(record, null, 2)}\n`;
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
