// Taking a passkey away: a person removes one of their own (never their last:
// re-inviting is the recovery path), a partner revokes anyone's. Either ends
// the sessions it began: a lost phone is signed out, not only kept from signing in.
import { jsonMessage } from '../http/responses.ts';
import { audit } from './audit.ts';
import { route, type DeskRoute } from './desk-http.ts';
import { requireStaff } from './guard.ts';
import { endSessionsOfPasskey } from './sessions.ts';

export const passkeyRoutes: readonly DeskRoute[] = [
  async (call) => {
    const found = route(call, 'POST', 'passkeys/:id/remove');
    if (!found) return undefined;
    const caller = await requireStaff(call.request, { deps: { db: call.db, now: () => call.now } });
    if (caller instanceof Response) return caller;
    const removed = await call.db.transaction(async (tx) => {
      const keys = await tx.query<{ id: string }>(
        `SELECT id FROM staff_passkeys WHERE person_id = $1 AND revoked_at IS NULL FOR UPDATE`,
        [caller.personId],
      );
      if (!keys.some((key) => key.id === found.id)) return 'none';
      if (keys.length === 1) return 'last';
      await tx.query(`UPDATE staff_passkeys SET revoked_at = $2 WHERE id = $1`, [found.id, call.now]);
      await endSessionsOfPasskey(tx, found.id, call.now);
      await audit(tx, caller, 'passkey.remove', caller.personId, { passkey: found.id });
      return 'removed';
    });
    if (removed === 'none') return jsonMessage(404, 'You have no such passkey.');
    if (removed === 'last') return jsonMessage(409, 'This is your only passkey: add another before removing it.');
    return jsonMessage(200, 'Passkey removed.');
  },
  async (call) => {
    const found = route(call, 'POST', 'passkeys/:id/revoke');
    if (!found) return undefined;
    const caller = await requireStaff(call.request, { role: 'partner', deps: { db: call.db, now: () => call.now } });
    if (caller instanceof Response) return caller;
    const revoked = await call.db.transaction(async (tx) => {
      const [passkey] = await tx.query<{ person_id: string }>(
        `UPDATE staff_passkeys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING person_id`,
        [found.id, call.now],
      );
      if (!passkey) return undefined;
      await endSessionsOfPasskey(tx, found.id, call.now);
      await audit(tx, caller, 'passkey.revoke', passkey.person_id, { passkey: found.id });
      return passkey;
    });
    if (!revoked) return jsonMessage(404, 'There is no such passkey.');
    return jsonMessage(200, 'Passkey revoked; the sessions it began have ended.');
  },
];
