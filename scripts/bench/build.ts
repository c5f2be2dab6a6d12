// Stage "build": astro build wall time and pages, with the bundled sample
// articles, and against a local GraphQL content service holding 200 and
// 2,000 articles, each with its own large main image (camera JPEGs, and every
// fourth a PNG, as editors upload): a cold build (empty Astro cache), then a
// rebuild after one article changed (the cache of the first build kept, as
// Netlify keeps node_modules/.astro between builds).
//
//   BENCH_ARTICLES=200,2000   the article counts (default)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateArticles, startGraphqlServer, type ServedAsset } from '../lib/graphql-server.ts';
import { largePhoto } from '../lib/photos.ts';
import { buildSite, type BuiltSite } from './site.ts';
import { round } from './stats.ts';

const TOKEN = 'bench-token';

export interface BuildResult {
  source: string;
  build: string;
  buildSeconds: number;
  pages: number;
  articlePages: number;
  note: string;
}

const result = (source: string, build: string, site: BuiltSite, note: string): BuildResult => ({
  source,
  build,
  buildSeconds: round(site.buildMs / 1000),
  pages: site.pages,
  articlePages: site.articlePages.length,
  note,
});

export function describeSampleBuild(site: BuiltSite): BuildResult {
  return result('sample articles (src/content)', 'cold', site, 'no CONTENT_API_URL');
}

/** The article counts to build, from BENCH_ARTICLES. */
function articleCounts(): number[] {
  const counts = (process.env.BENCH_ARTICLES ?? '200,2000').split(',').map((value) => Number(value.trim()));
  if (counts.some((count) => !Number.isInteger(count) || count < 1))
    throw new Error(`BENCH_ARTICLES must list whole numbers, not ${process.env.BENCH_ARTICLES}`);
  return counts;
}

/** A few distinct large photos; every article gets its own URL, so each is downloaded and optimised on its own. */
async function photoPool(): Promise<{ jpeg: Buffer[]; png: Buffer }> {
  const jpeg = await Promise.all([1, 2, 3].map((seed) => largePhoto({ seed, format: 'jpeg' })));
  return { jpeg, png: await largePhoto({ seed: 4 }) };
}

/** Cold build, then a rebuild with one article changed, against `count` articles on a local GraphQL server. */
async function benchArticleCount(count: number, photos: Awaited<ReturnType<typeof photoPool>>): Promise<BuildResult[]> {
  const server = await startGraphqlServer({ token: TOKEN });
  const cacheDir = await mkdtemp(join(tmpdir(), 'mno-bench-cache-'));
  const assets: Record<string, ServedAsset> = {};
  const articles = generateArticles(count).map((article, index) => {
    const name = index % 4 === 3 ? `photo-${index}.png` : `photo-${index}.jpg`;
    assets[name] = name.endsWith('.png')
      ? { body: photos.png, contentType: 'image/png' }
      : { body: photos.jpeg[index % 3]!, contentType: 'image/jpeg' };
    return { ...article, articleMainImage: { url: `${server.assetBase}${name}` } };
  });
  Object.assign(server.options, { articles, assets });
  const env = { CONTENT_API_URL: server.url, CONTENT_API_TOKEN: TOKEN, CONTENT_ASSET_HOSTS: '127.0.0.1' };
  const source = `local GraphQL, ${count} articles`;
  const pagesNote = (site: BuiltSite) =>
    site.articlePages.length === count
      ? `all ${count} article pages written`
      : `MISSING: ${site.articlePages.length} of ${count} article pages`;
  const results: BuildResult[] = [];
  try {
    const cold = await buildSite(env, cacheDir);
    results.push(result(source, 'cold (empty cache)', cold, `${pagesNote(cold)}; ${count} main images optimised`));
    await cold.remove();

    const changed = articles[Math.floor(count / 2)]!;
    server.options.articles = articles.map((article) =>
      article === changed
        ? { ...article, articleTitle: `${article.articleTitle} (revised)`, updatedAt: new Date().toISOString() }
        : article,
    );
    const rebuilt = await buildSite(env, cacheDir);
    results.push(result(source, 'rebuild, 1 article changed', rebuilt, pagesNote(rebuilt)));
    await rebuilt.remove();
  } finally {
    await server.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
  return results;
}

/** Every count of BENCH_ARTICLES, cold and rebuilt. */
export async function benchGraphqlBuilds(): Promise<BuildResult[]> {
  const photos = await photoPool();
  const results: BuildResult[] = [];
  for (const count of articleCounts()) {
    console.log(`bench: building against ${count} articles, cold then after one change…`);
    results.push(...(await benchArticleCount(count, photos)));
  }
  return results;
}
