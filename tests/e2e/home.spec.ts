import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/hydration.ts';
import { homeCarouselPracticeAreas } from '../../src/lib/collection-order.ts';
import { readPracticeAreas } from '../support/content.ts';

/** The carousel's areas, as the content says (tests/spec-conformance/collections.test.ts holds them to the spec's six). */
const practiceOrder = homeCarouselPracticeAreas(readPracticeAreas()).map((area) => area.url_param);

const section = (page: Page, heading: string | RegExp) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: heading }) });

test.describe('home page hero', () => {
  test('animates the tagline in word by word, 0.35 s apart', async ({ page }) => {
    await page.goto('/');
    const words = page.locator('.home-hero__word');
    const count = await words.count();
    expect(count).toBeGreaterThan(2);
    const animations = await words.evaluateAll((elements) =>
      elements.map((element) =>
        element.getAnimations().map((animation) => {
          const effect = animation.effect as KeyframeEffect;
          return { delay: Math.round(Number(effect.getTiming().delay)), from: effect.getKeyframes()[0] };
        }),
      ),
    );
    expect(animations.map((word) => word.map((animation) => animation.delay))).toEqual(
      Array.from({ length: count }, (_, index) => [index * 350]),
    );
    // Each word rises into place from transparent.
    for (const [animation] of animations) {
      expect(animation?.from).toMatchObject({ opacity: '0', transform: expect.stringMatching(/^translateY\(/) });
    }
    await expect(words.last()).toHaveCSS('opacity', '1', { timeout: 10_000 });
  });

  test('with reduced motion, the tagline is there at once', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const words = page.locator('.home-hero__word');
    expect(await words.evaluateAll((elements) => elements.flatMap((element) => element.getAnimations()))).toHaveLength(
      0,
    );
    await expect(words.last()).toHaveCSS('opacity', '1');
    await context.close();
  });

  test('links to the practice areas', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.home-hero').getByRole('link', { name: /practice areas/i })).toHaveAttribute(
      'href',
      '/practice-areas',
    );
  });

  test('hero cards: Watch Video opens an autoplaying player without controls, closing empties it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const frame = page.locator('.video-modal iframe');
    // Nothing plays before the visitor asks: no source at all until the island wakes, an empty one after.
    expect((await frame.getAttribute('src')) ?? '').toBe('');
    await page.getByRole('button', { name: /Watch Video/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(frame).toHaveAttribute('src', /autoplay=1/);
    await expect(frame).toHaveAttribute('src', /controls=0/);
    await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await dialog.getByRole('button', { name: 'Close video' }).click();
    await expect(frame).toHaveAttribute('src', '');
    await page.clock.runFor(1900);
    await expect(page.locator('.video-modal')).toHaveClass(/\bactive\b/);
    await page.clock.runFor(200);
    await expect(page.locator('.video-modal')).not.toHaveClass(/\bactive\b/);
    await expect(page.getByRole('button', { name: /Watch Video/ })).toBeFocused();
  });

  test('hero cards: the podcast and insights cards go to their pages', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('.home-hero');
    await expect(hero.getByRole('link', { name: /Just Legal Podcast/ })).toHaveAttribute('href', '/podcast');
    await expect(hero.getByRole('link', { name: /Legal Insights/ })).toHaveAttribute('href', '/insights');
  });
});

test.describe('home page sections', () => {
  test('the partners strip shows the first 8 logos and links to all of them', async ({ page }) => {
    await page.goto('/');
    const strip = page.locator('[data-section="partners"]');
    await expect(strip.getByRole('img')).toHaveCount(8);
    await expect(strip.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/clients-and-partners');
  });

  test('the podcast teaser features the first episode and lists the next two, each playing in a new tab', async ({
    page,
  }) => {
    await page.goto('/');
    const teaser = page.locator('[data-section="podcast"]');
    const plays = teaser.getByRole('link', { name: /Play Episode/ });
    await expect(plays).toHaveCount(3);
    for (const link of await plays.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
    }
    await expect(teaser.locator('.episode--featured')).toHaveCount(1);
    await expect(teaser.getByRole('link', { name: 'View More Episodes' })).toHaveAttribute('href', '/podcast');
  });

  for (const width of [375, 1280]) {
    test(`the podcast covers are shown whole at ${width} px, none cropped`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const covers = page.locator('[data-section="podcast"] img');
      await covers.last().scrollIntoViewIfNeeded();
      await expect(covers).toHaveCount(3);
      for (const cover of await covers.all()) {
        await expect(cover).toHaveJSProperty('complete', true);
        // The picture drawn: its box, less what object-fit: contain leaves empty, keeps the cover's own shape.
        const drawn = await cover.evaluate((image: HTMLImageElement) => {
          const box = image.getBoundingClientRect();
          const scale =
            getComputedStyle(image).objectFit === 'contain'
              ? Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight)
              : NaN;
          const [w, h] = Number.isNaN(scale)
            ? [box.width, box.height]
            : [image.naturalWidth * scale, image.naturalHeight * scale];
          return { shown: w / h, natural: image.naturalWidth / image.naturalHeight };
        });
        expect(drawn.shown).toBeCloseTo(drawn.natural, 1);
      }
    });
  }

  test('the practice carousel lists six areas in the spec’s order', async ({ page }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('.practice-carousel__track a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(practiceOrder.map((slug) => `/practice-area/${slug}`));
  });

  test('the practice carousel pins and scrolls sideways above 768 px', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-section="practice"]').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-section="practice"]');
    const carousel = page.locator('.practice-carousel');
    await expect(carousel).toHaveClass(/is-pinned/);
    const track = page.locator('.practice-carousel__track');
    const before = await track.evaluate((element) => element.getBoundingClientRect().left);
    await carousel.evaluate((element: HTMLElement) => window.scrollTo(0, element.offsetTop + element.offsetHeight / 2));
    await expect
      .poll(() => track.evaluate((element) => element.getBoundingClientRect().left))
      .toBeLessThan(before - 100);
    await expect(page.locator('.practice-carousel__viewport')).toHaveCSS('position', 'sticky');
  });

  test('the practice carousel is a plain swipeable row at 768 px and below', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/');
    await page.locator('[data-section="practice"]').scrollIntoViewIfNeeded();
    await hydrated(page, '[data-section="practice"]');
    await expect(page.locator('.practice-carousel')).not.toHaveClass(/is-pinned/);
    await expect(page.locator('.practice-carousel__track')).toHaveCSS('overflow-x', 'auto');
  });

  test('shows the six client process steps in order', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-section="process"] h3')).toHaveText([
      /Collaborative Planning/,
      /Formalized Agreement/,
      /Taking Action/,
      /Continually Give Updates/,
      /Successful Completion & Handover/,
      /Beyond the Case/,
    ]);
  });

  test('says what sets the firm apart', async ({ page }) => {
    await page.goto('/');
    const apart = page.locator('[data-section="apart"]');
    for (const point of [
      /Personali[sz]ed Attention/i,
      /Agility and Responsiveness/i,
      /Unmatched Client Focus/i,
      /Strategic Adaptability/i,
      /Broad Expertise/i,
    ]) {
      await expect(apart.getByRole('heading', { name: point })).toBeVisible();
    }
  });

  test('Who We Are leads to the about page', async ({ page }) => {
    await page.goto('/');
    const who = section(page, 'Who We Are');
    await expect(who.getByRole('link', { name: 'Know more About' })).toHaveAttribute('href', '/about');
  });
});
