// What a category is called on a page: in English, the CMS's name with the
// underscores as spaces (categoryLabel); in Kiswahili, its name in
// src/content/article-categories.ts when someone has translated it, else the
// English name, which then says it is English (`lang="en"` where it is shown).
import { kiswahiliCategoryNames } from '../../content/article-categories.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.ts';
import { categoryLabel } from './format.ts';
import { categorySlug } from './pages.ts';

/** A name, and the language it is written in. */
export interface CategoryName {
  text: string;
  lang: Language;
}

/** The translated names by the slug of the category they name, so `Tax_law` finds `Tax_Law`'s. */
const translated: ReadonlyMap<string, string> = new Map(
  Object.entries(kiswahiliCategoryNames).map(([name, sw]) => [categorySlug(name), sw]),
);

/** What the category the CMS calls `name` (`Land_and_Conveyancing`) is called on a page in `lang`. */
export function categoryName(name: string, lang: Language): CategoryName {
  const sw = lang === 'sw' ? translated.get(categorySlug(name)) : undefined;
  return sw ? { text: sw, lang } : { text: categoryLabel(name), lang: DEFAULT_LANGUAGE };
}
