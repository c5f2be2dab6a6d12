// The whole path of an application's documents, served as `npm start` serves
// the site (scripts/serve.ts: the real functions, local Blobs) with a real
// SMTP server: the staff e-mail carries four links, each downloads exactly
// what was uploaded, and an altered link is refused.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationFileFields } from '../../src/forms/application/application.ts';
import { applicationRequest, validApplicationData, validApplicationFiles } from '../../scripts/lib/sample-requests.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp.ts';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const TIMEOUT = 120_000;

describe('an application’s documents, from the staff e-mail', { timeout: TIMEOUT }, () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServe(projectRoot, {
      SMTP_URL: smtp.url,
      NOTIFY_APPLICATION_TO: 'recruitment@mnoadvocates.test',
    });
  }, TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('are four links that each download exactly the bytes uploaded; an altered link gets a 4xx', async () => {
    const email = `documents-${Date.now().toString(36)}@example.com`;
    const request = await applicationRequest({ data: { ...validApplicationData(), email } });
    const answer = await fetch(`${server.url}${new URL(request.url).pathname}`, {
      method: 'POST',
      headers: { 'content-type': request.headers.get('content-type')! },
      body: await request.arrayBuffer(),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);

    const mail = (await smtp.waitFor(1, 60_000)).find((message) => message.text.includes(email))!;
    const links = [...mail.text.matchAll(/https?:\/\/\S+\/api\/v1\/documents\/\S+/g)].map((match) => new URL(match[0]));
    expect(links.map((link) => link.pathname.split('/').at(-1))).toEqual([...applicationFileFields]);

    const uploaded = validApplicationFiles();
    for (const [index, field] of applicationFileFields.entries()) {
      // The link names the site's public origin; here the site is served on a test port.
      const response = await fetch(`${server.url}${links[index]!.pathname}${links[index]!.search}`);
      expect(response.status, field).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(uploaded[field].bytes));
    }

    const altered = new URL(links[0]!);
    altered.searchParams.set('expires', String(Number(altered.searchParams.get('expires')) + 1));
    const refused = await fetch(`${server.url}${altered.pathname}${altered.search}`);
    expect(refused.status).toBe(403);
    expect((await refused.text()).trim()).toBe('This document link is not valid.');
  });
});
