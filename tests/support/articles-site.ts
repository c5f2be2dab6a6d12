// The whole site built once against a content service stocked as
// tests/support/photo-articles.ts says, served from its outDir as a static
// host would, with a Chromium to visit it, in tabs that let only the site's
// own requests through and record the others: what
// tests/integration/articles-build.test.ts checks. A start that fails closes
// whatever it had opened before the error is thrown.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.ts';
import { startGraphqlServer, type GraphqlTestServer, type ServedArticle } from '../../scripts/lib/graphql-server.ts';
import type { BuildResult } from './astro-build.ts';
import { buildSite, SERVICE_TOKEN } from './content-service-build.ts';
import { stockContentService } from './photo-articles.ts';
import { serveDirectory } from './static-server.ts';

export interface ArticlesSite {
  /** The content service, with the requests it received. */
  server: GraphqlTestServer;
  /** The records the service holds. */
  served: ServedArticle[];
  outDir: string;
  cacheDir: string;
  build: BuildResult;
  /** Where the built site is served. */
  url: string;
  /** A file of the build, as text. */
  page(path: string): Promise<string>;
  /** A tab at `width` px that lets only the built site's own requests through and records the others. */
  visit(path: string, width?: number): Promise<{ tab: Page; offSite: string[] }>;
  close(): Promise<void>;
}

async function openSiteOnlyTab(browser: Browser, siteUrl: string, path: string, width = 1280) {
  const tab = await browser.newPage({ viewport: { width, height: 800 } });
  const offSite: string[] = [];
  await tab.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(siteUrl)) return route.continue();
    offSite.push(url);
    return route.abort();
  });
  await tab.goto(`${siteUrl}${path}`, { waitUntil: 'load' });
  return { tab, offSite };
}

export async function buildArticlesSite(): Promise<ArticlesSite> {
  /** What has been opened, undone last first, once. */
  const toClose: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const step of toClose.splice(0).reverse()) await step();
  };
  const temporaryDir = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    toClose.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
  try {
    const server = await startGraphqlServer({ token: SERVICE_TOKEN });
    toClose.push(() => server.close());
    const served = await stockContentService(server);
    const outDir = await temporaryDir('mno-articles-build-');
    const cacheDir = await temporaryDir('mno-articles-cache-');
    const build = await buildSite(outDir, server.url, cacheDir);
    const site = await serveDirectory(outDir);
    toClose.push(() => site.close());
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    toClose.push(() => browser.close());
    return {
      server,
      served,
      outDir,
      cacheDir,
      build,
      url: site.url,
      close,
      page: (path) => readFile(join(outDir, path), 'utf8'),
      visit: (path, width) => openSiteOnlyTab(browser, site.url, path, width),
    };
  } catch (error) {
    await close();
    throw error;
  }
}
