// What pages and components need of articles: the collection, ordered, and
// the helpers that turn an article into what a page shows. The loader and its
// parts (source, records, sanitising) are build-time code in this folder.
export { getArticles } from './collection';
export { newestFirst, categoryLabel, readingTimeLabel, formatArticleDate, articleIsoDate } from './format';
export { sanitizeArticleHtml, type SanitizeOptions } from './sanitize';
export { isAllowedImageUrl } from './images';
export { RECENT_ARTICLES } from './query';
export type { Article, ArticleImage, ArticleRecord, ArticlesAnswer } from './types';
