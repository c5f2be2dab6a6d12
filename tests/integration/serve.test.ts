import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, get, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';

// A fixture site whose functions each answer one question about how they were called (echo: the SHA-256
// of the body it received). A test marked with a change of scripts/serve/upstream-changes.ts,
// scripts/serve/warm-functions.ts or scripts/serve.ts fails without that change.
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
  new Promise<{ status: number | undefined; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const outgoing = request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...(declared ? { 'content-length': declared } : {}) },
      });
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
    },
  );

/**
 * The gate of the fixture's hold function: it answers the calls that reach it once `expected` have,
 * `together`; a call still waiting after `patienceMs` is answered `alone`.
 */
async function startGate(expected: number, patienceMs: number) {
  const waiting = new Set<ServerResponse>();
  const server = createServer((_req, res) => {
    waiting.add(res);
    if (waiting.size === expected) for (const call of waiting) call.end('together');
    else setTimeout(() => waiting.delete(res) && res.end('alone'), patienceMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address of this machine other than loopback, if it has one. */
const outwardAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

/** The fixture's functions, by name. */
const functionNames = () =>
  readdirSync(join(fixture, 'netlify/functions'))
    .map((file) => file.replace(/\.[mc]?ts$/, ''))
    .sort();

/** The fixture's functions whose build, in .netlify/functions-serve, was written since `since` (ms). */
function builtSince(since: number): string[] {
  const built = join(fixture, '.netlify/functions-serve');
  return functionNames().filter((name) => {
    const entry = join(built, name, '___netlify-entry-point.mjs');
    // A second's slack: some file systems keep modification times to the second.
    return existsSync(entry) && statSync(entry).mtimeMs >= since - 1000;
  });
}

describe('the local Netlify server (scripts/serve.ts)', () => {
  let server: RunningServer;
  /** The functions already built when the server first said where it listens. */
  let builtWhenListening: string[];
  beforeAll(async () => {
    const startedAt = Date.now();
    server = await startServe(fixture);
    builtWhenListening = builtSince(startedAt);
  }, 90_000);
  afterAll(() => server?.stop());

  // warm-functions.ts: upstream marks such bodies base64-encoded but hands them on raw.
  it.each(['application/octet-stream', 'application/pdf', 'multipart/form-data; boundary=x'])(
    'hands a binary %s body to a function byte for byte',
    async (contentType) => {
      const body = randomBytes(256 * 1024);
      const response = await fetch(`${server.url}/api/echo`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType },
      });
      expect(await response.json()).toEqual({ message: sha256(body), size: body.length });
    },
  );

  it('hands a text body to a function unchanged', async () => {
    const body = JSON.stringify({ form_data: { name: 'Wanjiku' } });
    const response = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(await response.json()).toEqual({ message: sha256(Buffer.from(body)), size: Buffer.byteLength(body) });
  });

  // Calls that overlap are answered together, as on Netlify: each waits at a gate that opens only once
  // all have reached it, so calls served one at a time would each wait alone. Overlapping in one warm
  // instance (warm-functions.ts), each still finds its own Context in the `Netlify` global.
  it('answers calls that overlap together, each with its own Context', { timeout: 60_000 }, async () => {
    const gate = await startGate(12, 10_000);
    try {
      const ids = Array.from({ length: 12 }, (_, i) => `call-${i}`);
      const answers = await Promise.all(
        ids.map(async (id) => {
          const response = await fetch(`${server.url}/api/hold`, {
            method: 'POST',
            body: JSON.stringify({ id, gate: gate.url }),
          });
          return { status: response.status, body: await response.json() };
        }),
      );
      expect(answers).toEqual(ids.map((id) => ({ status: 200, body: { id, together: true, ownContext: true } })));
    } finally {
      await gate.close();
    }
  });

  // warm-functions.ts: without it, every call loads the function anew.
  it("keeps a function's instance warm between calls", async () => {
    const calls = async () => ((await (await fetch(`${server.url}/api/warm`)).json()) as { calls: number }).calls;
    const first = await calls();
    expect(await calls()).toBe(first + 1);
  });

  it("tells a function the caller's address and the request's id (Netlify's Context)", async () => {
    const context = async () => (await (await fetch(`${server.url}/api/context`)).json()) as Record<string, string>;
    const [first, second] = [await context(), await context()];
    expect(first.ip).toBe('127.0.0.1');
    expect(first.requestId).toMatch(/\w{10,}/);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it("hands a function a body of 6 MB, Netlify's limit", { timeout: 30_000 }, async () => {
    const body = randomBytes(6 * 1024 * 1024);
    const response = await fetch(`${server.url}/api/echo`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
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

  // withFunctionsHandlerKnown (upstream-changes.ts): without it, the functions are built after it listens.
  it('has built every function before it answers', () => {
    expect(functionNames().length).toBeGreaterThan(3);
    expect(builtWhenListening).toEqual(functionNames());
  });

  // withFunctionsSettings (upstream-changes.ts): without it, netlify.toml's [functions] settings are ignored.
  it("builds functions with netlify.toml's [functions] settings (the fixture's included_files)", async () => {
    const response = await fetch(`${server.url}/api/included`);
    expect(await response.json()).toMatchObject({ included: true });
  });

  // withBuildsReused (upstream-changes.ts): without it, each call builds its function into a folder of its own.
  it('runs a function as built, not built anew for each call', async () => {
    const where = async () => ((await (await fetch(`${server.url}/api/where`)).json()) as { file: string }).file;
    const [first, second] = [await where(), await where()];
    expect(first).toMatch(/functions-serve/);
    expect(second).toBe(first);
  });

  it('answers an unknown path with the site 404 page and status 404', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('missing');
  });

  // withRewriteStatus (scripts/serve.ts): without it, the rule's target answers 200.
  describe("answers a status rewrite with the rule's status, as Netlify does (the fixture's /notes/* rule)", () => {
    it('where no file matches the path', async () => {
      const response = await fetch(`${server.url}/notes/no-such-note`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('No such note');
    });

    it('but serves a file that matches the path: the rule is not forced', async () => {
      const response = await fetch(`${server.url}/notes/kept.html`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('A kept note');
    });
  });

  describe("compresses text as Netlify's CDN does", () => {
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
