import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../support/serve';

// A fixture site whose only function answers with the SHA-256 of the body it received.
const fixture = fileURLToPath(new URL('../fixtures/echo-site', import.meta.url));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** GET without fetch's automatic decompression: the status, headers and body bytes as sent. */
const getRaw = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });

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

  it('answers every call when many arrive at once', async () => {
    const bodies = Array.from({ length: 24 }, (_, i) => Buffer.from(`call ${i}`));
    const answers = await Promise.all(
      bodies.map(async (body, i) => {
        // Staggered, so some calls arrive while others are still running.
        await new Promise((resolve) => setTimeout(resolve, (i % 6) * 100));
        const response = await fetch(`${server.url}/api/echo`, { method: 'POST', body });
        return { status: response.status, body: await response.text() };
      }),
    );
    expect(answers).toEqual(bodies.map((body) => ({ status: 200, body: JSON.stringify({ message: sha256(body), size: body.length }) })));
  });

  it('answers an unknown path with the site 404 page and status 404', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('missing');
  });

  describe('compresses text as Netlify\'s CDN does', () => {
    const page = readFileSync(`${fixture}/dist/index.html`);

    it.each([
      ['br', 'gzip, deflate, br', brotliDecompressSync],
      ['gzip', 'gzip, deflate', gunzipSync],
    ])('answers %s to a client that accepts it', async (encoding, accepted, decompress) => {
      const { headers, body } = await getRaw(`${server.url}/`, { 'accept-encoding': accepted });
      expect(headers['content-encoding']).toBe(encoding);
      expect(headers['vary']).toContain('Accept-Encoding');
      expect(body.length).toBeLessThan(page.length / 4);
      expect(decompress(body).equals(page)).toBe(true);
    });

    it('sends text as it is to a client that accepts no encoding', async () => {
      const { headers, body } = await getRaw(`${server.url}/`, {});
      expect(headers['content-encoding']).toBeUndefined();
      expect(body.equals(page)).toBe(true);
    });

    it('leaves binary files alone', async () => {
      const { headers, body } = await getRaw(`${server.url}/data.bin`, { 'accept-encoding': 'gzip, br' });
      expect(headers['content-encoding']).toBeUndefined();
      expect(body.equals(readFileSync(`${fixture}/dist/data.bin`))).toBe(true);
    });
  });
});
