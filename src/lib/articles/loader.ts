// The `articles` content collection's loader (src/content.config.ts): every
// article the content service holds, paged (source.ts), validated and cleaned
// (records.ts), with the size of each CMS image read so pages can optimise it.
//
// Astro keeps the collection in its data store between builds (in
// node_modules/.astro, which Netlify caches). Each entry carries a digest of
// the record it came from and of the settings that shaped it: an article that
// has not changed since the last build is kept as it is, without cleaning its
// HTML or fetching its images again, unless the kept entry no longer fits the
// entry schema (stored by a version of the site with another Article shape).
import type { Loader, LoaderContext } from 'astro/loaders';
import { env } from '../../env.ts';
import { forEachConcurrently } from '../concurrency.ts';
import { articleEntrySchema, type Article, type ArticleImage } from './entry-schema.ts';
import { probeImageSize, type ProbeOptions } from './image-size.ts';
import { isRemoteImage } from './images.ts';
import { describeProblems, toArticle, validateRecords } from './records.ts';
import { fetchArticleRecords, sourceName, type ArticleSourceOptions } from './source.ts';

/** Image downloads in flight at once while sizing new or changed articles. */
const PROBES_IN_FLIGHT = 8;

export interface ArticlesLoaderOptions extends ArticleSourceOptions {
  assetHosts: readonly string[];
  siteUrl: string;
  /** Reads a CMS image's size (tests replace it). */
  probe?: (url: string, options: ProbeOptions) => Promise<{ width: number; height: number }>;
}

/** The loader's settings from the environment, read when the build starts. */
const articlesLoaderOptionsFromEnv = (): ArticlesLoaderOptions => ({
  endpoint: env.contentApiUrl,
  token: env.contentApiToken,
  stage: env.contentStage,
  maxPages: env.contentMaxPages,
  assetHosts: env.contentAssetHosts,
  siteUrl: env.siteUrl,
});

type Logger = Pick<LoaderContext['logger'], 'info' | 'warn'>;

/** The article with each CMS image sized, or dropped (with a warning) when it cannot be downloaded. */
async function withImageSizes(
  article: Article,
  options: ArticlesLoaderOptions,
  logger: Logger,
): Promise<{ article: Article; complete: boolean }> {
  const probe = options.probe ?? probeImageSize;
  let complete = true;
  const size = async (image: ArticleImage | null, field: string): Promise<ArticleImage | null> => {
    if (!image || !isRemoteImage(image.url)) return image;
    try {
      return { url: image.url, ...(await probe(image.url, { assetHosts: options.assetHosts })) };
    } catch (error) {
      complete = false;
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn(
        `"${article.title}" (/insight/${article.slug}): its ${field} ${image.url} could not be downloaded (${reason}); the article is published without it.`,
      );
      return null;
    }
  };
  const [image, authorImage] = await Promise.all([
    size(article.image, 'main image'),
    size(article.author.image, 'author image'),
  ]);
  return { article: { ...article, image, author: { ...article.author, image: authorImage } }, complete };
}

export function articlesLoader(configure: () => ArticlesLoaderOptions = articlesLoaderOptionsFromEnv): Loader {
  return {
    name: 'articles-content-service',
    async load({ store, logger, parseData, generateDigest }) {
      const options = configure();
      const source = sourceName(options.endpoint);
      if (!options.endpoint) logger.info(`CONTENT_API_URL is not set; using the sample articles in ${source}.`);
      const records = await fetchArticleRecords(options);
      const { valid, skipped } = validateRecords(records);

      const shaping = { assetHosts: options.assetHosts, siteUrl: options.siteUrl };
      const current = new Set(valid.map((item) => item.id));
      for (const id of store.keys()) if (!current.has(id)) store.delete(id);
      /** Whether the stored entry can stay as it is; one in an earlier shape is removed, to be made again. */
      const keep = (id: string, digest: string): boolean => {
        const entry = store.get(id);
        if (entry?.digest !== digest) return false;
        if (articleEntrySchema.safeParse(entry.data).success) return true;
        // The store ignores an entry set with the digest it already holds.
        store.delete(id);
        return false;
      };
      const changed = valid
        .map((item) => ({ item, digest: generateDigest(JSON.stringify({ record: item.record, shaping })) }))
        .filter(({ item, digest }) => !keep(item.id, digest));

      const repaired: ReturnType<typeof toArticle>['repaired'] = [];
      await forEachConcurrently(changed, PROBES_IN_FLIGHT, async ({ item, digest }) => {
        const cleaned = toArticle(item, shaping);
        repaired.push(...cleaned.repaired);
        const { article, complete } = await withImageSizes(cleaned.article, options, logger);
        const data = await parseData({ id: item.id, data: { ...article } });
        // An article whose image could not be fetched keeps no digest, so the next build tries again.
        store.set({ id: item.id, data, ...(complete ? { digest } : {}) });
      });

      const report = describeProblems({ skipped, repaired }, records.length, source);
      if (report) logger.warn(report);
      if (options.endpoint && valid.length === 0)
        logger.warn(`${source} returned no usable articles; the blog will be empty.`);
      logger.info(
        `${valid.length} articles from ${source}: ${changed.length} new or changed, ${valid.length - changed.length} unchanged since the last build.`,
      );
    },
  };
}
