// Builds and serves the site the browser tests drive: the production build,
// its articles read from the local test content service
// (tests/e2e/support/articles.ts) exactly as a deploy reads them from the
// firm's, then `npm run serve` as `npm start` serves it. The content service
// keeps answering while the site is served, as the firm's does: the draft
// preview (/preview/insight/<slug>) reads it on request.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { startGraphqlServer } from '../../../scripts/lib/graphql-server.ts';
import { draftArticle, e2eArticles, PREVIEW_TOKEN } from './articles.ts';
import { E2E_LINK_SECRET } from './link-secret.ts';

const content = await startGraphqlServer({ articles: [...e2eArticles, draftArticle] });

/** Runs `npm run <script>` with the content service's address; resolves with its exit code. */
function run(script: string, env: Record<string, string> = {}): { child: ChildProcess; done: Promise<number> } {
  const child = spawn('npm', ['run', script], {
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

// The browser tests send their forms into the project's own store, which `npm start` keeps too: the daily
// limits would refuse them after a few runs in one (Nairobi) day. The limits have tests of their own.
const NO_DAILY_LIMIT = '100000';
const server = run('serve', {
  CONTENT_PREVIEW_SECRET: PREVIEW_TOKEN,
  DOCUMENT_LINK_SECRET: E2E_LINK_SECRET,
  DAILY_LIMIT_APPLICATION: NO_DAILY_LIMIT,
  DAILY_LIMIT_ENQUIRY: NO_DAILY_LIMIT,
  // Every test's sign-in comes from this machine; the limit has tests of its own.
  STAFF_SIGN_IN_LIMIT: NO_DAILY_LIMIT,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.child.kill(signal));
process.exitCode = await server.done;
await content.close();
