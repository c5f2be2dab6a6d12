// Text written in each of the site's languages, and reading a language from
// what a browser sent. The languages themselves are in languages.ts.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

/** One text in every language of the site, e.g. `{ en: 'Sent', sw: 'Imetumwa' }`. */
export type Localised = Readonly<Record<Language, string>>;

/** Whether `value` names one of the site's languages ('en', 'sw'). */
const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language `value` names; English when it names none (missing, unknown, not text). */
export const languageOr = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);
