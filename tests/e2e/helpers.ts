import type { Page } from '@playwright/test';

/** Waits until every React island inside `scope` has hydrated (Astro drops the `ssr` attribute). */
export async function hydrated(page: Page, scope = 'body') {
  await page.waitForFunction(
    (selector) => {
      const islands = document.querySelectorAll(`${selector} astro-island`);
      return islands.length > 0 && Array.from(islands).every((island) => !island.hasAttribute('ssr'));
    },
    scope,
  );
}
