// Invitations to the desk: a partner (or, for the first partner, the staff
// tool) invites an address with a role. The link carries the invitation's id
// and an HMAC-SHA256 of it with the site's link secret, in its fragment, so it
// never reaches a server's logs; it works once, within 24 hours. Opening it
// changes nothing: only the page's "Create a passkey" POST uses it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { StaffRole } from './sessions.ts';

export const INVITATION_MS = 24 * 60 * 60 * 1000;
const INVITATION_PATH = '/staff/invitation/';

interface Invitation {
  id: string;
  email: string;
  role: StaffRole;
}

const sign = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`staff-invitation\n${id}`).digest('base64url');

/** Stores an invitation of `email` as `role`; returns its link, under `origin`. */
export async function createInvitation(
  db: Queryable,
  { email, role, createdBy }: { email: string; role: StaffRole; createdBy: string | null },
  { secret, origin, now }: { secret: string; origin: string; now: Date },
): Promise<{ id: string; url: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_MS);
  await db.query(
    `INSERT INTO staff_invitations (id, email, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, email, role, createdBy, now, expiresAt],
  );
  const url = new URL(INVITATION_PATH, origin);
  url.hash = `token=${id}.${sign(secret, id)}`;
  return { id, url: url.href, expiresAt };
}

export type InvitationCheck =
  { ok: true; invitation: Invitation } | { ok: false; status: 400 | 403 | 410; message: string };

const REFUSED_MESSAGE =
  'This invitation cannot be used: it has been used already or has expired. Ask a partner to invite you again.';

/**
 * The invitation `token` names, if it is signed by this site, unused and
 * unexpired. With `use`, it is used up in the same statement (a conditional
 * UPDATE), so two clicks never both register.
 */
export async function checkInvitation(
  db: Queryable,
  token: unknown,
  { secret, now, use = false }: { secret: string; now: Date; use?: boolean },
): Promise<InvitationCheck> {
  const [id = '', signature = ''] = typeof token === 'string' ? token.split('.') : [];
  if (!/^[A-Za-z0-9_-]{22}$/.test(id) || !signature) {
    return { ok: false, status: 400, message: 'This is not an invitation to the staff desk.' };
  }
  const expected = Buffer.from(sign(secret, id));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, message: 'This invitation is not valid.' };
  }
  const [row] = await db.query<{ id: string; email: string; role: StaffRole }>(
    use
      ? `UPDATE staff_invitations SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING id, email, role`
      : `SELECT id, email, role FROM staff_invitations WHERE id = $1 AND used_at IS NULL AND expires_at > $2`,
    [id, now],
  );
  return row ? { ok: true, invitation: row } : { ok: false, status: 410, message: REFUSED_MESSAGE };
}
