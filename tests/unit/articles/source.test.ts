import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import teamMembers from '../../../src/content/team.json';
import { ArticlesSourceError, getArticles, loadArticles } from '../../../src/lib/articles/source';
import { generateArticles, startGraphqlServer, type GraphqlTestServer, type GraphqlServerOptions } from '../../support/graphql-server';

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));
const ENV_KEYS = ['CONTENT_API_URL', 'CONTENT_API_TOKEN', 'CONTENT_ASSET_HOSTS', 'SITE_URL'] as const;

let servers: GraphqlTestServer[] = [];
async function serve(options: GraphqlServerOptions) {
  const server = await startGraphqlServer(options);
  servers.push(server);
  return server;
}

beforeEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

describe('articles without CONTENT_API_URL', () => {
  it('come from the bundled sample file, oldest first', async () => {
    const articles = await getArticles();
    expect(articles.length).toBeGreaterThanOrEqual(6);
    expect(articles.length).toBeLessThanOrEqual(8);
    const created = articles.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('CONTENT_API_URL is not set'));
  });

  it('are written by members of the team, dated 2023 to 2026, one without an articleDate', async () => {
    const articles = await getArticles();
    const team = new Set(teamMembers.map((member) => member.name));
    for (const article of articles) expect(team, article.authorName).toContain(article.authorName);
    for (const article of articles) {
      const shown = article.articleDate ?? article.updatedAt.slice(0, 10);
      expect(shown >= '2023-01-01' && shown <= '2026-12-31', `${article.articleSlug} dated ${shown}`).toBe(true);
      expect(article.articleCategory).toMatch(/^[A-Z][A-Za-z]*(_[A-Za-z]+)*$/);
      expect(article.approximateTimeOfRead).toBeGreaterThan(0);
      expect(article.articleSummary.length).toBeGreaterThan(60);
    }
    expect(articles.filter((a) => a.articleDate === null).length).toBeGreaterThanOrEqual(1);
    expect(new Set(articles.map((a) => a.articleMainImage?.url)).size).toBe(articles.length);
  });

  it('have substantial bodies of real HTML', async () => {
    for (const article of await getArticles()) {
      const html = article.articleContent.html;
      expect((html.match(/<p>/g) ?? []).length, article.articleSlug).toBeGreaterThanOrEqual(5);
      expect(html).toContain('<h2>');
      expect(html).toMatch(/<(ul|ol)>/);
      expect(html).toMatch(/<a href="/);
    }
  });

  it('use images that exist under public/ and survive the image allowlist', async () => {
    for (const article of await getArticles()) {
      for (const image of [article.articleMainImage, article.authorImage]) {
        expect(image?.url, article.articleSlug).toMatch(/^\/images\/articles\/.+\.svg$/);
        expect(existsSync(publicDir + image!.url), image!.url).toBe(true);
      }
    }
  });

  it('open external links in the bodies in a new tab', async () => {
    const html = (await getArticles()).map((a) => a.articleContent.html).join('');
    for (const [link] of html.matchAll(/<a href="https?:[^>]*>/g)) {
      expect(link).toContain('target="_blank" rel="noopener noreferrer"');
    }
    expect(html).toContain('<a href="/contact-us">');
  });
});

describe('articles from a GraphQL endpoint', () => {
  it('are the last 20 the endpoint holds, in its order', async () => {
    const all = generateArticles(30);
    const server = await serve({ articles: all });
    const articles = await loadArticles({ endpoint: server.url });
    expect(articles.map((a) => a.articleSlug)).toEqual(all.slice(10).map((a) => a.articleSlug));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
  });

  it('are read from CONTENT_API_URL, sending CONTENT_API_TOKEN as a bearer token', async () => {
    const server = await serve({ articles: generateArticles(3), token: 'editor-token-123' });
    process.env.CONTENT_API_URL = server.url;
    process.env.CONTENT_API_TOKEN = 'editor-token-123';
    const articles = await getArticles();
    expect(articles).toHaveLength(3);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer editor-token-123');
  });

  it('are sent without an Authorization header when no token is set', async () => {
    const server = await serve({ articles: generateArticles(2) });
    await loadArticles({ endpoint: server.url });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('are fetched once per build however many pages ask', async () => {
    const server = await serve({ articles: generateArticles(5) });
    process.env.CONTENT_API_URL = server.url;
    const [first, second] = await Promise.all([getArticles(), getArticles()]);
    const third = await getArticles();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(server.requests).toHaveLength(1);
  });

  it('fail the build with an error naming the endpoint when it answers HTTP 500', async () => {
    const server = await serve({ articles: generateArticles(2), failWithStatus: 500 });
    const attempt = loadArticles({ endpoint: server.url });
    await expect(attempt).rejects.toBeInstanceOf(ArticlesSourceError);
    await expect(attempt).rejects.toThrow(`Could not load articles from ${server.url}: HTTP 500`);
  });

  it('fail the build with an error naming the endpoint when it answers GraphQL errors', async () => {
    const server = await serve({ graphqlErrors: ['Field "articleDate" is not defined on model Article'] });
    await expect(loadArticles({ endpoint: server.url })).rejects.toThrow(
      `Could not load articles from ${server.url}: GraphQL error: Field "articleDate" is not defined on model Article`,
    );
  });

  it('fail with HTTP 401 when the token is wrong, without printing the token', async () => {
    const server = await serve({ articles: generateArticles(1), token: 'right-token' });
    const error = await loadArticles({ endpoint: server.url, token: 'wrong-token-456' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArticlesSourceError);
    expect((error as Error).message).toContain(`${server.url}: HTTP 401`);
    expect((error as Error).message).not.toContain('wrong-token-456');
  });

  it('fail with an error naming the endpoint when nothing listens there', async () => {
    const server = await serve({});
    await server.close();
    servers = [];
    await expect(loadArticles({ endpoint: server.url })).rejects.toThrow(
      new RegExp(`^Could not load articles from ${server.url.replace(/[.]/g, '\\.')}: .*ECONNREFUSED`),
    );
  });

  it('fail when the endpoint does not answer in time', async () => {
    const server = await serve({ articles: generateArticles(1), delayMs: 1_000 });
    await expect(loadArticles({ endpoint: server.url, timeoutMs: 100 })).rejects.toThrow(
      `Could not load articles from ${server.url}: no answer within 0.1 s`,
    );
  });

  it('fail when the answer has no articles list', async () => {
    const fetchStub: typeof fetch = async () =>
      new Response(JSON.stringify({ data: { posts: [] } }), { headers: { 'content-type': 'application/json' } });
    await expect(loadArticles({ endpoint: 'https://cms.example/graphql', fetch: fetchStub })).rejects.toThrow(
      'Could not load articles from https://cms.example/graphql: the answer has no "articles" list',
    );
  });

  it('do not remember a failed fetch: the next build attempt asks again', async () => {
    const server = await serve({ articles: generateArticles(2), failWithStatus: 500 });
    process.env.CONTENT_API_URL = server.url;
    await expect(getArticles()).rejects.toThrow('HTTP 500');
    server.options.failWithStatus = undefined;
    await expect(getArticles()).resolves.toHaveLength(2);
    expect(server.requests).toHaveLength(2);
  });

  it('skip bad records with a single warning that lists them', async () => {
    const [good1, good2, good3] = generateArticles(3);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = await serve({
      articles: [
        good1!,
        { ...good2!, id: 'no-slug', articleSlug: null },
        { ...good2!, id: 'no-title', articleTitle: '   ' },
        { ...good2!, id: 'traversal', articleSlug: '../../etc/passwd' },
        { ...good2!, id: 'spaces', articleSlug: 'two words' },
        { ...good2!, id: 'duplicate', articleSlug: good1!.articleSlug!.toUpperCase() },
        good3!,
      ],
    });
    const articles = await loadArticles({ endpoint: server.url });
    expect(articles.map((a) => a.id)).toEqual([good1!.id, good3!.id]);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    expect(message).toContain(`Skipped 5 of 7 article record(s) from ${server.url}`);
    for (const [id, reason] of [
      ['no-slug', 'missing slug'],
      ['no-title', 'missing title'],
      ['traversal', 'unsafe characters in slug'],
      ['spaces', 'unsafe characters in slug'],
      ['duplicate', `duplicate slug (already used by ${good1!.id})`],
    ]) {
      expect(message).toMatch(new RegExp(`id=${id} .*: ${reason.replace(/[()]/g, '\\$&')}`));
    }
  });

  it('sanitise bodies and drop images from hosts that are not allowed', async () => {
    const [article] = generateArticles(1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
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
    const [loaded] = await loadArticles({ endpoint: server.url });
    expect(loaded!.articleContent.html).toBe('<p>Hello</p>');
    expect(loaded!.articleMainImage).toBeNull();
    expect(loaded!.authorImage).toEqual({ url: 'https://eu-central-1-shared-euc1-02.graphassets.com/abc/def' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('articleMainImage dropped');
  });

  it('accept a configured asset host instead of the default', async () => {
    const [article] = generateArticles(1);
    const server = await serve({ articles: [{ ...article!, articleMainImage: { url: 'https://images.mnoadvocates.co.ke/a.jpg' } }] });
    process.env.CONTENT_API_URL = server.url;
    process.env.CONTENT_ASSET_HOSTS = 'images.mnoadvocates.co.ke, *.graphassets.com';
    const [loaded] = await getArticles();
    expect(loaded!.articleMainImage).toEqual({ url: 'https://images.mnoadvocates.co.ke/a.jpg' });
  });

  it('warn when the endpoint holds no articles at all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = await serve({ articles: [] });
    await expect(loadArticles({ endpoint: server.url })).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('returned no usable articles'));
  });
});
