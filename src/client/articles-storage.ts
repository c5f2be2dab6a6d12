// The articles list kept in the browser's localStorage under `Articles` (docs/requirements.md#articles-storage).
//
// Pages are pre-rendered, so nothing needs this copy to render; it is kept
// because the spec asks for it. Each page that shows articles embeds the list
// (without bodies, to keep pages light) and save-articles.ts stores it, keeping
// any body a visitor has already read. Everything here is plain data: reading
// back what is stored never throws, whatever another script or version left there.
import type { Article } from '../lib/articles/entry-schema.ts';

export const ARTICLES_STORAGE_KEY = 'Articles';

/**
 * One stored article: exactly the fields of the spec's articles query, oldest
 * first as the content service sends them. `articleContent` is null until the
 * visitor has opened that article.
 */
export interface StoredArticle {
  id: string;
  articleSlug: string;
  articleTitle: string;
  articleSummary: string;
  articleCategory: string | null;
  articleDate: string | null;
  approximateTimeOfRead: number | null;
  authorName: string;
  authorImage: { url: string } | null;
  articleMainImage: { url: string } | null;
  articleContent: { html: string } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The stored shape of an article, without its body: the site's Article put
 * back into the content service's field names, the one place that is done.
 */
export function toStoredArticle(article: Article): StoredArticle {
  return {
    id: article.id,
    articleSlug: article.slug,
    articleTitle: article.title,
    articleSummary: article.summary,
    articleCategory: article.category,
    articleDate: article.date,
    approximateTimeOfRead: article.readingMinutes,
    authorName: article.author.name,
    authorImage: article.author.image ? { url: article.author.image.url } : null,
    articleMainImage: article.image ? { url: article.image.url } : null,
    articleContent: null,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const image = (value: unknown): { url: string } | null =>
  isRecord(value) && typeof value.url === 'string' && value.url ? { url: value.url } : null;

/** One stored item made safe to use, or undefined when it is not an article at all. */
function readItem(value: unknown): StoredArticle | undefined {
  if (!isRecord(value)) return undefined;
  const slug = str(value.articleSlug);
  const title = str(value.articleTitle);
  if (!slug || !title) return undefined;
  const minutes = value.approximateTimeOfRead;
  const content = value.articleContent;
  return {
    id: str(value.id) || slug,
    articleSlug: slug,
    articleTitle: title,
    articleSummary: str(value.articleSummary),
    articleCategory: strOrNull(value.articleCategory),
    articleDate: strOrNull(value.articleDate),
    approximateTimeOfRead: typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : null,
    authorName: str(value.authorName),
    authorImage: image(value.authorImage),
    articleMainImage: image(value.articleMainImage),
    articleContent: isRecord(content) && typeof content.html === 'string' ? { html: content.html } : null,
    createdAt: str(value.createdAt),
    updatedAt: str(value.updatedAt),
  };
}

/**
 * The list in a stored string. Missing, corrupt or foreign data gives an empty
 * list; items that are not articles are dropped. Never throws.
 */
export function parseStoredArticles(raw: string | null | undefined): StoredArticle[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.map(readItem).filter((item): item is StoredArticle => item !== undefined);
}

/** The string stored under ARTICLES_STORAGE_KEY. */
export function serialiseArticles(articles: readonly StoredArticle[]): string {
  return JSON.stringify(articles);
}

/**
 * `next` with the bodies the visitor already has: an item without a body takes
 * the stored one of the same id, unless the article has changed since (updatedAt).
 */
export function keepKnownBodies(next: readonly StoredArticle[], previous: readonly StoredArticle[]): StoredArticle[] {
  const known = new Map(previous.filter((item) => item.articleContent).map((item) => [item.id, item]));
  return next.map((item) => {
    if (item.articleContent) return item;
    const old = known.get(item.id);
    return old && old.updatedAt === item.updatedAt ? { ...item, articleContent: old.articleContent } : item;
  });
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored list, or an empty one when storage is unavailable, empty or corrupt. */
export function readStoredArticles(storage: ReadableStorage | undefined): StoredArticle[] {
  try {
    return parseStoredArticles(storage?.getItem(ARTICLES_STORAGE_KEY));
  } catch {
    return [];
  }
}

/** Stores the list, keeping bodies already stored. False when storage refused (disabled, full). */
export function saveArticles(storage: WritableStorage | undefined, articles: readonly StoredArticle[]): boolean {
  if (!storage) return false;
  try {
    storage.setItem(ARTICLES_STORAGE_KEY, serialiseArticles(keepKnownBodies(articles, readStoredArticles(storage))));
    return true;
  } catch {
    return false;
  }
}
