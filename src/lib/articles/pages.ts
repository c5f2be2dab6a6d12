// What the insights pages need beyond the collection: paths, paging,
// categories, and what an article page tells search engines.
import type { Article } from './entry-schema.ts';
import { categoryLabel } from './format.ts';
import { isRemoteImage } from './images.ts';
import { pageDescription } from '../seo.ts';
import { site } from '../../site.config.ts';

/** The RSS feed of the articles (src/pages/rss.xml.ts), linked from every page's head. */
export const FEED = { path: '/rss.xml', title: `${site.shortName} — Legal Insights` } as const;

/** `/insight/{slug}`: the path every card, link and feed item uses. */
export const articlePath = (slug: string): string => `/insight/${slug}`;

/** Articles per page of /insights and of each category's list. */
export const INSIGHTS_PAGE_SIZE = 12;

/** The article list: `/insights`, then `/insights/2`, `/insights/3`… */
export const INSIGHTS_PATH = '/insights';

/** `Land_and_Conveyancing` → `land-and-conveyancing`: a category's part of its list's address. */
export const categorySlug = (category: string): string =>
  category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** `/insights/category/{category-slug}`: the first page of a category's articles. */
export const categoryPath = (category: string): string => `${INSIGHTS_PATH}/category/${categorySlug(category)}`;

/** Page `n` of a list whose first page is `basePath`. */
export const listPagePath = (basePath: string, n: number): string => (n <= 1 ? basePath : `${basePath}/${n}`);

export interface ArticleCategory {
  /** As the CMS writes it: `Land_and_Conveyancing`. */
  name: string;
  /** As a visitor reads it: `Land and Conveyancing`. */
  label: string;
  slug: string;
  path: string;
  /** Newest first. */
  articles: Article[];
}

/** The categories that have articles, by label, each with its articles in the order given. */
export function articleCategories(articles: readonly Article[]): ArticleCategory[] {
  const bySlug = new Map<string, ArticleCategory>();
  for (const article of articles) {
    const name = article.category;
    const slug = name ? categorySlug(name) : '';
    if (!name || !slug) continue;
    const category = bySlug.get(slug) ?? {
      name,
      label: categoryLabel(name),
      slug,
      path: categoryPath(name),
      articles: [],
    };
    category.articles.push(article);
    bySlug.set(slug, category);
  }
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The first `count` of `articles` (newest first) in any of `categories`, as the CMS writes them. */
export function articlesInCategories(
  articles: readonly Article[],
  categories: readonly string[],
  count: number,
): Article[] {
  const wanted = new Set(categories.map(categorySlug));
  return articles.filter((article) => article.category && wanted.has(categorySlug(article.category))).slice(0, count);
}

/**
 * The page numbers a list's navigation shows: the first, the last, and the
 * current with its neighbours; `gap` stands for the pages left out between.
 * `pageLinks(7, 20)` → `[1, 'gap', 6, 7, 8, 'gap', 20]`.
 */
export function pageLinks(current: number, last: number): (number | 'gap')[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((n, index) => {
    const previous = shown[index - 1];
    if (previous === undefined || n === previous + 1) return [n];
    // A gap of one page shows that page rather than an ellipsis standing for it.
    return n === previous + 2 ? [previous + 1, n] : ['gap' as const, n];
  });
}

/** The width social sites show a large link preview at; a share image is never wider. */
const SHARE_IMAGE_MAX_WIDTH = 1200;

/** What Astro's getImage() is asked for to make an article's share image. */
export interface ShareImageTransform {
  src: string;
  width: number;
  height: number;
  format: 'jpg';
  /** What shows through a transparent upload, which JPEG cannot keep. */
  background: string;
}

/**
 * The share image of an article: its main image when that is a CMS asset whose
 * size the build read, as a JPEG (the format every social site reads, where
 * some refuse WebP) at most 1200 px wide and in its own proportions, so the
 * size the page declares is the size of the file served. Undefined otherwise,
 * and the page shares the firm's default image.
 */
export function shareImageFor(article: Pick<Article, 'image'>): ShareImageTransform | undefined {
  const image = article.image;
  if (!image || !isRemoteImage(image.url) || !image.width || !image.height) return undefined;
  const width = Math.min(SHARE_IMAGE_MAX_WIDTH, image.width);
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  return { src: image.url, width, height, format: 'jpg', background: '#ffffff' };
}

/** schema.org Article for an article page; URLs made absolute against `siteUrl`. */
export function articleJsonLd(article: Article, siteUrl: string | URL) {
  const absolute = (path: string) => new URL(path, siteUrl).href;
  const url = absolute(articlePath(article.slug));
  const published = article.date ?? article.createdAt;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': `${url}#article`,
    mainEntityOfPage: url,
    url,
    headline: article.title.length > 110 ? `${article.title.slice(0, 109)}…` : article.title,
    description: pageDescription(article.summary || article.title),
    ...(article.image ? { image: [absolute(article.image.url)] } : {}),
    ...(article.category ? { articleSection: article.category.replace(/_+/g, ' ') } : {}),
    ...(article.readingMinutes ? { timeRequired: `PT${article.readingMinutes}M` } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(article.updatedAt ? { dateModified: article.updatedAt } : {}),
    inLanguage: 'en-KE',
    ...(article.author.name
      ? {
          author: {
            '@type': 'Person',
            name: article.author.name,
            ...(article.author.image ? { image: absolute(article.author.image.url) } : {}),
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
