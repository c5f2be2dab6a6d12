// The pupillage application, sent as multipart with its documents: the steps
// every form shares (handlers.ts), around the documents' own. Its own file so
// that only the application's function carries the rebuild of documents
// (documents/disarm.ts, with pdf-lib, sharp and an XML parser); the contact and
// consultation functions stay small.
//   http/request-origin → documents/uploads (http/multipart) → validate
//   → submissions/idempotency → submissions/daily-limit → documents/disarm
//   (documents/rebuild, in workers) → submissions/record
//   → submissions/save-application (documents to Blobs, then one transaction:
//   the record and the idempotency claim) → notify/sending (documents/links)
import {
  applicationFields,
  applicationMessages,
  validateApplication,
  type ApplicationField,
} from '../forms/application/application.ts';
import { describeFieldErrors, isHoneypotFilled, type FieldErrors } from '../forms/shared/fields.ts';
import { disarmDocuments } from './documents/disarm.ts';
import { readApplicationUpload } from './documents/uploads.ts';
import { unprocessable } from './http/responses.ts';
import { accepted, formEndpoint, resolveDeps, type FormHandler, type HandlerDeps } from './handlers.ts';
import { applicationDigest, claimIdempotencyKey, idempotencyKeyOf } from './submissions/idempotency.ts';
import { applicationRecord } from './submissions/record.ts';
import { saveApplication } from './submissions/save-application.ts';
import { openSubmissionStore, type OpenSubmissionStore } from './submissions/store.ts';

export interface ApplicationHandlerDeps extends HandlerDeps {
  /** The Blobs store the documents are written to; defaults to the submissions store (submissions/store.ts). */
  openFiles?: OpenSubmissionStore;
}

/** Ends a transaction run only to see whether the day's limit is reached: the count it took is rolled back. */
class UnderLimit extends Error {}

/** Ends the record's transaction when the limit was reached meanwhile: nothing is kept, `answer` is the 429. */
class OverLimit extends Error {
  constructor(readonly answer: Response) {
    super('over the daily limit');
  }
}

export function createApplicationHandler(deps: ApplicationHandlerDeps = {}): FormHandler {
  const { db, log, meta, writeOptions, notify, recordSettings, withinDailyLimit, honeypot } = resolveDeps(deps);
  const openFiles = deps.openFiles ?? openSubmissionStore;
  return formEndpoint('application', 'save your application', log, async (request, requestId) => {
    const context = { requestId };
    const idempotencyKey = idempotencyKeyOf(request);
    const upload = await readApplicationUpload(request);
    if (isHoneypotFilled(upload.data)) return honeypot('application', upload.data, upload.documents, context);
    const result = validateApplication(upload.data);
    // A document not sent is reported like an empty input, next to the field errors, in form order.
    const errors: FieldErrors<ApplicationField> = result.ok ? {} : { ...result.errors };
    for (const field of upload.missing) errors[field] = applicationMessages.required;
    if (!result.ok || upload.missing.length > 0) {
      const ordered: FieldErrors<ApplicationField> = {};
      for (const field of applicationFields) if (errors[field]) ordered[field] = errors[field];
      throw unprocessable(describeFieldErrors(ordered));
    }
    const database = db();
    const submissionMeta = meta();
    // A retry of a fill already stored is recognised by what was sent: the documents' digests are the sender's.
    const sent = applicationRecord(result.data, upload.documents, submissionMeta);
    // A repeat of a form fill already stored (its answer was lost on the way) is answered as then, and nothing
    // more; the same fill sent with other content is refused (submissions/idempotency.ts), so no change is
    // silently dropped.
    const claim = idempotencyKey
      ? await claimIdempotencyKey(
          database,
          'application',
          idempotencyKey,
          applicationDigest(sent),
          new Date(sent.receivedAt),
        )
      : undefined;
    if (claim?.kind === 'repeat') return accepted('application');
    // A refused document or a failed write leaves the key free for the applicant's next try.
    let record: ReturnType<typeof applicationRecord>;
    try {
      // The daily limit stands before any document is parsed: past it, nothing of a stranger's file is read.
      // Counted here and rolled back; counted for good in the record's transaction.
      const early = await withinDailyLimit('application', context, () => Promise.reject(new UnderLimit()));
      if ('refused' in early) {
        await claim?.release().catch(() => {});
        return early.refused;
      }
    } catch (error) {
      if (!(error instanceof UnderLimit)) {
        await claim?.release().catch(() => {});
        throw error;
      }
    }
    try {
      const documents = await (deps.disarm ?? disarmDocuments)(upload.documents);
      record = applicationRecord(result.data, documents, submissionMeta);
      const { id } = record;
      // The count, the record and the claim commit together, after the documents are written.
      await saveApplication(
        {
          transaction: async (work) => {
            const saved = await withinDailyLimit('application', context, work);
            if ('refused' in saved) throw new OverLimit(saved.refused);
            return saved.stored;
          },
        },
        openFiles(),
        record,
        documents,
        { ...writeOptions(requestId), alsoInTransaction: async (tx) => claim?.stored(tx, id) },
      );
    } catch (error) {
      await claim?.release().catch(() => {});
      if (error instanceof OverLimit) return error.answer;
      throw error;
    }
    await Promise.all([notify({ db: database, record, requestId }), recordSettings(database, requestId)]);
    return accepted('application');
  });
}
