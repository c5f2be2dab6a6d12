// Where articles come from at build time: the content service's GraphQL
// endpoint when CONTENT_API_URL is set, otherwise the bundled sample file.
// A failing endpoint fails the build: a deploy must never publish an empty or
// partial blog.
import { ClientError, GraphQLClient } from 'graphql-request';
import { env } from '../../env.ts';
import {
  ARTICLE_QUERY,
  ARTICLES_PAGE_SIZE,
  ARTICLES_QUERY,
  type ArticlesPageVariables,
  type ArticleVariables,
  type ContentStage,
} from './query.ts';

const SAMPLE_FILE = 'src/content/articles.sample.json';

export interface ArticleSourceOptions {
  /** GraphQL endpoint; without it the sample file is read. */
  endpoint?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Give up on a request after this long (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Articles per request (default ARTICLES_PAGE_SIZE, Hygraph's maximum). */
  pageSize?: number;
  /** Fail the build past this many pages (default env.contentMaxPages). */
  maxPages?: number;
  /** Hygraph's publication stage (default env.contentStage). */
  stage?: ContentStage;
}

/** The endpoint could not be read. The message names the endpoint and the cause, never the token. */
class ArticlesSourceError extends Error {
  readonly endpoint: string;
  constructor(endpoint: string, reason: string, options?: { cause?: unknown }) {
    super(`Could not load articles from ${endpoint}: ${reason}`, options);
    this.name = 'ArticlesSourceError';
    this.endpoint = endpoint;
  }
}

/** The endpoint as it may appear in logs: without credentials or query string. */
function describeEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    url.username = '';
    url.password = '';
    if (url.search) url.search = '?…';
    url.hash = '';
    return url.toString();
  } catch {
    return JSON.stringify(endpoint);
  }
}

const shorten = (value: string, max = 200) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

function reasonFor(error: unknown, timeoutMs: number): string {
  if (error instanceof ClientError) {
    const { status, errors, body } = error.response;
    const messages = (errors ?? []).map((e) => e.message).filter(Boolean);
    if (status >= 400 || status < 200) {
      const detail = messages.length ? messages.join('; ') : typeof body === 'string' ? body : '';
      return `HTTP ${status}${detail ? ` (${shorten(detail)})` : ''}`;
    }
    return `GraphQL error${messages.length === 1 ? '' : 's'}: ${shorten(messages.join('; ') || 'unknown error', 500)}`;
  }
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
    const cause = error.cause as { code?: string; message?: string } | undefined;
    const detail = cause?.code ?? cause?.message;
    return shorten(detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message, 500);
  }
  return shorten(String(error));
}

const clientFor = (endpoint: string, options: ArticleSourceOptions) =>
  new GraphQLClient(endpoint, {
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

type Keyed = { id?: unknown; articleSlug?: unknown };
const key = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Every article the endpoint holds, oldest first: pages of `pageSize` until a
 * short page. A service that pages wrongly (the same id twice, a slug on two
 * pages, a page longer than asked, no end in sight) fails the build rather
 * than publish a partial or repeated blog.
 */
async function fetchRecords(endpoint: string, options: ArticleSourceOptions): Promise<unknown[]> {
  const shown = describeEndpoint(endpoint);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const pageSize = options.pageSize ?? ARTICLES_PAGE_SIZE;
  const maxPages = options.maxPages ?? env.contentMaxPages;
  const stage = options.stage ?? env.contentStage;
  const client = clientFor(endpoint, options);
  const fail = (reason: string): never => {
    throw new ArticlesSourceError(shown, reason);
  };

  const records: unknown[] = [];
  const pageOfId = new Map<string, number>();
  const pageOfSlug = new Map<string, number>();
  for (let page = 1; ; page++) {
    if (page > maxPages) {
      fail(
        `more than ${maxPages} pages of ${pageSize} articles; if the service really holds that many, raise CONTENT_MAX_PAGES`,
      );
    }
    const variables: ArticlesPageVariables = { first: pageSize, skip: (page - 1) * pageSize, stage };
    let data: unknown;
    try {
      data = await client.request({ document: ARTICLES_QUERY, variables, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ArticlesSourceError(shown, reasonFor(error, timeoutMs), { cause: error });
    }
    const list = (data as { articles?: unknown } | null | undefined)?.articles;
    if (!Array.isArray(list)) fail('the answer has no "articles" list');
    const articles = list as unknown[];
    if (articles.length > pageSize)
      fail(`page ${page} holds ${articles.length} articles, more than the ${pageSize} asked for`);
    for (const record of articles) {
      const id = key((record as Keyed | null)?.id);
      const slug = key((record as Keyed | null)?.articleSlug)?.toLowerCase();
      if (id !== undefined) {
        const seen = pageOfId.get(id);
        if (seen !== undefined)
          fail(
            `article id ${JSON.stringify(id)} came ${seen === page ? `twice on page ${page}` : `on page ${seen} and again on page ${page}`}: the service is not paging`,
          );
        pageOfId.set(id, page);
      }
      if (slug !== undefined) {
        const seen = pageOfSlug.get(slug);
        if (seen !== undefined && seen !== page) {
          fail(
            `slug ${JSON.stringify(slug)} came on page ${seen} and again on page ${page}: the service is not paging, or two articles share the slug`,
          );
        }
        pageOfSlug.set(slug, page);
      }
    }
    records.push(...articles);
    if (articles.length < pageSize) return records;
  }
}

async function readSample(): Promise<unknown[]> {
  const sample = (await import('../../content/articles.sample.json')).default as unknown;
  const articles = (sample as { data?: { articles?: unknown } } | null)?.data?.articles;
  if (!Array.isArray(articles)) throw new Error(`${SAMPLE_FILE} has no data.articles list`);
  return articles;
}

/** Where the records came from, as build logs name it. */
export const sourceName = (endpoint: string | undefined): string =>
  endpoint?.trim() ? describeEndpoint(endpoint.trim()) : SAMPLE_FILE;

/**
 * The records as the content service (or, without an endpoint, the sample
 * file) holds them, oldest first, not yet validated. Throws
 * ArticlesSourceError when the endpoint fails, answers errors or pages wrongly.
 */
export async function fetchArticleRecords(options: ArticleSourceOptions = {}): Promise<unknown[]> {
  const endpoint = options.endpoint?.trim();
  return endpoint ? fetchRecords(endpoint, options) : readSample();
}

/**
 * The record of one article, by its slug, at the stage asked (the draft
 * preview asks for DRAFT), or null when the service holds none. Without an
 * endpoint, the sample file's. Throws ArticlesSourceError as
 * fetchArticleRecords does.
 */
export async function fetchArticleRecord(slug: string, options: ArticleSourceOptions = {}): Promise<unknown> {
  const endpoint = options.endpoint?.trim();
  if (!endpoint)
    return (await readSample()).find((record) => key((record as Keyed | null)?.articleSlug) === slug) ?? null;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const client = clientFor(endpoint, options);
  const variables: ArticleVariables = { slug, stage: options.stage ?? env.contentStage };
  try {
    const data = await client.request({ document: ARTICLE_QUERY, variables, signal: AbortSignal.timeout(timeoutMs) });
    return (data as { article?: unknown } | null | undefined)?.article ?? null;
  } catch (error) {
    throw new ArticlesSourceError(describeEndpoint(endpoint), reasonFor(error, timeoutMs), { cause: error });
  }
}
