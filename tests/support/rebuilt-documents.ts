// What the site stores of an uploaded document: not its bytes but the copy the
// rebuild makes of them (src/server/documents/rebuild/), which is the same for
// the same file. For the tests that check a stored or exported document.
import { disarmDocuments } from '../../src/server/documents/disarm.ts';
import { rebuildOutcome, type rebuildIsolated } from '../../src/server/documents/rebuild/isolated.ts';
import { rebuildDocument, type DocumentFormat } from '../../src/server/documents/rebuild/rebuild.ts';
import type { UploadFile } from '../../scripts/lib/sample-requests.ts';

const formats: Readonly<Record<string, DocumentFormat>> = {
  pdf: 'pdf',
  docx: 'docx',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
};

/** The copy stored for `file`, whose format is read from its name's extension (the samples are named for what they are). */
export async function rebuiltCopy(file: UploadFile): Promise<Uint8Array> {
  const format = formats[file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase()];
  if (!format) throw new Error(`no format for ${file.name}`);
  return new Uint8Array(await rebuildDocument(format, file.bytes));
}

/**
 * rebuildIsolated's work without its workers, for tests about something else
 * that send many applications at once (the isolation has tests of its own).
 */
const rebuildInProcess: typeof rebuildIsolated = async (documents) => {
  const copies: Uint8Array[] = [];
  for (const [index, document] of documents.entries()) {
    const outcome = await rebuildOutcome(document);
    if (!outcome.ok) return { ...outcome, index };
    copies.push(outcome.bytes);
  }
  return { ok: true, copies };
};

/**
 * The application handler's `disarm` with rebuildInProcess: the same copies, without a worker per document
 * (~1 s of CPU each to load from the sources). For tests of what the handler, the store or the tool do with
 * an application; the tests of documents themselves keep the workers.
 */
export const disarmInProcess = (documents: Parameters<typeof disarmDocuments>[0]) =>
  disarmDocuments(documents, { rebuild: rebuildInProcess });
