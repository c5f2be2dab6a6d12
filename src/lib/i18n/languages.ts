// The languages the site is written in. English is the default and lives at the
// root; every other language lives under its own prefix (/sw/…).
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The `lang` attribute for text left in English (articles, episodes, addresses) on a page in `pageLanguage`:
 * none on an English page, "en" on any other, so a screen reader switches voice.
 */
export const englishOn = (pageLanguage: Language): Language | undefined =>
  pageLanguage === DEFAULT_LANGUAGE ? undefined : DEFAULT_LANGUAGE;
