import { describe, expect, it } from 'vitest';
import { articleEntrySchema } from '../../../src/lib/articles/entry-schema.ts';
import { normaliseArticles, SAFE_SLUG } from '../../../src/lib/articles/records.ts';
import type { SanitiseOptions } from '../../../src/lib/articles/sanitise.ts';
import { generateArticles } from '../../../scripts/lib/graphql-server.ts';

const options: SanitiseOptions = { assetHosts: ['*.graphassets.com'], siteUrl: 'https://www.mnoadvocates.co.ke' };
const base = {
  id: 'a1',
  articleSlug: 'a-slug',
  articleTitle: 'A title',
  createdAt: '2024-01-01T08:00:00Z',
  updatedAt: '2024-01-02T08:00:00Z',
};

describe('article records', () => {
  it('are mapped to the page shape with empty defaults for optional fields', () => {
    const { articles, skipped } = normaliseArticles([base], options);
    expect(skipped).toEqual([]);
    expect(articles).toEqual([
      {
        id: 'a1',
        slug: 'a-slug',
        title: 'A title',
        summary: '',
        category: null,
        date: null,
        readingMinutes: null,
        author: { name: '', image: null },
        image: null,
        html: '',
        createdAt: '2024-01-01T08:00:00Z',
        updatedAt: '2024-01-02T08:00:00Z',
      },
    ]);
  });

  it('take every field of the content service under the site’s name', () => {
    const [article] = normaliseArticles(
      [
        {
          ...base,
          articleSummary: 'A summary',
          articleCategory: 'Tax_Law',
          articleDate: '2024-03-05',
          approximateTimeOfRead: 6,
          authorName: 'Faith Chebet',
          authorImage: { url: '/images/articles/authors/faith-chebet.svg' },
          articleMainImage: { url: 'https://eu-west-2.graphassets.com/abc/photo.jpg' },
          articleContent: { html: '<p>Body</p>' },
        },
      ],
      options,
    ).articles;
    expect(article).toEqual({
      id: 'a1',
      slug: 'a-slug',
      title: 'A title',
      summary: 'A summary',
      category: 'Tax_Law',
      date: '2024-03-05',
      readingMinutes: 6,
      author: { name: 'Faith Chebet', image: { url: '/images/articles/authors/faith-chebet.svg' } },
      image: { url: 'https://eu-west-2.graphassets.com/abc/photo.jpg' },
      html: '<p>Body</p>',
      createdAt: '2024-01-01T08:00:00Z',
      updatedAt: '2024-01-02T08:00:00Z',
    });
    expect(articleEntrySchema.parse(article)).toEqual(article);
  });

  it('trim text and accept a reading time sent as a string', () => {
    const [article] = normaliseArticles(
      [{ ...base, articleTitle: '  Spaced  ', articleCategory: ' Tax_Law ', approximateTimeOfRead: '6' }],
      options,
    ).articles;
    expect(article).toMatchObject({ title: 'Spaced', category: 'Tax_Law', readingMinutes: 6 });
  });

  it('ignore an unusable reading time or date', () => {
    const [article] = normaliseArticles(
      [{ ...base, approximateTimeOfRead: 'soon', articleDate: '31/02/2024' }],
      options,
    ).articles;
    expect(article).toMatchObject({ readingMinutes: null, date: null });
  });

  it('keep a date-time articleDate as its calendar day', () => {
    const [article] = normaliseArticles([{ ...base, articleDate: '2024-03-05T00:00:00Z' }], options).articles;
    expect(article!.date).toBe('2024-03-05');
  });

  it('fall back to the slug when the id is missing, and to createdAt when updatedAt is', () => {
    const [article] = normaliseArticles([{ ...base, id: null, updatedAt: null }], options).articles;
    expect(article).toMatchObject({ id: 'a-slug', updatedAt: '2024-01-01T08:00:00Z' });
  });

  it('are skipped when not objects', () => {
    const { articles, skipped } = normaliseArticles([null, 'x', base], options);
    expect(articles).toHaveLength(1);
    expect(skipped.map((p) => [p.index, p.reason])).toEqual([
      [0, 'not an object'],
      [1, 'not an object'],
    ]);
  });

  it('keep the first, oldest record of a duplicated slug, whatever its case', () => {
    const { articles, skipped } = normaliseArticles([base, { ...base, id: 'a2', articleSlug: 'A-Slug' }], options);
    expect(articles.map((a) => a.id)).toEqual(['a1']);
    expect(skipped[0]).toMatchObject({ index: 1, id: 'a2', reason: 'duplicate slug (already used by a1)' });
  });

  it('only accept slugs that are one safe path segment', () => {
    for (const slug of ['land-law', 'Land_Law_2024', 'a', '2024-budget']) expect(SAFE_SLUG.test(slug), slug).toBe(true);
    for (const slug of [
      '../x',
      'a/b',
      'a b',
      'é-accent',
      '-leading',
      '.hidden',
      'a?b',
      'a#b',
      'x'.repeat(201),
      'a%2Fb',
    ]) {
      expect(SAFE_SLUG.test(slug), slug).toBe(false);
    }
  });
});

describe('generated articles for e2e and benchmarks', () => {
  it('are all valid, with unique slugs, oldest first', () => {
    const generated = generateArticles(200);
    const { articles, skipped, repaired } = normaliseArticles(generated, options);
    expect(skipped).toEqual([]);
    expect(repaired).toEqual([]);
    expect(articles).toHaveLength(200);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(200);
    const created = articles.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort());
    expect(articles.some((a) => a.date === null)).toBe(true);
  });

  it('are the same on every call', () => {
    expect(generateArticles(10)).toEqual(generateArticles(10));
  });
});
