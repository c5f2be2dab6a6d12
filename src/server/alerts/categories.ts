// The categories one can subscribe to: those the build found in its articles,
// read from the list it wrote into the built site (src/lib/articles/category-list.ts),
// which netlify.toml's `included_files` puts beside every function. A function
// runs in the project's folder, on Netlify as through scripts/serve.ts, so the
// list is `dist/insights/categories.json` from there. Read per request: it is
// small, and a local rebuild is seen at once.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CATEGORY_LIST_PATH, parseCategoryList } from '../../lib/articles/category-list.ts';
import { categoryName } from '../../lib/articles/category-names.ts';
import { categorySlug } from '../../lib/articles/pages.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import type { NotificationSettings } from '../notify/settings.ts';

/** The built site's folder, relative to the project (netlify.toml's `[build] publish`). */
const PUBLISH_DIRECTORY = 'dist';

/** The categories of a build: each CMS name (`Tax_Law`) by its slug (`tax-law`), in the build's order. */
export type AlertCategories = ReadonlyMap<string, string>;

/** The categories `names` (as the CMS writes them) by their slugs. */
export const alertCategoriesOf = (names: readonly string[]): AlertCategories =>
  new Map(names.flatMap((name) => (categorySlug(name) ? [[categorySlug(name), name] as const] : [])));

/** The build's categories; throws when the build wrote no list (the site was not built), or not one this reads. */
export async function readAlertCategories(projectRoot = process.cwd()): Promise<AlertCategories> {
  const file = join(projectRoot, PUBLISH_DIRECTORY, CATEGORY_LIST_PATH);
  return alertCategoriesOf(parseCategoryList(await readFile(file, 'utf8')));
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
