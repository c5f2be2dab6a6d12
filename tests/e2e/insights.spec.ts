import { expect, test, type Page } from '@playwright/test';
import { INSIGHTS_PAGE_SIZE } from '../../src/lib/articles/pages.ts';
import { RECENT_ARTICLES } from '../../src/lib/articles/query.ts';
import { e2eArticles, sampleArticles } from './support/articles.ts';

/** The content service answers oldest first; the site shows newest first. */
const newestFirst = [...e2eArticles].reverse();
const bySlug = (slug: string) => sampleArticles.find((article) => article.articleSlug === slug)!;
/** What the browser keeps: the newest articles, oldest first, as the content service's answer. */
const storedSlugs = e2eArticles.slice(-RECENT_ARTICLES).map((article) => article.articleSlug);
const pageCount = Math.ceil(e2eArticles.length / INSIGHTS_PAGE_SIZE);
const spaced = (category: string) => category.replace(/_/g, ' ');

const WITH_DATE = 'registering-with-the-odpc'; // articleDate 2023-11-08
const WITHOUT_DATE = 'kenya-digital-nomad-permit-class-n'; // no articleDate; updatedAt 2024-10-29T22:15Z

const storedArticles = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('Articles') ?? 'null') as
        { articleSlug: string; articleContent: { html: string } | null }[] | null,
  );

test.describe('home page articles teaser', () => {
  test('shows the three newest articles with their categories, each linking to its page', async ({ page }) => {
    await page.goto('/');
    const teaser = page.locator('[data-section="articles"]');
    await expect(teaser.getByRole('heading', { name: 'Fresh off Our Legal Press' })).toBeVisible();
    const cards = teaser.locator('.article-card');
    await expect(cards).toHaveCount(3);
    for (const [index, article] of newestFirst.slice(0, 3).entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute('href', `/insight/${article.articleSlug}`);
      await expect(card).toContainText(article.articleTitle);
      await expect(card.locator('.article-card__category')).toHaveText(spaced(article.articleCategory));
      await expect(card.locator('img')).toHaveCount(1);
    }
    await expect(teaser.getByRole('link', { name: 'Read More Articles' })).toHaveAttribute('href', '/insights');
  });

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
  test('introduces the blog and lists the newest articles first, each with "Read more"', async ({ page }) => {
    await page.goto('/insights');
    await expect(page.locator('.page-hero .eyebrow')).toHaveText('Explore Our Blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Demystifying the Law: Legal Insights You can Use',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'All Articles' })).toBeVisible();

    const cards = page.locator('.insight-card');
    const firstPage = newestFirst.slice(0, INSIGHTS_PAGE_SIZE);
    await expect(cards).toHaveCount(firstPage.length);
    expect(await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-slug')))).toEqual(
      firstPage.map((article) => article.articleSlug),
    );
    for (const [index, article] of firstPage.entries()) {
      const card = cards.nth(index);
      await expect(card.locator('.insight-card__category')).toHaveText(spaced(article.articleCategory));
      await expect(card.getByRole('heading')).toHaveText(article.articleTitle);
      await expect(card.locator('.insight-card__media img')).toHaveCount(1);
      await expect(card.locator('.insight-card__summary')).not.toBeEmpty();
      await expect(card.getByRole('link', { name: /^Read more/ })).toHaveAttribute(
        'href',
        `/insight/${article.articleSlug}`,
      );
    }
    await expect(page.getByRole('link', { name: "Let's Talk" })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('pages through every article, newest first, with "Next" and "Previous" and the current page marked', async ({
    page,
  }) => {
    await page.goto('/insights');
    const pager = page.getByRole('navigation', { name: 'All Articles: pages' });
    const listed: (string | null)[] = [];
    for (let number = 1; number <= pageCount; number++) {
      await expect(pager.getByRole('link', { name: `Page ${number}` })).toHaveAttribute('aria-current', 'page');
      await expect(pager.getByRole('link', { name: 'Previous page' })).toHaveCount(number > 1 ? 1 : 0);
      listed.push(
        ...(await page
          .locator('.insight-card')
          .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-slug')))),
      );
      if (number < pageCount) {
        await pager.getByRole('link', { name: 'Next page' }).click();
        await expect(page).toHaveURL(new RegExp(`/insights/${number + 1}/?$`));
      } else {
        await expect(pager.getByRole('link', { name: 'Next page' })).toHaveCount(0);
      }
    }
    expect(listed).toEqual(newestFirst.map((article) => article.articleSlug));

    await pager.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(new RegExp(`/insights/${pageCount - 1}/?$`));
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await expect(page).toHaveURL(/\/insights\/?$/);
  });

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

test.describe('article categories and practice areas', () => {
  const employment = newestFirst.filter((article) => article.articleCategory === 'Employment_Law');

  test('a card’s category opens that category’s list, newest first, with the current category marked', async ({
    page,
  }) => {
    await page.goto('/insights');
    const card = page.locator(`.insight-card[data-slug="${employment[0]!.articleSlug}"]`);
    await card.getByRole('link', { name: 'Employment Law', exact: true }).click();
    await expect(page).toHaveURL(/\/insights\/category\/employment-law\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Employment Law');
    await expect(page).toHaveTitle(/^Employment Law Insights/);
    const slugs = await page
      .locator('.insight-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-slug')));
    expect(slugs).toEqual(employment.map((article) => article.articleSlug));
    const categories = page.getByRole('navigation', { name: 'Article categories' });
    await expect(categories.getByRole('link', { name: /^Employment Law/ })).toHaveAttribute('aria-current', 'page');
    await categories.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL(/\/insights\/?$/);
    await expect(page.locator('.insight-card')).toHaveCount(INSIGHTS_PAGE_SIZE);
  });

  test('a list page that does not exist answers 404', async ({ page }) => {
    for (const path of [
      `/insights/${pageCount + 1}`,
      '/insights/0',
      `/insights/category/employment-law/${Math.ceil(employment.length / INSIGHTS_PAGE_SIZE) + 1}`,
      '/insights/category/no-such-category',
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  test('a practice area’s page shows its latest articles, from the categories mapped to it', async ({ page }) => {
    await page.goto('/practice-area/employment-law');
    const related = page.locator('section', { has: page.getByRole('heading', { name: 'Latest on employment law' }) });
    const slugs = await related
      .locator('.insight-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-slug')));
    expect(slugs).toEqual(employment.slice(0, 3).map((article) => article.articleSlug));
    await expect(related.getByRole('link', { name: 'More articles' })).toHaveAttribute(
      'href',
      '/insights/category/employment-law',
    );
  });
});

test.describe('article page (/insight/:slug)', () => {
  test('shows category, title, author, date, reading time and the body', async ({ page }) => {
    const article = bySlug(WITH_DATE);
    const response = await page.goto(`/insight/${WITH_DATE}`);
    expect(response?.status()).toBe(200);
    const view = page.locator('article.article');
    await expect(view.locator('.article-hero__category')).toHaveText('Data Protection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.articleTitle);
    await expect(view.locator('.article-byline__author')).toHaveText(article.authorName);
    await expect(view.locator('.article-byline__avatar')).toHaveAttribute('src', article.authorImage.url);
    await expect(view.locator('.article-byline__date')).toHaveText('November 8, 2023');
    await expect(view.locator('.article-byline__date')).toHaveAttribute('datetime', '2023-11-08');
    await expect(view.locator('.article-byline__reading')).toHaveText(`${article.approximateTimeOfRead} min read`);
    await expect(view.locator('img.article__figure')).toHaveAttribute(
      'src',
      '/images/articles/registering-with-the-odpc.svg',
    );

    const body = view.locator('.prose');
    await expect(body.getByRole('heading', { level: 2, name: 'Who must register' })).toBeVisible();
    await expect(body.locator('blockquote')).toHaveCount(1);
    await expect(body.locator('ul > li').first()).toBeVisible();
    await expect(body.getByRole('link', { name: 'ODPC website' })).toHaveAttribute('target', '_blank');
  });

  test('dates an article without articleDate by its last update', async ({ page }) => {
    await page.goto(`/insight/${WITHOUT_DATE}`);
    await expect(page.locator('.article-byline__date')).toHaveText('October 29, 2024');
    await expect(page.locator('.article-hero__category')).toHaveText('Immigration');
  });

  test('has its own title, a short description and Article structured data', async ({ page }) => {
    const article = bySlug(WITH_DATE);
    await page.goto(`/insight/${WITH_DATE}`);
    // The article's title, shortened at a word when too long for search results, maybe with the firm's name.
    const title = (await page.title()).replace(/ \| MNO Advocates$/, '').replace(/…$/, '');
    expect(title.length).toBeGreaterThan(20);
    expect(article.articleTitle.startsWith(title)).toBe(true);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(50);
    expect(description!.length).toBeLessThanOrEqual(160);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const articleData = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Article');
    expect(articleData).toMatchObject({
      headline: article.articleTitle,
      author: { '@type': 'Person', name: article.authorName },
      datePublished: '2023-11-08',
      publisher: { name: expect.stringContaining('Advocates') },
    });
  });

  test('adds its body to the stored articles list', async ({ page }) => {
    await page.goto(`/insight/${WITH_DATE}`);
    await expect
      .poll(
        async () => (await storedArticles(page))?.find((a) => a.articleSlug === WITH_DATE)?.articleContent?.html ?? '',
      )
      .toContain('Who must register');
    expect((await storedArticles(page))!.map((a) => a.articleSlug)).toEqual(storedSlugs);
  });

  test('an unknown slug answers 404 with the article layout empty and no message', async ({ page }) => {
    const response = await page.goto('/insight/no-such-article');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('article.article')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('');
    await expect(page.locator('.article-hero__category')).toHaveText('');
    await expect(page.locator('.article-byline__author')).toHaveText('');
    await expect(page.locator('.article-byline__date')).toHaveText('');
    await expect(page.locator('.prose')).toBeEmpty();
    await expect(page.getByRole('main')).not.toContainText(/not found|error|404|does not exist/i);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test.describe('feeds', () => {
  test('/rss.xml is valid RSS listing the newest articles first with absolute links', async ({ page, request }) => {
    const response = await request.get('/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    await page.goto('/');
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      return {
        parseError: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        links: Array.from(doc.querySelectorAll('item > link')).map((link) => link.textContent ?? ''),
      };
    }, xml);
    expect(feed.parseError).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.links.map((link) => new URL(link).pathname)).toEqual(
      newestFirst.slice(0, RECENT_ARTICLES).map((article) => `/insight/${article.articleSlug}`),
    );
    for (const link of feed.links) expect(link).toMatch(/^https?:\/\//);
  });

  test('every page links the feed from its head', async ({ page }) => {
    for (const path of ['/', '/insights', `/insight/${WITH_DATE}`, '/contact-us']) {
      await page.goto(path);
      await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
        'href',
        /\/rss\.xml$/,
      );
    }
  });

  test('the sitemap lists every article and leaves out the not-found pages', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const locations: string[] = [];
    for (const sitemap of sitemaps) {
      const text = await (await request.get(sitemap)).text();
      locations.push(...[...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname));
    }
    for (const article of e2eArticles) expect(locations).toContain(`/insight/${article.articleSlug}/`);
    expect(locations).toContain('/insights/');
    expect(locations.filter((path) => /(^|\/)404(\/|$)/.test(path))).toEqual([]);
  });
});
