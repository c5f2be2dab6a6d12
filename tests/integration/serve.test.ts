import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get, request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../support/serve.ts';

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

/**
 * POSTs a body of `declared` bytes (or chunked, without a length) but sends only `sent` of them and never
 * finishes: the answer can only come from a server that stopped reading.
 */
const postUnfinished = (url: string, { declared, sent }: { declared?: number; sent: number }) =>
  new Promise<{ status: number | undefined; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...(declared ? { 'content-length': declared } : {}) } });
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        resolve({ status: response.statusCode, headers: response.headers, body });
        outgoing.destroy();
      });
    });
    // Writing may fail once the server has closed the connection; the answer is what counts.
    outgoing.on('error', (error) => (outgoing.writableEnded ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 7);
    for (let written = 0; written < sent; written += chunk.length) outgoing.write(chunk);
  });

/** An address of this machine other than loopback, if it has one. */
const outwardAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

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

  // Calls run one at a time (see serve.ts), each a few hundred milliseconds.
  it('answers every call when many arrive at once', { timeout: 30_000 }, async () => {
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

  it('hands a function a body of 6 MB, Netlify\'s limit', { timeout: 30_000 }, async () => {
    const body = randomBytes(6 * 1024 * 1024);
    const response = await fetch(`${server.url}/api/echo`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(await response.json()).toEqual({ message: sha256(body), size: body.length });
  });

  describe('answers a body over 6 MB with 413 and a JSON message, as Netlify does, reading no more of it', () => {
    it('when its length says so', async () => {
      const answer = await postUnfinished(`${server.url}/api/echo`, { declared: 100 * 1024 * 1024, sent: 64 * 1024 });
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('6 MB') });
    });

    it('when it grows past 6 MB without a length', async () => {
      const answer = await postUnfinished(`${server.url}/api/echo`, { sent: 6 * 1024 * 1024 + 64 * 1024 });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('6 MB') });
    });
  });

  describe('where it listens', () => {
    it('is this machine only, 127.0.0.1, unless HOST says otherwise', async () => {
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      if (!outwardAddress) return;
      const outward = new URL(server.url);
      outward.hostname = outwardAddress;
      await expect(fetch(outward)).rejects.toThrow();
    });

    it.skipIf(!outwardAddress)('is the address HOST names', { timeout: 90_000 }, async () => {
      const reachable = await startServe(fixture, { HOST: outwardAddress! });
      try {
        expect(new URL(reachable.url).hostname).toBe(outwardAddress);
        expect((await fetch(`${reachable.url}/`)).status).toBe(200);
      } finally {
        await reachable.stop();
      }
    });
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
