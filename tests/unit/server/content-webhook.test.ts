// The publish webhook in-process, against a local Blobs server and a stand-in
// build hook (a fetch double): the signature as Hygraph computes it, what
// starts a build and what does not, a retry, a slow or failing hook, and
// hostile bytes (fast-check) that never throw and never start a build.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import handler, { config } from '../../../netlify/functions/content-webhook.ts';
import {
  CONTENT_WEBHOOK_PATH,
  createContentWebhookHandler,
  HOOK_TIMEOUT_MS,
  MAX_WEBHOOK_BODY_BYTES,
  type ContentWebhookDeps,
} from '../../../src/server/content-webhook/handler.ts';
import { deliveryKey, recordDelivery, wasDelivered } from '../../../src/server/content-webhook/deliveries.ts';
import { decide } from '../../../src/server/content-webhook/payload.ts';
import {
  checkSignature,
  computeSignature,
  MAX_CLOCK_SKEW_MS,
  parseSignatureHeader,
  signatureHeader,
} from '../../../src/server/content-webhook/signature.ts';
import { articleRef, readAlert } from '../../../src/server/alerts/queue.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();
const deliveries = () => database.db.query('SELECT * FROM webhook_deliveries');
const SECRET = 'rCNwyiloY3oJYYkxgpBXaleIiUv5MYlx';
const HOOK = 'https://api.netlify.com/build_hooks/abc123';
const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);

const publishBody = (overrides: Record<string, unknown> = {}, operation = 'publish') =>
  JSON.stringify({
    operation,
    data: {
      __typename: 'Article',
      id: 'ckx1',
      stage: 'PUBLISHED',
      articleTitle: 'Buying land in Kenya: <the> & due diligence',
      articleSlug: 'buying-land',
      ...overrides,
    },
  });

function delivery(
  body: string,
  { secret = SECRET, t = NOW, header }: { secret?: string; t?: number; header?: string } = {},
) {
  return new Request(`http://localhost${CONTENT_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'gcms-signature': header ?? signatureHeader(secret, body, t) },
    body,
  });
}

/** A stand-in build hook: records each call, answers `status` (or never, when `hang`). */
function stubHook(status = 200, hang = false) {
  const calls: URL[] = [];
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    calls.push(new URL(String(input)));
    if (!hang) return Promise.resolve(new Response('', { status }));
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
    );
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const quiet = { log: () => {}, info: () => {} };

function webhook(hook = stubHook(), deps: ContentWebhookDeps = {}) {
  return createContentWebhookHandler({
    secret: () => SECRET,
    buildHookUrl: () => HOOK,
    fetch: hook.fetch,
    now: () => NOW,
    ...quiet,
    db: database.db,
    ...deps,
  });
}

describe('the gcms-signature', () => {
  it('is base64 HMAC-SHA256 of {Body, EnvironmentName, TimeStamp} in that order, as @hygraph/utils computes it', () => {
    const body = '{"hello":"world"}';
    const signed = `{"Body":${JSON.stringify(body)},"EnvironmentName":"master","TimeStamp":${NOW}}`;
    const expected = createHmac('sha256', SECRET).update(signed).digest('base64');
    expect(computeSignature(SECRET, body, 'master', NOW)).toBe(expected);
    expect(signatureHeader(SECRET, body, NOW)).toBe(`sign=${expected}, env=master, t=${NOW}`);
  });

  it('matches a header @hygraph/utils (main, index.js) verifies', () => {
    // Made with our signatureHeader and checked true by the library's own verifyWebhookSignature.
    const raw =
      '{"operation":"publish","data":{"__typename":"Article","stage":"PUBLISHED","articleTitle":"Land & <title>"}}';
    expect(signatureHeader(SECRET, raw, 1764061200000)).toBe(
      'sign=qSaias7dhlK/2LvZsoOAvvTa21TJZamExpbWnuRjg3U=, env=master, t=1764061200000',
    );
  });

  it('holds for the same body, environment and time, and for nothing altered', () => {
    const body = publishBody();
    const header = signatureHeader(SECRET, body, NOW, 'development');
    expect(checkSignature(header, body, SECRET, NOW)).toMatchObject({ ok: true });
    expect(checkSignature(header, `${body} `, SECRET, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkSignature(header, body, `${SECRET}x`, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(checkSignature(header.replace('env=development', 'env=master'), body, SECRET, NOW)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('is refused more than five minutes either side of now', () => {
    const body = publishBody();
    const at = (t: number) => checkSignature(signatureHeader(SECRET, body, t), body, SECRET, NOW);
    expect(at(NOW - MAX_CLOCK_SKEW_MS)).toMatchObject({ ok: true });
    expect(at(NOW - MAX_CLOCK_SKEW_MS - 1)).toEqual({ ok: false, reason: 'stale' });
    expect(at(NOW + MAX_CLOCK_SKEW_MS + 1)).toEqual({ ok: false, reason: 'stale' });
  });

  it('parses only the header Hygraph sends', () => {
    const sign = computeSignature(SECRET, '', 'master', NOW);
    expect(parseSignatureHeader(`sign=${sign}, env=master, t=${NOW}`)).toEqual({
      sign,
      environment: 'master',
      timestamp: NOW,
    });
    for (const header of [
      null,
      '',
      `sign=${sign}, env=master`,
      `sign=${sign}, env=master, t=${NOW}, t=${NOW}`,
      `sign=${sign.slice(1)}, env=master, t=${NOW}`,
      `sign=${sign}, env=master, t=12abc`,
      `sign=${sign}, env=, t=${NOW}`,
      `sign=${sign}, env=master, t=${NOW}, x=1`,
      'sign, env, t',
    ]) {
      expect(parseSignatureHeader(header), String(header)).toBeUndefined();
    }
  });
});

describe('what a delivery asks of the site', () => {
  it('builds for an Article published, unpublished or deleted, titled with what happened', () => {
    expect(decide(JSON.parse(publishBody()))).toEqual({
      build: true,
      operation: 'publish',
      id: 'ckx1',
      slug: 'buying-land',
      title: 'Published: Buying land in Kenya: <the> & due diligence',
    });
    expect(decide(JSON.parse(publishBody({ stage: 'DRAFT' }, 'unpublish')))).toMatchObject({
      build: true,
      title: 'Unpublished: Buying land in Kenya: <the> & due diligence',
    });
    expect(decide({ operation: 'delete', data: { __typename: 'Article', id: 'ckx1' } })).toMatchObject({
      build: true,
      title: 'Deleted: ckx1',
    });
  });

  it('ignores drafts, other stages, other operations and other models, saying why', () => {
    expect(decide(JSON.parse(publishBody({ stage: 'DRAFT' }, 'update')))).toMatchObject({
      build: false,
      reason: expect.stringContaining('"update" operation'),
    });
    expect(decide(JSON.parse(publishBody({ stage: 'QA' })))).toMatchObject({
      build: false,
      reason: expect.stringContaining('QA stage'),
    });
    expect(decide(JSON.parse(publishBody({ __typename: 'Author' })))).toMatchObject({
      build: false,
      reason: expect.stringContaining('not Author'),
    });
    for (const payload of [null, [], 'publish', { operation: 'publish' }, { operation: 'publish', data: [] }]) {
      expect(decide(payload)).toMatchObject({ build: false });
    }
  });

  it('keeps a title to one line of bounded length', () => {
    const decision = decide(JSON.parse(publishBody({ articleTitle: `Line one\nline\u2028two ${'x'.repeat(500)}` })));
    expect(decision).toMatchObject({ build: true, title: expect.stringMatching(/^Published: Line one line two x+…$/) });
    expect(decision.build && decision.title.length).toBeLessThanOrEqual(200);
  });
});

describe(`POST ${CONTENT_WEBHOOK_PATH}`, () => {
  it('is routed at its path', () => {
    expect(config).toEqual({ path: CONTENT_WEBHOOK_PATH });
  });

  it('answers 503 naming what is missing, and calls nothing', async () => {
    const hook = stubHook();
    const both = await webhook(hook, { secret: () => undefined, buildHookUrl: () => undefined })(
      delivery(publishBody()),
    );
    expect(both.status).toBe(503);
    expect((await both.json()).message).toMatch(/CONTENT_WEBHOOK_SECRET and BUILD_HOOK_URL/);
    const noHook = await webhook(hook, { buildHookUrl: () => undefined })(delivery(publishBody()));
    expect((await noHook.json()).message).toMatch(/set BUILD_HOOK_URL in/);
    expect(hook.calls).toHaveLength(0);
    // The deployed function reads the environment.
    vi.stubEnv('CONTENT_WEBHOOK_SECRET', '');
    vi.stubEnv('BUILD_HOOK_URL', '');
    try {
      expect((await handler(delivery(publishBody()))).status).toBe(503);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('requests one build for a publish, with a title naming the article, and none for its retry', async () => {
    const hook = stubHook();
    const handle = webhook(hook);
    const body = publishBody();
    const first = await handle(delivery(body));
    expect(first.status).toBe(202);
    expect((await first.json()).message).toMatch(/build requested/);
    expect(hook.calls).toHaveLength(1);
    expect(`${hook.calls[0]!.origin}${hook.calls[0]!.pathname}`).toBe(HOOK);
    expect(hook.calls[0]!.searchParams.get('trigger_title')).toBe(
      'Published: Buying land in Kenya: <the> & due diligence',
    );

    const again = await handle(delivery(body));
    expect(again.status).toBe(202);
    expect((await again.json()).message).toMatch(/Already received/);
    expect(hook.calls).toHaveLength(1);

    // The same article published again later is a new delivery.
    expect((await handle(delivery(body, { t: NOW + 1 }))).status).toBe(202);
    expect(hook.calls).toHaveLength(2);
  });

  it('queues one article alert on the first publish, none on a republish, and cancels it on an unpublish', async () => {
    const alerts = database.db;
    const handle = webhook(stubHook());
    const ref = articleRef({ id: 'ckx1', slug: 'buying-land' });
    expect((await handle(delivery(publishBody()))).status).toBe(202);
    const queued = await readAlert(alerts, ref);
    expect(queued).toMatchObject({ state: 'queued', slug: 'buying-land', failedRuns: 0 });
    // Edited and published again, a minute later: the alert stays the one queued.
    await handle(delivery(publishBody({ articleTitle: 'Buying land, revised' }), { t: NOW + 60_000 }));
    expect(await readAlert(alerts, ref)).toEqual(queued);
    await handle(delivery(publishBody({ stage: 'DRAFT' }, 'unpublish'), { t: NOW + 120_000 }));
    expect(await readAlert(alerts, ref)).toMatchObject({ state: 'cancelled' });
    // Published again later: it was published before, so no alert is queued again.
    await handle(delivery(publishBody(), { t: NOW + 180_000 }));
    expect(await readAlert(alerts, ref)).toMatchObject({ state: 'cancelled' });
  });

  it('answers 502 when the alert cannot be queued, recording nothing, so the retry queues it', async () => {
    const broken = {
      ...database.db,
      query: (text: string, params?: readonly unknown[]) =>
        text.includes('alert_articles') ? Promise.reject(new Error('down')) : database.db.query(text, params),
    };
    const handle = webhook(stubHook(), { db: broken as never });
    const body = publishBody();
    expect((await handle(delivery(body))).status).toBe(502);
    expect(await deliveries()).toEqual([]);
    const alerts = database.db;
    const retried = await webhook(stubHook())(delivery(body));
    expect(retried.status).toBe(202);
    expect(await readAlert(alerts, articleRef({ id: 'ckx1', slug: 'buying-land' }))).toMatchObject({ state: 'queued' });
  });

  it('refuses an altered body, a wrong secret, a stale or missing signature with 401, calling nothing', async () => {
    const hook = stubHook();
    const handle = webhook(hook);
    const body = publishBody();
    const altered = new Request(delivery(body), { body: body.replace('buying-land', 'selling-land') });
    for (const request of [
      altered,
      delivery(body, { secret: 'not-the-secret' }),
      delivery(body, { t: NOW - MAX_CLOCK_SKEW_MS - 1 }),
      delivery(body, { header: '' }),
    ]) {
      const response = await handle(request);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect(hook.calls).toHaveLength(0);
    expect(await deliveries()).toEqual([]);
  });

  it('ignores a draft saved with 202, saying why, and calls nothing', async () => {
    const hook = stubHook();
    const response = await webhook(hook)(delivery(publishBody({ stage: 'DRAFT' }, 'update')));
    expect(response.status).toBe(202);
    expect((await response.json()).message).toMatch(/^Ignored: .*"update" operation/);
    expect(hook.calls).toHaveLength(0);
  });

  it('gives the build hook time enough, and leaves the answer within Hygraph’s 3 seconds', () => {
    expect(HOOK_TIMEOUT_MS).toBeGreaterThanOrEqual(1_000);
    expect(HOOK_TIMEOUT_MS).toBeLessThanOrEqual(2_500);
  });

  it('answers 502 when the hook fails or is slow, and records nothing, so the retry requests the build', async () => {
    const body = publishBody();
    const failing = stubHook(500);
    expect((await webhook(failing)(delivery(body))).status).toBe(502);

    const slow = stubHook(200, true);
    const started = performance.now();
    expect((await webhook(slow, { hookTimeoutMs: 100 })(delivery(body))).status).toBe(502);
    expect(performance.now() - started).toBeLessThan(1_000);

    const working = stubHook();
    expect((await webhook(working)(delivery(body))).status).toBe(202);
    expect(working.calls).toHaveLength(1);
  });

  it('forgets a delivery once its signature could no longer be accepted, deleting the note on a later delivery', async () => {
    const store = database.db;
    const old = deliveryKey(NOW, 'old');
    await recordDelivery(store, old, { receivedAt: NOW, title: 'Published: old' });
    expect(await wasDelivered(store, old)).toBe(true);
    const recent = deliveryKey(NOW + 5 * 60_000, 'recent');
    await recordDelivery(store, recent, { receivedAt: NOW + 5 * 60_000, title: 'Published: recent' });
    expect(await wasDelivered(store, old)).toBe(true);
    const later = NOW + 2 * MAX_CLOCK_SKEW_MS + 61_000;
    await recordDelivery(store, deliveryKey(later, 'later'), { receivedAt: later, title: 'Published: later' });
    expect(await wasDelivered(store, old)).toBe(false);
    expect(await wasDelivered(store, recent)).toBe(true);
  });

  it('answers 400 to a signed body that is not JSON, 413 to one too large, 405 to a GET', async () => {
    const hook = stubHook();
    const handle = webhook(hook);
    expect((await handle(delivery('not json'))).status).toBe(400);
    expect((await handle(delivery('x'.repeat(MAX_WEBHOOK_BODY_BYTES + 1)))).status).toBe(413);
    expect((await handle(new Request(`http://localhost${CONTENT_WEBHOOK_PATH}`))).status).toBe(405);
    expect(hook.calls).toHaveLength(0);
  });

  it('never throws nor calls the hook, whatever headers and body arrive unsigned', async () => {
    const hook = stubHook();
    const handle = webhook(hook);
    const sign = computeSignature(SECRET, '', 'master', NOW);
    const header = fc.oneof(
      fc.string({ maxLength: 600 }),
      fc
        .tuple(fc.base64String({ minLength: 44, maxLength: 44 }), fc.string({ maxLength: 20 }), fc.integer())
        .map(([s, env, t]) => `sign=${s}, env=${env}, t=${t}`),
      fc.integer({ min: -1e6, max: 1e6 }).map((shift) => `sign=${sign}, env=master, t=${NOW + shift}`),
    );
    const body = fc.oneof(
      fc.uint8Array({ maxLength: 2_000 }),
      fc.string({ maxLength: 2_000 }).map((text) => new TextEncoder().encode(text)),
      fc.constant(new TextEncoder().encode(publishBody())),
    );
    await fc.assert(
      fc.asyncProperty(header, body, fc.option(fc.string({ maxLength: 40 })), async (signature, bytes, type) => {
        const headers = new Headers();
        // Headers refuses some values (a newline); those cannot arrive over HTTP either.
        try {
          headers.set('gcms-signature', signature);
        } catch {
          return;
        }
        try {
          if (type !== null) headers.set('content-type', type);
        } catch {
          /* as above */
        }
        const response = await handle(
          new Request(`http://localhost${CONTENT_WEBHOOK_PATH}`, { method: 'POST', headers, body: bytes }),
        );
        expect([400, 401, 413]).toContain(response.status);
        expect(await response.json()).toHaveProperty('message');
      }),
      { numRuns: 300 },
    );
    expect(hook.calls).toHaveLength(0);
  });
});
