// `astro build` of this project reading its articles from a test content
// service (scripts/lib/graphql-server.ts), into an outDir and a cache of its
// own. The root's .netlify/ is shared all the same: every build of the root
// empties and rewrites .netlify/build and .netlify/v1/functions (the Netlify
// adapter), so the builds that use this run one after another, in one file.
import { fileURLToPath } from 'node:url';
import { astroBuild, type BuildResult } from './astro-build.ts';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The token the content service asks for, and the build is given. */
export const SERVICE_TOKEN = 'integration-token-7f3a';
/** Time for a build of the whole site, its article images optimised without a cache, on a loaded machine. */
export const BUILD_TIMEOUT = 240_000;

/** `astro build --outDir <outDir>` of `root` (this project), reading articles from `endpoint`, with its own cache. */
export function buildSite(
  outDir: string,
  endpoint: string,
  cacheDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
  root = projectRoot,
): Promise<BuildResult> {
  return astroBuild({
    root,
    args: ['--outDir', outDir],
    env: {
      ...process.env,
      ASTRO_TELEMETRY_DISABLED: '1',
      CONTENT_API_URL: endpoint,
      CONTENT_API_TOKEN: SERVICE_TOKEN,
      SITE_URL: 'http://localhost:4321',
      CONTENT_ASSET_HOSTS: '127.0.0.1',
      ASTRO_CACHE_DIR: cacheDir,
      NODE_ENV: 'production',
      ...extraEnv,
    },
    timeoutMs: BUILD_TIMEOUT - 10_000,
  });
}
