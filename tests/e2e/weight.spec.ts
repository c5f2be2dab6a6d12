import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { sitemapPaths } from './site-map';

const KB = 1024;

/** Budgets from the quality issue, in gzip bytes as delivered. */
const JS_BUDGET_WITH_ISLANDS = 110 * KB;
const JS_BUDGET_WITHOUT_ISLANDS = 25 * KB;
/** Pages with React islands: home, the team section, every form, and the article list with its search. */
const hasIslands = (path: string) =>
  ['/', '/about/', '/team/', '/contact-us/'].includes(path) || /^\/(practice-area|careers)\/[^/]+\/$/.test(path) || path.startsWith('/insights/');
const CSS_BUDGET = 30 * KB;
const IMAGE_BUDGET = 200 * KB;
const FONT_BUDGET = 60 * KB;

interface Loaded {
  url: string;
  type: string;
  bytes: number;
  gzip: number;
}

/** Everything the page loads at 1280 px, scrolled to the end so lazy images and islands count. */
async function load(page: Page, path: string): Promise<Loaded[]> {
  const loaded: Promise<Loaded | undefined>[] = [];
  page.on('response', (response) => {
    loaded.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type: response.request().resourceType(), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => undefined),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  await page.waitForLoadState('networkidle');
  return (await Promise.all(loaded)).filter((item): item is Loaded => item !== undefined);
}

const total = (items: Loaded[]) => items.reduce((sum, item) => sum + item.gzip, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test.describe('page weight at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('every page stays within its JavaScript, CSS, image and font budgets', async ({ page, request }) => {
    test.setTimeout(180_000);
    const overBudget: string[] = [];
    for (const path of await sitemapPaths(request)) {
      const loaded = await load(page, path);
      const sameOrigin = loaded.filter((item) => new URL(item.url).origin === new URL(page.url()).origin);
      const js = total(sameOrigin.filter((item) => item.type === 'script'));
      const jsBudget = hasIslands(path) ? JS_BUDGET_WITH_ISLANDS : JS_BUDGET_WITHOUT_ISLANDS;
      if (js > jsBudget) overBudget.push(`${path}: JavaScript ${kb(js)} > ${kb(jsBudget)}`);
      const css = total(sameOrigin.filter((item) => item.type === 'stylesheet'));
      if (css > CSS_BUDGET) overBudget.push(`${path}: CSS ${kb(css)} > ${kb(CSS_BUDGET)}`);
      for (const image of loaded.filter((item) => item.type === 'image' && item.bytes > IMAGE_BUDGET)) {
        overBudget.push(`${path}: image ${image.url} is ${kb(image.bytes)} > ${kb(IMAGE_BUDGET)}`);
      }
      for (const font of loaded.filter((item) => item.type === 'font')) {
        if (new URL(font.url).origin !== new URL(page.url()).origin) overBudget.push(`${path}: font from another host ${font.url}`);
        if (font.bytes > FONT_BUDGET) overBudget.push(`${path}: font ${font.url} is ${kb(font.bytes)} > ${kb(FONT_BUDGET)}`);
      }
    }
    expect(overBudget).toEqual([]);
  });

  test('a page without islands loads no React', async ({ page }) => {
    const loaded = await load(page, '/practice-areas');
    const scripts = loaded.filter((item) => item.type === 'script').map((item) => item.url);
    expect(scripts.some((url) => /react|client\.[\w-]+\.js/i.test(url))).toBe(false);
  });

  test('fonts are self-hosted Latin subsets', async ({ page }) => {
    const fonts = (await load(page, '/')).filter((item) => item.type === 'font');
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(new URL(font.url).origin).toBe(new URL(page.url()).origin);
      expect(font.url).toMatch(/-latin-wght-normal\.[\w-]+\.woff2$/);
    }
  });
});
