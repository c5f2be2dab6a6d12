// What the desk's functions let each caller do, through `npm start`'s server:
// every call the desk makes is refused without a session (401), a change from
// another Origin is refused (403), a `staff` person cannot invite, erase or
// read the audit (403), and a revoked person's next call is refused (401).
import { expect, test } from '@playwright/test';
import { sessionFor } from './support/staff-sessions.ts';

const DESK_READS = [
  '/api/v1/staff/me',
  '/api/v1/staff/records',
  '/api/v1/staff/consultations',
  '/api/v1/staff/alerts',
  '/api/v1/staff/people',
  '/api/v1/staff/audit',
];

test.describe('the desk’s functions', () => {
  test('answer every read without a session with 401 and a JSON message', async ({ request }) => {
    for (const path of DESK_READS) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(401);
      expect((await answer.json()).message, path).toMatch(/sign in/i);
    }
  });

  test('refuse a change from another site’s page with 403, even with a live session', async ({ request, baseURL }) => {
    const partner = await sessionFor('partner');
    const invite = (origin: string) =>
      request.post('/api/v1/staff/people/invite', {
        headers: { cookie: partner.cookie, origin },
        data: { email: 'someone@mnoadvocates.test', role: 'staff' },
      });
    expect((await invite('https://evil.example')).status()).toBe(403);
    expect((await invite(baseURL!)).status()).toBe(200);
  });

  test('let a staff person read records but not invite, erase, list people or read the audit (403)', async ({
    request,
    baseURL,
  }) => {
    const staff = await sessionFor('staff');
    const headers = { cookie: staff.cookie, origin: baseURL! };
    expect((await request.get('/api/v1/staff/records', { headers })).status()).toBe(200);
    expect((await request.get('/api/v1/staff/audit', { headers })).status()).toBe(403);
    expect((await request.get('/api/v1/staff/people', { headers })).status()).toBe(403);
    const invite = await request.post('/api/v1/staff/people/invite', {
      headers,
      data: { email: 'someone@mnoadvocates.test', role: 'partner' },
    });
    expect(invite.status()).toBe(403);
    const erase = await request.post('/api/v1/staff/data-requests/erase', {
      headers,
      data: { email: 'someone@example.com', confirm: 'someone@example.com' },
    });
    expect(erase.status()).toBe(403);
  });

  test('end a revoked person’s session at once: their next call is 401', async ({ request, baseURL }) => {
    const partner = await sessionFor('partner');
    const staff = await sessionFor('staff');
    expect((await request.get('/api/v1/staff/me', { headers: { cookie: staff.cookie } })).status()).toBe(200);
    const revoke = await request.post(`/api/v1/staff/people/${staff.personId}/revoke`, {
      headers: { cookie: partner.cookie, origin: baseURL! },
    });
    expect(revoke.status()).toBe(200);
    expect((await request.get('/api/v1/staff/me', { headers: { cookie: staff.cookie } })).status()).toBe(401);
  });
});
