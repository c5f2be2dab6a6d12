// The three form endpoints as plain functions: POST from this site's pages
// only (request-origin.ts), then parse → validate → store → notify → answer.
// netlify/functions/* only export them with their routes; tests call them
// directly, handing in a store (or a failing one) and a notifier through
// HandlerDeps. The record is stored before anything else
// happens; notifying can fail or time out without failing the submission
// (notifications.ts).
import {
  applicationFields,
  applicationMessages,
  validateApplication,
  type ApplicationField,
} from '../forms/application';
import { validateConsultation } from '../forms/consultation';
import { validateContact } from '../forms/contact';
import { describeFieldErrors, isHoneypotFilled, type FieldErrors } from '../forms/shared';
import { claimIdempotencyKey, idempotencyKeyOf } from './idempotency';
import { newSubmissionId } from './ids';
import { extractFormData, readJsonBody } from './json-body';
import { isSentFromThisSite } from './request-origin';
import { errorResponse, jsonMessage, logError, methodNotAllowed, otherSiteRefused, unprocessable, type ErrorLogger } from './responses';
import { createNotifier, type Notifier } from './notifications';
import { openSubmissionStore, submissionKeys, type OpenSubmissionStore, type WriteOptions } from './storage';
import {
  applicationRecord,
  consultationRecord,
  contactRecord,
  saveApplication,
  saveConsultation,
  saveContact,
  type SubmissionMeta,
} from './submissions';
import { readApplicationUpload } from './uploads';

/** What the person reads after sending; a filled honeypot gets the same words. */
export const successMessages = {
  contact: 'Thank you for your message. We have received it and will get back to you shortly.',
  consultation: 'Thank you. We have received your consultation request and will contact you shortly.',
  application: 'Thank you for applying. We have received your application and will review it and get back to you.',
} as const;

export interface HandlerDeps {
  /** Opens the submissions store; defaults to Netlify Blobs (storage.ts). */
  openStore?: OpenSubmissionStore;
  newId?: () => string;
  now?: () => Date;
  log?: ErrorLogger;
  /** Tells the firm about a stored submission; defaults to e-mail as the environment configures it. */
  notify?: Notifier;
}

/** The parts of Netlify's Context the handlers use (a test may pass none). */
export interface HandlerContext {
  requestId?: string;
}

export type FormHandler = (request: Request, context?: HandlerContext) => Promise<Response>;

function resolveDeps(deps: HandlerDeps) {
  const log = deps.log ?? logError;
  return {
    openStore: deps.openStore ?? openSubmissionStore,
    log,
    notify: deps.notify ?? createNotifier({ log, ...(deps.now ? { now: deps.now } : {}) }),
    meta: (): SubmissionMeta => {
      const receivedAt = deps.now?.() ?? new Date();
      return { id: deps.newId?.() ?? newSubmissionId(receivedAt.getTime()), receivedAt };
    },
    writeOptions: (requestId?: string): WriteOptions => ({
      onOrphan: (key, error) =>
        log({ what: 'remove a partly stored submission', orphanKey: key, requestId, detail: String(error) }),
    }),
  };
}

export function createContactHandler(deps: HandlerDeps = {}): FormHandler {
  const { openStore, log, meta, writeOptions, notify } = resolveDeps(deps);
  return async (request, context) => {
    if (request.method !== 'POST') return methodNotAllowed();
    if (!isSentFromThisSite(request)) return otherSiteRefused();
    try {
      const formData = extractFormData(await readJsonBody(request));
      if (isHoneypotFilled(formData)) return jsonMessage(200, successMessages.contact);
      const result = validateContact(formData);
      if (!result.ok) throw unprocessable(describeFieldErrors(result.errors));
      const store = openStore();
      const record = contactRecord(result.data, meta());
      const { etag } = await saveContact(store, record, writeOptions(context?.requestId));
      await notify({ store, key: submissionKeys.contact(record.id), record, etag, requestId: context?.requestId });
      return jsonMessage(200, successMessages.contact);
    } catch (error) {
      return errorResponse(error, { what: 'save your message', log, context: { form: 'contact', requestId: context?.requestId } });
    }
  };
}

export function createConsultationHandler(deps: HandlerDeps = {}): FormHandler {
  const { openStore, log, meta, writeOptions, notify } = resolveDeps(deps);
  return async (request, context) => {
    if (request.method !== 'POST') return methodNotAllowed();
    if (!isSentFromThisSite(request)) return otherSiteRefused();
    try {
      const formData = extractFormData(await readJsonBody(request));
      if (isHoneypotFilled(formData)) return jsonMessage(200, successMessages.consultation);
      const result = validateConsultation(formData);
      if (!result.ok) throw unprocessable(describeFieldErrors(result.errors));
      const store = openStore();
      const record = consultationRecord(result.data, meta());
      const { etag } = await saveConsultation(store, record, writeOptions(context?.requestId));
      await notify({ store, key: submissionKeys.consultation(record.id), record, etag, requestId: context?.requestId });
      return jsonMessage(200, successMessages.consultation);
    } catch (error) {
      return errorResponse(error, {
        what: 'save your consultation request',
        log,
        context: { form: 'consultation', requestId: context?.requestId },
      });
    }
  };
}

export function createApplicationHandler(deps: HandlerDeps = {}): FormHandler {
  const { openStore, log, meta, writeOptions, notify } = resolveDeps(deps);
  return async (request, context) => {
    if (request.method !== 'POST') return methodNotAllowed();
    if (!isSentFromThisSite(request)) return otherSiteRefused();
    try {
      const idempotencyKey = idempotencyKeyOf(request);
      const upload = await readApplicationUpload(request);
      if (isHoneypotFilled(upload.data)) return jsonMessage(200, successMessages.application);
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
      const record = applicationRecord(result.data, upload.documents, meta());
      // A repeat of a form fill already stored (its answer was lost on the way) is answered as then, and nothing more.
      const claim = idempotencyKey ? await claimIdempotencyKey(store, 'application', idempotencyKey, new Date(record.receivedAt)) : undefined;
      if (claim?.kind === 'repeat') return jsonMessage(200, successMessages.application);
      let etag: string | undefined;
      try {
        ({ etag } = await saveApplication(store, record, upload.documents, writeOptions(context?.requestId)));
      } catch (error) {
        await claim?.release().catch(() => {});
        throw error;
      }
      await claim?.stored(record.id).catch((error: unknown) =>
        log({ what: 'remember the idempotency key of a stored application', submissionId: record.id, requestId: context?.requestId, detail: String(error) }),
      );
      await notify({ store, key: submissionKeys.applicationRecord(record.id), record, etag, requestId: context?.requestId });
      return jsonMessage(200, successMessages.application);
    } catch (error) {
      return errorResponse(error, {
        what: 'save your application',
        log,
        context: { form: 'application', requestId: context?.requestId },
      });
    }
  };
}
