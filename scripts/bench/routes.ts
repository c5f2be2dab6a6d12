// The routes the bench loads: one page of each kind the sitemap lists, in
// each language the site has it in (English, then /sw/…). ARTICLE and CATEGORY
// stand for one article page and one category page, chosen from the build.
import { isTranslatedPage, pathInLanguage } from '../../src/lib/i18n/paths.ts';
import { prefixedLanguages } from '../../src/lib/i18n/site-languages.ts';

const ARTICLE = '<article>';
const CATEGORY = '<category>';

const ENGLISH_ROUTES = [
  '/',
  '/about',
  '/team',
  '/clients-and-partners',
  '/practice-areas',
  '/practice-area/commercial-and-corporate-law',
  '/careers',
  '/careers/mno-pupillage-programme',
  '/insights',
  CATEGORY,
  ARTICLE,
  '/podcast',
  '/contact-us',
  '/privacy',
  '/tools/property-costs',
];

/** Bytes (Playwright, at 375 and 1280 px) and Lighthouse (mobile) both load these. */
export const ROUTES = [
  ...ENGLISH_ROUTES,
  ...prefixedLanguages.flatMap((language) =>
    ENGLISH_ROUTES.filter(isTranslatedPage).map((route) => pathInLanguage(route, language)),
  ),
];

export function resolveRoutes(
  routes: readonly string[],
  built: { articlePages: string[]; categoryPages: string[] },
): string[] {
  const [article] = built.articlePages;
  const [category] = built.categoryPages;
  if (!article || !category) throw new Error('the build has no article page or no category page');
  return routes.map((route) => (route === ARTICLE ? article : route === CATEGORY ? category : route));
}

/**
 * The routes to measure: all, or those BENCH_ROUTES names (comma-separated, as in ROUTES; `<article>` and
 * `<category>` stand for the chosen pages), for a quick look at a few. A name not in the list is an error.
 */
export function chosenRoutes(chosen = process.env.BENCH_ROUTES): readonly string[] {
  if (!chosen) return ROUTES;
  const names = chosen.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !ROUTES.includes(name));
  if (unknown.length) throw new Error(`BENCH_ROUTES: not a bench route: ${unknown.join(', ')}`);
  return names;
}
