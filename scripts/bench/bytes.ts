// Stage "bytes": what a first visit to each route downloads, by kind, loaded
// in Chromium through Playwright on a phone (375 px, touch, the screen most
// visitors use) and on a desktop (1280 px). Each route gets a fresh context
// (empty cache). After the load the page is scrolled to the bottom once, so
// lazy images and islands that hydrate when visible count; nothing is tapped,
// so islands that wait for a first intent do not. Bodies are counted decoded (raw) and again gzipped at
// level 9, a fixed measure whatever the server's own compression. Requests
// to other origins are blocked (the bench runs offline) and counted.
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../lib/chromium.ts';
import { gzipSize } from './stats.ts';

export const KINDS = ['html', 'css', 'js', 'img', 'font', 'other'] as const;
type Kind = (typeof KINDS)[number];

const KIND_OF: Record<string, Kind> = {
  document: 'html',
  stylesheet: 'css',
  script: 'js',
  image: 'img',
  font: 'font',
};

export interface Bytes {
  raw: number;
  gzip: number;
}

/** The two screens measured: a mid-range Android phone and a laptop. */
const VIEWPORTS = {
  phone: { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

export interface RouteBytes {
  route: string;
  viewport: ViewportName;
  status: number | null;
  requests: number;
  blockedExternal: number;
  byKind: Record<Kind, Bytes>;
  total: Bytes;
}

const emptyKinds = () => Object.fromEntries(KINDS.map((kind) => [kind, { raw: 0, gzip: 0 }])) as Record<Kind, Bytes>;

async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
}

async function measureRoute(
  browser: Browser,
  baseUrl: string,
  route: string,
  viewport: ViewportName,
): Promise<RouteBytes> {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext(VIEWPORTS[viewport]);
  const result: RouteBytes = {
    route,
    viewport,
    status: null,
    requests: 0,
    blockedExternal: 0,
    byKind: emptyKinds(),
    total: { raw: 0, gzip: 0 },
  };
  const pending: Promise<void>[] = [];
  const count = async (response: Response) => {
    const status = response.status();
    if (status >= 300 && status < 400) return; // a redirect has no body of its own
    const kind = KIND_OF[response.request().resourceType()] ?? 'other';
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    const gzip = gzipSize(body);
    result.requests += 1;
    result.byKind[kind].raw += body.length;
    result.byKind[kind].gzip += gzip;
    result.total.raw += body.length;
    result.total.gzip += gzip;
  };
  try {
    await context.route('**/*', (routed) => {
      if (new URL(routed.request().url()).origin === origin) return routed.continue();
      result.blockedExternal += 1;
      return routed.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('response', (response) => pending.push(count(response)));
    const response = await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
    result.status = response?.status() ?? null;
    await scrollToBottom(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return result;
}

export async function benchBytes(baseUrl: string, routes: readonly string[]): Promise<RouteBytes[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const results: RouteBytes[] = [];
    for (const route of routes) {
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[])
        results.push(await measureRoute(browser, baseUrl, route, viewport));
    }
    return results;
  } finally {
    await browser.close();
  }
}
