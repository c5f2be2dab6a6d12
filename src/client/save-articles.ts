// Saves the page's articles list to localStorage (see articles-storage.ts).
// The list comes from `<script type="application/json" id="articles-data">`;
// on an article page the body shown (`[data-article-body]`) is stored with it.
// Any failure (no storage, quota, bad data) leaves the page as it is.
import { parseStoredArticles, saveArticles, type StoredArticle } from './articles-storage.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked by the browser's privacy settings
  }
}

function withShownBody(articles: StoredArticle[]): StoredArticle[] {
  const body = document.querySelector<HTMLElement>('[data-article-body]');
  const slug = body?.dataset.articleBody;
  if (!body || !slug) return articles;
  const html = body.innerHTML.trim();
  return articles.map((article) => (article.articleSlug === slug ? { ...article, articleContent: { html } } : article));
}

const block = document.getElementById('articles-data');
if (block) saveArticles(storage(), withShownBody(parseStoredArticles(block.textContent)));
