// The languages the site is written in. English is the default and lives at the
// root; every other language lives under its own prefix (/sw/…).
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
