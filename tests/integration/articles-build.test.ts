// Builds the real site against a local GraphQL content service and checks what
// a visitor would get: the service's articles, hostile HTML made harmless (also
// in a real browser), and a failing service failing the build.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium';
import { generateArticles, startGraphqlServer, type GraphqlTestServer, type ServedArticle } from '../support/graphql-server';
import { serveDirectory } from './static-server';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const astroCli = join(projectRoot, 'node_modules/astro/bin/astro.mjs');
const TOKEN = 'integration-token-7f3a';
const BUILD_TIMEOUT = 240_000;

interface BuildResult {
  code: number | null;
  output: string;
}

/** `astro build --outDir <outDir>` in this project, reading articles from `endpoint`. */
function buildSite(outDir: string, endpoint: string): Promise<BuildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroCli, 'build', '--outDir', outDir], {
      cwd: projectRoot,
      env: {
        ...process.env,
        ASTRO_TELEMETRY_DISABLED: '1',
        CONTENT_API_URL: endpoint,
        CONTENT_API_TOKEN: TOKEN,
        SITE_URL: 'http://localhost:4321',
        CONTENT_ASSET_HOSTS: '',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT - 10_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const HOSTILE_SLUG = 'hostile-article';
const HOSTILE_TITLE = 'Hostile </script><script>window.__pwned=1</script> title';
const HOSTILE_BODY = [
  '<p>Opening paragraph that must survive.</p>',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '<p><a href="javascript:window.__pwned=1">x</a></p>',
  '<svg onload="window.__pwned=1"><circle r="4"></circle></svg>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<p onclick="window.__pwned=1" style="background:url(javascript:window.__pwned=1)">Closing paragraph.</p>',
  '<img src="https://evil.example/pixel.png" alt="tracker">',
].join('');

function hostileArticle(): ServedArticle {
  const [base] = generateArticles(1, { from: '2026-07-01T08:00:00Z', until: '2026-07-01T08:00:00Z' });
  return {
    ...base,
    id: 'hostile000000000000000000',
    articleSlug: HOSTILE_SLUG,
    articleTitle: HOSTILE_TITLE,
    articleSummary: '<img src=x onerror="window.__pwned=1"> A summary with markup in it.',
    authorImage: { url: 'https://evil.example/author.png' },
    articleMainImage: { url: 'javascript:window.__pwned=1' },
    articleContent: { html: HOSTILE_BODY },
  };
}

/** A record trying to take the not-found page's address. */
function reservedSlugArticle(): ServedArticle {
  const [base] = generateArticles(1, { from: '2026-06-01T08:00:00Z', until: '2026-06-01T08:00:00Z' });
  return { ...base, id: 'reserved00000000000000000', articleSlug: '404', articleTitle: 'An article called 404' };
}

/** The article body as built: the contents of the `.prose` element. */
function proseOf(html: string): string {
  const match = html.match(/<div class="prose"[^>]*>([\s\S]*?)<\/div>\s*<\/div>\s*<\/article>/);
  if (!match) throw new Error('no article body found in the page');
  return match[1]!;
}

describe('a build against the content service', { timeout: BUILD_TIMEOUT }, () => {
  const generated = generateArticles(3);
  let server: GraphqlTestServer;
  let outDir: string;
  let build: BuildResult;
  const page = (path: string) => readFile(join(outDir, path), 'utf8');

  beforeAll(async () => {
    server = await startGraphqlServer({ articles: [...generated, reservedSlugArticle(), hostileArticle()], token: TOKEN });
    outDir = await mkdtemp(join(tmpdir(), 'mno-articles-build-'));
    build = await buildSite(outDir, server.url);
  }, BUILD_TIMEOUT);

  afterAll(async () => {
    await server?.close();
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it('succeeds', () => {
    expect(build.code, build.output.slice(-3000)).toBe(0);
  });

  it('asks the service with the bearer token', () => {
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    for (const request of server.requests) {
      expect(request.method).toBe('POST');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('makes one page per article from the service’s data, and none from the sample file', async () => {
    for (const article of generated) {
      const html = await page(`insight/${article.articleSlug}/index.html`);
      expect(html).toContain(String(article.articleTitle).replace(/&/g, '&amp;'));
      expect(html).toContain(article.authorName!);
    }
    expect(existsSync(join(outDir, 'insight/registering-with-the-odpc'))).toBe(false);

    const list = await page('insights/index.html');
    const linked = [...list.matchAll(/class="insight-card__more"[^>]*href="\/insight\/([^"]+)"|href="\/insight\/([^"]+)"[^>]*class="insight-card__more"/g)].map(
      (match) => match[1] ?? match[2],
    );
    expect(linked).toEqual([HOSTILE_SLUG, ...generated.map((article) => article.articleSlug).reverse()]);

    const feed = await page('rss.xml');
    for (const article of generated) expect(feed).toContain(`http://localhost:4321/insight/${article.articleSlug}</link>`);
  });

  it('never lets an article take the not-found page’s address', async () => {
    const notFound = await page('insight/404/index.html');
    expect(notFound).toMatch(/<h1[^>]*><\/h1>/);
    expect(notFound).not.toContain('An article called 404');
    expect(await page('insights/index.html')).not.toContain('href="/insight/404"');
  });

  it('removes scripts, handlers, javascript: links, SVG and frames from a hostile article', async () => {
    const html = await page(`insight/${HOSTILE_SLUG}/index.html`);
    const prose = proseOf(html);
    expect(prose).toContain('Opening paragraph that must survive.');
    expect(prose).toContain('Closing paragraph.');
    for (const forbidden of ['<script', 'onerror', 'onload', 'onclick', 'javascript:', '<iframe', '<svg', 'evil.example', 'style=']) {
      expect(prose.toLowerCase(), forbidden).not.toContain(forbidden);
    }
    // Nowhere in the page's markup either (the title, JSON-LD, the stored-list data block).
    // Attribute values are text to a browser, so they are blanked before looking for tags.
    const markup = html.replace(/="[^"]*"/g, '=""');
    const scripts = [...markup.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
    const mentioning = scripts.filter((script) => script.includes('__pwned'));
    expect(mentioning.length).toBeGreaterThan(0); // the JSON-LD and data blocks carry the title as data
    for (const script of mentioning) {
      expect(script).not.toContain('<'); // so nothing in it can end the element
      expect(() => JSON.parse(script)).not.toThrow();
    }
    const elements = markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '<script></script>');
    expect(elements).not.toMatch(/<(iframe|frame|object|embed)\b/i);
    expect(elements).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(href|src)="\s*javascript:/i);
    expect(html).not.toContain('evil.example');
  });

  it('runs nothing from a hostile article in a real browser', async () => {
    const site = await serveDirectory(outDir);
    const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage();
      const blocked: string[] = [];
      await tab.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(site.url)) return route.continue();
        blocked.push(url);
        return route.abort();
      });
      await tab.goto(`${site.url}/insight/${HOSTILE_SLUG}/`, { waitUntil: 'load' });
      await tab.waitForTimeout(500);
      expect(await tab.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(await tab.locator('h1').textContent()).toBe(HOSTILE_TITLE);
      const dom = await tab.evaluate(() => ({
        inlineScriptsMentioningPwned: [...document.scripts].filter((script) => script.textContent?.includes('__pwned') && script.type !== 'application/json' && script.type !== 'application/ld+json').length,
        handlers: [...document.querySelectorAll('*')].flatMap((element) => element.getAttributeNames().filter((name) => name.startsWith('on'))),
        javascriptUrls: [...document.querySelectorAll('[href], [src]')].filter((element) => /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? '')).length,
        frames: document.querySelectorAll('iframe, frame, object, embed').length,
        bodyElements: [...document.querySelectorAll('.prose *')].map((element) => element.tagName.toLowerCase()),
      }));
      expect(dom).toEqual({ inlineScriptsMentioningPwned: 0, handlers: [], javascriptUrls: 0, frames: 0, bodyElements: ['p', 'p', 'a', 'p'] });
      // The page's own script still ran: the stored list holds the hostile title as text.
      const stored = await tab.evaluate(() => JSON.parse(localStorage.getItem('Articles') ?? '[]') as { articleTitle: string }[]);
      expect(stored.map((article) => article.articleTitle)).toContain(HOSTILE_TITLE);
      expect(blocked).toEqual([]);
    } finally {
      await browser.close();
      await site.close();
    }
  });
});

describe('a build while the content service is down', { timeout: BUILD_TIMEOUT }, () => {
  it('fails, naming the endpoint', async () => {
    const server = await startGraphqlServer({ failWithStatus: 500 });
    const outDir = await mkdtemp(join(tmpdir(), 'mno-articles-down-'));
    try {
      const build = await buildSite(outDir, server.url);
      expect(build.code).not.toBe(0);
      expect(build.output).toContain(`Could not load articles from ${server.url}`);
      expect(build.output).toContain('HTTP 500');
      expect(build.output).not.toContain(TOKEN);
      expect(existsSync(join(outDir, 'insights/index.html'))).toBe(false);
    } finally {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
