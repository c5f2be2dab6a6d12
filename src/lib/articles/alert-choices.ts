// The categories the article alerts form offers on a page (issue 40): those the
// site shows, i.e. those with articles (articleCategories in pages.ts), named in
// the page's language, in that language's alphabetical order; and which of them
// the page ticks. Worked out at build and handed to the form as props.
import { alertCategories } from '../../forms/subscribe/subscribe.ts';
import type { Language } from '../i18n/languages.ts';
import { categorySlug } from './pages.ts';

/** One box of the form: the slug it sends (as in `/insights/category/<slug>`) and its label. */
export interface AlertChoice {
  slug: string;
  label: string;
}

/** The categories among `shown` that one can subscribe to, labelled in `lang`. */
export function alertChoices(shown: readonly { slug: string }[], lang: Language): AlertChoice[] {
  return shown
    .flatMap(({ slug }) => {
      const category = alertCategories.get(slug);
      return category ? [{ slug, label: category.label[lang] }] : [];
    })
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}

/** The slugs of categories as the CMS names them (`Tax_Law`): what a page ticks for the categories it is about. */
export const alertSlugs = (names: readonly (string | null | undefined)[]): string[] =>
  names.flatMap((name) => (name ? [categorySlug(name)] : []));
