import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../support/serve';

// A fixture site whose only function answers with the SHA-256 of the body it received.
const fixture = fileURLToPath(new URL('../fixtures/echo-site', import.meta.url));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('the local Netlify server (scripts/serve.ts)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServe(fixture);
  }, 90_000);
  afterAll(() => server?.stop());

  it.each(['application/octet-stream', 'application/pdf', 'multipart/form-data; boundary=x'])(
    'hands a binary %s body to a function byte for byte',
    async (contentType) => {
      const body = randomBytes(256 * 1024);
      const response = await fetch(`${server.url}/api/echo`, { method: 'POST', body, headers: { 'content-type': contentType } });
      expect(await response.json()).toEqual({ message: sha256(body), size: body.length });
    },
  );

  it('hands a text body to a function unchanged', async () => {
    const body = JSON.stringify({ form_data: { name: 'Wanjiku' } });
    const response = await fetch(`${server.url}/api/echo`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await response.json()).toEqual({ message: sha256(Buffer.from(body)), size: Buffer.byteLength(body) });
  });

  it('answers an unknown path with the site 404 page and status 404', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('missing');
  });
});
