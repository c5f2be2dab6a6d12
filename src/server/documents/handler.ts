// GET /api/v1/documents/<id>/<field>?expires=…&signature=… — one document of
// an application, for staff following a link from the notification e-mail
// (links.ts). The link is the permission: the signature and expiry
// are checked before anything is read. The record comes from the database and
// the file from Blobs: a document whose record is not committed is not served.
// Every refusal is a short plain-text 4xx that says nothing of the
// application; every download is logged by submission id and document (no
// personal data).
import type { Store } from '@netlify/blobs';
import { openDatabase, type Database } from '../db/database.ts';
import { isUnavailable } from '../db/unavailable.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { documentFileName } from '../submissions/record-labels.ts';
import type { StoredFileInfo } from '../submissions/record.ts';
import { recordFromRow, SUBMISSION_COLUMNS, type SubmissionRow } from '../submissions/rows.ts';
import { openFullSubmissionStore } from '../submissions/store.ts';
import { checkDocumentLink, documentLinkSecret } from './links.ts';

export interface DocumentHandlerDeps {
  db?: Database;
  /** The Blobs store the documents are files in. */
  openFiles?: () => Pick<Store, 'get'>;
  now?: () => Date;
  log?: ErrorLogger;
  logAccess?: InfoLogger;
}

/** Headers of every answer: never cached, framed, sniffed or sent on as a referrer. */
const baseHeaders = {
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex, nofollow',
};

const plain = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(`${message}\n`, {
    status,
    headers: { ...baseHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });

/** file-type names a Word 97–2003 file by its container; browsers and Word know it as application/msword. */
const servedType = (mime: string) => (mime === 'application/x-cfb' ? 'application/msword' : mime);

/** A kept document's answer, wherever staff open it (a signed link, the desk): a download, never shown inline. */
export function documentDownload(file: StoredFileInfo, body: ReadableStream): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...baseHeaders,
      'Content-Type': servedType(file.detectedType.mime),
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${documentFileName(file)}"`,
    },
  });
}

export function createDocumentHandler(deps: DocumentHandlerDeps = {}) {
  const openFiles = deps.openFiles ?? openFullSubmissionStore;
  const log = deps.log ?? logError;
  const logAccess = deps.logAccess ?? logInfo;
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET') return plain(405, 'This address only serves documents (GET).', { Allow: 'GET' });
    try {
      const db = deps.db ?? openDatabase();
      const link = checkDocumentLink(new URL(request.url), await documentLinkSecret(db), deps.now?.() ?? new Date());
      if (!link.ok) return plain(link.status, link.message);
      const gone = () => plain(404, 'This document is no longer available.');
      const [row] = await db.query<SubmissionRow>(
        `SELECT ${SUBMISSION_COLUMNS} FROM submissions WHERE id = $1 AND type = 'application'`,
        [link.submissionId],
      );
      const record = row && recordFromRow(row);
      const file = record?.type === 'application' ? record.files.find((kept) => kept.field === link.field) : undefined;
      if (!file) return gone();
      const body = await openFiles().get(file.key, { type: 'stream' });
      if (!body) return gone();
      logAccess({
        what: 'document downloaded through a signed link',
        submissionId: link.submissionId,
        document: link.field,
      });
      return documentDownload(file, body);
    } catch (error) {
      log({ what: 'serve a document', detail: error instanceof Error ? error.message : String(error) });
      return plain(
        isUnavailable(error) ? 503 : 500,
        'The document could not be read just now. Please try again in a few minutes.',
      );
    }
  };
}
