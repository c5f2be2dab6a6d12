import type { Page } from '@playwright/test';

/**
 * Waits until every island inside `scope` that hydrates by itself (on load, or
 * when it comes into view) has hydrated: Astro drops the `ssr` attribute.
 * Islands with `client:intent` hydrate on the visitor's first tap and replay
 * it, so tests tap them straight away instead.
 */
export async function hydrated(page: Page, scope = 'body') {
  await page.waitForFunction((selector) => {
    const islands = Array.from(document.querySelectorAll(`${selector} astro-island:not([client="intent"])`));
    return islands.length > 0 && islands.every((island) => !island.hasAttribute('ssr'));
  }, scope);
}
