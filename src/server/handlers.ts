// src/server: the code the Netlify functions run (and the staff tool,
// `npm run submissions`, reuses). This file holds the JSON form endpoints as
// plain functions: POST from this site's pages only (http/request-origin.ts),
// then parse → validate → one transaction (count against the day's limit,
// store, hold the chosen time) → notify → answer, in the language the body
// names; a filled honeypot is answered as a success and kept apart.
// netlify/functions/* only export them with their routes; tests call them
// with a database and a notifier (HandlerDeps). The
// application has its own handler (application-handler.ts). The folders by
// feature, and the path of a submission: docs/architecture.md, "src/server, by
// feature", "The path of a submission" and "The form endpoints".
import { env, type DailyLimits } from '../env.ts';
import type { ConsultationFormData } from '../forms/consultation/consultation.ts';
import { validateContact, type ContactFormData } from '../forms/contact/contact.ts';
import { describeFieldErrors, isHoneypotFilled, type ValidationResult } from '../forms/shared/fields.ts';
import { DEFAULT_LANGUAGE, type Language } from '../lib/i18n/languages.ts';
import { nairobiDay } from '../lib/nairobi-time.ts';
import { loadPhoneNumbers } from '../forms/shared/phone-numbers.ts';
import { site } from '../site.config.ts';
import { holdChosenTime, validateConsultationAt } from './bookings/chosen-time.ts';
import { openDatabase, type Database, type Queryable } from './db/database.ts';
import type { UploadedDocument } from './documents/uploads.ts';
import { extractFormData, languageOfBody, readJsonBody } from './http/json-body.ts';
import { isSentFromThisSite } from './http/request-origin.ts';
import {
  errorResponse,
  jsonMessage,
  logError,
  methodNotAllowed,
  otherSiteRefused,
  unprocessable,
  type ErrorLogger,
} from './http/responses.ts';
import { createLimitAlerter, type LimitAlerter, type LimitedForm } from './notify/limit-alert.ts';
import { createNotifier, type Notifier } from './notify/sending.ts';
import { countToday, firstToReachLimit, secondsUntilNairobiMidnight } from './submissions/daily-limit.ts';
import { keepHoneypotHit } from './submissions/honeypot.ts';
import { newSubmissionId } from './submissions/ids.ts';
import {
  consultationRecord,
  contactRecord,
  type ConsultationRecord,
  type ContactRecord,
  type SubmissionMeta,
} from './submissions/record.ts';
import { saveEnquiry } from './submissions/save.ts';
import { currentSiteSettings, recordSiteSettings } from './submissions/site-settings.ts';
import type { SubmissionType, WriteOptions } from './submissions/store.ts';

/** What the person reads after sending; a filled honeypot gets the same words. */
export const successMessages = {
  contact: 'Thank you for your message. We have received it and will get back to you shortly.',
  consultation: 'Thank you. We have received your consultation request and will contact you shortly.',
  application: 'Thank you for applying. We have received your application and will review it and get back to you.',
} as const satisfies Record<SubmissionType, string>;

/** The forms shown in every language of the site (the application form is English only). */
type EnquiryType = 'contact' | 'consultation';

/** successMessages of the contact and consultation forms, in each language. */
export const enquirySuccessMessages = {
  en: { contact: successMessages.contact, consultation: successMessages.consultation },
  sw: {
    contact: 'Asante kwa ujumbe wako. Tumeupokea na tutawasiliana nawe hivi karibuni.',
    consultation: 'Asante. Tumepokea ombi lako la ushauri wa kisheria na tutawasiliana nawe hivi karibuni.',
  },
} as const satisfies Record<Language, Record<EnquiryType, string>>;

export interface HandlerDeps {
  /** The records' database; defaults to this deploy's (db/database.ts). */
  db?: Database;
  newId?: () => string;
  now?: () => Date;
  log?: ErrorLogger;
  /** Tells the firm about a stored submission; defaults to e-mail as the environment configures it. */
  notify?: Notifier;
  /** How many submissions each form stores a day (default: env.dailyLimits). */
  dailyLimits?: () => DailyLimits;
  /** Tells the firm a form reached its daily limit; defaults to e-mail as the environment configures it. */
  alert?: LimitAlerter;
  /** Replaces an application's documents with rebuilt copies; defaults to documents/disarm.ts, in workers. */
  disarm?: (documents: readonly UploadedDocument[]) => Promise<UploadedDocument[]>;
}

/** What a form answers past its daily limit (submissions/daily-limit.ts), until midnight in Nairobi. */
export const dailyLimitMessages = {
  contact: `We have received an unusually large number of messages through this website today, so it cannot accept more until tomorrow. Please e-mail us at ${site.email.general} or call us on ${site.phones.local}.`,
  consultation: `We have received an unusually large number of consultation requests through this website today, so it cannot accept more until tomorrow. Please e-mail us at ${site.email.general} or call us on ${site.phones.local}.`,
  application: `We have received an unusually large number of applications through this website today, so it cannot accept more until tomorrow. Please apply again tomorrow, or e-mail us at ${site.email.careers}.`,
} as const satisfies Record<SubmissionType, string>;

/** dailyLimitMessages of the contact and consultation forms, and of alert subscriptions, in each language. */
const enquiryDailyLimitMessages = {
  en: {
    contact: dailyLimitMessages.contact,
    consultation: dailyLimitMessages.consultation,
    subscription:
      'We have received an unusually large number of subscriptions through this website today, so it cannot accept more until tomorrow. Please try again tomorrow.',
  },
  sw: {
    subscription:
      'Leo tumepokea idadi kubwa isiyo ya kawaida ya usajili kupitia tovuti hii, kwa hivyo haiwezi kupokea zaidi hadi kesho. Tafadhali jaribu tena kesho.',
    contact: `Leo tumepokea idadi kubwa isiyo ya kawaida ya jumbe kupitia tovuti hii, kwa hivyo haiwezi kupokea zaidi hadi kesho. Tafadhali tuandikie barua pepe kupitia ${site.email.general} au utupigie simu kwa ${site.phones.local}.`,
    consultation: `Leo tumepokea idadi kubwa isiyo ya kawaida ya maombi ya ushauri kupitia tovuti hii, kwa hivyo haiwezi kupokea zaidi hadi kesho. Tafadhali tuandikie barua pepe kupitia ${site.email.general} au utupigie simu kwa ${site.phones.local}.`,
  },
} as const satisfies Record<Language, Record<Exclude<LimitedForm, 'application'>, string>>;

/** What `form` says past its daily limit, in `lang` (the application form answers in English). */
const dailyLimitMessage = (form: LimitedForm, lang: Language) =>
  form === 'application' ? dailyLimitMessages.application : enquiryDailyLimitMessages[lang][form];

/** The parts of Netlify's Context the handlers use (a test may pass none). */
interface HandlerContext {
  requestId?: string;
}

export type FormHandler = (request: Request, context?: HandlerContext) => Promise<Response>;

/** Thrown in a submission's transaction to roll it back and answer otherwise: past the daily limit, a time taken. */
class Refused extends Error {
  readonly answer: () => Promise<Response>;
  constructor(answer: () => Promise<Response>) {
    super('refused');
    this.name = 'Refused';
    this.answer = answer;
  }
}

/** A request as the shared steps name it: for the log, and the language to answer in. */
interface Context {
  requestId: string | undefined;
  /** Default English: the application form answers in English only. */
  lang?: Language;
}

export function resolveDeps(deps: HandlerDeps) {
  const log = deps.log ?? logError;
  const now = () => deps.now?.() ?? new Date();
  const limits = deps.dailyLimits ?? (() => env.dailyLimits);
  const alert = deps.alert ?? createLimitAlerter({ log });
  const meta = (): SubmissionMeta => {
    const receivedAt = now();
    return { id: deps.newId?.() ?? newSubmissionId(receivedAt.getTime()), receivedAt };
  };
  const database = () => deps.db ?? openDatabase();
  /** The 429 past `form`'s daily limit, the firm alerted by the first request to find it so. */
  const limitReached = async (form: LimitedForm, limit: number, today: Date, context: Context) => {
    try {
      if (await firstToReachLimit(database(), form, today))
        await alert({ form, limit, day: nairobiDay(today), requestId: context.requestId });
    } catch (error) {
      log({ what: 'claim the daily limit alert', form, requestId: context.requestId, detail: String(error) });
    }
    return jsonMessage(429, dailyLimitMessage(form, context.lang ?? DEFAULT_LANGUAGE), {
      'Retry-After': String(secondsUntilNairobiMidnight(today)),
    });
  };
  return {
    db: database,
    now,
    log,
    notify: deps.notify ?? createNotifier({ log, ...(deps.now ? { now: deps.now } : {}) }),
    meta,
    writeOptions: (requestId?: string): WriteOptions => ({
      onOrphan: (key, error) =>
        log({ what: 'remove a partly stored submission', orphanKey: key, requestId, detail: String(error) }),
    }),
    // For the staff tool, which acts with the live site's settings (submissions/site-settings.ts); never fails a submission.
    recordSettings: async (db: Database, requestId: string | undefined) => {
      try {
        await recordSiteSettings(db, currentSiteSettings(deps.now?.() ?? new Date()));
      } catch (error) {
        log({ what: 'record the site’s settings for the staff tool', requestId, detail: String(error) });
      }
    },
    /**
     * Runs `store` in one transaction with the count of `form` against its
     * daily limit: committed together, or neither. Past the limit nothing is
     * stored and the 429 is the answer; `store` throwing Refused rolls back
     * and answers as it says.
     */
    withinDailyLimit: async <T>(
      form: LimitedForm,
      context: Context,
      store: (tx: Queryable) => Promise<T>,
    ): Promise<{ stored: T } | { refused: Response }> => {
      const today = now();
      const limit = limits()[form];
      try {
        const stored = await database().transaction(async (tx) => {
          if ((await countToday(tx, form, today)) > limit)
            throw new Refused(() => limitReached(form, limit, today, context));
          return store(tx);
        });
        return { stored };
      } catch (error) {
        if (error instanceof Refused) return { refused: await error.answer() };
        throw error;
      }
    },
    /**
     * A filled honeypot: answered as a success, as before, so a bot learns
     * nothing; counted, logged without personal data, and kept briefly so a
     * person it caught by mistake can be found (submissions/honeypot.ts).
     */
    honeypot: async (
      form: SubmissionType,
      data: unknown,
      documents: readonly UploadedDocument[],
      { requestId, lang }: Context,
    ) => {
      try {
        await keepHoneypotHit(database(), {
          form,
          data,
          documents,
          limit: limits()[form],
          meta: meta(),
          log,
          requestId,
        });
      } catch (error) {
        log({ what: 'keep a honeypot hit', form, requestId, detail: String(error) });
      }
      return accepted(form, lang);
    },
  };
}

export const accepted = (form: SubmissionType, lang: Language = DEFAULT_LANGUAGE) =>
  jsonMessage(200, form === 'application' ? successMessages[form] : enquirySuccessMessages[lang][form]);

/**
 * The steps every form endpoint shares around its own: only a POST from this
 * site is read, and whatever `receive` throws is answered (http/responses.ts), a
 * fault of ours as "Sorry, we could not `failure`…".
 */
export function formEndpoint(
  form: LimitedForm,
  failure: string,
  log: ErrorLogger,
  receive: (request: Request, requestId: string | undefined) => Promise<Response>,
): FormHandler {
  return async (request, context) => {
    if (request.method !== 'POST') return methodNotAllowed();
    if (!isSentFromThisSite(request)) return otherSiteRefused();
    try {
      return await receive(request, context?.requestId);
    } catch (error) {
      return errorResponse(error, { what: failure, log, context: { form, requestId: context?.requestId } });
    }
  };
}

/** A form sent as JSON, stored as one record. */
interface JsonForm<Data> {
  type: EnquiryType;
  /** Loads what validating needs that is not loaded up front (libphonenumber-js). */
  prepare?: () => Promise<void>;
  validate(values: unknown, lang: Language, now: Date): ValidationResult<Data, string>;
  record(data: Data, meta: SubmissionMeta, lang: Language): ContactRecord | ConsultationRecord;
  /** Holds what the request books, in the transaction that stores it: the refusal to answer if it cannot (bookings/chosen-time.ts). */
  hold?(tx: Queryable, data: Data, meta: SubmissionMeta, lang: Language): Promise<Response | undefined>;
  /** What could not be done if we fail, per language: "Sorry, we could not save your message…". */
  failure: Readonly<Record<Language, string>>;
}

function createJsonFormHandler<Data>(form: JsonForm<Data>, deps: HandlerDeps = {}): FormHandler {
  const { db, now, log, meta, notify, recordSettings, withinDailyLimit, honeypot } = resolveDeps(deps);
  return formEndpoint(form.type, form.failure.en, log, async (request, requestId) => {
    const body = await readJsonBody(request);
    const lang = languageOfBody(body);
    const context = { requestId, lang };
    try {
      const formData = extractFormData(body);
      if (isHoneypotFilled(formData)) return await honeypot(form.type, formData, [], context);
      await form.prepare?.();
      const result = form.validate(formData, lang, now());
      if (!result.ok) throw unprocessable(describeFieldErrors(result.errors, lang));
      const submission = meta();
      const record = form.record(result.data, submission, lang);
      // The count, the record and its hold commit together; only then is the firm told and the visitor answered.
      const saved = await withinDailyLimit(form.type, context, async (tx) => {
        await saveEnquiry(tx, record);
        const refused = await form.hold?.(tx, result.data, submission, lang);
        if (refused) throw new Refused(async () => refused);
      });
      if ('refused' in saved) return saved.refused;
      const database = db();
      await Promise.all([notify({ db: database, record, requestId }), recordSettings(database, requestId)]);
      return accepted(form.type, lang);
    } catch (error) {
      // Answered in the form's language; what is the sender's and what is ours is decided as for every form.
      return errorResponse(error, {
        what: form.failure.en,
        whatIn: form.failure[lang],
        lang,
        log,
        context: { form: form.type, requestId },
      });
    }
  });
}

const contactForm: JsonForm<ContactFormData> = {
  type: 'contact',
  validate: validateContact,
  record: contactRecord,
  failure: { en: 'save your message', sw: 'kuhifadhi ujumbe wako' },
};

const consultationForm: JsonForm<ConsultationFormData> = {
  type: 'consultation',
  validate: validateConsultationAt,
  prepare: loadPhoneNumbers,
  record: consultationRecord,
  hold: (tx, data, { id, receivedAt }, lang) => holdChosenTime(tx, data, id, receivedAt, lang),
  failure: { en: 'save your consultation request', sw: 'kuhifadhi ombi lako la ushauri' },
};

export const createContactHandler = (deps: HandlerDeps = {}): FormHandler => createJsonFormHandler(contactForm, deps);

export const createConsultationHandler = (deps: HandlerDeps = {}): FormHandler =>
  createJsonFormHandler(consultationForm, deps);
