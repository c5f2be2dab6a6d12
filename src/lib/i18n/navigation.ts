// Navigation links in a language: a page written in that language is linked in
// it (/sw/about); a page in English only keeps its English address and says so,
// with hreflang="en" and a note ("(kwa Kiingereza)") after its label.
import type { NavLink } from '../../site.config.ts';
import type { InterfaceText } from '../../content/interface-text.ts';
import { withoutLinksTo } from '../navigation.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { isTranslatedPage, pathInLanguage } from './paths.ts';

export interface LocalisedLink extends NavLink {
  /** Set on a link to a page in another language than the one it sits on. */
  hreflang?: Language;
  /** Said after the label when the page is in English only. */
  note?: string;
  children?: readonly LocalisedLink[];
}

/** `href` as a page in `language` links it: to the page in `language` when there is one, else to English. */
export function localiseHref(href: string, language: Language): { href: string; hreflang?: Language } {
  if (language === DEFAULT_LANGUAGE || !href.startsWith('/')) return { href };
  return isTranslatedPage(href) ? { href: pathInLanguage(href, language) } : { href, hreflang: DEFAULT_LANGUAGE };
}

/**
 * The link, its label and address in `language`. Labels come from the text's
 * `navLabels` by their English label; a label it lacks stays in English.
 */
export function localiseLink(link: NavLink, language: Language, text: InterfaceText): LocalisedLink {
  if (language === DEFAULT_LANGUAGE) return link;
  const { href, hreflang } = localiseHref(link.href, language);
  return {
    label: text.navLabels[link.label] ?? link.label,
    href,
    ...(hreflang ? { hreflang, note: text.inEnglishOnly } : {}),
    ...(link.activePrefix ? { activePrefix: pathInLanguage(link.activePrefix, language) } : {}),
    ...(link.children ? { children: link.children.map((child) => localiseLink(child, language, text)) } : {}),
  };
}

/**
 * A menu (header, sidebar, footer) as a page in `language` shows it: every link
 * localised, none to a page in `notBuilt` (src/lib/partners.ts pagesNotBuilt).
 */
export const localiseMenu = (
  links: readonly NavLink[],
  language: Language,
  text: InterfaceText,
  notBuilt: readonly string[],
): LocalisedLink[] => withoutLinksTo(links, notBuilt).map((link) => localiseLink(link, language, text));
