// Beside a phone number, which office it rings, in the page's language: a visitor
// sees where each of the firm's numbers goes (src/components/site/PhoneLink.astro,
// the sidebar, a form's "call us"), and the consultation form's meeting places.
// The offices and their lines: src/site.config.ts.
import type { Language } from '../lib/i18n/languages.ts';
import { site } from '../site.config.ts';

const officeWords: Readonly<Record<Language, (city: string) => string>> = {
  en: (city) => `${city} office`,
  sw: (city) => `Ofisi ya ${city}`,
};

/** "Nairobi office", "Ofisi ya Nairobi": an office named by its city (also a meeting place of the consultation form). */
export const officeName = (city: string, lang: Language): string => officeWords[lang](city);

/** "Nairobi office" for the Nairobi office's number; undefined for a number that is no office's line. */
export function officeLine(phone: string, lang: Language): string | undefined {
  const office = site.offices.find((candidate) => candidate.phone === phone);
  return office && officeName(office.city, lang);
}
