// Screenshots pages at desktop and phone widths, for looking at the site as a person would.
//   node scripts/screenshot.ts [baseUrl] [path ...]   → screenshots/<name>-<width>.png
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.ts';

const [baseUrl = 'http://localhost:8888', ...paths] = process.argv.slice(2);
const routes = paths.length > 0 ? paths : ['/'];
mkdirSync('screenshots', { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width > 600 ? 800 : 740 } });
  for (const route of routes) {
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
    const name = route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: process.env.FULL !== '0' });
  }
  await page.close();
}
await browser.close();
