// People and the audit trail (partners only): who has access, inviting someone
// (the link is shown and, where mail is set, e-mailed), revoking a person —
// their sessions end at once — and every event of the audit, newest first.
import { jsonAnswer, jsonMessage, unprocessable } from '../http/responses.ts';
import { documentLinkSecret } from '../documents/links.ts';
import { normaliseEmail } from '../submissions/rows.ts';
import { audit } from './audit.ts';
import { bodyOf, deskFunction, isEmailAddress, route, type DeskDeps } from './desk-http.ts';
import { requireStaff } from './guard.ts';
import { createInvitation } from './invitations.ts';
import { listPeople } from './people.ts';
import { relyingParty } from './relying-party.ts';
import { endSessionsOf, type StaffRole } from './sessions.ts';
import { sendInvitation, type InvitationMailer } from './invitation-mail.ts';

const AUDIT_PAGE = 50;
const isRole = (value: unknown): value is StaffRole => value === 'partner' || value === 'staff';

export interface PeopleDeps extends DeskDeps {
  mail?: InvitationMailer;
}

export function createPeopleHandler(deps: PeopleDeps = {}) {
  return deskFunction('staff people', deps, [
    async (call) => {
      if (!route(call, 'GET', 'people')) return undefined;
      const caller = await requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });
      if (caller instanceof Response) return caller;
      return jsonAnswer(200, { people: await listPeople(call.db) });
    },
    async (call) => {
      if (!route(call, 'POST', 'people/invite')) return undefined;
      const caller = await requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });
      if (caller instanceof Response) return caller;
      const { email, role } = await bodyOf(call.request);
      if (typeof email !== 'string' || !isEmailAddress(email.trim()))
        throw unprocessable('Give the e-mail address to invite.');
      if (!isRole(role)) throw unprocessable('Give the role: partner or staff.');
      const address = normaliseEmail(email);
      const invitation = await createInvitation(
        call.db,
        { email: address, role, createdBy: caller.personId },
        { secret: await documentLinkSecret(call.db), origin: relyingParty().origin, now: call.now },
      );
      await audit(call.db, caller, 'invite', address, { role, invitation: invitation.id });
      const mailed = await sendInvitation(address, invitation.url, deps.mail);
      const message = mailed
        ? `${address} is invited as ${role}; the link was e-mailed to them and works once, for 24 hours.`
        : `${address} is invited as ${role}. Send them this link: it works once, for 24 hours.`;
      return jsonAnswer(200, { message, url: invitation.url });
    },
    async (call) => {
      const found = route(call, 'POST', 'people/:id/revoke');
      if (!found) return undefined;
      const caller = await requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });
      if (caller instanceof Response) return caller;
      if (found.id === caller.personId) return jsonMessage(409, 'You cannot revoke yourself.');
      const revoked = await call.db.transaction(async (tx) => {
        const [person] = await tx.query<{ email: string }>(
          `UPDATE staff_people SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING email`,
          [found.id, call.now],
        );
        if (!person) return undefined;
        // Their passkeys go too: re-inviting them (the recovery path) must not bring back a lost phone's.
        await tx.query(`UPDATE staff_passkeys SET revoked_at = $2 WHERE person_id = $1 AND revoked_at IS NULL`, [
          found.id,
          call.now,
        ]);
        await endSessionsOf(tx, found.id, call.now);
        await audit(tx, caller, 'revoke', found.id, { email: person.email });
        return person;
      });
      return revoked
        ? jsonMessage(
            200,
            `${revoked.email} can no longer sign in; their sessions have ended and their passkeys are revoked.`,
          )
        : jsonMessage(404, 'There is no such person with access.');
    },
    async (call) => {
      if (!route(call, 'GET', 'audit')) return undefined;
      const caller = await requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });
      if (caller instanceof Response) return caller;
      const requested = Number(new URL(call.request.url).searchParams.get('page') ?? '1');
      const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
      const [{ total } = { total: 0 }] = await call.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM audit_events`,
      );
      const events = await call.db.query<{ at: Date; who: string | null; action: string; subject: string }>(
        `SELECT at, person_email AS who, action, subject FROM audit_events ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
        [AUDIT_PAGE, (page - 1) * AUDIT_PAGE],
      );
      return jsonAnswer(200, {
        events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
        page,
        pages: Math.max(1, Math.ceil(total / AUDIT_PAGE)),
      });
    },
  ]);
}
