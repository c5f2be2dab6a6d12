// A visitor's first page is drawn in their own faces and fetches no font before
// it has loaded; the pages after it are drawn in the web fonts from their first
// paint, and no page changes face once drawn (src/lib/web-fonts.ts).
import { expect, test, type Page } from '@playwright/test';
import { WEB_FONT_FAMILIES, WEB_FONTS_STORAGE_KEY } from '../../src/lib/web-fonts.ts';
import { recordRequests } from './support/requests.ts';

/** DOM's Node.TEXT_NODE (this file runs in Node.js, not the page). */
const TEXT_NODE = 3;
const SELF_HOSTED_SUBSET = /^\/_astro\/(inter|fraunces)-latin-\d00\.[\w-]+\.woff2$/;
const WEB_FONT_NAMES: string[] = Object.values(WEB_FONT_FAMILIES).map((family) => family.name);

/** The faces Chromium drew an element's text in (DevTools' "Rendered fonts"), not what its CSS asks for. */
async function renderedFaces(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  // The text node inside the element is what is drawn.
  const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1 });
  const text = node.children?.find((child) => child.nodeType === TEXT_NODE);
  const target = text
    ? (await cdp.send('DOM.pushNodesByBackendIdsToFrontend', { backendNodeIds: [text.backendNodeId] })).nodeIds[0]!
    : nodeId;
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId: target });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

/** The layout shifts of the page so far, summed as CLS sums them. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list.getEntries().reduce((sum, entry) => sum + (entry as PerformanceEntry & { value: number }).value, 0),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all calls no callback.
        setTimeout(() => resolve(0), 500);
      }),
  );

for (const screen of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`web fonts on a ${screen.name} (${screen.width} px)`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the first page fetches no font before it has loaded and stays in the local faces; the next page is drawn in the web fonts', async ({
      page,
    }) => {
      const fontRequests = recordRequests(page, 'font');

      await page.goto('/careers');
      await expect(page.locator('html')).not.toHaveClass(/web-fonts/);
      // Once loaded, the page fetches every face into the cache and leaves the flag.
      await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), WEB_FONTS_STORAGE_KEY)).toBe('1');
      expect(fontRequests.length).toBe(4);
      for (const request of fontRequests) {
        expect(request.path).toMatch(SELF_HOSTED_SUBSET);
        expect(request.afterLoad, request.path).toBe(true);
      }
      // …without drawing this page in them: its text keeps the face it was first painted in.
      for (const selector of ['h1', 'p.lead']) {
        const faces = await renderedFaces(page, selector);
        expect(faces.length, selector).toBeGreaterThan(0);
        for (const face of faces) expect(WEB_FONT_NAMES, `${selector} drawn in ${face}`).not.toContain(face);
      }
      expect(await layoutShift(page)).toBe(0);

      await page.goto('/about');
      await expect(page.locator('html')).toHaveClass(/web-fonts/);
      expect(await renderedFaces(page, 'h1')).toEqual([WEB_FONT_FAMILIES.serif.name]);
      expect(await renderedFaces(page, 'p.lead')).toEqual([WEB_FONT_FAMILIES.sans.name]);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test('no font is preloaded: nothing competes with the first page for the line', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
});

test('where storage is refused, every page is drawn in the local faces and nothing breaks', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('Storage is disabled', 'SecurityError');
      },
    });
  });
  await page.goto('/careers');
  await page.waitForLoadState('networkidle');
  await page.goto('/about');
  await expect(page.locator('html')).not.toHaveClass(/web-fonts/);
  for (const face of await renderedFaces(page, 'h1')) expect(WEB_FONT_NAMES).not.toContain(face);
  expect(errors).toEqual([]);
});
