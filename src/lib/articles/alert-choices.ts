// The categories the article alerts form offers on a page (issue 40): those the
// site shows, i.e. those with articles (articleCategories in pages.ts), named in
// the page's language (categoryName), in that language's alphabetical order; and
// which of them the page ticks. Worked out at build and handed to the form as props.
import type { Language } from '../i18n/languages.ts';
import { categoryName } from './category-names.ts';
import { categorySlug } from './pages.ts';

/** One box of the form: the slug it sends (as in `/insights/category/<slug>`), its label and the label's language. */
export interface AlertChoice {
  slug: string;
  label: string;
  /** Set when the label is not in the page's language (a category no one has translated yet). */
  lang?: Language;
}

/** The categories `shown` (as the CMS names them, with their slugs), labelled in `lang`. */
export function alertChoices(shown: readonly { name: string; slug: string }[], lang: Language): AlertChoice[] {
  return shown
    .map(({ name, slug }) => {
      const label = categoryName(name, lang);
      return label.lang === lang ? { slug, label: label.text } : { slug, label: label.text, lang: label.lang };
    })
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}

/** The slugs of categories as the CMS names them (`Tax_Law`): what a page ticks for the categories it is about. */
export const alertSlugs = (names: readonly (string | null | undefined)[]): string[] =>
  names.flatMap((name) => (name ? [categorySlug(name)] : []));
