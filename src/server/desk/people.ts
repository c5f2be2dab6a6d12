// The firm's people on the desk: who has access, with which role and passkeys.
// Registering from an invitation makes the person (or, for one invited again
// to recover their access, restores them with the invitation's role) and keeps
// the passkey, in one transaction with the invitation's use.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { NewPasskey } from './passkeys.ts';
import type { StaffRole } from './sessions.ts';

export interface PersonView {
  id: string;
  email: string;
  role: StaffRole;
  revokedAt: string | null;
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
}

/** The invited person, made or restored with `role`; returns their id. */
export async function personFromInvitation(
  tx: Queryable,
  { email, role, createdBy }: { email: string; role: StaffRole; createdBy: string | null },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO staff_people (id, email, role, invited_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role, revoked_at = NULL
     RETURNING id`,
    [randomBytes(12).toString('base64url'), email, role, createdBy],
  );
  return row!.id;
}

export async function keepPasskey(tx: Queryable, personId: string, passkey: NewPasskey, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO staff_passkeys (id, person_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [passkey.id, personId, Buffer.from(passkey.publicKey), passkey.counter, passkey.transports, now],
  );
}

/** Everyone with access or once with it, partners first, each with their passkeys. */
export async function listPeople(db: Queryable, personId?: string): Promise<PersonView[]> {
  const rows = await db.query<{
    id: string;
    email: string;
    role: StaffRole;
    revoked_at: Date | null;
    passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
  }>(
    `SELECT p.id, p.email, p.role, p.revoked_at,
            COALESCE(json_agg(json_build_object('id', k.id, 'createdAt', k.created_at, 'lastUsedAt', k.last_used_at)
                     ORDER BY k.created_at) FILTER (WHERE k.id IS NOT NULL), '[]') AS passkeys
       FROM staff_people p LEFT JOIN staff_passkeys k ON k.person_id = p.id AND k.revoked_at IS NULL
      WHERE $1::text IS NULL OR p.id = $1
      GROUP BY p.id ORDER BY p.role, p.email`,
    [personId ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    passkeys: row.passkeys,
  }));
}
