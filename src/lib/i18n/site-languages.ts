// The languages this firm's site is in (src/site.config.ts `languages`), and
// what a page needs to speak one: its furniture's words and the firm's facts
// those words name.
import { interfaceText, type InterfaceText } from '../../content/interface-text.ts';
import { site } from '../../site.config.ts';
import { officeCities } from '../offices.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/** The languages the site is in, English first. */
export const siteLanguages: readonly Language[] = [
  DEFAULT_LANGUAGE,
  ...site.languages.filter((language) => language !== DEFAULT_LANGUAGE),
];

/** The languages with a prefix of their own (`sw`), which the /[lang]/ routes build. */
export const prefixedLanguages: readonly Language[] = siteLanguages.filter((language) => language !== DEFAULT_LANGUAGE);

/** getStaticPaths() of a page under /[lang]/: one per prefixed language; none when the site is in English only. */
export const prefixedLanguagePaths = () => prefixedLanguages.map((lang) => ({ params: { lang }, props: { lang } }));

/** The site's furniture in `language`. */
export const textIn = (language: Language): InterfaceText => interfaceText[language];

/** The firm's name, founding year and cities, as the furniture's sentences name them. */
export const firmFacts = {
  name: site.name,
  shortName: site.shortName,
  foundedYear: site.foundedYear,
  cities: officeCities,
};

/** Open Graph's locale of each language. */
export const OG_LOCALES: Readonly<Record<Language, string>> = { en: 'en_KE', sw: 'sw_KE' };
