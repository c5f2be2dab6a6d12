// What pages and components need of articles: the collection, ordered, and
// the helpers that turn an article into what a page shows. The loader and its
// parts (source, records, sanitising) are build-time code in this folder.
export { getArticles } from './collection.ts';
export { categoryLabel, readingTimeLabel, formatArticleDate, articleIsoDate } from './format.ts';
export { RECENT_ARTICLES } from './query.ts';
export type { Article, ArticleImage } from './entry-schema.ts';
