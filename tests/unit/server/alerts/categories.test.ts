// The categories the alerts functions accept and name: the list the build
// wrote into the site it built, whatever categories the articles have.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { categoryNames, readAlertCategories } from '../../../../src/server/alerts/categories.ts';
import { projectWithCategories } from '../../../support/built-categories.ts';

const made: string[] = [];
const project = async (names: readonly string[]) => {
  const root = await projectWithCategories(names);
  made.push(root);
  return root;
};
afterEach(async () => {
  for (const root of made.splice(0)) await rm(root, { recursive: true, force: true });
});

describe('the categories the functions accept', () => {
  it('are the ones the build listed, by their slugs, whether or not any list of ours names them', async () => {
    const root = await project(['Tax_Law', 'Maritime_Law', 'Energy_and_Natural_Resources']);
    expect([...(await readAlertCategories(root))]).toEqual([
      ['tax-law', 'Tax_Law'],
      ['maritime-law', 'Maritime_Law'],
      ['energy-and-natural-resources', 'Energy_and_Natural_Resources'],
    ]);
  });

  it('are none when the build had no articles', async () => {
    expect((await readAlertCategories(await project([]))).size).toBe(0);
  });

  it('cannot be read where no site was built, nor from a file that is not such a list', async () => {
    const root = await project([]);
    await expect(readAlertCategories(join(root, 'elsewhere'))).rejects.toThrow(/ENOENT/);
    await writeFile(join(root, 'dist/insights/categories.json'), '{"categories": "Tax_Law"}');
    await expect(readAlertCategories(root)).rejects.toThrow();
  });

  it('are named in the reader’s language, English where no one has translated one, by its slug’s words once unlisted', async () => {
    const known = await readAlertCategories(await project(['Tax_Law', 'Maritime_Law']));
    expect(categoryNames(['tax-law', 'maritime-law'], 'sw', known)).toBe('Sheria ya Kodi, Maritime Law');
    expect(categoryNames(['tax-law', 'maritime-law'], 'en', known)).toBe('Tax Law, Maritime Law');
    expect(categoryNames(['immigration'], 'en', known)).toBe('immigration');
  });
});
