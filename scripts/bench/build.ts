// Stage "build": astro build wall time and pages, with the bundled sample
// articles and with a local GraphQL content service holding 200 articles.
import { generateArticles, startGraphqlServer } from '../../tests/support/graphql-server.ts';
import { ARTICLES_FETCHED } from '../../src/lib/articles/query.ts';
import { buildSite, type BuiltSite } from './site.ts';
import { round } from './stats.ts';

export const SERVED_ARTICLES = 200;
const TOKEN = 'bench-token';

export interface BuildResult {
  source: string;
  buildSeconds: number;
  pages: number;
  articlePages: number;
  note: string;
}

const result = (source: string, site: BuiltSite, note: string): BuildResult => ({
  source,
  buildSeconds: round(site.buildMs / 1000),
  pages: site.pages,
  articlePages: site.articlePages.length,
  note,
});

export function describeSampleBuild(site: BuiltSite): BuildResult {
  return result('sample articles (src/content)', site, 'no CONTENT_API_URL');
}

/** Builds against the local GraphQL server; the site is removed afterwards. */
export async function benchGraphqlBuild(): Promise<BuildResult> {
  const server = await startGraphqlServer({ articles: generateArticles(SERVED_ARTICLES), token: TOKEN });
  let site: BuiltSite | undefined;
  try {
    site = await buildSite({ CONTENT_API_URL: server.url, CONTENT_API_TOKEN: TOKEN });
    const fetched = Math.min(ARTICLES_FETCHED, SERVED_ARTICLES);
    return result(
      `local GraphQL, ${SERVED_ARTICLES} articles`,
      site,
      `articles fetched: ${fetched} of ${SERVED_ARTICLES} (query asks for the last ${ARTICLES_FETCHED}, spec constant)`,
    );
  } finally {
    await site?.remove();
    await server.close();
  }
}
