import type { Page } from '@playwright/test';

/**
 * Waits two frames: a scroll has been painted and the intersection observers it
 * set off have run. Headless Chromium on a loaded machine sometimes stops
 * producing frames for a page for seconds on end, so the wait also ends after
 * 250 ms — what the callers check afterwards waits for itself.
 */
export async function twoFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(resolve));
        setTimeout(resolve, 250);
      }),
  );
}
