// The publish webhook as `npm start` serves it (scripts/serve.ts: the real
// function, the embedded database), signed as Hygraph signs, against a local
// stand-in for Netlify's build hook that counts its calls.
//
// The project is served from a temporary folder (the functions, the site's
// source and node_modules linked in), so its database holds this test's
// deliveries and queued alerts and nothing else.
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { CONTENT_WEBHOOK_PATH } from '../../src/server/content-webhook/handler.ts';
import { MAX_CLOCK_SKEW_MS, signatureHeader } from '../../src/server/content-webhook/signature.ts';
import type { Database } from '../../src/server/db/database.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';

const TIMEOUT = 180_000;
const SECRET = 'integration-test-secret-7f3a';

const articleDelivery = (operation: string, stage: string) =>
  JSON.stringify({
    operation,
    data: {
      __typename: 'Article',
      id: 'ckarticle1',
      stage,
      articleTitle: 'Succession in Kenya: a guide',
      articleSlug: 'succession-guide',
      articleContent: { html: '<p>Body & more</p>' },
    },
  });

describe('the content webhook, served as npm start serves it', { timeout: TIMEOUT }, () => {
  let root: string;
  let server: RunningServer | undefined;
  let hook: Server | undefined;
  let db: (Database & { close(): Promise<void> }) | undefined;
  const hookCalls: URL[] = [];

  beforeAll(async () => {
    root = await functionsOnlyProject('content-webhook-');

    hook = createServer((req, res) => {
      hookCalls.push(new URL(req.url ?? '/', 'http://hook.test'));
      req.resume();
      req.once('end', () => res.writeHead(200).end());
    });
    await new Promise<void>((resolve) => hook!.listen(0, '127.0.0.1', resolve));
    const { port } = hook.address() as { port: number };

    server = await startServe(root, {
      CONTENT_WEBHOOK_SECRET: SECRET,
      BUILD_HOOK_URL: `http://127.0.0.1:${port}/build_hooks/stand-in`,
    });
    db = servedDatabase(root);
  }, TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await new Promise((resolve) => (hook ? hook.close(resolve) : resolve(undefined)));
    if (root) await rm(root, { recursive: true, force: true });
  });

  const post = (body: string, signature: string) =>
    fetch(`${server!.url}${CONTENT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'gcms-signature': signature },
      body,
    });

  it('refuses an altered body, a wrong secret and a stale timestamp with 401, calling nothing', async () => {
    const body = articleDelivery('publish', 'PUBLISHED');
    const now = Date.now();
    const refused = [
      await post(body.replace('succession-guide', 'another-slug'), signatureHeader(SECRET, body, now)),
      await post(body, signatureHeader('not-the-secret', body, now)),
      await post(body, signatureHeader(SECRET, body, now - MAX_CLOCK_SKEW_MS - 60_000)),
    ];
    for (const answer of refused) {
      expect(answer.status, await answer.clone().text()).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(hookCalls).toHaveLength(0);
    expect(await db!.query('SELECT * FROM webhook_deliveries')).toEqual([]);
  });

  it('ignores a draft-stage update with 202, calling nothing', async () => {
    const body = articleDelivery('update', 'DRAFT');
    const answer = await post(body, signatureHeader(SECRET, body, Date.now()));
    expect(answer.status).toBe(202);
    expect((await answer.json()) as { message: string }).toEqual({ message: expect.stringMatching(/^Ignored: /) });
    expect(hookCalls).toHaveLength(0);
  });

  it('calls the build hook once for a signed publish, naming the article, and not again for the same delivery', async () => {
    const body = articleDelivery('publish', 'PUBLISHED');
    const signature = signatureHeader(SECRET, body, Date.now());

    const first = await post(body, signature);
    expect(first.status, await first.clone().text()).toBe(202);
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.pathname).toBe('/build_hooks/stand-in');
    expect(hookCalls[0]!.searchParams.get('trigger_title')).toBe('Published: Succession in Kenya: a guide');

    const again = await post(body, signature);
    expect(again.status, await again.clone().text()).toBe(202);
    expect(((await again.json()) as { message: string }).message).toMatch(/Already received/);
    expect(hookCalls).toHaveLength(1);
    expect(await db!.query('SELECT title FROM webhook_deliveries')).toEqual([
      { title: 'Published: Succession in Kenya: a guide' },
    ]);
    expect(await db!.query('SELECT slug, state FROM alert_articles')).toEqual([
      { slug: 'succession-guide', state: 'queued' },
    ]);
  });
});
