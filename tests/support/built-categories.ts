// The categories list a build publishes (src/pages/insights/categories.json.ts),
// as a test gives it to the functions: in a served project's dist/, or answered
// for a deploy's address in-process.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { vi } from 'vitest';
import { CATEGORY_LIST_PATH, categoryListJson } from '../../src/lib/articles/category-list.ts';

/** Writes `names` (as the CMS names them) as the categories of the site built in `root`/dist. */
export async function writeBuiltCategories(root: string, names: readonly string[]): Promise<void> {
  const file = join(root, 'dist', CATEGORY_LIST_PATH);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, categoryListJson(names));
}

/** The deploy at `origin` answers its list with `names`; every other request goes out as before (until restored). */
export function deployListing(origin: string, names: readonly string[]) {
  const passOn = globalThis.fetch;
  const listUrl = new URL(CATEGORY_LIST_PATH, origin).href;
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return url === listUrl
      ? Promise.resolve(new Response(categoryListJson(names), { headers: { 'content-type': 'application/json' } }))
      : passOn(input, init);
  });
}
