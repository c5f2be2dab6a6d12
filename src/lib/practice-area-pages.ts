// What each practice area's page shows besides the area itself: its latest
// articles, the link to more of them, and the categories the article alerts offer. The English and Kiswahili pages
// (src/pages/practice-area/[name].astro, src/pages/[lang]/practice-area/[name].astro)
// build one page per area from this.
import { getArticles } from './articles/index.ts';
import { articleCategories, articlesInCategories, categorySlug } from './articles/pages.ts';
import { getPracticeAreas } from './collections.ts';

/** Latest articles shown on a practice area's page. */
const RELATED_ARTICLES = 3;

export async function practiceAreaPages() {
  const articles = await getArticles();
  const categories = articleCategories(articles);
  return (await getPracticeAreas()).map((area) => {
    const mapped = area.article_categories ?? [];
    return {
      area,
      related: articlesInCategories(articles, mapped, RELATED_ARTICLES),
      // The list of the first mapped category that has articles: a category without any has no page.
      moreLink: mapped.map((name) => categories.find((category) => category.slug === categorySlug(name))).find(Boolean)
        ?.path,
      /** The categories the site shows, for the article alerts (labelled in the page's language there). */
      categoriesShown: categories.map(({ name, slug }) => ({ name, slug })),
    };
  });
}

export type PracticeAreaPageProps = Awaited<ReturnType<typeof practiceAreaPages>>[number];
