// /insights/categories.json: the categories this build found in its articles
// (those with a list at /insights/category/<slug>), which the functions ask
// their deploy for (src/lib/articles/category-list.ts). Empty when there are no articles.
import type { APIRoute } from 'astro';
import { getArticles } from '../../lib/articles/index.ts';
import { categoryListJson } from '../../lib/articles/category-list.ts';
import { articleCategories } from '../../lib/articles/pages.ts';

export const GET: APIRoute = async () =>
  new Response(categoryListJson(articleCategories(await getArticles()).map(({ name }) => name)), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
