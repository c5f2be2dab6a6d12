import { describe, expect, it } from 'vitest';
import type { Article } from '../../../src/lib/articles/types.ts';
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
  articleTitle: `Title of ${slug}`,
  articleSlug: slug,
  articleSummary: `Summary of ${slug}`,
  authorName: 'Faith Chebet',
  authorImage: { url: '/images/articles/authors/faith-chebet.svg' },
  articleMainImage: { url: `/images/articles/${slug}.svg` },
  articleContent: { html: `<p>Body of ${slug}</p>` },
  approximateTimeOfRead: 6,
  createdAt: '2024-10-21T11:38:04.250Z',
  updatedAt: '2024-10-29T22:15:37.016Z',
  articleCategory: 'Immigration',
  articleDate: null,
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

  it('survives a round trip through its string form, in order', () => {
    const list = [
      toStoredArticle(article('a')),
      toStoredArticle(article('b', { articleDate: '2024-04-03', authorImage: null })),
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
