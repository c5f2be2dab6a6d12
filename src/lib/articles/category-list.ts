// The categories a build found in its articles, as the build hands them to the
// functions: a JSON file of the built site, `{ "categories": [<CMS name>…] }`,
// published by src/pages/insights/categories.json.ts and read from the deploy by
// src/server/alerts/categories.ts. The one list the alerts form offers and the
// subscribe function accepts (docs/content.md, "Categories").
import * as v from 'valibot';

/** Where the list is published, and where the functions ask their deploy for it. */
export const CATEGORY_LIST_PATH = '/insights/categories.json';

/** Far more than a firm writes in; a list past it is not one this build wrote. */
const MOST_CATEGORIES = 500;

const categoryList = v.object({
  categories: v.pipe(
    v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200))),
    v.maxLength(MOST_CATEGORIES),
  ),
});

/** The file's text for the categories `names` (as the CMS writes them). */
export const categoryListJson = (names: readonly string[]): string => `${JSON.stringify({ categories: names })}\n`;

/** The CMS names in the file's text; throws when it is not such a list. */
export function parseCategoryList(text: string): string[] {
  return v.parse(categoryList, JSON.parse(text)).categories;
}
