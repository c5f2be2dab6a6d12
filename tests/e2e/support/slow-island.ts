// A phone on a Kenyan mobile connection whose island has not woken yet (issue 49): the page is throttled
// as the issue measured it, and the island's own script is held until the test lets it through, so what a
// test does first is done before the island hydrates, every time, never by a race.
import { expect, type Page } from '@playwright/test';

/** 1.6 Mbps down and 150 ms round trip; uploads are left alone, where a test's documents would take minutes. */
export async function throttle(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: -1,
  });
}

/**
 * Holds the next request for the script of the island `component` (src/islands/<component>.tsx) until
 * `wake()`, which first checks that the island is still asleep; call it before the page is opened.
 */
export async function holdIsland(page: Page, component: string): Promise<{ wake: () => Promise<void> }> {
  let release!: () => void;
  const woken = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    `**/_astro/${component}.*.js`,
    async (route) => {
      await woken;
      await route.continue();
    },
    { times: 1 },
  );
  const island = page.locator(`astro-island[component-url*="/_astro/${component}."]`);
  const wake = async () => {
    await expect(island).toHaveAttribute('ssr');
    release();
  };
  return { wake };
}
