// The frame of every page where a browser is needed: menus opening and
// closing, hydration on the first tap, motion, the footer's year in the
// visitor's clock; and the not-found answer. What the frame links and says is
// read from dist/ (tests/built/site-shell.spec.ts).
import { expect, test } from '@playwright/test';
import { site } from '../../src/site.config.ts';
import { expectNotFoundPage } from './support/not-found.ts';

const header = (page: import('@playwright/test').Page) => page.getByRole('banner');

test.describe('header', () => {
  test('About opens its dropdown on hover and on keyboard focus', async ({ page }) => {
    await page.goto('/');
    const menu = header(page).getByRole('list', { name: 'About pages' });
    await expect(menu).toBeHidden();
    await header(page).getByRole('link', { name: 'About', exact: true }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(10, 700);
    await expect(menu).toBeHidden();
    await header(page).getByRole('link', { name: 'About', exact: true }).focus();
    await expect(menu).toBeVisible();
  });
});

test.describe('mobile sidebar', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('opens from the menu button, toggles About, and closes with its button, Escape or a tap beside it', async ({
    page,
  }) => {
    await page.goto('/');
    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(sidebar.getByRole('link', { name: site.phones.local })).toBeVisible();

    const about = sidebar.getByRole('button', { name: 'About' });
    await expect(sidebar.getByRole('link', { name: 'Clients & Partners' })).toBeHidden();
    await about.click();
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: 'Clients & Partners' })).toBeVisible();
    await about.click();
    await expect(sidebar.getByRole('link', { name: 'Clients & Partners' })).toBeHidden();

    await sidebar.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');

    // The panel slides in from the right; the dimmed strip to its left is the backdrop.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
  });

  test('keeps its active class for 2.5 s after closing starts, then hides', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const sidebar = page.locator('.sidebar');
    await expect(sidebar).toHaveClass(/\bactive\b/);
    // From here the page's timers move only when the test moves them.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar).toBeHidden();
    await page.clock.runFor(2400);
    await expect(sidebar).toHaveClass(/\bactive\b/);
    await page.clock.runFor(200);
    await expect(sidebar).not.toHaveClass(/\bactive\b/);
  });

  test.describe('on a phone', () => {
    test.use({ isMobile: true, hasTouch: true });

    /** Scripts of the React runtime and the menu island: none before the first tap. */
    const reactScripts = (urls: string[]) => urls.filter((url) => /MobileMenu|client\.[\w-]+\.js|react/i.test(url));

    test('loads no React until the first tap, and that first tap opens the menu', async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/about', { waitUntil: 'networkidle' });
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState('networkidle');
      expect(reactScripts(scripts)).toEqual([]);

      await page.getByRole('button', { name: 'Open menu' }).tap();
      const sidebar = page.getByRole('dialog', { name: 'Menu' });
      await expect(sidebar).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused();
      expect(reactScripts(scripts).length).toBeGreaterThan(0);
    });

    test('on a slow connection the menu button shows it is loading, then opens', async ({ page }) => {
      let releaseMenu!: () => void;
      const menuHeld = new Promise<void>((resolve) => (releaseMenu = resolve));
      await page.route(/\/_astro\/MobileMenu[\w.-]*\.js$/, async (route) => {
        await menuHeld;
        await route.continue();
      });
      await page.goto('/podcast');
      const button = page.getByRole('button', { name: 'Open menu' });
      await button.tap();
      await expect(button).toHaveAttribute('aria-busy', 'true');
      await expect(button).toBeEnabled();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      releaseMenu();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await expect(button).not.toHaveAttribute('aria-busy');
    });
  });

  test('is not hydrated on desktop, where the header shows the full navigation', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/podcast');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    expect(scripts.filter((url) => /MobileMenu|react|client/i.test(url))).toEqual([]);
  });
});

test.describe('footer', () => {
  test('shows the visitor’s current year even when the page was built in another', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-01T10:00:00+03:00'));
    await page.goto('/about');
    await expect(page.getByRole('contentinfo')).toContainText('© 2031');
  });
});

test('an unknown path answers 404 with the not-found page', async ({ request }) => {
  await expectNotFoundPage(request, '/this/does/not/exist');
});

test.describe('motion', () => {
  test('with reduced motion, every revealed element is visible at once', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/about');
    const opacities = await page
      .locator('[data-reveal]')
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
    expect(opacities.length).toBeGreaterThan(0);
    expect(opacities.every((opacity) => opacity === '1')).toBe(true);
    await context.close();
  });

  test('without reduced motion, an element below the fold is hidden until it is scrolled into view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 200 });
    await page.goto('/about');
    const cta = page.locator('section.cta [data-reveal]');
    await expect(cta).toHaveCSS('opacity', '0');
    await cta.scrollIntoViewIfNeeded();
    await expect(cta).toHaveCSS('opacity', '1', { timeout: 5000 });
  });

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('controls whose island hydrates on the first tap', () => {
  const triggers = [
    { path: '/', width: 1280, name: /Watch Video/ },
    { path: '/', width: 375, name: 'Open menu' },
    { path: '/team', width: 1280, name: /Caroline Muthoni/ },
  ] as const;

  for (const { path, width, name } of triggers) {
    test(`${path} at ${width} px: "${String(name)}" waits for no script, and the first click opens its dialog`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(path);
      const trigger = page.getByRole('button', { name }).first();
      // The island is still server-rendered HTML: it hydrates on this click, which it then replays.
      await expect(page.locator('astro-island[ssr]', { has: trigger })).toHaveCount(1);
      await expect(trigger).toBeEnabled();
      await trigger.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await context.close();
    });
  }
});
