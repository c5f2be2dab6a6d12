// The articles collection's loader, run in-process build after build against
// the local GraphQL server: paging, the guards against a misbehaving service,
// failures, the cache between builds, and images that cannot be fetched.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { articleEntrySchema } from '../../../src/lib/articles/entry-schema.ts';
import { articlesLoader, type ArticlesLoaderOptions } from '../../../src/lib/articles/loader.ts';
import type { Article } from '../../../src/lib/articles/entry-schema.ts';
import {
  generateArticles,
  startGraphqlServer,
  type GraphqlServerOptions,
  type GraphqlTestServer,
} from '../../../scripts/lib/graphql-server.ts';
import { readTeam } from '../../support/content.ts';
import { loaderBuild, type LoaderBuild } from '../../support/loader-context.ts';

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));
const DEFAULTS: ArticlesLoaderOptions = {
  assetHosts: ['*.graphassets.com'],
  siteUrl: 'https://www.mnoadvocates.co.ke',
};

let servers: GraphqlTestServer[] = [];
async function serve(options: GraphqlServerOptions) {
  const server = await startGraphqlServer(options);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/** Runs the loader once over `build`'s store; returns the articles in store order. */
async function load(
  options: Partial<ArticlesLoaderOptions>,
  build: LoaderBuild = loaderBuild(articleEntrySchema),
): Promise<Article[]> {
  await articlesLoader(() => ({ ...DEFAULTS, ...options })).load(build.context());
  return build.entries().map((entry) => entry.data as unknown as Article);
}

/** The variables of each GraphQL request the server received. */
const variablesOf = (server: GraphqlTestServer) =>
  server.requests.map((request) => (request.body as { variables: Record<string, unknown> }).variables);

describe('articles without CONTENT_API_URL', () => {
  it('come from the bundled sample file, oldest first, with a note in the build log', async () => {
    const build = loaderBuild(articleEntrySchema);
    const articles = await load({}, build);
    expect(articles.length).toBeGreaterThanOrEqual(6);
    const created = articles.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());
    expect(build.log).toContainEqual(expect.stringContaining('CONTENT_API_URL is not set'));
  });

  it('are written by members of the team, dated 2023 to 2026, one without an articleDate', async () => {
    const articles = await load({});
    const team = new Set(readTeam().map((member) => member.name));
    for (const article of articles) {
      expect(team, article.author.name).toContain(article.author.name);
      const shown = article.date ?? article.updatedAt.slice(0, 10);
      expect(shown >= '2023-01-01' && shown <= '2026-12-31', `${article.slug} dated ${shown}`).toBe(true);
      expect(article.category).toMatch(/^[A-Z][A-Za-z]*(_[A-Za-z]+)*$/);
      expect(article.readingMinutes).toBeGreaterThan(0);
      expect(article.summary.length).toBeGreaterThan(60);
    }
    expect(articles.filter((a) => a.date === null).length).toBeGreaterThanOrEqual(1);
    expect(new Set(articles.map((a) => a.image?.url)).size).toBe(articles.length);
  });

  it('have substantial bodies of real HTML, external links opening in a new tab', async () => {
    const articles = await load({});
    for (const { html, slug } of articles) {
      expect((html.match(/<p>/g) ?? []).length, slug).toBeGreaterThanOrEqual(5);
      expect(html).toContain('<h2>');
      expect(html).toMatch(/<(ul|ol)>/);
    }
    const html = articles.map((a) => a.html).join('');
    for (const [link] of html.matchAll(/<a href="https?:[^>]*>/g))
      expect(link).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('<a href="/contact-us">');
  });

  it('use images that exist under public/, shown as they are', async () => {
    for (const article of await load({})) {
      for (const image of [article.image, article.author.image]) {
        expect(image, article.slug).toEqual({ url: expect.stringMatching(/^\/images\/articles\/.+\.svg$/) });
        expect(existsSync(publicDir + image!.url), image!.url).toBe(true);
      }
    }
  });
});

describe('articles from a GraphQL endpoint', () => {
  it('are every article the service holds, paged 100 at a time oldest first, until a short page', async () => {
    const all = generateArticles(250);
    const server = await serve({ articles: all });
    const articles = await load({ endpoint: server.url });
    expect(articles.map((a) => a.slug)).toEqual(all.map((a) => a.articleSlug));
    expect(variablesOf(server)).toEqual([
      { first: 100, skip: 0, stage: 'PUBLISHED' },
      { first: 100, skip: 100, stage: 'PUBLISHED' },
      { first: 100, skip: 200, stage: 'PUBLISHED' },
    ]);
    const query = (server.requests[0]!.body as { query: string }).query;
    expect(query).toMatch(/articles\(first: \$first, skip: \$skip, orderBy: createdAt_ASC, stage: \$stage\)/);
  });

  it('ask once more after a full last page, and stop at the empty one', async () => {
    const server = await serve({ articles: generateArticles(200) });
    expect(await load({ endpoint: server.url })).toHaveLength(200);
    expect(variablesOf(server).map((v) => v.skip)).toEqual([0, 100, 200]);
  });

  it('send CONTENT_API_TOKEN as a bearer token on every page, and no Authorization header without one', async () => {
    const server = await serve({ articles: generateArticles(120), token: 'editor-token-123' });
    await load({ endpoint: server.url, token: 'editor-token-123' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      'Bearer editor-token-123',
      'Bearer editor-token-123',
    ]);
    const open = await serve({ articles: generateArticles(2) });
    await load({ endpoint: open.url });
    expect(open.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('are the drafts too when the stage is DRAFT (editors’ previews)', async () => {
    const [published, draft] = generateArticles(2);
    const server = await serve({ articles: [published!, { ...draft!, stage: 'DRAFT' }] });
    expect((await load({ endpoint: server.url })).map((a) => a.id)).toEqual([published!.id]);
    expect((await load({ endpoint: server.url, stage: 'DRAFT' })).map((a) => a.id)).toEqual([published!.id, draft!.id]);
    expect(variablesOf(server).at(-1)).toMatchObject({ stage: 'DRAFT' });
  });

  describe('fail the build with an error naming the endpoint', () => {
    const fails = async (
      options: GraphqlServerOptions,
      message: string | RegExp,
      extra: Partial<ArticlesLoaderOptions> = {},
    ) => {
      const server = await serve(options);
      const error = await load({ endpoint: server.url, ...extra }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(error?.name).toBe('ArticlesSourceError');
      expect(error?.message.startsWith(`Could not load articles from ${server.url}: `), error?.message).toBe(true);
      expect(error?.message).toMatch(message);
      return { server, error: error! };
    };

    it('when it answers HTTP 500', () => fails({ failWithStatus: 500 }, 'HTTP 500'));

    it('when it answers GraphQL errors', () =>
      fails(
        { graphqlErrors: ['Field "articleDate" is not defined on model Article'] },
        'GraphQL error: Field "articleDate" is not defined on model Article',
      ));

    it('when the token is wrong, without printing the token', async () => {
      const { error } = await fails({ articles: generateArticles(1), token: 'right-token' }, 'HTTP 401', {
        token: 'wrong-token-456',
      });
      expect(error.message).not.toContain('wrong-token-456');
    });

    it('when the endpoint does not answer in time', () =>
      fails({ articles: generateArticles(1), delayMs: 1_000 }, 'no answer within 0.1 s', { timeoutMs: 100 }));

    it('when the service repeats the same page whatever it is asked', async () => {
      const { server } = await fails(
        { articles: generateArticles(150), misbehave: 'repeat-first-page' },
        /came on page 1 and again on page 2: the service is not paging/,
      );
      expect(server.requests).toHaveLength(2);
    });

    it('when a page holds more than was asked for', () =>
      fails(
        { articles: generateArticles(130), misbehave: 'ignore-first' },
        'page 1 holds 130 articles, more than the 100 asked for',
      ));

    it('when a slug comes again on a later page', async () => {
      const all = generateArticles(101);
      all[100] = { ...all[100]!, articleSlug: all[3]!.articleSlug };
      await fails({ articles: all }, `slug "${all[3]!.articleSlug}" came on page 1 and again on page 2`);
    });

    it('when there are more pages than CONTENT_MAX_PAGES allows', async () => {
      const { server } = await fails(
        { articles: generateArticles(320) },
        'more than 3 pages of 100 articles; if the service really holds that many, raise CONTENT_MAX_PAGES',
        { maxPages: 3 },
      );
      expect(server.requests).toHaveLength(3);
    });
  });

  it('fail when nothing listens at the endpoint, leaving the last build’s articles in place', async () => {
    const server = await serve({ articles: generateArticles(3) });
    const build = loaderBuild(articleEntrySchema);
    await load({ endpoint: server.url }, build);
    await server.close();
    servers = [];
    await expect(load({ endpoint: server.url }, build)).rejects.toThrow(/ECONNREFUSED/);
    expect(build.entries()).toHaveLength(3);
  });

  it('skip bad records with a single warning that lists them', async () => {
    const [good1, good2, good3] = generateArticles(3);
    const server = await serve({
      articles: [
        good1!,
        { ...good2!, id: 'no-slug', articleSlug: null },
        { ...good2!, id: 'no-title', articleTitle: '   ' },
        { ...good2!, id: 'traversal', articleSlug: '../../etc/passwd' },
        { ...good2!, id: 'reserved', articleSlug: '404' },
        { ...good2!, id: 'duplicate', articleSlug: good1!.articleSlug!.toUpperCase() },
        good3!,
      ],
    });
    const build = loaderBuild(articleEntrySchema);
    const articles = await load({ endpoint: server.url }, build);
    expect(articles.map((a) => a.id)).toEqual([good1!.id, good3!.id]);
    const warnings = build.log.filter((line) => line.startsWith('warn:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Skipped 5 of 7 article record(s) from ${server.url}`);
    for (const [id, reason] of [
      ['no-slug', 'missing slug'],
      ['no-title', 'missing title'],
      ['traversal', 'unsafe characters in slug'],
      ['reserved', 'slug reserved for a page of the site'],
      ['duplicate', `duplicate slug (already used by ${good1!.id})`],
    ]) {
      expect(warnings[0]).toMatch(new RegExp(`id=${id} .*: ${reason!.replace(/[()]/g, '\\$&')}`));
    }
  });

  it('sanitise bodies and drop images from hosts that are not allowed', async () => {
    const [article] = generateArticles(1);
    const server = await serve({
      articles: [
        {
          ...article!,
          articleMainImage: { url: 'https://tracker.example/pixel.png' },
          authorImage: { url: 'https://eu-central-1-shared-euc1-02.graphassets.com/abc/def' },
          articleContent: { html: '<p onclick="x()">Hello</p><script>alert(1)</script>' },
        },
      ],
    });
    const build = loaderBuild(articleEntrySchema);
    const [loaded] = await load({ endpoint: server.url, probe: async () => ({ width: 240, height: 240 }) }, build);
    expect(loaded!.html).toBe('<p>Hello</p>');
    expect(loaded!.image).toBeNull();
    expect(loaded!.author.image).toEqual({
      url: 'https://eu-central-1-shared-euc1-02.graphassets.com/abc/def',
      width: 240,
      height: 240,
    });
    expect(build.log.filter((line) => line.startsWith('warn:')).join('\n')).toContain('articleMainImage dropped');
  });

  it('warn when the endpoint holds no articles at all', async () => {
    const server = await serve({ articles: [] });
    const build = loaderBuild(articleEntrySchema);
    expect(await load({ endpoint: server.url }, build)).toEqual([]);
    expect(build.log).toContainEqual(expect.stringContaining('returned no usable articles'));
  });
});

describe('the collection between builds', () => {
  const withImage = (count: number, server: GraphqlTestServer) =>
    generateArticles(count).map((article, index) => ({
      ...article,
      articleMainImage: { url: `${server.assetBase}photo-${index}.jpg` },
    }));

  it('keeps unchanged articles as they were, without cleaning or downloading them again', async () => {
    const server = await serve({});
    server.options.articles = withImage(5, server);
    const probed: string[] = [];
    const probe = async (url: string) => (probed.push(url), { width: 2400, height: 1600 });
    const options = { endpoint: server.url, assetHosts: ['127.0.0.1'], probe };
    const build = loaderBuild(articleEntrySchema);

    const first = await load(options, build);
    expect(probed).toHaveLength(5);
    expect(first[0]!.image).toEqual({ url: `${server.assetBase}photo-0.jpg`, width: 2400, height: 1600 });
    expect(build.log.at(-1)).toContain('5 new or changed, 0 unchanged since the last build');

    const [, second, ...rest] = server.options.articles!;
    server.options.articles = [
      { ...second!, articleTitle: 'An edited title', articleMainImage: { url: `${server.assetBase}photo-new.jpg` } },
      ...rest,
    ];
    probed.length = 0;
    const rebuilt = await load(options, build);
    expect(probed).toEqual([`${server.assetBase}photo-new.jpg`]);
    expect(build.log.at(-1)).toContain('1 new or changed, 3 unchanged since the last build');
    expect(rebuilt.map((a) => a.id).sort()).toEqual([second!.id, ...rest.map((a) => a.id!)].sort());
    expect(rebuilt.find((a) => a.id === second!.id)!.title).toBe('An edited title');
  });

  it('makes an article again when its stored entry is of an earlier Article shape', async () => {
    const server = await serve({ articles: generateArticles(3) });
    const build = loaderBuild(articleEntrySchema);
    await load({ endpoint: server.url }, build);
    // As an earlier version of the site stored it: the content service's field names.
    const [stale] = build.entries();
    const { slug, title, html } = stale!.data as unknown as Article;
    stale!.data = { id: stale!.id, articleSlug: slug, articleTitle: title, articleContent: { html } };

    const rebuilt = await load({ endpoint: server.url }, build);
    expect(build.log.at(-1)).toContain('1 new or changed, 2 unchanged');
    expect(rebuilt.find((a) => a.id === stale!.id)).toMatchObject({ slug, title, html });
    for (const entry of build.entries()) expect(articleEntrySchema.safeParse(entry.data).success, entry.id).toBe(true);
  });

  it('cleans every article again when the settings that shape them change', async () => {
    const server = await serve({ articles: generateArticles(3) });
    const build = loaderBuild(articleEntrySchema);
    await load({ endpoint: server.url }, build);
    await load({ endpoint: server.url, siteUrl: 'https://preview.mnoadvocates.co.ke' }, build);
    expect(build.log.at(-1)).toContain('3 new or changed, 0 unchanged');
  });

  it('publishes an article whose image cannot be downloaded without it, names it in a warning, and tries again next build', async () => {
    const server = await serve({});
    server.options.articles = withImage(2, server);
    const [, broken] = server.options.articles;
    const probe = async (url: string) => {
      if (url.endsWith('photo-1.jpg')) throw new Error('HTTP 404');
      return { width: 1200, height: 800 };
    };
    const build = loaderBuild(articleEntrySchema);
    const articles = await load({ endpoint: server.url, assetHosts: ['127.0.0.1'], probe }, build);
    expect(articles.find((a) => a.id === broken!.id)!.image).toBeNull();
    expect(articles.find((a) => a.id !== broken!.id)!.image).toMatchObject({ width: 1200 });
    const warning = build.log.find((line) => line.startsWith('warn:'))!;
    expect(warning).toContain(`"${broken!.articleTitle}" (/insight/${broken!.articleSlug})`);
    expect(warning).toContain('photo-1.jpg could not be downloaded (HTTP 404); the article is published without it');

    await load({ endpoint: server.url, assetHosts: ['127.0.0.1'], probe }, build);
    expect(build.log.at(-1)).toContain('1 new or changed, 1 unchanged');
  });
});
