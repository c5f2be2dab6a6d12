// What staff open is never the file a stranger sent: each document of an
// application is replaced by a copy rebuilt from an allowlist (rebuild/), in a
// worker of its own that is stopped at its budget (rebuild/isolated.ts). A
// document that cannot be rebuilt, in time or at all, refuses the application
// with 415, naming the document and saying what to send instead. The original
// is not kept: the record's size and SHA-256 are the copy's.
import { createHash } from 'node:crypto';
import { fileMessages, fileTypes } from '../../forms/application/application.ts';
import { unsupportedMediaType } from '../http/responses.ts';
import { rebuildIsolated, type IsolationBudget } from './rebuild/isolated.ts';
import type { DocumentFormat } from './rebuild/rebuild.ts';
import type { UploadedDocument } from './uploads.ts';

const formatOf = (mime: string): DocumentFormat | undefined =>
  (Object.keys(fileTypes) as DocumentFormat[]).find((format) => fileTypes[format].mime === mime);

export async function disarmDocuments(
  documents: readonly UploadedDocument[],
  { budget, rebuild = rebuildIsolated }: { budget?: IsolationBudget; rebuild?: typeof rebuildIsolated } = {},
): Promise<UploadedDocument[]> {
  const jobs = documents.map((document) => ({ format: formatOf(document.detectedType.mime), bytes: document.bytes }));
  const unknown = jobs.findIndex((job) => !job.format);
  const outcome =
    unknown >= 0
      ? { ok: false as const, index: unknown, reason: 'unreadable' as const }
      : await rebuild(jobs as Array<{ format: DocumentFormat; bytes: Uint8Array }>, budget);
  if (!outcome.ok) {
    const refused = documents[outcome.index]!;
    throw unsupportedMediaType(fileMessages[outcome.reason](refused.field, refused.partFilename));
  }
  return documents.map((document, index) => {
    const bytes = Buffer.from(outcome.copies[index]!);
    return { ...document, bytes, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}
