// The articles where a browser or the server is needed: the list kept in
// localStorage, the card as one click target, and the status codes. What the
// lists, pages and feed say and link is read from dist/
// (tests/built/insights-markup.spec.ts).
import { expect, test, type Page } from '@playwright/test';
import { INSIGHTS_PAGE_SIZE } from '../../src/lib/articles/pages.ts';
import { RECENT_ARTICLES } from '../../src/lib/articles/query.ts';
import { e2eArticles } from './support/articles.ts';
import { expectNotFoundPage } from './support/not-found.ts';

/** The content service answers oldest first; the site shows newest first. */
const newestFirst = [...e2eArticles].reverse();
/** What the browser keeps: the newest articles, oldest first, as the content service's answer. */
const storedSlugs = e2eArticles.slice(-RECENT_ARTICLES).map((article) => article.articleSlug);
const pageCount = Math.ceil(e2eArticles.length / INSIGHTS_PAGE_SIZE);

const WITH_DATE = 'registering-with-the-odpc';

const storedArticles = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('Articles') ?? 'null') as
        { articleSlug: string; articleContent: { html: string } | null }[] | null,
  );

test.describe('home page articles teaser', () => {
  test('saves the articles list to localStorage under "Articles", without bodies', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => storedArticles(page)).not.toBeNull();
    const stored = (await storedArticles(page))!;
    expect(stored.map((article) => article.articleSlug)).toEqual(storedSlugs);
    expect(stored.every((article) => article.articleContent === null)).toBe(true);
  });

  test('is not broken by a corrupt stored list, which it replaces', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('Articles', '{corrupt');
        sessionStorage.setItem('seeded', '1');
      }
    });
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto('/');
    await expect.poll(async () => (await storedArticles(page).catch(() => null))?.length).toBe(storedSlugs.length);
    expect(errors).toEqual([]);
  });
});

test.describe('article list (/insights)', () => {
  test('opens an article from a click anywhere on its card, or from "Read more"', async ({ page }) => {
    const [first, second] = newestFirst;
    await page.goto('/insights');
    // A visitor clicks the card's picture, not a link: the card as a whole is the target.
    const media = page.locator(`.insight-card[data-slug="${second!.articleSlug}"] .insight-card__media`);
    await media.scrollIntoViewIfNeeded();
    const picture = await media.boundingBox();
    await page.mouse.click(picture!.x + picture!.width / 2, picture!.y + picture!.height / 2);
    await expect(page).toHaveURL(new RegExp(`/insight/${second!.articleSlug}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.articleTitle);

    await page.goto('/insights');
    await page
      .locator(`.insight-card[data-slug="${first!.articleSlug}"]`)
      .getByRole('link', { name: /^Read more/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/insight/${first!.articleSlug}/?$`));
  });

  test('saves the articles list to localStorage', async ({ page }) => {
    await page.goto('/insights');
    await expect
      .poll(async () => (await storedArticles(page))?.map((article) => article.articleSlug))
      .toEqual(storedSlugs);
  });
});

test.describe('article categories', () => {
  const employment = newestFirst.filter((article) => article.articleCategory === 'Employment_Law');

  test('a card’s category opens that category’s list, above the link that covers the card', async ({ page }) => {
    await page.goto('/insights');
    const card = page.locator(`.insight-card[data-slug="${employment[0]!.articleSlug}"]`);
    await card.getByRole('link', { name: 'Employment Law', exact: true }).click();
    await expect(page).toHaveURL(/\/insights\/category\/employment-law\/?$/);
  });

  test('a list page that does not exist answers 404 with the not-found page', async ({ request }) => {
    for (const path of [
      `/insights/${pageCount + 1}`,
      '/insights/0',
      `/insights/category/employment-law/${Math.ceil(employment.length / INSIGHTS_PAGE_SIZE) + 1}`,
      '/insights/category/no-such-category',
    ]) {
      await expectNotFoundPage(request, path);
    }
  });
});

test.describe('article page (/insight/:slug)', () => {
  test('adds its body to the stored articles list', async ({ page }) => {
    await page.goto(`/insight/${WITH_DATE}`);
    await expect
      .poll(
        async () => (await storedArticles(page))?.find((a) => a.articleSlug === WITH_DATE)?.articleContent?.html ?? '',
      )
      .toContain('Who must register');
    expect((await storedArticles(page))!.map((a) => a.articleSlug)).toEqual(storedSlugs);
  });

  test('an article answers 200; an unknown slug, 404 with the empty article page', async ({ request }) => {
    expect((await request.get(`/insight/${WITH_DATE}`)).status()).toBe(200);
    await expectNotFoundPage(request, '/insight/no-such-article', '/insight/404/');
  });
});

test('/rss.xml is served as XML', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
});
