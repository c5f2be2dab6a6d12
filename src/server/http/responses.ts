// Every answer a form function gives: JSON `{ "message": string }` with the
// right status and the functions' own security headers.
import { randomBytes } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages.ts';
import { site } from '../../site.config.ts';
import { isUnavailable } from '../db/unavailable.ts';

/** Headers on every function answer: JSON only, never cached, never framed or sniffed. */
const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function jsonMessage(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonAnswer(status, { message }, headers);
}

/** Any JSON answer, with the same headers (a GET endpoint's data: the free consultation times). */
export function jsonAnswer(status: number, body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...securityHeaders, ...headers } });
}

/**
 * A failure that is the sender's (or the request's) doing, with the status and
 * message to answer with. Anything else thrown inside a handler is our fault.
 */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const unprocessable = (message: string) => new HttpError(422, message);

export const methodNotAllowed = () =>
  jsonMessage(405, 'This address only accepts form submissions (POST).', { Allow: 'POST' });

/** A browser request from another site's page (request-origin.ts). */
export const otherSiteRefused = () => jsonMessage(403, 'Forms can only be sent from this website.');

/** A short reference a person can read out on the phone: "E-" and ten hex digits, e.g. "E-7A3F90C2B1". */
function newErrorReference(): string {
  return `E-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Writes one entry of the function log: what went wrong or needs a person, with ids and context, never personal data. */
export type ErrorLogger = (entry: Record<string, unknown>) => void;

/** Writes one entry of the function log: what a function did, with ids and counts, never personal data. */
export type InfoLogger = (entry: Record<string, unknown>) => void;

/** Logs one JSON line to stderr, which Netlify keeps in the function log. */
export const logError: ErrorLogger = (entry) => {
  console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), ...entry }));
};

/** Logs one JSON line to stdout: what a function did, for the function log (never personal data). */
export const logInfo: InfoLogger = (entry) => {
  console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), ...entry }));
};

/** An error for the log: its name, message and stack, and what caused it (e.g. the Blobs error behind a StorageError). */
function describeError(error: unknown) {
  if (!(error instanceof Error)) return { detail: String(error) };
  return {
    error: error.name,
    detail: error.message,
    ...(error.cause === undefined ? {} : { cause: describeCause(error.cause) }),
    stack: error.stack,
  };
}

function describeCause(cause: unknown): Record<string, unknown> {
  if (!(cause instanceof Error)) return { detail: String(cause) };
  const code = (cause as { code?: unknown }).code;
  return { error: cause.name, detail: cause.message, ...(typeof code === 'string' ? { code } : {}) };
}

/**
 * Our fault: log it with a reference and answer 500 quoting the reference and
 * the firm's phone number.
 */
function internalError(
  error: unknown,
  { what, log = logError, context = {}, lang = DEFAULT_LANGUAGE, whatIn }: ErrorResponseOptions,
): Response {
  const reference = newErrorReference();
  log({ reference, what, ...context, ...describeError(error) });
  return jsonMessage(
    500,
    lang === 'sw' && whatIn
      ? `Samahani, hatukuweza ${whatIn} kwa sababu ya hitilafu upande wetu (kumbukumbu ${reference}). ` +
          `Tafadhali jaribu tena baada ya dakika chache, au utupigie simu kwa ${site.phones.local}.`
      : `Sorry, we could not ${what} because of a fault on our side (reference ${reference}). ` +
          `Please try again in a few minutes, or call us on ${site.phones.local}.`,
  );
}

interface ErrorResponseOptions {
  /** What could not be done, in English, for the log and the English answer: "save your message". */
  what: string;
  log?: ErrorLogger;
  context?: Record<string, unknown>;
  /** The language to answer in (English by default). */
  lang?: Language;
  /** `what` in `lang`, e.g. "kuhifadhi ujumbe wako"; without it the answer is English. */
  whatIn?: string;
}

/** How long a visitor is asked to wait when the database is unavailable (Retry-After, seconds). */
const UNAVAILABLE_RETRY_S = 60;

/** The database was unreachable or too slow: nothing was stored, and the visitor is asked to try again shortly. */
function databaseUnavailable(
  error: unknown,
  { what, log = logError, context = {}, lang = DEFAULT_LANGUAGE }: ErrorResponseOptions,
): Response {
  log({ what, reason: 'database unavailable', ...context, ...describeError(error) });
  return jsonMessage(
    503,
    lang === 'sw'
      ? 'Samahani, hatukuweza kupokea ombi lako sasa hivi: kumbukumbu zetu hazipatikani kwa muda. Hakuna kilichohifadhiwa. Tafadhali jaribu tena baada ya dakika moja au mbili.'
      : 'Sorry, we could not receive this just now: our records are briefly unavailable, and nothing was stored. Please try again in a minute or two.',
    { 'Retry-After': String(UNAVAILABLE_RETRY_S) },
  );
}

/**
 * Turns what a handler threw into an answer: an HttpError is the sender's; the
 * database being unavailable is a 503 to try again; anything else is ours.
 */
export function errorResponse(error: unknown, options: ErrorResponseOptions): Response {
  if (error instanceof HttpError) return jsonMessage(error.status, error.message);
  if (isUnavailable(error)) return databaseUnavailable(error, options);
  return internalError(error, options);
}
