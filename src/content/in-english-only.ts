// After a link, on a page in another language, to a page written in English
// only: "(kwa Kiingereza)". Its own small file so that an island (a form's
// privacy-notice link) can say it without loading all of interface-text.ts.
import type { Language } from '../lib/i18n/languages.ts';

export const inEnglishOnly: Readonly<Record<Language, string>> = { en: '', sw: '(kwa Kiingereza)' };
