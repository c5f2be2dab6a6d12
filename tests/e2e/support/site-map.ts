import { existsSync, readFileSync } from 'node:fs';
import { generatedArticlePaths } from './articles.ts';

const DIST = new URL('../../../dist/', import.meta.url);

const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);

/**
 * Every page the built sitemap lists, as paths (the same list search engines are
 * given), less the generated articles' pages, whose template the sample
 * articles' pages already put through every check. Read from the build on disk while the tests are collected, so site-wide
 * checks are one test per page and a failure names its page. Playwright starts
 * the web server (which builds the site) before it collects the tests.
 */
export const sitemapPages: readonly string[] = (() => {
  const index = new URL('sitemap-index.xml', DIST);
  if (!existsSync(index)) {
    throw new Error(
      'dist/sitemap-index.xml is missing: the browser tests list their pages from the build (npm run test:e2e builds it).',
    );
  }
  return locations(readFileSync(index, 'utf8')).flatMap((sitemap) =>
    locations(readFileSync(new URL(`.${sitemap}`, DIST), 'utf8')).filter((path) => !generatedArticlePaths.has(path)),
  );
})();
