// The categories the alerts functions accept and name: the list the build
// published with the site, whatever categories the articles have, as the
// deploy answers it.
import { describe, expect, it } from 'vitest';
import { categoryListJson } from '../../../../src/lib/articles/category-list.ts';
import { categoryNames, fetchAlertCategories } from '../../../../src/server/alerts/categories.ts';

const ORIGIN = 'https://www.mnoadvocates.test';

/** A deploy whose list answers `status` with `body`; what was asked is kept. */
function deploy(body: string, status = 200, headers: Record<string, string> = {}) {
  const asked: string[] = [];
  const fetchList = async (url: string) => {
    asked.push(url);
    return new Response(body, { status, headers });
  };
  return { asked, fetchList };
}

describe('the categories the functions accept', () => {
  it('are the ones the deployed build listed, by their slugs, whether or not any list of ours names them', async () => {
    const site = deploy(categoryListJson(['Tax_Law', 'Maritime_Law', 'Energy_and_Natural_Resources']));
    expect([...(await fetchAlertCategories(ORIGIN, site.fetchList))]).toEqual([
      ['tax-law', 'Tax_Law'],
      ['maritime-law', 'Maritime_Law'],
      ['energy-and-natural-resources', 'Energy_and_Natural_Resources'],
    ]);
    expect(site.asked).toEqual([`${ORIGIN}/insights/categories.json`]);
  });

  it('are none when the build had no articles', async () => {
    expect((await fetchAlertCategories(ORIGIN, deploy(categoryListJson([])).fetchList)).size).toBe(0);
  });

  it.each([
    ['a page that does not answer', deploy('<!doctype html>', 404)],
    ['an answer that is not such a list', deploy('{"categories": "Tax_Law"}')],
    ['an answer far larger than a list', deploy('{}', 200, { 'content-length': String(10 * 1024 * 1024) })],
  ])('cannot be read from %s', async (_case, site) => {
    await expect(fetchAlertCategories(ORIGIN, site.fetchList)).rejects.toThrow();
  });

  it('are named in the reader’s language, English where no one has translated one, by its slug’s words once unlisted', async () => {
    const known = await fetchAlertCategories(ORIGIN, deploy(categoryListJson(['Tax_Law', 'Maritime_Law'])).fetchList);
    expect(categoryNames(['tax-law', 'maritime-law'], 'sw', known)).toBe('Sheria ya Kodi, Maritime Law');
    expect(categoryNames(['tax-law', 'maritime-law'], 'en', known)).toBe('Tax Law, Maritime Law');
    expect(categoryNames(['immigration'], 'en', known)).toBe('immigration');
  });
});
