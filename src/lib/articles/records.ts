// Turns untrusted records from the content service into Articles: required
// fields checked, slugs made safe and unique, images allowlisted, HTML sanitised.
// A bad record is skipped, never fatal; the caller reports what was skipped.
//
// The one place a record in the content service's names (ArticleRecord, the
// fields of the query in query.ts) becomes an Article in the site's names
// (entry-schema.ts): toArticle(). Nothing after it sees the service's names,
// except the browser's stored list, which keeps them as the spec asks
// (src/client/articles-storage.ts).
import type { Article, ArticleImage } from './entry-schema.ts';
import { isAllowedImageUrl } from './images.ts';
import { sanitiseArticleHtml, type SanitiseOptions } from './sanitise.ts';

/** An image as the content service sends it. */
interface AssetRecord {
  url?: string | null;
}

/**
 * One article as the content service (or the sample file) sends it: the fields
 * of the articles query (query.ts). Nothing in it is trusted yet: any field may
 * be missing or null.
 */
export interface ArticleRecord {
  id?: string | null;
  articleTitle?: string | null;
  articleSlug?: string | null;
  articleSummary?: string | null;
  authorName?: string | null;
  authorImage?: AssetRecord | null;
  articleMainImage?: AssetRecord | null;
  articleContent?: { html?: string | null } | null;
  approximateTimeOfRead?: number | string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  articleCategory?: string | null;
  articleDate?: string | null;
}

/** Letters, digits, `-` and `_`, starting with a letter or digit: safe as one URL path segment and file name. */
export const SAFE_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
/** Slugs that would collide with a page of our own (`/insight/404/` is the not-found page). */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['404']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface RecordProblem {
  /** Position in the list the content service sent (0 = oldest). */
  index: number;
  id: string | undefined;
  slug: string | undefined;
  reason: string;
}

export interface NormalisedArticles {
  articles: Article[];
  /** Records left out. */
  skipped: RecordProblem[];
  /** Records kept with something dropped (an image from a host that is not allowed). */
  repaired: RecordProblem[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const textOrNull = (value: unknown): string | null => text(value) || null;

function minutes(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

function calendarDate(value: unknown): string | null {
  const date = text(value);
  if (!date) return null;
  if (ISO_DATE.test(date)) return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ? null : date;
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed.toISOString().slice(0, 10);
}

/** A record that passed validation, with what it is known by. */
export interface ValidRecord {
  index: number;
  /** The record's id, or its slug when it has none. */
  id: string;
  slug: string;
  record: ArticleRecord;
}

/**
 * Keeps the records a page can be built from, in the order they came: an
 * object with a safe slug and a title. Of records sharing a slug (compared
 * case-insensitively) the first, oldest one is kept. Cheap: nothing is cleaned yet.
 */
export function validateRecords(records: readonly unknown[]): { valid: ValidRecord[]; skipped: RecordProblem[] } {
  const valid: ValidRecord[] = [];
  const skipped: RecordProblem[] = [];
  const slugOwners = new Map<string, string>();

  records.forEach((value, index) => {
    const record: ArticleRecord = value && typeof value === 'object' ? (value as ArticleRecord) : {};
    const id = text(record.id) || undefined;
    const slug = text(record.articleSlug) || undefined;
    const skip = (reason: string) => skipped.push({ index, id, slug, reason });

    if (!value || typeof value !== 'object') return skip('not an object');
    if (!slug) return skip('missing slug');
    if (!SAFE_SLUG.test(slug)) return skip('unsafe characters in slug');
    if (RESERVED_SLUGS.has(slug.toLowerCase())) return skip('slug reserved for a page of the site');
    if (!text(record.articleTitle)) return skip('missing title');
    const owner = slugOwners.get(slug.toLowerCase());
    if (owner !== undefined) return skip(`duplicate slug (already used by ${owner})`);

    const articleId = id ?? slug;
    slugOwners.set(slug.toLowerCase(), articleId);
    valid.push({ index, id: articleId, slug, record });
  });
  return { valid, skipped };
}

/** A valid record as a page shows it: HTML sanitised, images allowlisted. `repaired` says what was dropped. */
export function toArticle(
  { index, id, slug, record }: ValidRecord,
  options: SanitiseOptions,
): { article: Article; repaired: RecordProblem[] } {
  const repaired: RecordProblem[] = [];
  const image = (asset: AssetRecord | null | undefined, field: string): ArticleImage | null => {
    const url = text(asset?.url);
    if (!url) return null;
    if (isAllowedImageUrl(url, options.assetHosts)) return { url };
    repaired.push({
      index,
      id: text(record.id) || undefined,
      slug,
      reason: `${field} dropped: ${JSON.stringify(url.slice(0, 80))} is not an allowed image source`,
    });
    return null;
  };

  const createdAt = text(record.createdAt);
  const updatedAt = text(record.updatedAt) || createdAt;
  const article: Article = {
    id,
    slug,
    title: text(record.articleTitle),
    summary: text(record.articleSummary),
    category: textOrNull(record.articleCategory),
    date: calendarDate(record.articleDate),
    readingMinutes: minutes(record.approximateTimeOfRead),
    author: { name: text(record.authorName), image: image(record.authorImage, 'authorImage') },
    image: image(record.articleMainImage, 'articleMainImage'),
    html: sanitiseArticleHtml(text(record.articleContent?.html), options),
    createdAt,
    updatedAt,
  };
  return { article, repaired };
}

/** Validates and cleans every record (validateRecords, then toArticle), keeping their order. */
export function normaliseArticles(records: readonly unknown[], options: SanitiseOptions): NormalisedArticles {
  const { valid, skipped } = validateRecords(records);
  const cleaned = valid.map((record) => toArticle(record, options));
  return { articles: cleaned.map((item) => item.article), skipped, repaired: cleaned.flatMap((item) => item.repaired) };
}

/** One human-readable report of skipped and repaired records, or undefined when all were fine. */
export function describeProblems(
  result: Pick<NormalisedArticles, 'skipped' | 'repaired'>,
  total: number,
  source: string,
): string | undefined {
  if (result.skipped.length === 0 && result.repaired.length === 0) return undefined;
  const line = (problem: RecordProblem) =>
    `  - #${problem.index} id=${problem.id ?? '(none)'} slug=${problem.slug ?? '(none)'}: ${problem.reason}`;
  const parts: string[] = [];
  if (result.skipped.length > 0) {
    parts.push(
      `[articles] Skipped ${result.skipped.length} of ${total} article record(s) from ${source}:`,
      ...result.skipped.map(line),
    );
  }
  if (result.repaired.length > 0) {
    parts.push(
      `[articles] Kept ${result.repaired.length} record(s) from ${source} without an image:`,
      ...result.repaired.map(line),
    );
  }
  return parts.join('\n');
}
