// Builds the site the browser tests drive: the production build, its articles
// read from the local test content service (tests/e2e/support/articles.ts)
// exactly as a deploy reads them from the firm's. Playwright runs it before
// serving dist/ the way `npm start` does (playwright.config.ts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { startGraphqlServer } from '../../../scripts/lib/graphql-server.ts';
import { e2eArticles } from './articles.ts';

const content = await startGraphqlServer({ articles: [...e2eArticles] });
try {
  // Not spawnSync: the content service answers from this process while the build runs.
  const build = spawn('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      CONTENT_API_URL: content.url,
      // Its own content store and image cache, so this build's articles never
      // linger in the one `npm start` builds from.
      ASTRO_CACHE_DIR: new URL('../../../node_modules/.astro-e2e/', import.meta.url).pathname,
    },
  });
  const [code] = (await once(build, 'close')) as [number | null];
  process.exitCode = code ?? 1;
} finally {
  await content.close();
}
