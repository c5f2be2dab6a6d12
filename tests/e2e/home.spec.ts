// The home page where a browser is needed: the tagline's motion, the video
// player, the podcast covers' drawn shape and the practice carousel's layout.
// Its links, lists and order are read from dist/ (tests/built/home.spec.ts).
import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydration.ts';

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
});

test.describe('home page sections', () => {
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
});
