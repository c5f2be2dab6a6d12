// The categories one can subscribe to: those the build found in its articles,
// read from the list it published with the site (src/lib/articles/category-list.ts),
// as the deploy serves it — the site's own words, as live-article.ts reads an
// article's. A function reads no file: it asks its own deploy, once per request
// (a subscription, a confirmation page, a send-alerts run), so a new deploy's
// list counts at once.
import { CATEGORY_LIST_PATH, parseCategoryList } from '../../lib/articles/category-list.ts';
import { categoryName } from '../../lib/articles/category-names.ts';
import { categorySlug } from '../../lib/articles/pages.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { fetchOwnPage, type PageFetch } from '../http/own-page.ts';
import type { NotificationSettings } from '../notify/settings.ts';

/** How long the list may take to come. */
const LIST_TIMEOUT_MS = 5_000;
/** Most of an answer read: a list of categories is a few hundred bytes. */
const MAX_LIST_BYTES = 256 * 1024;

/** The categories of a build: each CMS name (`Tax_Law`) by its slug (`tax-law`), in the build's order. */
export type AlertCategories = ReadonlyMap<string, string>;

/** The categories `names` (as the CMS writes them) by their slugs. */
export const alertCategoriesOf = (names: readonly string[]): AlertCategories =>
  new Map(names.flatMap((name) => (categorySlug(name) ? [[categorySlug(name), name] as const] : [])));

/** The categories of the build deployed at `origin`; throws when it does not answer with its list. */
export async function fetchAlertCategories(origin: string, fetchList?: PageFetch): Promise<AlertCategories> {
  const url = new URL(CATEGORY_LIST_PATH, origin).href;
  const list = await fetchOwnPage(
    url,
    { accept: 'application/json', timeoutMs: LIST_TIMEOUT_MS, maxBytes: MAX_LIST_BYTES },
    fetchList,
  );
  if (!list.ok) throw new Error(`the build's category list: ${list.why}`);
  return alertCategoriesOf(parseCategoryList(list.text));
}

/**
 * The categories' names in `lang`, joined for a sentence. A category the build
 * no longer lists (its last article was unpublished) keeps its subscribers,
 * and is named by its slug's words.
 */
export const categoryNames = (slugs: readonly string[], lang: Language, known: AlertCategories): string =>
  slugs
    .map((slug) => {
      const name = known.get(slug);
      return name ? categoryName(name, lang).text : slug.replace(/-/g, ' ');
    })
    .join(', ');

/** What an alert or confirmation e-mail is made with: the mail settings, and the categories to name. */
export type AlertMailSettings = Pick<NotificationSettings, 'mailer' | 'from' | 'siteUrl'> & {
  categories: AlertCategories;
};
