// The deliveries that already started a build, kept briefly in Netlify Blobs
// (store "content-webhook", key deliveries/<signature timestamp>-<sha-256 of
// timestamp and body>), so Hygraph's retry of one (same signature timestamp,
// same body) starts nothing more. A delivery whose timestamp is further than
// MAX_CLOCK_SKEW_MS from now is refused before it gets here, so a note need
// outlive that window only; the key starts with the timestamp so the next
// delivery can find and delete notes past it without reading them.
import { createHash } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { MAX_CLOCK_SKEW_MS } from './signature.ts';

const STORE_NAME = 'content-webhook';
const PREFIX = 'deliveries/';

/** How long a note is kept: the whole window a signature is accepted in, either side of now, and a margin. */
const REMEMBER_MS = 2 * MAX_CLOCK_SKEW_MS + 60 * 1000;

/** Most stale notes one delivery deletes, so tidying never costs it Hygraph's 3 seconds. */
const MAX_PRUNED = 20;

/** The store operations the deliveries need; a test can hand in a double. */
export type DeliveryStore = Pick<Store, 'get' | 'setJSON' | 'delete' | 'list'>;

/** Opened per request, so Netlify's per-invocation Blobs context is used. */
export const openDeliveryStore = (): DeliveryStore => getStore({ name: STORE_NAME, consistency: 'strong' });

/** One delivery's key. The body is hashed: it may hold a whole article. */
export function deliveryKey(timestamp: number, body: string): string {
  const digest = createHash('sha256').update(`${timestamp}\n${body}`).digest('hex');
  return `${PREFIX}${String(timestamp).padStart(16, '0')}-${digest}`;
}

const timestampOf = (key: string) => Number(key.slice(PREFIX.length, PREFIX.length + 16));

/** Whether this delivery already started a build. */
export async function wasDelivered(store: DeliveryStore, key: string): Promise<boolean> {
  return (await store.get(key)) !== null;
}

/** Notes that a delivery started a build, and deletes a few notes older than REMEMBER_MS. */
export async function recordDelivery(
  store: DeliveryStore,
  key: string,
  note: { receivedAt: number; title: string },
): Promise<void> {
  await store.setJSON(key, note);
  const { blobs } = await store.list({ prefix: PREFIX });
  const stale = blobs
    .map((blob) => blob.key)
    .filter((other) => !(note.receivedAt - timestampOf(other) < REMEMBER_MS))
    .slice(0, MAX_PRUNED);
  for (const other of stale) await store.delete(other);
}
