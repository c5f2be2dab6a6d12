// Builds and serves the site the browser tests drive: the production build,
// its articles read from the local test content service
// (tests/e2e/support/articles.ts) exactly as a deploy reads them from the
// firm's, then `npm run serve` as `npm start` serves it, from a functions-only
// view of this checkout that holds the build (./e2e-server.ts): its functions
// build in seconds, not the 20 s the checkout's take, and what the tests store
// stays apart from `npm start`'s store. The content service
// keeps answering while the site is served, as the firm's does: the draft
// preview (/preview/insight/<slug>) reads it on request.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startGraphqlServer } from '../../../scripts/lib/graphql-server.ts';
import { fillFunctionsOnlyProject } from '../../support/functions-only-project.ts';
import { draftArticle, e2eArticles, PREVIEW_TOKEN } from './articles.ts';
import { E2E_ROOT } from './e2e-server.ts';
import { E2E_LINK_SECRET } from './link-secret.ts';

const content = await startGraphqlServer({ articles: [...e2eArticles, draftArticle] });

/** Runs `npm run <script> -- <args>` with the content service's address; resolves with its exit code. */
function run(
  script: string,
  env: Record<string, string> = {},
  args: string[] = [],
): { child: ChildProcess; done: Promise<number> } {
  const child = spawn('npm', ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], {
    stdio: 'inherit',
    env: { ...process.env, CONTENT_API_URL: content.url, ...env },
  });
  return { child, done: once(child, 'close').then(([code]) => (code as number | null) ?? 1) };
}

// Its own content store and image cache, so this build's articles never
// linger in the one `npm start` builds from.
const built = await run('build', {
  ASTRO_CACHE_DIR: new URL('../../../node_modules/.astro-e2e/', import.meta.url).pathname,
}).done;
if (built !== 0) {
  await content.close();
  process.exit(built);
}

const checkout = fileURLToPath(new URL('../../../', import.meta.url));
await rm(E2E_ROOT, { recursive: true, force: true });
await fillFunctionsOnlyProject(E2E_ROOT, {
  dist: `${checkout}dist`,
  frameworkFunctions: `${checkout}.netlify/v1`,
});

// The browser tests send many forms from one address: the daily limits would refuse them after a few. The limits
// have tests of their own.
const NO_DAILY_LIMIT = '100000';
const server = run(
  'serve',
  {
    CONTENT_PREVIEW_SECRET: PREVIEW_TOKEN,
    DOCUMENT_LINK_SECRET: E2E_LINK_SECRET,
    DAILY_LIMIT_APPLICATION: NO_DAILY_LIMIT,
    DAILY_LIMIT_ENQUIRY: NO_DAILY_LIMIT,
    // Every test's sign-in comes from this machine; the limit has tests of its own.
    STAFF_SIGN_IN_LIMIT: NO_DAILY_LIMIT,
  },
  [E2E_ROOT],
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.child.kill(signal));
process.exitCode = await server.done;
await content.close();
