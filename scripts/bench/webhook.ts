// Stage "webhook": the publish webhook's answer time, in-process against a
// test database (tests/support/database.ts: the embedded Postgres) and a
// stand-in build hook on 127.0.0.1 (real HTTP, so the hook's round trip
// counts). Hygraph gives a webhook 3 seconds. Per scenario, sequential
// deliveries after one warm-up not counted:
// a signed publish that requests a build (each a new delivery), the same
// delivery again (Hygraph's retry), a wrong secret, a draft saved, and a build
// hook that never answers (the answer then waits for HOOK_TIMEOUT_MS).
import { createServer, type Server } from 'node:http';
import { createContentWebhookHandler, HOOK_TIMEOUT_MS } from '../../src/server/content-webhook/handler.ts';
import { signatureHeader } from '../../src/server/content-webhook/signature.ts';
import { startTestDatabase } from '../../tests/support/database.ts';
import { percentile, round } from './stats.ts';

const REQUESTS = 100;
const HANGING_REQUESTS = 3;
const SECRET = 'bench-webhook-secret';

interface ScenarioFigures {
  scenario: string;
  requests: number;
  statuses: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface WebhookResult {
  hookTimeoutMs: number;
  scenarios: ScenarioFigures[];
  /** Calls the stand-in hook received while it answered: one per "build requested" delivery, warm-up included. */
  hookCalls: number;
}

const article = (operation: string, stage: string, n: number) =>
  JSON.stringify({
    operation,
    data: {
      __typename: 'Article',
      id: `ckbench${n}`,
      stage,
      articleTitle: `Bench article ${n}`,
      articleSlug: `bench-article-${n}`,
      articleContent: { html: `<p>${'A paragraph of the article. '.repeat(200)}</p>` },
    },
  });

async function startHook(hang: boolean): Promise<{ server: Server; url: string; calls: () => number }> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    req.resume();
    if (!hang) req.once('end', () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/build_hooks/bench`, calls: () => calls };
}

async function scenario(
  name: string,
  requests: number,
  handle: (request: Request) => Promise<Response>,
  request: (n: number) => Request,
): Promise<ScenarioFigures> {
  await (await handle(request(-1))).text();
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let n = 0; n < requests; n++) {
    const started = performance.now();
    const response = await handle(request(n));
    await response.text();
    times.push(performance.now() - started);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return {
    scenario: name,
    requests,
    statuses: [...statuses].map(([status, count]) => `${count}× ${status}`).join(', '),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
  };
}

export async function benchWebhook(): Promise<WebhookResult> {
  const database = await startTestDatabase(60_000);
  const hook = await startHook(false);
  const hanging = await startHook(true);
  const quiet = { log: () => {}, info: () => {} };
  const handler = (hookUrl: string) =>
    createContentWebhookHandler({ db: database.db, secret: () => SECRET, buildHookUrl: () => hookUrl, ...quiet });
  const delivery = (body: string, t = Date.now(), secret = SECRET) =>
    new Request('http://localhost/api/v1/content-webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'gcms-signature': signatureHeader(secret, body, t) },
      body,
    });
  try {
    const handle = handler(hook.url);
    const scenarios: ScenarioFigures[] = [];
    const retried = article('publish', 'PUBLISHED', 0);
    const retriedAt = Date.now();
    scenarios.push(
      await scenario('publish: build requested', REQUESTS, handle, (n) =>
        delivery(article('publish', 'PUBLISHED', n), n === 0 ? retriedAt : Date.now()),
      ),
      await scenario('the same delivery again', REQUESTS, handle, () => delivery(retried, retriedAt)),
      await scenario('wrong secret (401)', REQUESTS, handle, (n) =>
        delivery(article('publish', 'PUBLISHED', n), Date.now(), 'not-the-secret'),
      ),
      await scenario('draft saved (ignored)', REQUESTS, handle, (n) => delivery(article('update', 'DRAFT', n))),
      await scenario('build hook never answers', HANGING_REQUESTS, handler(hanging.url), (n) =>
        delivery(article('publish', 'PUBLISHED', 1_000 + n)),
      ),
    );
    return { hookTimeoutMs: HOOK_TIMEOUT_MS, scenarios, hookCalls: hook.calls() };
  } finally {
    hook.server.closeAllConnections();
    hanging.server.closeAllConnections();
    await Promise.all([hook, hanging].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    await database.stop();
  }
}
