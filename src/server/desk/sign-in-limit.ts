// Sign-in attempts are limited per address of origin: STAFF_SIGN_IN_LIMIT (20)
// in 10 minutes, then 429 until the window has moved on. The address is kept
// only as a hash.
import { createHash } from 'node:crypto';
import { env } from '../../env.ts';
import type { Queryable } from '../db/database.ts';

const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/** Where a request came from, as the platform says (Netlify's client IP header, else the forwarded-for chain's first). */
export function requestSource(request: Request): string {
  const address =
    request.headers.get('x-nf-client-connection-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() ??
    'unknown';
  return createHash('sha256').update(`staff-sign-in\n${address}`).digest('base64url');
}

/** Counts an attempt from `source`; whether it is within the limit. Old attempts are cleared as it goes. */
export async function allowSignInAttempt(
  db: Queryable,
  source: string,
  now: Date,
  limit: number = env.staffSignInLimit,
): Promise<boolean> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  await db.query(`DELETE FROM staff_sign_in_attempts WHERE at <= $1`, [since]);
  const [row] = await db.query<{ attempts: number }>(
    `WITH counted AS (INSERT INTO staff_sign_in_attempts (source, at) VALUES ($1, $2) RETURNING 1)
     SELECT count(*)::int + 1 AS attempts FROM staff_sign_in_attempts WHERE source = $1 AND at > $3`,
    [source, now, since],
  );
  return (row?.attempts ?? 0) <= limit;
}
