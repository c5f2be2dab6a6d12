// Where a page lives in each language. English pages are at the root; a page
// in another language is the English path under that language's prefix
// (/about → /sw/about). Only some pages are written in every language: the
// rest exist in English only, and a link to one from a Kiswahili page goes to
// the English page and says so (src/lib/i18n/navigation.ts).
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

/** The pages written in every language the site is in, by their English path. */
const TRANSLATED_PAGES: readonly string[] = ['/', '/about', '/practice-areas', '/contact-us', '/tools/property-costs'];
/** Every page beneath these is written in every language (one per practice area). */
const TRANSLATED_PREFIXES: readonly string[] = ['/practice-area/'];

/** `/about/` and `/about` compare equal; the root stays `/`. */
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const isLanguage = (value: string | undefined): value is Language => LANGUAGES.some((language) => language === value);

/** The language a path is in: its first segment when that is a language's prefix, else the default. */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split('/')[1];
  return isLanguage(first) && first !== DEFAULT_LANGUAGE ? first : DEFAULT_LANGUAGE;
}

/** The path as English has it: `/sw/about/` → `/about/`, `/sw/` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

/** An English path in `language`: `/about` → `/sw/about`, `/` → `/sw/`; English paths are returned as they are. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}/` : `/${language}${path}`;
}

/** Whether the page at this English path is written in every language. */
export function isTranslatedPage(path: string): boolean {
  const base = trimSlash(path.split(/[?#]/)[0] ?? path);
  return TRANSLATED_PAGES.includes(base) || TRANSLATED_PREFIXES.some((prefix) => base.startsWith(prefix));
}

/**
 * The same page in `target`, when it is written in `target` and the site is:
 * `/sw/about/` → `/about/` in English. Undefined for a page in one language only.
 */
export function counterpartPath(
  pathname: string,
  target: Language,
  languages: readonly Language[],
): string | undefined {
  const base = pathWithoutLanguage(pathname);
  if (!languages.includes(target) || !isTranslatedPage(base)) return undefined;
  return pathInLanguage(base, target);
}

/** Where the language switcher goes: the page's counterpart in `target`, or that language's home page. */
export const switcherPath = (pathname: string, target: Language, languages: readonly Language[]): string =>
  counterpartPath(pathname, target, languages) ?? pathInLanguage('/', target);

export interface Alternate {
  /** A language, or `x-default`: the page for a visitor whose language the site is not in (English). */
  hreflang: Language | 'x-default';
  path: string;
}

/**
 * The page in every language the site is in, for `<link rel="alternate" hreflang>`:
 * none when the site is in one language or the page is in one language only.
 */
export function alternatePaths(pathname: string, languages: readonly Language[]): Alternate[] {
  if (languages.length < 2 || !isTranslatedPage(pathWithoutLanguage(pathname))) return [];
  const inEach = languages.map((language) => ({
    hreflang: language,
    path: counterpartPath(pathname, language, languages)!,
  }));
  return [...inEach, { hreflang: 'x-default', path: counterpartPath(pathname, DEFAULT_LANGUAGE, languages)! }];
}
