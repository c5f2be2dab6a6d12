// Parsing the JSON body of the contact and consultation forms:
// `{ "form_data": { ... }, "lang": "sw" }`, at most MAX_JSON_BODY_BYTES.
// `lang` is the language of the page the form was sent from, which the answer's
// `message` is written in: "sw" for Kiswahili; English when it is absent or
// names no language of the site (the English pages leave it out).
import { isPlainObject } from '../../forms/shared/fields.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { languageOr } from '../../lib/i18n/localised.ts';
import { mediaType, readBodyWithLimit } from './body.ts';
import { badRequest, unsupportedMediaType } from './responses.ts';

/** Largest JSON body: two 5,000-character fields of 4-byte characters fit with room to spare. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const type = mediaType(request);
  if (type !== 'application/json') {
    throw unsupportedMediaType('Send the form as JSON (Content-Type: application/json).');
  }
  const bytes = await readBodyWithLimit(
    request,
    maxBytes,
    `The form is too large: it may be at most ${Math.round(maxBytes / 1024)} KB. Please shorten your message.`,
  );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The request body is not valid UTF-8 text.');
  }
  if (text.trim() === '') throw badRequest('The request body is empty; expected JSON with a form_data object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

/** The `form_data` object of `{ "form_data": { ... } }`, or 400. */
export function extractFormData(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body) || !isPlainObject(body.form_data)) {
    throw badRequest('Expected a JSON object of the form { "form_data": { ... } }.');
  }
  return body.form_data;
}

/** The language to answer in: the body's `lang`, English when it has none the site knows. */
export function languageOfBody(body: unknown): Language {
  return isPlainObject(body) ? languageOr(body.lang) : languageOr(undefined);
}
