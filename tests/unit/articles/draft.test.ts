import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDraftArticle, previewTokenAccepted } from '../../../src/lib/articles/draft.ts';
import { generateArticles, startGraphqlServer, type GraphqlTestServer } from '../../../scripts/lib/graphql-server.ts';

const SECRET = 'a-preview-secret-of-some-length-0123456789';

describe('the preview token', () => {
  it('is accepted only when it is the secret', () => {
    expect(previewTokenAccepted(SECRET, SECRET)).toBe(true);
    expect(previewTokenAccepted(`${SECRET}x`, SECRET)).toBe(false);
    expect(previewTokenAccepted(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(previewTokenAccepted(SECRET.toUpperCase(), SECRET)).toBe(false);
    expect(previewTokenAccepted('', SECRET)).toBe(false);
    expect(previewTokenAccepted(null, SECRET)).toBe(false);
  });

  it('opens nothing while no secret is set', () => {
    expect(previewTokenAccepted('', undefined)).toBe(false);
    expect(previewTokenAccepted('anything', undefined)).toBe(false);
    expect(previewTokenAccepted('', '')).toBe(false);
  });

  it('refuses any other string without throwing, however long or strange', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2_000, unit: 'binary' }), (token) => {
        expect(previewTokenAccepted(token, SECRET)).toBe(token === SECRET);
      }),
    );
    expect(previewTokenAccepted('x'.repeat(10_000_000), SECRET)).toBe(false);
  });
});

describe('the draft article', () => {
  const [published, draft] = generateArticles(2);
  const unsafeDraft = {
    ...draft!,
    stage: 'DRAFT',
    articleContent: { html: '<p>Kept.</p><script>alert(1)</script><img src="https://elsewhere.example/x.png">' },
    articleMainImage: { url: 'https://media.graphassets.com/abc' },
  };
  let server: GraphqlTestServer;
  const options = () => ({ endpoint: server.url, assetHosts: ['*.graphassets.com'], siteUrl: 'https://example.com' });

  beforeAll(async () => {
    server = await startGraphqlServer({ articles: [published!, unsafeDraft] });
  });
  afterAll(() => server.close());

  it('is read from the DRAFT stage, cleaned as a build cleans it, its CMS image kept unsized', async () => {
    const article = await fetchDraftArticle(unsafeDraft.articleSlug!, options());
    expect(article?.title).toBe(unsafeDraft.articleTitle);
    expect(article?.html).toContain('<p>Kept.</p>');
    expect(article?.html).not.toMatch(/script|elsewhere/);
    expect(article?.image).toEqual({ url: 'https://media.graphassets.com/abc' });
    const asked = server.requests.at(-1)?.body as { variables: unknown };
    expect(asked.variables).toEqual({ slug: unsafeDraft.articleSlug, stage: 'DRAFT' });
  });

  it('is null for a slug no article has', async () => {
    expect(await fetchDraftArticle('no-such-article', options())).toBeNull();
  });

  it('never sends the service a slug no article could have', async () => {
    const before = server.requests.length;
    for (const slug of ['', '../admin', 'a b', 'x'.repeat(300), '-leading', 'ü']) {
      expect(await fetchDraftArticle(slug, options())).toBeNull();
    }
    expect(server.requests.length).toBe(before);
  });

  it('fails when the service does, so the page can say so', async () => {
    server.options.failWithStatus = 500;
    try {
      await expect(fetchDraftArticle(unsafeDraft.articleSlug!, options())).rejects.toThrow(/HTTP 500/);
    } finally {
      delete server.options.failWithStatus;
    }
  });
});

describe('rendering on request', () => {
  /** Every page file under src/pages, with its path. */
  const pages = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? pages(join(folder, entry.name)) : [join(folder, entry.name)],
    );

  it('is the draft preview’s alone: every other page is built ahead', () => {
    const onDemand = pages('src/pages').filter((file) =>
      /export const prerender = false/.test(readFileSync(file, 'utf8')),
    );
    expect(onDemand).toEqual([join('src/pages/preview/insight/[slug].astro')]);
  });
});
