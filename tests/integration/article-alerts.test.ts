// Article alerts as `npm start` serves them (scripts/serve.ts: the real
// functions, the embedded database) with a real SMTP server: a reader subscribes
// and confirms by the page's button; a signed publish of an article in their
// category, then a run of send-alerts (POSTed as Netlify's CLI runs a
// scheduled function locally), e-mails them once with both List-Unsubscribe
// headers; the same publish again sends nothing; a one-click POST unsubscribes;
// an unconfirmed address never hears a thing; the served database holds each
// step. The served folder's dist/ holds the two article pages and the build's
// list of categories, as a deploy would.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import type { Article } from '../../src/lib/articles/entry-schema.ts';
import { articleJsonLd } from '../../src/lib/articles/pages.ts';
import type { Database } from '../../src/server/db/database.ts';
import { signatureHeader } from '../../src/server/content-webhook/signature.ts';
import { liveArticle } from '../support/alerts.ts';
import { writeBuiltCategories } from '../support/built-categories.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';

const TIMEOUT = 180_000;
const SECRET = 'integration-webhook-secret';
const first = liveArticle();
const second = liveArticle({ id: 'ckarticle2', slug: 'stamp-duty-changes', title: 'Stamp duty: what changed' });

describe('article alerts through the local server', { timeout: TIMEOUT }, () => {
  let root: string;
  let smtp: TestSmtpServer;
  let hook: Server;
  let server: RunningServer;
  let db: Database & { close(): Promise<void> };

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', body, headers });
  const publish = (article: Article, t: number) => {
    const body = JSON.stringify({
      operation: 'publish',
      data: {
        __typename: 'Article',
        id: article.id,
        stage: 'PUBLISHED',
        articleSlug: article.slug,
        articleTitle: article.title,
      },
    });
    return post('/api/v1/content-webhook', body, {
      'content-type': 'application/json',
      'gcms-signature': signatureHeader(SECRET, body, t),
    });
  };
  const sendAlerts = async () => expect((await post('/.netlify/functions/send-alerts', '')).status).toBe(204);
  const subscribe = (email: string) =>
    post(
      '/api/v1/client/subscribe',
      JSON.stringify({ email, categories: ['land-and-conveyancing'], consent: true, lang: 'en' }),
      { 'content-type': 'application/json' },
    );
  const to = (email: string) => smtp.messages.filter((mail) => mail.envelope.to.includes(email));

  beforeAll(async () => {
    root = await functionsOnlyProject('article-alerts-');
    await writeBuiltCategories(root, [first.category!]);
    for (const article of [first, second]) {
      await mkdir(join(root, 'dist', 'insight', article.slug), { recursive: true });
      const data = JSON.stringify(articleJsonLd(article, 'http://localhost'));
      await writeFile(
        join(root, 'dist', 'insight', article.slug, 'index.html'),
        `<!doctype html><html lang="en"><head><script type="application/ld+json">${data}</script></head></html>`,
      );
    }
    smtp = await startSmtpServer();
    hook = createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((listening) => hook.listen(0, '127.0.0.1', listening));
    const hookPort = (hook.address() as { port: number }).port;
    server = await startServe(root, {
      SMTP_URL: smtp.url,
      CONTENT_WEBHOOK_SECRET: SECRET,
      BUILD_HOOK_URL: `http://127.0.0.1:${hookPort}/build_hooks/test`,
      SITE_URL: '',
      URL: '',
    });
    db = servedDatabase(root);
  }, TIMEOUT);
  afterAll(async () => {
    await db?.close();
    await server?.stop();
    await smtp?.stop();
    hook?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('e-mails a confirmed subscriber once per new article, with one-click unsubscribe, and never an unconfirmed one', async () => {
    expect((await subscribe('reader@example.com')).status).toBe(202);
    expect((await subscribe('unconfirmed@example.com')).status).toBe(202);
    await smtp.waitFor(2);
    const link = to('reader@example.com')[0]!.text.match(/http:\/\/\S+\/api\/v1\/alerts\/confirm\/\S+/)![0];
    expect(link.startsWith(server.url.replace('127.0.0.1', 'localhost'))).toBe(true);
    const page = await fetch(link);
    expect(await page.text()).toContain('<button type="submit">Confirm</button>');
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    expect(await db.query('SELECT email FROM alert_subscribers')).toEqual([{ email: 'reader@example.com' }]);
    expect(await db.query('SELECT email FROM alert_requests')).toEqual([{ email: 'unconfirmed@example.com' }]);

    const now = Date.now();
    expect((await publish(first, now)).status).toBe(202);
    await sendAlerts();
    const [alert] = await smtp.waitFor(3).then(() => to('reader@example.com').slice(1));
    expect(alert!.subject).toBe(`New article: ${first.title}`);
    const unsubscribe = alert!.header('list-unsubscribe')!.slice(1, -1);
    expect(unsubscribe).toMatch(/\/api\/v1\/alerts\/unsubscribe\/[0-9a-f]{40}\?signature=/);
    expect(alert!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await db.query('SELECT slug, state, sent FROM alert_articles')).toEqual([
      { slug: first.slug, state: 'sent', sent: 1 },
    ]);
    expect(await db.query('SELECT state FROM alert_sends')).toEqual([{ state: 'sent' }]);

    expect((await publish(first, now + 1_000)).status).toBe(202);
    await sendAlerts();
    expect(to('reader@example.com')).toHaveLength(2);

    const oneClick = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await db.query('SELECT * FROM alert_subscribers')).toEqual([]);
    expect(await db.query('SELECT event, by FROM alert_consents ORDER BY id')).toEqual([
      { event: 'given', by: 'confirmation link' },
      { event: 'withdrawn', by: 'unsubscribe link' },
    ]);
    expect((await publish(second, now + 2_000)).status).toBe(202);
    await sendAlerts();
    expect(to('reader@example.com')).toHaveLength(2);
    expect(to('unconfirmed@example.com')).toHaveLength(1);
    expect(await db.query('SELECT slug, state, sent FROM alert_articles ORDER BY queued_at')).toEqual([
      { slug: first.slug, state: 'sent', sent: 1 },
      { slug: second.slug, state: 'sent', sent: 0 },
    ]);
  });
});
