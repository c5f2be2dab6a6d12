import { describe, expect, it } from 'vitest';
import type { Article } from '../../../src/lib/articles/entry-schema.ts';
import {
  articleJsonLd,
  articleCategories,
  articlePath,
  articlesInCategories,
  categoryPath,
  categorySlug,
  listPagePath,
  pageLinks,
  shareImageFor,
} from '../../../src/lib/articles/pages.ts';
import { jsonForScript } from '../../../src/lib/structured-data.ts';
import { site } from '../../../src/site.config.ts';

const article = (overrides: Partial<Article> = {}): Article => ({
  id: 'cm2v5k8p4j6l33w1x7f0g9h2c',
  slug: 'kenya-digital-nomad-permit-class-n',
  title: 'Working Remotely from Kenya: The New Class N Digital Nomad Permit',
  summary: 'Since October 2024 foreign remote workers can live in Kenya on a dedicated permit.',
  category: 'Immigration',
  date: null,
  readingMinutes: 6,
  author: { name: 'Faith Chebet', image: { url: '/images/articles/authors/faith-chebet.svg' } },
  image: { url: '/images/articles/digital-nomad-permit.svg' },
  html: '<p>Body</p>',
  createdAt: '2024-10-21T11:38:04.250Z',
  updatedAt: '2024-10-29T22:15:37.016Z',
  ...overrides,
});

describe('article routes', () => {
  it('live at /insight/{slug}', () => {
    expect(articlePath('registering-with-the-odpc')).toBe('/insight/registering-with-the-odpc');
  });
});

describe('article lists', () => {
  it('show the first and last pages, the current one and its neighbours, with gaps between', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageLinks(7, 20)).toEqual([1, 'gap', 6, 7, 8, 'gap', 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('show a single left-out page instead of a gap standing for it', () => {
    expect(pageLinks(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(3, 9)).toEqual([1, 2, 3, 4, 'gap', 9]);
  });

  it('page as /insights, /insights/2, …', () => {
    expect(listPagePath('/insights', 1)).toBe('/insights');
    expect(listPagePath('/insights', 2)).toBe('/insights/2');
    expect(listPagePath('/insights/category/immigration', 3)).toBe('/insights/category/immigration/3');
  });
});

describe('article categories', () => {
  const articles = [
    article({ id: '1', category: 'Land_and_Conveyancing' }),
    article({ id: '2', category: 'Employment_Law' }),
    article({ id: '3', category: null }),
    article({ id: '4', category: 'Land_and_Conveyancing' }),
  ];

  it('have an address made of their words', () => {
    expect(categorySlug('Land_and_Conveyancing')).toBe('land-and-conveyancing');
    expect(categoryPath('Legal_Audit_and_Compliance')).toBe('/insights/category/legal-audit-and-compliance');
  });

  it('are the ones with articles, by label, each listing its articles in the order given', () => {
    expect(articleCategories(articles).map((c) => [c.label, c.path, c.articles.map((a) => a.id)])).toEqual([
      ['Employment Law', '/insights/category/employment-law', ['2']],
      ['Land and Conveyancing', '/insights/category/land-and-conveyancing', ['1', '4']],
    ]);
  });

  it('give a practice area its latest articles from the categories mapped to it', () => {
    expect(articlesInCategories(articles, ['Land_and_Conveyancing', 'Tax_Law'], 3).map((a) => a.id)).toEqual([
      '1',
      '4',
    ]);
    expect(articlesInCategories(articles, ['Land_and_Conveyancing', 'Employment_Law'], 2).map((a) => a.id)).toEqual([
      '1',
      '2',
    ]);
    expect(articlesInCategories(articles, [], 3)).toEqual([]);
  });
});

describe('share images', () => {
  const url = 'https://eu-west-2.graphassets.com/abc/photo.jpg';

  it('are the CMS main image as a JPEG 1200 px wide, in its own proportions', () => {
    expect(shareImageFor(article({ image: { url, width: 4000, height: 3000 } }))).toEqual({
      src: url,
      width: 1200,
      height: 900,
      format: 'jpg',
      background: '#ffffff',
    });
  });

  it('are never wider than the upload, so the size declared is the size served', () => {
    expect(shareImageFor(article({ image: { url, width: 800, height: 533 } }))).toMatchObject({
      width: 800,
      height: 533,
    });
    expect(shareImageFor(article({ image: { url, width: 1201, height: 3 } }))).toMatchObject({
      width: 1200,
      height: 3,
    });
  });

  it('fall back to the default for a site path, an image of unknown size or no image', () => {
    expect(shareImageFor(article())).toBeUndefined();
    expect(shareImageFor(article({ image: { url } }))).toBeUndefined();
    expect(shareImageFor(article({ image: null }))).toBeUndefined();
  });
});

describe('article structured data', () => {
  it('is a schema.org Article with author, dates, image and the firm as publisher', () => {
    const data = articleJsonLd(article({ date: '2024-10-29' }), 'https://www.mnoadvocates.co.ke');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Working Remotely from Kenya: The New Class N Digital Nomad Permit',
      url: 'https://www.mnoadvocates.co.ke/insight/kenya-digital-nomad-permit-class-n',
      image: ['https://www.mnoadvocates.co.ke/images/articles/digital-nomad-permit.svg'],
      datePublished: '2024-10-29',
      dateModified: '2024-10-29T22:15:37.016Z',
      author: { '@type': 'Person', name: 'Faith Chebet' },
      publisher: { '@id': 'https://www.mnoadvocates.co.ke/#firm', name: site.name },
    });
  });

  it('is published at creation when the article has no date, and keeps headlines within 110 characters', () => {
    const data = articleJsonLd(article({ title: 'T'.repeat(200) }), 'https://example.com');
    expect(data.datePublished).toBe('2024-10-21T11:38:04.250Z');
    expect(data.headline.length).toBeLessThanOrEqual(110);
  });

  it('describes the article by its summary, within 160 characters', () => {
    const data = articleJsonLd(article({ summary: 'A long summary. '.repeat(20) }), 'https://example.com');
    expect(data.description.length).toBeLessThanOrEqual(160);
    expect(data.description.startsWith('A long summary.')).toBe(true);
  });
});

describe('JSON inside a <script> element', () => {
  it('cannot close the element or open a comment, and still parses to the same value', () => {
    const value = { title: '</script><script>window.__pwned=1</script><!-- & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
