// Staff sessions, kept in the database: a random token in a `__Host-` cookie
// (HttpOnly, Secure, SameSite=Strict), of which only the SHA-256 is stored. A
// new token at every sign-in; a session ends after 8 hours idle or 7 days,
// when its person signs out, or at once when they or the passkey that began it
// are revoked.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export const SESSION_COOKIE = '__Host-staff_session';
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

export type StaffRole = 'partner' | 'staff';

export interface LiveSession {
  tokenHash: string;
  personId: string;
  email: string;
  role: StaffRole;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session for `personId`, begun with `passkeyId`; returns its token, for the cookie. */
export async function startSession(db: Queryable, personId: string, now: Date, passkeyId?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO staff_sessions (token_hash, person_id, created_at, last_seen_at, ends_at, passkey_id)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [hashOf(token), personId, now, new Date(now.getTime() + SESSION_MAX_MS), passkeyId ?? null],
  );
  return token;
}

/**
 * The live session `token` opens, its idle clock restarted; undefined when it
 * has ended, lapsed, or its person is revoked.
 */
export async function liveSession(db: Queryable, token: string, now: Date): Promise<LiveSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db.query<{ token_hash: string; person_id: string; email: string; role: StaffRole }>(
    `UPDATE staff_sessions s SET last_seen_at = $2
       FROM staff_people p
      WHERE s.token_hash = $1 AND p.id = s.person_id AND p.revoked_at IS NULL AND s.ended_at IS NULL
        AND s.ends_at > $2 AND s.last_seen_at > $3
      RETURNING s.token_hash, s.person_id, p.email, p.role`,
    [hashOf(token), now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  return row && { tokenHash: row.token_hash, personId: row.person_id, email: row.email, role: row.role };
}

export async function endSession(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query(`UPDATE staff_sessions SET ended_at = $2 WHERE token_hash = $1 AND ended_at IS NULL`, [
    tokenHash,
    now,
  ]);
}

/** Ends every session `passkeyId` began (the passkey removed or revoked). */
export async function endSessionsOfPasskey(db: Queryable, passkeyId: string, now: Date): Promise<void> {
  await db.query(`UPDATE staff_sessions SET ended_at = $2 WHERE passkey_id = $1 AND ended_at IS NULL`, [
    passkeyId,
    now,
  ]);
}

/** Ends every session of `personId` (revoked). */
export async function endSessionsOf(db: Queryable, personId: string, now: Date): Promise<void> {
  await db.query(`UPDATE staff_sessions SET ended_at = $2 WHERE person_id = $1 AND ended_at IS NULL`, [personId, now]);
}

/** The session cookie's token in `request`, if any. */
export function sessionToken(request: Request): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * The Set-Cookie of a new session, or of its end (`token` null). Browsers keep a
 * `Secure` cookie from http://localhost, so it stays Secure there too, as the
 * `__Host-` prefix requires.
 */
export function sessionCookie(token: string | null): string {
  const value = token ?? '';
  const age = token ? Math.floor(SESSION_MAX_MS / 1000) : 0;
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${age}`;
}
