// People and their passkeys through `npm start`'s server, without a browser: a
// software authenticator answers the WebAuthn ceremonies. A partner invites
// from the desk and the link registers the invited person with their role; a
// person adds, lists and removes their own passkeys (never their last); a
// partner revokes a passkey and a person; a passkey taken away signs nobody in
// and ends the sessions it began, and a revoked person's passkeys stay revoked
// when they are invited again; and the audit says who did each.
import { test as base, expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { softwareAuthenticator, type SoftwareAuthenticator } from './support/software-authenticator.ts';
import { staffAddress } from './support/staff.ts';
import { sessionFor } from './support/staff-sessions.ts';

const STAFF_API = '/api/v1/staff';

interface Passkeys {
  passkeys: { id: string }[];
}

/** The desk's calls as its pages make them: a change carries the desk's Origin, and each the caller's cookie. */
function deskCalls(request: APIRequestContext, origin: string) {
  const post = (path: string, cookie?: string, data: Record<string, unknown> = {}) =>
    request.post(`${STAFF_API}/${path}`, { headers: { origin, ...(cookie && { cookie }) }, data });
  const get = (path: string, cookie: string) => request.get(`${STAFF_API}/${path}`, { headers: { cookie } });
  /** The session cookie a sign-in answered with, as the next call's Cookie header. */
  const cookieOf = (answer: APIResponse) => answer.headers()['set-cookie']!.split(';')[0]!;

  /** Opens the invitation `url` and creates a passkey on `authenticator`: signed in, the session's cookie. */
  async function acceptInvitation(url: string, authenticator: SoftwareAuthenticator): Promise<string> {
    const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
    const options = await post('passkeys/register/options', undefined, { token });
    expect(options.status()).toBe(200);
    const verified = await post('passkeys/register/verify', undefined, {
      token,
      response: authenticator.register(await options.json(), origin),
    });
    expect(verified.status()).toBe(200);
    return cookieOf(verified);
  }

  /** Signs in with `authenticator`'s passkey: the answer (200 with a session cookie, or the refusal). */
  async function signIn(authenticator: SoftwareAuthenticator): Promise<APIResponse> {
    const options = await post('sign-in/options');
    expect(options.status()).toBe(200);
    return post('sign-in/verify', undefined, { response: authenticator.signIn(await options.json(), origin) });
  }

  /** Adds a passkey on `authenticator` for the person signed in with `cookie`. */
  async function addPasskey(cookie: string, authenticator: SoftwareAuthenticator): Promise<APIResponse> {
    const options = await post('passkeys/register/options', cookie);
    expect(options.status()).toBe(200);
    return post('passkeys/register/verify', cookie, { response: authenticator.register(await options.json(), origin) });
  }

  /** The ids of the passkeys the person signed in with `cookie` has. */
  async function ownPasskeys(cookie: string): Promise<string[]> {
    const me = await get('me', cookie);
    expect(me.status()).toBe(200);
    return ((await me.json()) as Passkeys).passkeys.map(({ id }) => id);
  }

  /** A person a new partner invited as staff from the desk, signed in with a passkey on `authenticator`. */
  async function invitedByPartner(authenticator: SoftwareAuthenticator) {
    const partner = await sessionFor('partner');
    const email = staffAddress('staff');
    const invite = await post('people/invite', partner.cookie, { email, role: 'staff' });
    expect(invite.status()).toBe(200);
    const cookie = await acceptInvitation(((await invite.json()) as { url: string }).url, authenticator);
    const people = (await (await get('people', partner.cookie)).json()) as { people: { id: string; email: string }[] };
    const personId = people.people.find((person) => person.email === email)!.id;
    return { email, cookie, personId, partner };
  }

  return { post, get, cookieOf, acceptInvitation, signIn, addPasskey, ownPasskeys, invitedByPartner };
}

/** The desk's calls, made with the test's request context at the e2e server's own origin. */
const test = base.extend<{ desk: ReturnType<typeof deskCalls> }>({
  desk: async ({ request, baseURL }, use) => use(deskCalls(request, baseURL!)),
});

test.describe('people on the desk', () => {
  test('a partner’s invitation from the desk registers a passkey for the person as staff, who cannot invite', async ({
    desk,
    baseURL,
  }) => {
    const partner = await sessionFor('partner');
    const email = staffAddress('invited');
    const invite = await desk.post('people/invite', partner.cookie, { email, role: 'staff' });
    expect(invite.status()).toBe(200);
    const { url, message } = (await invite.json()) as { url: string; message: string };
    expect(url).toMatch(new RegExp(`^${baseURL}/staff/invitation/#token=[\\w-]{22}\\.[\\w-]{43}$`));
    expect(message).toContain(`${email} is invited as staff`);

    const phone = softwareAuthenticator();
    const cookie = await desk.acceptInvitation(url, phone);
    const me = await desk.get('me', cookie);
    expect(await me.json()).toMatchObject({ email, role: 'staff', passkeys: [{ id: phone.credentialId }] });
    expect((await desk.signIn(phone)).status()).toBe(200);

    const theirs = await desk.post('people/invite', cookie, { email: staffAddress('another'), role: 'staff' });
    expect(theirs.status()).toBe(403);
  });

  test('a person adds a second passkey, lists both and removes one, but never their last', async ({ desk }) => {
    const [phone, laptop] = [softwareAuthenticator(), softwareAuthenticator()];
    const { cookie } = await desk.invitedByPartner(phone);

    const added = await desk.addPasskey(cookie, laptop);
    expect(added.status()).toBe(200);
    expect(await desk.ownPasskeys(cookie)).toEqual([phone.credentialId, laptop.credentialId]);
    const onLaptop = desk.cookieOf(await desk.signIn(laptop));

    // Removed from the laptop's session: the phone's own session (begun by the invitation) ends with it.
    expect((await desk.post(`passkeys/${phone.credentialId}/remove`, onLaptop)).status()).toBe(200);
    expect((await desk.get('me', cookie)).status()).toBe(401);
    expect(await desk.ownPasskeys(onLaptop)).toEqual([laptop.credentialId]);
    expect((await desk.signIn(phone)).status()).toBe(400);

    const last = await desk.post(`passkeys/${laptop.credentialId}/remove`, onLaptop);
    expect(last.status()).toBe(409);
    expect((await last.json()).message).toMatch(/only passkey/);
    expect(await desk.ownPasskeys(onLaptop)).toEqual([laptop.credentialId]);
    expect((await desk.signIn(laptop)).status()).toBe(200);
  });

  test('a partner revokes one passkey, ending its sessions, then the person, whose passkeys stay revoked when invited again', async ({
    desk,
  }) => {
    const [phone, laptop] = [softwareAuthenticator(), softwareAuthenticator()];
    const person = await desk.invitedByPartner(phone);
    const { partner } = person;
    expect((await desk.addPasskey(person.cookie, laptop)).status()).toBe(200);
    const signedIn = await desk.signIn(laptop);
    expect(signedIn.status()).toBe(200);
    const laptopCookie = desk.cookieOf(signedIn);

    // The phone is lost: its passkey signs nobody in, and the session it began ends; the laptop's goes on.
    expect((await desk.post(`passkeys/${phone.credentialId}/revoke`, partner.cookie)).status()).toBe(200);
    expect((await desk.signIn(phone)).status()).toBe(400);
    expect((await desk.get('me', person.cookie)).status()).toBe(401);
    expect((await desk.get('me', laptopCookie)).status()).toBe(200);

    expect((await desk.post(`people/${person.personId}/revoke`, partner.cookie)).status()).toBe(200);
    expect((await desk.get('me', laptopCookie)).status()).toBe(401);
    expect((await desk.signIn(laptop)).status()).toBe(400);

    // Invited again (the recovery path), they start with a new passkey alone.
    const again = await desk.post('people/invite', partner.cookie, { email: person.email, role: 'staff' });
    expect(again.status()).toBe(200);
    const tablet = softwareAuthenticator();
    const cookie = await desk.acceptInvitation(((await again.json()) as { url: string }).url, tablet);
    expect(await desk.ownPasskeys(cookie)).toEqual([tablet.credentialId]);
    expect((await desk.signIn(laptop)).status()).toBe(400);
  });

  test('the audit shows the invitation, the passkeys added, removed and revoked, and the revocation, with who', async ({
    desk,
  }) => {
    const [phone, laptop, tablet] = [softwareAuthenticator(), softwareAuthenticator(), softwareAuthenticator()];
    const person = await desk.invitedByPartner(phone);
    const { partner } = person;
    await desk.addPasskey(person.cookie, laptop);
    await desk.addPasskey(person.cookie, tablet);
    await desk.post(`passkeys/${phone.credentialId}/remove`, person.cookie);
    await desk.post(`passkeys/${laptop.credentialId}/revoke`, partner.cookie);
    await desk.post(`people/${person.personId}/revoke`, partner.cookie);

    const expected = [
      { who: partner.email, action: 'revoke', subject: person.personId },
      { who: partner.email, action: 'passkey.revoke', subject: person.personId },
      { who: person.email, action: 'passkey.remove', subject: person.personId },
      { who: person.email, action: 'passkey.add', subject: person.personId },
      { who: person.email, action: 'passkey.add', subject: person.personId },
      { who: person.email, action: 'sign-in', subject: person.personId },
      { who: null, action: 'invitation.use', subject: person.personId },
      { who: partner.email, action: 'invite', subject: person.email },
    ];
    // Other tests add events meanwhile: the newest pages are read (an event pushed onto the next page
    // counted once) back to the invitation.
    type Event = { at: string; who: string | null; action: string; subject: string };
    const seen = new Map<string, Event>();
    for (let page = 1; page <= 5 && ![...seen.values()].some(({ action }) => action === 'invite'); page += 1) {
      const audit = await desk.get(`audit?page=${page}`, partner.cookie);
      expect(audit.status()).toBe(200);
      for (const event of ((await audit.json()) as { events: Event[] }).events)
        if ([person.personId, person.email].includes(event.subject)) seen.set(JSON.stringify(event), event);
    }
    const theirs = [...seen.values()].map(({ who, action, subject }) => ({ who, action, subject }));
    expect(theirs).toEqual(expected);
  });
});
