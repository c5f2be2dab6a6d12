// The categories list a build writes into dist/ (src/pages/insights/categories.json.ts),
// written by a test into a project folder the functions run in, as a deploy would have it.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CATEGORY_LIST_PATH, categoryListJson } from '../../src/lib/articles/category-list.ts';

/** Writes `names` (as the CMS names them) as the categories of the site built in `root`/dist. */
export async function writeBuiltCategories(root: string, names: readonly string[]): Promise<void> {
  const file = join(root, 'dist', CATEGORY_LIST_PATH);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, categoryListJson(names));
}

/** A project folder in the system's temporary folder whose build listed `names`; the caller removes it. */
export async function projectWithCategories(names: readonly string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'built-categories-'));
  await writeBuiltCategories(root, names);
  return root;
}
