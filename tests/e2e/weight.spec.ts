// What a page costs a visitor and how it lays out as they scroll: a page of each
// template at a phone's 375 px, and its English page at a desktop's 1280 px, loaded and
// scrolled to the end with nothing tapped, stays within its budgets, is never
// wider than the screen at any point of the way down, and — in the same visit,
// once what the scroll set moving has settled — has no serious accessibility
// violation; and scripts and layout wait for the page and the visitor
// (docs/quality.md, "Weight", "Page width", "Accessibility").
import { gzipSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { templateRoutes, templateRoutesAt } from '../support/built-site.ts';
import { seriousViolations } from './support/axe.ts';
import { twoFrames } from './support/frames.ts';
import { recordRequests, watchNetwork } from './support/requests.ts';

const KB = 1024;

/**
 * JavaScript budgets, gzip bytes a visitor downloads on load and while
 * scrolling, before any tap. Islands that only wait for a tap (menu, dialogs,
 * search) load on that tap; a form page may load React as its form nears the
 * viewport, and the home page as its carousel does.
 */
const JS_BUDGET_TAP_ONLY = 15 * KB;
const JS_BUDGET_HOME = 90 * KB;
/** The home page in each language: the carousel and video islands are theirs alone. */
const HOME_PAGES = ['/', '/sw/'];
const JS_BUDGET_FORM = 110 * KB;
const CSS_BUDGET = 30 * KB;
const IMAGE_BUDGET = 200 * KB;
/** All the fonts of a first view, together (fetched once it has loaded, for the pages after it: tests/e2e/web-fonts.spec.ts). */
const FONT_BUDGET = 50 * KB;

const SCREENS = [
  { name: 'phone', width: 375, height: 812, isMobile: true, hasTouch: true },
  { name: 'desktop', width: 1280, height: 800, isMobile: false, hasTouch: false },
] as const;

interface Loaded {
  url: string;
  type: string;
  bytes: number;
  gzip: number;
}

/**
 * Everything the page loads, scrolled to the end a screen at a time so lazy images and islands that hydrate
 * when visible count; and how much wider than the screen the page was at each step, measured as the scroll
 * lands, before the reveals it sets off have run (an element waiting to slide in from the right counts).
 */
async function load(page: Page, path: string): Promise<{ loaded: Loaded[]; overflows: string[] }> {
  const loaded: Promise<Loaded | undefined>[] = [];
  const network = watchNetwork(page);
  page.on('response', (response) => {
    loaded.push(
      response
        .body()
        .then((body) => ({
          url: response.url(),
          type: response.request().resourceType(),
          bytes: body.length,
          // Only scripts' and styles' budgets are in gzip bytes; images and fonts are already compressed.
          gzip: /^(script|stylesheet)$/.test(response.request().resourceType())
            ? gzipSync(body, { level: 9 }).length
            : body.length,
        }))
        .catch(() => undefined),
    );
  });
  await page.goto(path);
  const overflows: string[] = [];
  const tooWide = (wide: number, top: number) => wide > 0 && overflows.push(`${wide} px too wide at ${top} px down`);
  tooWide(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
  await network.quiet();
  // A screen at a time: every part of the page is on the screen at one step, and Chromium fetches a lazy
  // image well before it reaches the screen.
  const step = page.viewportSize()!.height;
  for (let y = 0, height = 1; y <= height; y += step) {
    const at = await page.evaluate((top) => {
      window.scrollTo({ top, behavior: 'instant' });
      const root = document.documentElement;
      return { height: root.scrollHeight, wide: root.scrollWidth - root.clientWidth };
    }, y);
    height = at.height;
    tooWide(at.wide, y);
    await twoFrames(page);
  }
  await network.quiet();
  return { loaded: (await Promise.all(loaded)).filter((item): item is Loaded => item !== undefined), overflows };
}

/**
 * Brings every animation the page runs to its end state at once (an endless one, such as a loading pulse,
 * excepted), as if the visitor had waited for it: the audit reads the page as it settles, without the wait.
 */
async function settled(page: Page) {
  // A reveal that ends may start another (a staggered sequence): finish until none is left running.
  await page.evaluate(async () => {
    for (let pass = 0; pass < 5; pass += 1) {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState !== 'finished' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      for (const animation of running) animation.finish();
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

const total = (items: Loaded[]) => items.reduce((sum, item) => sum + item.gzip, 0);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

for (const screen of SCREENS) {
  test.describe(`page weight and width on a ${screen.name} (${screen.width} px)`, () => {
    // Motion on, as most visitors have it: what waits to slide in counts towards the width.
    test.use({
      viewport: { width: screen.width, height: screen.height },
      isMobile: screen.isMobile,
      hasTouch: screen.hasTouch,
      reducedMotion: 'no-preference',
    });

    test('the budgets cover a page of each template in both languages, the Kiswahili home page among them', () => {
      expect(templateRoutes).toContain('/sw/');
      expect(templateRoutes.filter((path) => path.startsWith('/sw/')).length).toBeGreaterThan(4);
    });

    // At the widths templateRoutesAt gives: a Kiswahili page shares its English page's template, scripts and
    // pictures, and its longer words are tightest on the phone.
    for (const path of templateRoutesAt(screen.width)) {
      test(`${path} stays within its JavaScript, CSS, image and font budgets, never wider than the screen, with no serious or critical WCAG 2.2 AA violations`, async ({
        page,
      }) => {
        const { loaded, overflows } = await load(page, path);
        await settled(page);
        expect(await seriousViolations(page), `${path} at ${screen.width} px`).toEqual([]);
        expect(overflows, `${path} at ${screen.width} px`).toEqual([]);
        const origin = new URL(page.url()).origin;
        const sameOrigin = loaded.filter((item) => new URL(item.url).origin === origin);
        const overBudget: string[] = [];
        const js = total(sameOrigin.filter((item) => item.type === 'script'));
        const hasForm = (await page.locator('astro-island form').count()) > 0;
        const jsBudget = HOME_PAGES.includes(path) ? JS_BUDGET_HOME : hasForm ? JS_BUDGET_FORM : JS_BUDGET_TAP_ONLY;
        if (js > jsBudget) overBudget.push(`JavaScript ${kb(js)} > ${kb(jsBudget)}`);
        const css = total(sameOrigin.filter((item) => item.type === 'stylesheet'));
        if (css > CSS_BUDGET) overBudget.push(`CSS ${kb(css)} > ${kb(CSS_BUDGET)}`);
        for (const image of loaded.filter((item) => item.type === 'image' && item.bytes > IMAGE_BUDGET)) {
          overBudget.push(`image ${image.url} is ${kb(image.bytes)} > ${kb(IMAGE_BUDGET)}`);
        }
        const fonts = loaded.filter((item) => item.type === 'font');
        for (const font of fonts) {
          if (new URL(font.url).origin !== origin) overBudget.push(`font from another host ${font.url}`);
        }
        const fontBytes = fonts.reduce((sum, font) => sum + font.bytes, 0);
        if (fontBytes > FONT_BUDGET) overBudget.push(`fonts ${kb(fontBytes)} > ${kb(FONT_BUDGET)}`);
        expect(overBudget).toEqual([]);
      });
    }
  });
}

test.describe('page weight', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('a page without islands loads no React', async ({ page }) => {
    const { loaded } = await load(page, '/practice-areas');
    const scripts = loaded.filter((item) => item.type === 'script').map((item) => item.url);
    expect(scripts.some((url) => /react|client\.[\w-]+\.js/i.test(url))).toBe(false);
  });
});

test.describe('scripts wait for the page', () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'no-preference' });

  test('a page without islands fetches no script file until it has loaded, nor its smooth scroll until the first wheel', async ({
    page,
  }) => {
    const scripts = recordRequests(page, 'script');
    const network = watchNetwork(page);
    await page.goto('/careers');
    await expect.poll(() => scripts.some((script) => script.path.includes('/reveal.'))).toBe(true);
    await network.quiet();
    const smoothScroll = () => scripts.filter((script) => /\/(smooth-scroll|held-sections)\./.test(script.path));
    expect(smoothScroll()).toEqual([]);
    await expect(page.locator('html')).not.toHaveClass(/\blenis\b/);

    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 300);
    // The smooth scroll marks the page once it runs (src/client/smooth-scroll.ts).
    await expect(page.locator('html')).toHaveClass(/\blenis\b/);
    expect(smoothScroll()).toHaveLength(2);
    expect(scripts.filter((script) => !script.afterLoad)).toEqual([]);
  });
});

test.describe('the first layout', () => {
  test.use({ viewport: { width: 375, height: 812 }, reducedMotion: 'reduce' });

  // A section waiting to be near the screen is laid out as an empty box of its estimated height: what it holds,
  // its heading among them, is skipped.
  const laidOut = (section: Locator) =>
    section.evaluate((element) => element.querySelector('h1, h2')?.checkVisibility({ contentVisibilityAuto: true }));

  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    test('a long page lays out its first screen at once, and each later section as the visitor nears it', async ({
      page,
    }) => {
      await page.goto('/');
      const sections = page.locator('main > section');
      const last = sections.last();
      expect(await laidOut(sections.first())).toBe(true);
      expect(await laidOut(last)).toBe(false);

      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => laidOut(last)).toBe(true);
      await expect(last.getByRole('heading').first()).toBeVisible();
    });
  });

  test('a page that is only read lays out no held section; once the visitor moves, every one is, and a jump lands where it aims', async ({
    page,
  }) => {
    const scripts = recordRequests(page, 'script');
    const network = watchNetwork(page);
    await page.goto('/');
    // The layout's script has run (it loads the reveals beside waiting for the visitor), and all it started.
    await expect.poll(() => scripts.some((script) => script.path.includes('/reveal.'))).toBe(true);
    await network.quiet();
    expect(await laidOut(page.locator('main > section').last())).toBe(false);

    await page.keyboard.press('Tab');
    for (const section of await page.locator('main > section').all())
      await expect.poll(() => laidOut(section)).toBe(true);

    const heading = page.locator('#articles-teaser-heading');
    await heading.scrollIntoViewIfNeeded();
    await twoFrames(page);
    await expect(heading).toBeInViewport();
  });
});
