// A signed-in person without a browser: a person and a live session written
// straight into the database of a running server (by default the one the e2e
// tests run), as a sign-in would leave them, for tests of what the desk's
// functions let each caller do and for the bench's desk stage.
import { createHash, randomBytes } from 'node:crypto';
import { servedDatabase } from '../../support/database.ts';
import { SESSION_COOKIE } from '../../../src/server/desk/sessions.ts';
import { E2E_ROOT } from './e2e-server.ts';
import { staffAddress } from './staff.ts';

export interface TestSession {
  personId: string;
  email: string;
  /** The Cookie header the desk's calls carry. */
  cookie: string;
}

/** `projectRoot`: the root of the server whose database takes the session. */
export async function sessionFor(role: 'partner' | 'staff', projectRoot = E2E_ROOT): Promise<TestSession> {
  const db = servedDatabase(projectRoot);
  try {
    const personId = randomBytes(12).toString('base64url');
    const email = staffAddress(role);
    const token = randomBytes(32).toString('base64url');
    await db.query(`INSERT INTO staff_people (id, email, role) VALUES ($1, $2, $3)`, [personId, email, role]);
    await db.query(
      `INSERT INTO staff_sessions (token_hash, person_id, ends_at) VALUES ($1, $2, now() + interval '1 hour')`,
      [createHash('sha256').update(token).digest('base64url'), personId],
    );
    return { personId, email, cookie: `${SESSION_COOKIE}=${token}` };
  } finally {
    await db.close();
  }
}
