// Stores the WebP copies of the firm's drawings that the pages show, so a
// build need not rasterise them (src/integrations/raster-store.ts): builds the
// site with the sample articles, an empty cache and no store, and keeps every
// image it made from the site's own files. Run by scripts/generate-images.ts
// after it draws, and on its own after a page asks for other widths:
//
//   npx node scripts/images/rasters.ts
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { localImagesOfBuild, RASTER_STORE } from '../../src/integrations/raster-store.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const store = fileURLToPath(RASTER_STORE);

function astroBuild(outDir: string, cacheDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  // The sample articles: their images are the site's own, never the content service's.
  for (const name of ['CONTENT_API_URL', 'CONTENT_API_TOKEN', 'CONTENT_ASSET_HOSTS']) delete env[name];
  env.ASTRO_CACHE_DIR = cacheDir;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
      { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}`))));
  });
}

/** Builds the site and replaces the store with the copies it made; the old store comes back if that fails. */
export async function storeRasters(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'mno-rasters-'));
  const aside = join(work, 'previous-store');
  const hadStore = await stat(store).then(
    () => true,
    () => false,
  );
  // Without the store the build makes every copy anew, from the drawings as they are now.
  if (hadStore) {
    await cp(store, aside, { recursive: true });
    await rm(store, { recursive: true });
  }
  try {
    const outDir = join(work, 'dist');
    const cacheDir = join(work, 'cache');
    await astroBuild(outDir, cacheDir);
    const imageCache = pathToFileURL(join(cacheDir, 'assets/'));
    const names = await localImagesOfBuild(imageCache, pathToFileURL(join(outDir, '_astro/')));
    await rm(store, { recursive: true, force: true });
    for (const name of names) await cp(new URL(name, imageCache), join(store, name));
    const bytes = (await Promise.all(names.map((name) => stat(join(store, name))))).reduce((sum, s) => sum + s.size, 0);
    console.log(`Stored ${names.length} WebP copies (${Math.round(bytes / 1024)} KB) in ${relative(root, store)}/.`);
  } catch (error) {
    if (hadStore) {
      await rm(store, { recursive: true, force: true });
      await cp(aside, store, { recursive: true });
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) await storeRasters();
