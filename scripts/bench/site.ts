// Building the site into a throw-away project root, so the bench never touches
// the repository's dist/ or .netlify/ and scripts/serve.ts can serve the
// result with the real functions, as `npm start` does. Only node_modules is
// linked; the rest is copied. What goes where, and why: docs/quality.md, "Where
// the bench builds".
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const astroCli = join(projectRoot, 'node_modules/astro/bin/astro.mjs');
/** What the functions need to build and run, copied into the temporary root. */
const COPIED = ['netlify.toml', 'package.json', 'tsconfig.json', 'netlify', 'src'];

export interface BuiltSite {
  /** A project root scripts/serve.ts can serve. */
  root: string;
  outDir: string;
  /** Wall time of `astro build`, in milliseconds. */
  buildMs: number;
  /** HTML files written (every route, the 404 pages included). */
  pages: number;
  /** Article pages, /insight/<slug>/ (the unknown-article page excluded). */
  articlePages: string[];
  /** Category pages, /insights/category/<slug>/. */
  categoryPages: string[];
  remove(): Promise<void>;
}

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

function runAstroBuild(outDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astroCli, 'build', '--outDir', outDir], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`astro build exited with ${code}:\n${output.split('\n').slice(-30).join('\n')}`));
    });
  });
}

export interface ContentEnv {
  CONTENT_API_URL?: string;
  CONTENT_API_TOKEN?: string;
  CONTENT_ASSET_HOSTS?: string;
}

/**
 * Builds the site with `contentEnv` (the content service's variables, or
 * nothing for the bundled sample articles) into a new temporary project root.
 * Astro's cache (content data store, optimised images) is `cacheDir` when
 * given, so a second build can reuse the first's; else a new, empty one: a cold build.
 */
export async function buildSite(contentEnv: ContentEnv = {}, cacheDir?: string): Promise<BuiltSite> {
  const root = await mkdtemp(join(tmpdir(), 'mno-bench-'));
  const remove = () => rm(root, { recursive: true, force: true });
  try {
    for (const name of COPIED) await cp(join(projectRoot, name), join(root, name), { recursive: true });
    await symlink(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    const outDir = join(root, 'dist');
    const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
    delete env.CONTENT_API_URL;
    delete env.CONTENT_API_TOKEN;
    delete env.CONTENT_ASSET_HOSTS;
    Object.assign(env, contentEnv, { ASTRO_CACHE_DIR: cacheDir ?? join(root, 'astro-cache') });

    const started = performance.now();
    await runAstroBuild(outDir, env);
    const buildMs = performance.now() - started;

    const files = await htmlFiles(outDir);
    const pagesUnder = (folder: RegExp, prefix: string) =>
      files
        .map((file) => file.match(folder)?.[1])
        .filter((slug): slug is string => Boolean(slug) && slug !== '404')
        .map((slug) => `${prefix}${slug}`)
        .sort();
    const articlePages = pagesUnder(/^insight\/([^/]+)\/index\.html$/, '/insight/');
    const categoryPages = pagesUnder(/^insights\/category\/([^/]+)\/index\.html$/, '/insights/category/');
    return { root, outDir, buildMs, pages: files.length, articlePages, categoryPages, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
