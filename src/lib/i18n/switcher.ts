// The language switcher's links: one to each other language the site is in,
// named in that language ("Kiswahili", "English"), to the current page's
// counterpart there, or that language's home page when the page has none.
import type { Language } from './languages.ts';
import { switcherPath } from './paths.ts';
import { siteLanguages, textIn } from './site-languages.ts';

export interface LanguageSwitch {
  language: Language;
  /** The language's own name. */
  label: string;
  href: string;
}

/** The switches from a page at `pathname` in `current`; none when the site is in one language. */
export const languageSwitches = (pathname: string, current: Language): LanguageSwitch[] =>
  siteLanguages
    .filter((language) => language !== current)
    .map((language) => ({
      language,
      label: textIn(language).languageName,
      href: switcherPath(pathname, language, siteLanguages),
    }));
