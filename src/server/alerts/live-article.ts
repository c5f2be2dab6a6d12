// Whether an article's page answers on the live site yet — the build its
// publish started has deployed — and what its alert says of it, read from the
// page's schema.org Article (articleJsonLd, src/lib/articles/pages.ts): the
// site's own words, as deployed, whatever the webhook's payload held.
import * as v from 'valibot';
import { articlePath, categorySlug } from '../../lib/articles/pages.ts';
import { fetchOwnPage, type PageFetch } from '../http/own-page.ts';

export interface LiveArticle {
  slug: string;
  title: string;
  summary: string;
  /** YYYY-MM-DD, or '' when the page gives none. */
  date: string;
  author: string;
  /** The category's slug, as in /insights/category/<slug>. */
  category: string;
}

/** How long the page may take to answer; the next run asks again. */
const PAGE_TIMEOUT_MS = 5_000;
/** Most of the page read: an article page is far smaller. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const text = v.pipe(v.string(), v.trim(), v.maxLength(1000));
const articleData = v.object({
  '@type': v.literal('Article'),
  headline: v.pipe(text, v.nonEmpty()),
  description: v.optional(text, ''),
  datePublished: v.optional(text, ''),
  articleSection: v.pipe(text, v.nonEmpty()),
  author: v.optional(v.object({ name: v.optional(text, '') }), {}),
});

const JSON_LD = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;

/** The alert's details from an article page's HTML, or null when it carries none (or no category). */
function articleFromPage(slug: string, html: string): LiveArticle | null {
  for (const [, json = ''] of html.matchAll(JSON_LD)) {
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      continue;
    }
    const parsed = v.safeParse(articleData, data);
    if (!parsed.success) continue;
    const { headline, description, datePublished, articleSection, author } = parsed.output;
    return {
      slug,
      title: headline,
      summary: description,
      date: /^\d{4}-\d{2}-\d{2}/.test(datePublished) ? datePublished.slice(0, 10) : '',
      author: author.name ?? '',
      category: categorySlug(articleSection),
    };
  }
  return null;
}

/** The live article, or null while its page does not answer 200 (not deployed yet, or unpublished). */
export async function fetchLiveArticle(
  slug: string,
  siteUrl: string,
  fetchPage?: PageFetch,
): Promise<LiveArticle | null> {
  const url = new URL(articlePath(slug), siteUrl).href;
  const page = await fetchOwnPage(
    url,
    { accept: 'text/html', timeoutMs: PAGE_TIMEOUT_MS, maxBytes: MAX_PAGE_BYTES },
    fetchPage,
  );
  return page.ok ? articleFromPage(slug, page.text) : null;
}
