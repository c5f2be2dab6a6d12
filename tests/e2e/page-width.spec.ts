// No sideways wobble: at a phone's 375 px and a desktop's 1280 px, no page is
// ever wider than the screen — not before the reveal animations have run (an
// element waiting to slide in from the right still counts towards the page's
// width), nor after, at any point of the way down.
import { expect, test } from '@playwright/test';
import { templateRoutes } from '../support/built-site.ts';
import { twoFrames } from './support/frames.ts';

const WIDTHS = [375, 1280];
/** The screen's height, and each step down: every part of the page is on the screen at one step. */
const HEIGHT = 800;

for (const path of templateRoutes) {
  test(`${path} is never wider than the screen at ${WIDTHS.join(' or ')} px, at any scroll position`, async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto(path);
      const overflows: string[] = [];
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let top = 0; top <= height; top += HEIGHT) {
        const wide = await page.evaluate((y) => {
          window.scrollTo({ top: y, behavior: 'instant' });
          return document.documentElement.scrollWidth - document.documentElement.clientWidth;
        }, top);
        if (wide > 0) overflows.push(`${wide} px too wide at ${top} px down`);
        // Reveals this scroll set off have started, so what they do to the width shows at the next step.
        await twoFrames(page);
      }
      expect(overflows, `${path} at ${width} px`).toEqual([]);
    }
  });
}
