// The articles content source: query, client, types, sanitising and the
// helpers pages use. Pages import from here, not from the files behind it.
export { getArticles, loadArticles, ArticlesSourceError, SAMPLE_FILE, type ArticleSourceOptions } from './source';
export { newestFirst, findArticle, categoryLabel, readingTimeLabel, formatArticleDate, articleIsoDate } from './format';
export { sanitizeArticleHtml, type SanitizeOptions } from './sanitize';
export { isAllowedImageUrl } from './images';
export { ARTICLES_QUERY, ARTICLES_FETCHED } from './query';
export type { Article, ArticleImage, ArticleRecord, ArticlesAnswer } from './types';
