// Where articles come from at build time: the content service's GraphQL
// endpoint when CONTENT_API_URL is set, otherwise the bundled sample file.
// A failing endpoint fails the build: a deploy must never publish an empty blog.
import { ClientError, GraphQLClient } from 'graphql-request';
import { env } from '../../env';
import { ARTICLES_QUERY } from './query';
import { describeProblems, normalizeArticles } from './records';
import type { Article } from './types';

export const SAMPLE_FILE = 'src/content/articles.sample.json';

export interface ArticleSourceOptions {
  /** GraphQL endpoint; without it the sample file is read. */
  endpoint?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Hosts images may come from; defaults to env.contentAssetHosts. */
  assetHosts?: readonly string[];
  /** The site's origin, to tell external links; defaults to env.siteUrl. */
  siteUrl?: string;
  /** Give up on the endpoint after this long (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The endpoint could not be read. The message names the endpoint and the cause, never the token. */
export class ArticlesSourceError extends Error {
  readonly endpoint: string;
  constructor(endpoint: string, reason: string, options?: { cause?: unknown }) {
    super(`Could not load articles from ${endpoint}: ${reason}`, options);
    this.name = 'ArticlesSourceError';
    this.endpoint = endpoint;
  }
}

/** The endpoint as it may appear in logs: without credentials or query string. */
export function describeEndpoint(endpoint: string): string {
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

async function fetchRecords(endpoint: string, options: ArticleSourceOptions): Promise<unknown[]> {
  const shown = describeEndpoint(endpoint);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const client = new GraphQLClient(endpoint, {
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  let data: unknown;
  try {
    data = await client.request({ document: ARTICLES_QUERY, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ArticlesSourceError(shown, reasonFor(error, timeoutMs), { cause: error });
  }
  const articles = (data as { articles?: unknown } | null | undefined)?.articles;
  if (!Array.isArray(articles)) {
    throw new ArticlesSourceError(shown, 'the answer has no "articles" list');
  }
  return articles;
}

async function readSample(): Promise<unknown[]> {
  const sample = (await import('../../content/articles.sample.json')).default as unknown;
  const articles = (sample as { data?: { articles?: unknown } } | null)?.data?.articles;
  if (!Array.isArray(articles)) throw new Error(`${SAMPLE_FILE} has no data.articles list`);
  return articles;
}

/**
 * Fetches and validates the articles, oldest first as the content service
 * sends them. Throws ArticlesSourceError when the endpoint fails or answers
 * errors; skips bad records with one console.warn. Not memoised: see getArticles().
 */
export async function loadArticles(options: ArticleSourceOptions = {}): Promise<Article[]> {
  const endpoint = options.endpoint?.trim();
  const records = endpoint ? await fetchRecords(endpoint, options) : await readSample();
  const source = endpoint ? describeEndpoint(endpoint) : SAMPLE_FILE;
  const result = normalizeArticles(records, {
    assetHosts: options.assetHosts ?? env.contentAssetHosts,
    siteUrl: options.siteUrl ?? env.siteUrl,
  });
  const report = describeProblems(result, records.length, source);
  if (report) console.warn(report);
  if (endpoint && result.articles.length === 0) {
    console.warn(`[articles] ${source} returned no usable articles; the blog will be empty.`);
  }
  return result.articles;
}

let memo: { key: string; articles: Promise<Article[]> } | undefined;

/**
 * The site's articles, oldest first, configured from the environment
 * (CONTENT_API_URL, CONTENT_API_TOKEN, CONTENT_ASSET_HOSTS, SITE_URL).
 * Every page of a build shares one fetch; a failed fetch is not remembered.
 */
export function getArticles(): Promise<Article[]> {
  const options: ArticleSourceOptions = {
    endpoint: env.contentApiUrl,
    token: env.contentApiToken,
    assetHosts: env.contentAssetHosts,
    siteUrl: env.siteUrl,
  };
  const key = JSON.stringify(options);
  if (memo?.key !== key) {
    if (!options.endpoint) {
      console.info(`[articles] CONTENT_API_URL is not set; using the sample articles in ${SAMPLE_FILE}.`);
    }
    const articles = loadArticles(options);
    memo = { key, articles };
    articles.catch(() => {
      if (memo?.articles === articles) memo = undefined;
    });
  }
  return memo.articles;
}
