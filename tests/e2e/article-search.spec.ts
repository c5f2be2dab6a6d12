import { expect, test, type Page } from '@playwright/test';
import { e2eArticles, sampleArticles as sample } from './support/articles.ts';

// Pagefind indexes the e2e build's articles after the build; the tests name the sample articles,
// the newest (tests/e2e/support/articles.ts).
/** The oldest sample article (the content service answers oldest first). */
const oldest = sample[0]!;
const bySlug = (slug: string) => sample.find((article) => article.articleSlug === slug)!;

/** In the oldest article's body only: not in its title, nor anywhere in the other articles. */
const BODY_ONLY = 'deceased';
/** In one article's summary only: the summary is not on the page, Pagefind holds it as metadata. */
const SUMMARY_ONLY = { word: 'disclose', slug: 'beneficial-ownership-business-laws-amendment-act-2024' };

async function openInsights(page: Page) {
  await page.goto('/insights');
  const box = page.getByRole('searchbox', { name: 'Search articles' });
  await box.scrollIntoViewIfNeeded();
  return box;
}

const results = (page: Page) => page.getByRole('search').getByRole('list');
const status = (page: Page) => page.getByRole('search').getByRole('status');

test.describe('article search (/insights)', () => {
  // One page, one index loaded, a word at a time: what each kind of word finds.
  test('finds an article by its title, or by a word only in its body or its summary, and nothing for a nonsense word', async ({
    page,
  }) => {
    const box = await openInsights(page);

    await box.fill(oldest.articleTitle);
    await expect(results(page).getByRole('link', { name: oldest.articleTitle })).toHaveAttribute(
      'href',
      `/insight/${oldest.articleSlug}`,
    );

    expect(oldest.articleTitle.toLowerCase()).not.toContain(BODY_ONLY);
    expect(oldest.articleContent.html).toContain(BODY_ONLY);
    await box.fill(BODY_ONLY);
    await expect(status(page)).toHaveText('1 article found');
    await expect(results(page).getByRole('link')).toHaveText([oldest.articleTitle]);
    // The excerpt shows where the word is, highlighted, with the article's category and date.
    await expect(results(page).locator('mark').first()).toHaveText(new RegExp(BODY_ONLY, 'i'));
    const hit = results(page).getByRole('listitem');
    await expect(hit.locator('.search-hit__category')).toHaveText('Estate Planning');
    await expect(hit.locator('.search-hit__meta')).toContainText('March 14, 2023');
    await expect(hit.locator('.search-hit__excerpt')).toContainText(BODY_ONLY);

    const article = bySlug(SUMMARY_ONLY.slug);
    expect(article.articleSummary).toContain(SUMMARY_ONLY.word);
    expect(`${article.articleTitle} ${article.articleContent.html}`.toLowerCase()).not.toContain(SUMMARY_ONLY.word);
    await box.fill(SUMMARY_ONLY.word);
    await expect(results(page).getByRole('link', { name: article.articleTitle })).toHaveAttribute(
      'href',
      `/insight/${article.articleSlug}`,
    );

    await box.fill('qzxwvjk');
    await expect(status(page)).toHaveText('No articles match “qzxwvjk”.');
    await expect(results(page)).toHaveCount(0);
  });

  test('the search index is not downloaded until the box is focused', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pagefind/')) indexRequests.push(request.url());
    });
    const box = await openInsights(page);
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);

    const script = page.waitForRequest((request) => new URL(request.url()).pathname === '/pagefind/pagefind.js');
    await box.focus();
    await script;
  });

  test('the number of articles found is announced in a polite live region', async ({ page }) => {
    const box = await openInsights(page);
    await expect(status(page)).toHaveAttribute('role', 'status');
    await expect(status(page)).toHaveText('');
    await box.fill('employment');
    await expect(status(page)).toHaveText(/^\d+ articles found$/);
    const count = Number((await status(page).textContent())!.split(' ')[0]);
    expect(count).toBeGreaterThan(1);
    await expect(results(page).getByRole('listitem')).toHaveCount(count);
  });

  test('by keyboard: Tab moves from the box into the results, Enter opens the article', async ({ page }) => {
    const box = await openInsights(page);
    await box.focus();
    await page.keyboard.type(BODY_ONLY);
    await expect(status(page)).toHaveText('1 article found');
    await page.keyboard.press('Tab');
    await expect(results(page).getByRole('link', { name: oldest.articleTitle })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/insight/${oldest.articleSlug}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldest.articleTitle);
  });

  test('Escape clears the box and the results', async ({ page }) => {
    const box = await openInsights(page);
    await box.fill(BODY_ONLY);
    await expect(results(page).getByRole('link')).toHaveCount(1);
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    await expect(results(page)).toHaveCount(0);
    await expect(status(page)).toHaveText('');
  });

  test('says so when the search index cannot be loaded', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort());
    const box = await openInsights(page);
    await box.fill('land');
    await expect(status(page)).toContainText('Search is unavailable');
  });

  test('works on a 375 px phone, within the screen’s width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const box = await openInsights(page);
    await box.fill(oldest.articleTitle);
    const link = results(page).getByRole('link', { name: oldest.articleTitle });
    await expect(link).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/insight/${oldest.articleSlug}/?$`));
  });

  test('only article pages are indexed: not the list, the other pages, nor the unknown-article page', async ({
    request,
  }) => {
    const entry = await (await request.get('/pagefind/pagefind-entry.json')).json();
    const pages = Object.values(entry.languages as Record<string, { page_count: number }>).reduce(
      (sum, language) => sum + language.page_count,
      0,
    );
    expect(pages).toBe(e2eArticles.length);
  });
});
