// The one way pages read articles: the `articles` content collection
// (src/content.config.ts), newest first.
import { getCollection } from 'astro:content';
import { newestFirst } from './format.ts';
import type { Article } from './entry-schema.ts';

let built: Promise<Article[]> | undefined;

/**
 * Every published article, newest first. A production build renders
 * thousands of pages that each ask; they share one sorted list. The dev
 * server asks afresh, so an edited article shows on reload.
 */
export function getArticles(): Promise<Article[]> {
  const read = async () => newestFirst((await getCollection('articles')).map((entry) => entry.data));
  if (import.meta.env.DEV) return read();
  built ??= read();
  return built;
}
