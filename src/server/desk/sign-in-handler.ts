// The desk's sign-in, passkeys and session: the calls made before a session
// exists (sign-in, registering from an invitation) are limited per source and
// accepted only from the desk's own pages; the rest need a live session.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '../db/database.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { jsonAnswer, jsonMessage } from '../http/responses.ts';
import { audit } from './audit.ts';
import { bodyOf, deskFunction, route, type DeskDeps, type DeskRequest } from './desk-http.ts';
import { isCaller, isFromTheDesk, notFromTheDesk, requireStaff, type StaffCaller } from './guard.ts';
import { checkInvitation } from './invitations.ts';
import { registrationOptions, signInOptions, verifyRegistration, verifySignIn, type Registrant } from './passkeys.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { keepPasskey, listPeople, personFromInvitation } from './people.ts';
import { relyingParty } from './relying-party.ts';
import { allowSignInAttempt, requestSource } from './sign-in-limit.ts';
import { endSession, sessionCookie, startSession } from './sessions.ts';

const tooMany = () => jsonMessage(429, 'Too many sign-in attempts from here. Wait ten minutes and try again.');
const notVerified = () => jsonMessage(400, 'The passkey could not be verified. Try again from the start.');

/** A pre-session call: from the desk's pages, within the attempts' limit; else the refusal. */
async function refusedBeforeSession(call: DeskRequest): Promise<Response | undefined> {
  if (!isFromTheDesk(call.request)) return notFromTheDesk();
  if (!(await allowSignInAttempt(call.db, requestSource(call.request), call.now))) return tooMany();
  return undefined;
}

/** Signed in as `personId` with `passkeyId`: a new session, its cookie, and the sign-in audited. */
async function signedIn(db: Database, personId: string, passkeyId: string, now: Date): Promise<Response> {
  const token = await startSession(db, personId, now, passkeyId);
  const [person] = await listPeople(db, personId);
  await audit(
    db,
    person ? { personId, email: person.email, role: person.role, sessionId: '' } : null,
    'sign-in',
    personId,
  );
  return jsonAnswer(200, { message: 'Signed in.' }, { 'Set-Cookie': sessionCookie(token) });
}

/** Who a registration is for: the invitation in the body, or the signed-in caller adding a passkey. */
async function registrant(
  call: DeskRequest,
  body: Record<string, unknown>,
): Promise<
  { registrant: Registrant; invitation?: { email: string; role: 'partner' | 'staff' }; caller?: StaffCaller } | Response
> {
  if (body.token !== undefined) {
    const refused = await refusedBeforeSession(call);
    if (refused) return refused;
    const check = await checkInvitation(call.db, body.token, {
      secret: await documentLinkSecret(call.db),
      now: call.now,
    });
    if (!check.ok) return jsonMessage(check.status, check.message);
    const { id, email, role } = check.invitation;
    return { registrant: { invitationId: id, email }, invitation: { email, role } };
  }
  const caller = await requireStaff(call.request, { deps: { db: call.db, now: () => call.now } });
  if (!isCaller(caller)) return caller;
  return { registrant: { personId: caller.personId, email: caller.email }, caller };
}

export function createSignInHandler(deps: DeskDeps = {}) {
  return deskFunction('staff sign-in', deps, [
    async (call) => {
      if (!route(call, 'POST', 'sign-in/options')) return undefined;
      return (
        (await refusedBeforeSession(call)) ?? jsonAnswer(200, await signInOptions(call.db, relyingParty(), call.now))
      );
    },
    async (call) => {
      if (!route(call, 'POST', 'sign-in/verify')) return undefined;
      const refused = await refusedBeforeSession(call);
      if (refused) return refused;
      const { response } = await bodyOf(call.request);
      const proved = await verifySignIn(call.db, relyingParty(), response as AuthenticationResponseJSON, call.now);
      return proved ? signedIn(call.db, proved.personId, proved.passkeyId, call.now) : notVerified();
    },
    async (call) => {
      if (!route(call, 'POST', 'passkeys/register/options')) return undefined;
      const who = await registrant(call, await bodyOf(call.request));
      if (who instanceof Response) return who;
      return jsonAnswer(200, await registrationOptions(call.db, relyingParty(), who.registrant, call.now));
    },
    async (call) => {
      if (!route(call, 'POST', 'passkeys/register/verify')) return undefined;
      const body = await bodyOf(call.request);
      const who = await registrant(call, body);
      if (who instanceof Response) return who;
      const passkey = await verifyRegistration(
        call.db,
        relyingParty(),
        who.registrant,
        body.response as RegistrationResponseJSON,
        call.now,
      );
      if (!passkey) return notVerified();
      if ('personId' in who.registrant) {
        const personId = who.registrant.personId;
        await call.db.transaction(async (tx) => {
          await keepPasskey(tx, personId, passkey, call.now);
          await audit(tx, who.caller ?? null, 'passkey.add', personId, { passkey: passkey.id });
        });
        return jsonMessage(200, 'Passkey added.');
      }
      const { invitationId } = who.registrant;
      const invitation = who.invitation!;
      const personId = await call.db.transaction(async (tx) => {
        const used = await checkInvitation(tx, body.token, {
          secret: await documentLinkSecret(tx),
          now: call.now,
          use: true,
        });
        if (!used.ok || used.invitation.id !== invitationId) return undefined;
        const id = await personFromInvitation(tx, { ...invitation, createdBy: null });
        await keepPasskey(tx, id, passkey, call.now);
        await audit(tx, null, 'invitation.use', id, { invitation: invitationId, email: invitation.email });
        return id;
      });
      if (!personId) return jsonMessage(410, 'This invitation has just been used. Ask a partner to invite you again.');
      return signedIn(call.db, personId, passkey.id, call.now);
    },
    async (call) => {
      if (!route(call, 'POST', 'sign-out')) return undefined;
      const caller = await requireStaff(call.request, { deps: { db: call.db, now: () => call.now } });
      if (!isCaller(caller)) return caller;
      await endSession(call.db, caller.sessionId, call.now);
      await audit(call.db, caller, 'sign-out', caller.personId);
      return jsonAnswer(200, { message: 'Signed out.' }, { 'Set-Cookie': sessionCookie(null) });
    },
    async (call) => {
      if (!route(call, 'GET', 'me')) return undefined;
      const caller = await requireStaff(call.request, { deps: { db: call.db, now: () => call.now } });
      if (!isCaller(caller)) return caller;
      const [person] = await listPeople(call.db, caller.personId);
      return jsonAnswer(200, { email: caller.email, role: caller.role, passkeys: person?.passkeys ?? [] });
    },
    ...passkeyRoutes,
  ]);
}
