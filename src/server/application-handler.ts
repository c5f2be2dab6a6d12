// The pupillage application, sent as multipart with its documents: the steps
// every form shares (handlers.ts), around the documents' own. Its own file so
// that only the application's function carries the rebuild of documents
// (documents/disarm.ts, with pdf-lib, sharp and an XML parser); the contact and
// consultation functions stay small.
//   http/request-origin → documents/uploads (http/multipart) → validate
//   → submissions/idempotency → submissions/daily-limit → documents/disarm
//   (documents/rebuild, in workers) → submissions/record → submissions/save
//   → submissions/store → notify/sending (documents/links)
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
import { saveApplication } from './submissions/save.ts';
import { recordKey } from './submissions/store.ts';

export function createApplicationHandler(deps: HandlerDeps = {}): FormHandler {
  const { openStore, log, meta, writeOptions, notify, recordSettings, beyondDailyLimit, honeypot } = resolveDeps(deps);
  return formEndpoint('application', 'save your application', log, async (request, requestId) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const upload = await readApplicationUpload(request);
    if (isHoneypotFilled(upload.data))
      return honeypot('application', openStore(), upload.data, upload.documents, requestId);
    const result = validateApplication(upload.data);
    // A document not sent is reported like an empty input, next to the field errors, in form order.
    const errors: FieldErrors<ApplicationField> = result.ok ? {} : { ...result.errors };
    for (const field of upload.missing) errors[field] = applicationMessages.required;
    if (!result.ok || upload.missing.length > 0) {
      const ordered: FieldErrors<ApplicationField> = {};
      for (const field of applicationFields) if (errors[field]) ordered[field] = errors[field];
      throw unprocessable(describeFieldErrors(ordered));
    }
    const store = openStore();
    const submissionMeta = meta();
    // A retry of a fill already stored is recognised by what was sent: the documents' digests are the sender's.
    const sent = applicationRecord(result.data, upload.documents, submissionMeta);
    // A repeat of a form fill already stored (its answer was lost on the way) is answered as then, and nothing
    // more; the same fill sent with other content is refused (submissions/idempotency.ts), so no change is
    // silently dropped.
    const claim = idempotencyKey
      ? await claimIdempotencyKey(
          store,
          'application',
          idempotencyKey,
          applicationDigest(sent),
          new Date(sent.receivedAt),
        )
      : undefined;
    if (claim?.kind === 'repeat') return accepted('application');
    // The daily limit stands before any document is parsed: past it, nothing of a stranger's file is read.
    const refused = await beyondDailyLimit('application', store, requestId);
    if (refused) {
      await claim?.release().catch(() => {});
      return refused;
    }
    // A refused document or a failed write leaves the key free for the applicant's next try.
    let record: ReturnType<typeof applicationRecord>;
    let etag: string | undefined;
    try {
      const documents = await (deps.disarm ?? disarmDocuments)(upload.documents);
      record = applicationRecord(result.data, documents, submissionMeta);
      ({ etag } = await saveApplication(store, record, documents, writeOptions(requestId)));
    } catch (error) {
      await claim?.release().catch(() => {});
      throw error;
    }
    await claim?.stored(record.id).catch((error: unknown) =>
      log({
        what: 'remember the idempotency key of a stored application',
        submissionId: record.id,
        requestId,
        detail: String(error),
      }),
    );
    await Promise.all([
      notify({ store, key: recordKey(record.type, record.id), record, etag, requestId }),
      recordSettings(store, requestId),
    ]);
    return accepted('application');
  });
}
