// Thirty contact messages sent at once, through the local server as `npm start`
// runs it (scripts/serve.ts: the real function, the embedded database), on a
// project of the functions alone, so the messages count against no one else's
// daily limit: each is answered and stored as a row, all within 5 s (issues 36
// and 50), and none of their text is written to Blobs.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validContact } from '../../scripts/lib/sample-requests.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';

const MESSAGES = 30;
const BOUND_MS = 5_000;

/** The markers found in the project's stored records. */
async function storedMarkers(root: string, markers: string[]): Promise<string[]> {
  const db = servedDatabase(root);
  try {
    const rows = await db.query<{ text: string }>(
      `SELECT record::text AS text FROM submissions WHERE type = 'contact'`,
    );
    return markers.filter((marker) => rows.some(({ text }) => text.includes(marker)));
  } finally {
    await db.close();
  }
}

/** The markers found in the project's blobs (scripts/serve.ts keeps them under .netlify/blobs-serve). */
async function markersInBlobs(root: string, markers: string[]): Promise<string[]> {
  const entries = await readdir(join(root, '.netlify/blobs-serve/entries'), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  const texts = await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')),
  );
  return markers.filter((marker) => texts.some((text) => text.includes(marker)));
}

describe('thirty contact messages sent at once', () => {
  let root: string;
  let server: RunningServer;
  beforeAll(async () => {
    root = await functionsOnlyProject('mno-contact-burst-');
    server = await startServe(root);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const send = (marker: string) =>
    fetch(`${server.url}${CONTACT_ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ form_data: { ...validContact(), msg: `Please call me. ${marker}` } }),
    });

  it('are each answered 200 and stored, all within 5 s', { timeout: 120_000 }, async () => {
    // Not counted: the function's first call, which waits for its build and starts its instance.
    expect((await send(`warm-up-${randomUUID()}`)).status).toBe(200);
    const markers = Array.from({ length: MESSAGES }, () => `burst-${randomUUID()}`);
    const started = performance.now();
    const statuses = await Promise.all(markers.map(async (marker) => (await send(marker)).status));
    const elapsed = performance.now() - started;
    expect(statuses).toEqual(markers.map(() => 200));
    expect(await storedMarkers(root, markers)).toEqual(markers);
    expect(await markersInBlobs(root, markers)).toEqual([]);
    expect(elapsed).toBeLessThan(BOUND_MS);
  });
});
