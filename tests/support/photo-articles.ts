// What a test content service holds for a build of the whole site, as Hygraph
// would: 44 articles whose main images are PNG uploads on the service's asset
// host — camera-sized where a test looks (the first list page's and one
// article's), smaller elsewhere, as the bench builds thousands of camera-sized
// ones (scripts/bench/build.ts) — one of which cannot be downloaded (HTTP 404), plus an
// article claiming the not-found page's address and a hostile one
// (tests/support/hostile-articles.ts): 45 with pages, 46 records in all. Three
// of them are in categories src/content/article-categories.ts does not name
// (NEW_CATEGORIES), as an editor's new category would be.
import { generateArticles, type GraphqlTestServer, type ServedArticle } from '../../scripts/lib/graphql-server.ts';
import { largePhoto } from '../../scripts/lib/photos.ts';
import { hostileArticle, reservedSlugArticle } from './hostile-articles.ts';

/** Categories no list of the site names: the build finds them in the articles alone. */
export const NEW_CATEGORIES = ['Maritime_Law', 'Energy_and_Natural_Resources', 'Sports_and_Entertainment'] as const;

/** The 44 articles with photos, oldest first; each image named `ASSETS/photo-<index>.png` until served. */
export const photoArticles = generateArticles(44).map((article, index) => ({
  ...article,
  // The newest three, in the new categories.
  ...(index >= 41 ? { articleCategory: NEW_CATEGORIES[index - 41] } : {}),
  articleMainImage: { url: `ASSETS/photo-${index}.png` },
}));
export const oldest = photoArticles[0]!;
/** The article whose upload is missing from the asset host. */
export const brokenImage = photoArticles[1]!;

/** The article whose page the tests open, with a camera-sized image. */
export const photoPageArticle = photoArticles[10]!;
/** The articles with camera-sized uploads: the newest 11, the first list page's cards, and photoPageArticle. */
const CAMERA_SIZED = new Set([10, ...photoArticles.keys().filter((index) => index >= photoArticles.length - 11)]);

/** Puts the photos on `server`'s asset host (all but the broken one) and every record in it; returns the records. */
export async function stockContentService(server: GraphqlTestServer): Promise<ServedArticle[]> {
  const [photos, smaller] = await Promise.all([
    Promise.all([1, 2, 3].map((seed) => largePhoto({ seed }))),
    Promise.all([4, 5].map((seed) => largePhoto({ seed, width: 800, height: 533 }))),
  ]);
  server.options.assets = Object.fromEntries(
    photoArticles.map((_, index) => {
      const set = CAMERA_SIZED.has(index) ? photos : smaller;
      return [`photo-${index}.png`, { body: set[index % set.length]!, contentType: 'image/png' }];
    }),
  );
  delete server.options.assets[`photo-1.png`];
  const served = [...photoArticles, reservedSlugArticle(), hostileArticle()].map((article) =>
    article.articleMainImage?.url?.startsWith('ASSETS/')
      ? { ...article, articleMainImage: { url: article.articleMainImage.url.replace('ASSETS/', server.assetBase) } }
      : article,
  );
  server.options.articles = served;
  return served;
}

/** The records that have a page (all but the one claiming the not-found page's address), newest first. */
export const newestFirst = (served: ServedArticle[]) =>
  [...served].filter((a) => a.articleSlug !== '404').sort((a, b) => b.createdAt!.localeCompare(a.createdAt!));
