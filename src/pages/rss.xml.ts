// /rss.xml: the newest articles (RECENT_ARTICLES) as an RSS 2.0 feed, with absolute links.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { RECENT_ARTICLES, categoryLabel, getArticles, type Article } from '../lib/articles/index.ts';
import { FEED, articlePath } from '../lib/articles/pages.ts';
import { site } from '../site.config.ts';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** The date the site shows for an article (its date, else updatedAt), or undefined. */
function pubDate(article: Article): Date | undefined {
  const value = article.date ? `${article.date}T00:00:00Z` : article.updatedAt || article.createdAt;
  const date = new Date(value);
  return value && !Number.isNaN(date.getTime()) ? date : undefined;
}

export const GET: APIRoute = async (context) => {
  const articles = (await getArticles()).slice(0, RECENT_ARTICLES);
  const siteUrl = context.site ?? new URL(context.url.origin);
  return rss({
    title: FEED.title,
    description: `Plain-language commentary on Kenyan law from the advocates of ${site.name}.`,
    site: siteUrl,
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/', atom: 'http://www.w3.org/2005/Atom' },
    customData: [
      '<language>en-KE</language>',
      `<atom:link href="${escapeXml(new URL(FEED.path, siteUrl).href)}" rel="self" type="application/rss+xml"/>`,
    ].join(''),
    trailingSlash: false,
    items: articles.map((article) => {
      const category = categoryLabel(article.category);
      return {
        title: article.title,
        link: new URL(articlePath(article.slug), siteUrl).href,
        description: article.summary,
        ...(pubDate(article) ? { pubDate: pubDate(article) } : {}),
        ...(category ? { categories: [category] } : {}),
        ...(article.author.name ? { customData: `<dc:creator>${escapeXml(article.author.name)}</dc:creator>` } : {}),
      };
    }),
  });
};
