// The firm's drawings (src/assets, SVG) are shown as WebP copies that Astro's
// image service rasterises (src/lib/raster.ts): some 200 of them, two seconds
// of both cores and more on every build that starts without Astro's cache (a
// first deploy, the tests', the bench's). They are kept in the repository
// instead, in src/assets/rasters/, under the names Astro's cache gives them:
// the drawing's content hash and the transform's. Before the build each is put
// into the cache unless it is there, so Astro copies it rather than drawing it
// again. A changed drawing or width gets a new name, which the build
// rasterises as before and reports; scripts/images/rasters.ts stores the new set.
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import type { AstroConfig, AstroIntegration } from 'astro';

/** The store, beside the drawings it is made from. */
export const RASTER_STORE = new URL('../assets/rasters/', import.meta.url);

/** Where Astro keeps the images it has made: a file under the name of the one it writes to the build. */
const imageCacheOf = (config: Pick<AstroConfig, 'cacheDir'>): URL => new URL('assets/', config.cacheDir);

const filesIn = async (folder: URL): Promise<string[]> => {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/**
 * The images of this build made from the site's own files, as named in Astro's
 * cache: a remote image's entry has its `.json` beside it (when to fetch it
 * again), a local one's none.
 */
export async function localImagesOfBuild(imageCache: URL, assetsDirectory: URL): Promise<string[]> {
  const cached = new Set(await filesIn(imageCache));
  return (await filesIn(assetsDirectory)).filter((name) => cached.has(name) && !cached.has(`${name}.json`));
}

export function rasterStore(store: URL = RASTER_STORE): AstroIntegration {
  let config: AstroConfig;
  return {
    name: 'raster-store',
    hooks: {
      'astro:config:done': (options) => {
        config = options.config;
      },
      'astro:build:start': async ({ logger }) => {
        const cache = imageCacheOf(config);
        await mkdir(cache, { recursive: true });
        let seeded = 0;
        for (const name of await filesIn(store)) {
          try {
            // Never over an entry already there: Netlify keeps the cache between builds.
            await copyFile(new URL(name, store), new URL(name, cache), constants.COPYFILE_EXCL);
            seeded++;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          }
        }
        if (seeded > 0) logger.info(`${seeded} WebP copies of the drawings taken from the store into Astro's cache`);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const stored = new Set(await filesIn(store));
        const made = (await localImagesOfBuild(imageCacheOf(config), new URL(`${config.build.assets}/`, dir))).filter(
          (name) => !stored.has(name),
        );
        if (made.length > 0)
          logger.info(
            `${made.length} WebP copies of the drawings are not in the store (a drawing or a width changed): ` +
              '`npx node scripts/images/rasters.ts` stores them, so a build without a cache need not make them again',
          );
      },
    },
  };
}
