// The deliveries that already started a build, kept briefly in the database
// (table webhook_deliveries, keyed by the signature timestamp and a SHA-256 of
// timestamp and body), so Hygraph's retry of one (same signature timestamp,
// same body) starts nothing more. A delivery whose timestamp is further than
// MAX_CLOCK_SKEW_MS from now is refused before it gets here, so a note need
// outlive that window only; each delivery deletes a batch of notes past it.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { MAX_CLOCK_SKEW_MS } from './signature.ts';

/** How long a note is kept: the whole window a signature is accepted in, either side of now, and a margin. */
const REMEMBER_MS = 2 * MAX_CLOCK_SKEW_MS + 60 * 1000;

/** Most stale notes one delivery deletes, so tidying never costs it Hygraph's 3 seconds. */
const MAX_PRUNED = 100;

/** One delivery's key. The body is hashed: it may hold a whole article. */
export function deliveryKey(timestamp: number, body: string): string {
  const digest = createHash('sha256').update(`${timestamp}\n${body}`).digest('hex');
  return `${String(timestamp).padStart(16, '0')}-${digest}`;
}

/** Whether this delivery already started a build. */
export async function wasDelivered(db: Queryable, key: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM webhook_deliveries WHERE key = $1', [key])).length > 0;
}

/** Notes that a delivery started a build, and deletes a batch of notes older than REMEMBER_MS. */
export async function recordDelivery(
  db: Queryable,
  key: string,
  note: { receivedAt: number; title: string },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_deliveries (key, received_at, title) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
    [key, new Date(note.receivedAt), note.title],
  );
  await db.query(
    `DELETE FROM webhook_deliveries WHERE key IN (
       SELECT key FROM webhook_deliveries WHERE received_at <= $1 LIMIT ${MAX_PRUNED})`,
    [new Date(note.receivedAt - REMEMBER_MS)],
  );
}
