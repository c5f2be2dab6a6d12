// What the insights pages need beyond the content source: which articles get a
// page, their paths, and what an article page tells search engines.
import { getArticles, type Article } from './index';
import { pageDescription } from '../seo';
import { site } from '../../site.config';

/** Slugs that would collide with a page of our own (`/insight/404/` is the not-found page). */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['404']);

/** The articles that can have a page at /insight/{slug}, in the order given. */
export function routableArticles<T extends Pick<Article, 'articleSlug'>>(articles: readonly T[]): T[] {
  return articles.filter((article) => !RESERVED_SLUGS.has(article.articleSlug.toLowerCase()));
}

/** The site's articles, oldest first as the content service sends them, without reserved slugs. */
export async function getPublishedArticles(): Promise<Article[]> {
  const articles = await getArticles();
  const published = routableArticles(articles);
  if (published.length < articles.length) {
    console.warn(`[articles] Skipped ${articles.length - published.length} article(s) whose slug is reserved: ${[...RESERVED_SLUGS].join(', ')}.`);
  }
  return published;
}

/** The RSS feed of the articles (src/pages/rss.xml.ts), linked from every page's head. */
export const FEED = { path: '/rss.xml', title: `${site.shortName} — Legal Insights` } as const;

/** `/insight/{slug}`: the path every card, link and feed item uses. */
export const articlePath = (slug: string): string => `/insight/${slug}`;

/** The article's main image when it is an absolute http(s) URL (a CMS asset), else undefined. */
export function shareImageFor(article: Pick<Article, 'articleMainImage'>): string | undefined {
  const url = article.articleMainImage?.url;
  return url && /^https?:\/\//i.test(url) ? url : undefined;
}

/** schema.org Article for an article page; URLs made absolute against `siteUrl`. */
export function articleJsonLd(article: Article, siteUrl: string | URL) {
  const absolute = (path: string) => new URL(path, siteUrl).href;
  const url = absolute(articlePath(article.articleSlug));
  const published = article.articleDate ?? article.createdAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': `${url}#article`,
    mainEntityOfPage: url,
    url,
    headline: article.articleTitle.length > 110 ? `${article.articleTitle.slice(0, 109)}…` : article.articleTitle,
    description: pageDescription(article.articleSummary || article.articleTitle),
    ...(article.articleMainImage ? { image: [absolute(article.articleMainImage.url)] } : {}),
    ...(article.articleCategory ? { articleSection: article.articleCategory.replace(/_+/g, ' ') } : {}),
    ...(article.approximateTimeOfRead ? { timeRequired: `PT${article.approximateTimeOfRead}M` } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(article.updatedAt ? { dateModified: article.updatedAt } : {}),
    inLanguage: 'en-KE',
    ...(article.authorName
      ? {
          author: {
            '@type': 'Person',
            name: article.authorName,
            ...(article.authorImage ? { image: absolute(article.authorImage.url) } : {}),
            worksFor: { '@id': absolute('/#firm') },
          },
        }
      : {}),
    publisher: {
      '@type': 'LegalService',
      '@id': absolute('/#firm'),
      name: site.name,
      url: absolute('/'),
      logo: { '@type': 'ImageObject', url: absolute('/favicon.svg') },
    },
  };
}
