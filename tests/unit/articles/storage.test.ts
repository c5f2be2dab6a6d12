import { describe, expect, it } from 'vitest';
import type { Article } from '../../../src/lib/articles/entry-schema.ts';
import {
  ARTICLES_STORAGE_KEY,
  keepKnownBodies,
  parseStoredArticles,
  readStoredArticles,
  saveArticles,
  serialiseArticles,
  toStoredArticle,
  type StoredArticle,
} from '../../../src/client/articles-storage.ts';

const article = (slug: string, overrides: Partial<Article> = {}): Article => ({
  id: `id-${slug}`,
  slug,
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  category: 'Immigration',
  date: null,
  readingMinutes: 6,
  author: { name: 'Faith Chebet', image: { url: '/images/articles/authors/faith-chebet.svg' } },
  image: { url: `/images/articles/${slug}.svg` },
  html: `<p>Body of ${slug}</p>`,
  createdAt: '2024-10-21T11:38:04.250Z',
  updatedAt: '2024-10-29T22:15:37.016Z',
  ...overrides,
});

/** An in-memory Storage, optionally refusing writes like a full or disabled one. */
function memoryStorage(initial?: string, refuseWrites = false) {
  const items = new Map<string, string>(initial === undefined ? [] : [[ARTICLES_STORAGE_KEY, initial]]);
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuseWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

describe('the stored articles list', () => {
  it('holds exactly the fields the articles query asks for, without the body', () => {
    const stored = toStoredArticle(article('digital-nomad'));
    expect(Object.keys(stored).sort()).toEqual(
      [
        'approximateTimeOfRead',
        'articleCategory',
        'articleContent',
        'articleDate',
        'articleMainImage',
        'articleSlug',
        'articleSummary',
        'articleTitle',
        'authorImage',
        'authorName',
        'createdAt',
        'id',
        'updatedAt',
      ].sort(),
    );
    expect(stored.articleContent).toBeNull();
    expect(stored.articleMainImage).toEqual({ url: '/images/articles/digital-nomad.svg' });
  });

  it('keeps the content service’s field names and values, whatever the site calls them', () => {
    const sized = { url: 'https://eu-central-1-shared-euc1-02.graphassets.com/abc/main', width: 2400, height: 1600 };
    const stored = toStoredArticle(
      article('land-law', {
        category: 'Land_and_Conveyancing',
        date: '2024-03-05',
        readingMinutes: 9,
        author: { name: 'Faith Chebet', image: { url: '/images/articles/authors/faith-chebet.svg', width: 56 } },
        image: sized,
      }),
    );
    // Exactly what is stored under `Articles`, in this order: the fields of the articles query.
    expect(serialiseArticles([stored])).toBe(
      JSON.stringify([
        {
          id: 'id-land-law',
          articleSlug: 'land-law',
          articleTitle: 'Title of land-law',
          articleSummary: 'Summary of land-law',
          articleCategory: 'Land_and_Conveyancing',
          articleDate: '2024-03-05',
          approximateTimeOfRead: 9,
          authorName: 'Faith Chebet',
          authorImage: { url: '/images/articles/authors/faith-chebet.svg' },
          articleMainImage: { url: sized.url },
          articleContent: null,
          createdAt: '2024-10-21T11:38:04.250Z',
          updatedAt: '2024-10-29T22:15:37.016Z',
        },
      ]),
    );
    const bare = toStoredArticle(
      article('bare', { category: null, readingMinutes: null, author: { name: '', image: null }, image: null }),
    );
    expect(bare).toMatchObject({
      articleCategory: null,
      articleDate: null,
      approximateTimeOfRead: null,
      authorName: '',
      authorImage: null,
      articleMainImage: null,
    });
  });

  it('survives a round trip through its string form, in order', () => {
    const list = [
      toStoredArticle(article('a')),
      toStoredArticle(article('b', { date: '2024-04-03', author: { name: 'Faith Chebet', image: null } })),
    ];
    expect(parseStoredArticles(serialiseArticles(list))).toEqual(list);
  });

  it('reads as empty when missing, corrupt or not a list', () => {
    for (const raw of [null, undefined, '', '{', 'undefined', 'null', '42', '"Articles"', '{"articles":[]}']) {
      expect(parseStoredArticles(raw), String(raw)).toEqual([]);
    }
  });

  it('drops stored items that are not articles and repairs wrong field types', () => {
    const raw = JSON.stringify([
      null,
      'text',
      [],
      { articleTitle: 'No slug' },
      { articleSlug: 'no-title' },
      {
        articleSlug: 'old-shape',
        articleTitle: 'Saved by an older version',
        approximateTimeOfRead: '6',
        authorImage: 'not-an-object',
        articleMainImage: { url: 42 },
        articleContent: { html: 7 },
        articleCategory: 3,
      },
    ]);
    const [item, ...rest] = parseStoredArticles(raw);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      id: 'old-shape',
      articleSlug: 'old-shape',
      approximateTimeOfRead: null,
      authorImage: null,
      articleMainImage: null,
      articleContent: null,
      articleCategory: null,
      articleSummary: '',
    });
  });
});

describe('saving the list', () => {
  it('stores it under "Articles"', () => {
    const storage = memoryStorage();
    expect(saveArticles(storage, [toStoredArticle(article('a'))])).toBe(true);
    expect(parseStoredArticles(storage.items.get('Articles')).map((a) => a.articleSlug)).toEqual(['a']);
  });

  it('replaces a corrupt stored value instead of failing', () => {
    const storage = memoryStorage('{not json');
    expect(readStoredArticles(storage)).toEqual([]);
    expect(saveArticles(storage, [toStoredArticle(article('a'))])).toBe(true);
    expect(readStoredArticles(storage)).toHaveLength(1);
  });

  it('never throws when storage is missing, throws on read, or refuses the write', () => {
    const list = [toStoredArticle(article('a'))];
    expect(saveArticles(undefined, list)).toBe(false);
    expect(saveArticles(memoryStorage(undefined, true), list)).toBe(false);
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {},
    };
    expect(readStoredArticles(broken)).toEqual([]);
    expect(saveArticles(broken, list)).toBe(true);
    expect(readStoredArticles(undefined)).toEqual([]);
  });

  it('keeps the bodies of articles already read, unless the article changed since', () => {
    const read: StoredArticle = { ...toStoredArticle(article('a')), articleContent: { html: '<p>A</p>' } };
    const changed: StoredArticle = { ...toStoredArticle(article('b')), articleContent: { html: '<p>old B</p>' } };
    const storage = memoryStorage(serialiseArticles([read, changed]));

    const next = [
      toStoredArticle(article('a')),
      toStoredArticle(article('b', { updatedAt: '2025-01-01T00:00:00.000Z' })),
      toStoredArticle(article('c')),
    ];
    saveArticles(storage, next);

    const stored = readStoredArticles(storage);
    expect(stored.map((a) => [a.articleSlug, a.articleContent?.html ?? null])).toEqual([
      ['a', '<p>A</p>'],
      ['b', null],
      ['c', null],
    ]);
  });

  it('prefers the body the page carries over the stored one', () => {
    const previous = [{ ...toStoredArticle(article('a')), articleContent: { html: '<p>old</p>' } }];
    const next = [{ ...toStoredArticle(article('a')), articleContent: { html: '<p>new</p>' } }];
    expect(keepKnownBodies(next, previous)[0]?.articleContent).toEqual({ html: '<p>new</p>' });
  });
});
