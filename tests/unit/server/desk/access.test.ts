// Who may use the staff desk: invitations (signed, used once, for 24 hours),
// sessions (8 hours idle, 7 days at most, ended by signing out or revoking) and
// the guard every desk call passes (a live session, the desk's own Origin for a
// change, the role).
import { describe, expect, it, vi, afterEach } from 'vitest';
import { requireStaff, type StaffCaller } from '../../../../src/server/desk/guard.ts';
import { checkInvitation, createInvitation, INVITATION_MS } from '../../../../src/server/desk/invitations.ts';
import { personFromInvitation } from '../../../../src/server/desk/people.ts';
import { relyingParty } from '../../../../src/server/desk/relying-party.ts';
import {
  endSession,
  endSessionsOf,
  liveSession,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  sessionCookie,
  startSession,
} from '../../../../src/server/desk/sessions.ts';
import { useTestDatabase } from '../../../support/database.ts';

const database = useTestDatabase();
const SECRET = 'a-test-link-secret-0123456789abcdef';
const ORIGIN = 'https://www.mnoadvocates.co.ke';
const start = new Date('2026-11-28T08:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

afterEach(() => vi.unstubAllEnvs());

async function invited(role: 'partner' | 'staff' = 'staff') {
  const { url } = await createInvitation(
    database.db,
    { email: 'wanjiku@mnoadvocates.co.ke', role, createdBy: null },
    { secret: SECRET, origin: ORIGIN, now: start },
  );
  return { url, token: new URLSearchParams(new URL(url).hash.slice(1)).get('token')! };
}

async function person(role: 'partner' | 'staff') {
  return personFromInvitation(database.db, { email: `${role}@mnoadvocates.co.ke`, role, createdBy: null });
}

describe('an invitation to the desk', () => {
  it('is a link to the invitation page whose token is in the fragment, never sent to a server', async () => {
    const { url } = await invited();
    expect(url).toMatch(/^https:\/\/www\.mnoadvocates\.co\.ke\/staff\/invitation\/#token=[\w-]{22}\.[\w-]{43}$/);
  });

  it('works once, within 24 hours, and only as signed', async () => {
    const { token } = await invited();
    const check = (value: string, now: Date, use = false) =>
      checkInvitation(database.db, value, { secret: SECRET, now, use });
    expect(await check(token, later(1000))).toMatchObject({
      ok: true,
      invitation: { email: 'wanjiku@mnoadvocates.co.ke' },
    });
    expect(await check(`${token.split('.')[0]}.${'A'.repeat(43)}`, later(1000))).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await checkInvitation(database.db, token, { secret: 'another-secret', now: later(1000) })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await check('not a token', later(1000))).toMatchObject({ ok: false, status: 400 });
    expect(await check(token, later(INVITATION_MS + 1))).toMatchObject({ ok: false, status: 410 });
    expect(await check(token, later(1000), true)).toMatchObject({ ok: true });
    expect(await check(token, later(2000), true)).toMatchObject({ ok: false, status: 410 });
  });
});

describe('a staff session', () => {
  it('lives 8 hours idle, each call restarting the clock, and 7 days at most', async () => {
    const id = await person('staff');
    const token = await startSession(database.db, id, start);
    expect(await liveSession(database.db, token, later(SESSION_IDLE_MS - 1000))).toMatchObject({ personId: id });
    expect(await liveSession(database.db, token, later(2 * SESSION_IDLE_MS - 2000))).toMatchObject({ personId: id });
    expect(await liveSession(database.db, token, later(4 * SESSION_IDLE_MS))).toBeUndefined();

    const kept = await startSession(database.db, id, start);
    for (let at = SESSION_IDLE_MS / 2; at < SESSION_MAX_MS; at += SESSION_IDLE_MS / 2) {
      expect(await liveSession(database.db, kept, later(at))).toBeDefined();
    }
    expect(await liveSession(database.db, kept, later(SESSION_MAX_MS + 1000))).toBeUndefined();
  });

  it('ends at once when its person signs out or is revoked, and a new sign-in gets a new token', async () => {
    const id = await person('staff');
    const first = await startSession(database.db, id, start);
    const second = await startSession(database.db, id, start);
    expect(second).not.toBe(first);
    const session = await liveSession(database.db, first, later(1000));
    await endSession(database.db, session!.tokenHash, later(2000));
    expect(await liveSession(database.db, first, later(3000))).toBeUndefined();
    expect(await liveSession(database.db, second, later(3000))).toBeDefined();
    await endSessionsOf(database.db, id, later(4000));
    expect(await liveSession(database.db, second, later(5000))).toBeUndefined();
  });

  it('is kept only as its token’s hash, in a __Host- cookie that is HttpOnly, Secure and SameSite=Strict', async () => {
    const id = await person('staff');
    const token = await startSession(database.db, id, start);
    const rows = await database.db.query<{ token_hash: string }>('SELECT token_hash FROM staff_sessions');
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    expect(sessionCookie(token)).toBe(
      `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${SESSION_MAX_MS / 1000}`,
    );
    expect(sessionCookie(null)).toMatch(/^__Host-staff_session=; .*Max-Age=0$/);
  });
});

describe('every call to the desk’s functions', () => {
  const request = (method: string, token?: string, origin?: string) =>
    new Request('https://www.mnoadvocates.co.ke/api/v1/staff/records', {
      method,
      headers: { ...(token && { cookie: `${SESSION_COOKIE}=${token}` }), ...(origin && { origin }) },
    });
  const guard = (call: Request, role?: 'partner') =>
    requireStaff(call, { ...(role && { role }), deps: { db: database.db, now: () => later(1000) } });

  it('needs a live session (401), the desk’s own Origin for a change (403), and its role (403)', async () => {
    vi.stubEnv('SITE_URL', ORIGIN);
    const token = await startSession(database.db, await person('staff'), start);
    expect(((await guard(request('GET'))) as Response).status).toBe(401);
    expect(((await guard(request('GET', 'A'.repeat(43)))) as Response).status).toBe(401);
    expect(await guard(request('GET', token))).toMatchObject({ role: 'staff' } satisfies Partial<StaffCaller>);
    expect(((await guard(request('POST', token, 'https://evil.example'))) as Response).status).toBe(403);
    expect(((await guard(request('POST', token))) as Response).status).toBe(403);
    expect(await guard(request('POST', token, ORIGIN))).toMatchObject({ role: 'staff' });
    expect(((await guard(request('GET', token), 'partner')) as Response).status).toBe(403);
  });

  it('are refused on a deploy preview, which signs nobody in', async () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    const token = await startSession(database.db, await person('partner'), start);
    const answer = (await guard(request('GET', token))) as Response;
    expect(answer.status).toBe(403);
    expect((await answer.json()).message).toMatch(/off on deploy previews/);
  });
});

describe('the relying party', () => {
  it('is SITE_URL’s host, or localhost where that host is an address', () => {
    expect(relyingParty('https://www.mnoadvocates.co.ke')).toMatchObject({
      id: 'www.mnoadvocates.co.ke',
      origin: ORIGIN,
    });
    expect(relyingParty('http://127.0.0.1:8888')).toMatchObject({ id: 'localhost', origin: 'http://localhost:8888' });
    expect(relyingParty('http://[::1]:4000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:4000' });
  });
});
