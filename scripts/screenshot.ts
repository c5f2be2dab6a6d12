// Screenshots pages at desktop and phone widths, for looking at the site as a person would.
//   node scripts/screenshot.ts [baseUrl] [path ...]   → screenshots/<name>-<width>.png
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './lib/chromium.ts';

const [baseUrl = 'http://localhost:8888', ...paths] = process.argv.slice(2);
const routes = paths.length > 0 ? paths : ['/'];
mkdirSync('screenshots', { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const width of [1280, 375]) {
  // Reduced motion shows every scroll-revealed element, so a full-page shot shows the whole page.
  const page = await browser.newPage({
    viewport: { width, height: width > 600 ? 800 : 740 },
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  for (const route of routes) {
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
    // Scroll through once so lazy images load before the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle');
    // A full-page shot is one frame of the whole page, while a visitor sees each section as they reach it:
    // lay out the sections that wait to be near the screen (content-visibility) so the shot shows them.
    await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: process.env.FULL !== '0' });
  }
  await page.close();
}
await browser.close();
