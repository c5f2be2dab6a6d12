// The two WebAuthn ceremonies, by @simplewebauthn/server: registering a passkey
// (from an invitation, or a signed-in person adding another) and signing in
// with one. Each challenge is stored, answered once within five minutes, and
// claimed by deleting its row before the answer is checked.
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Queryable } from '../db/database.ts';
import type { RelyingParty } from './relying-party.ts';

const CHALLENGE_MS = 5 * 60 * 1000;

/** Who a registration is for: an invitation's address, or a person adding another passkey. */
export type Registrant = { invitationId: string; email: string } | { personId: string; email: string };

/** The challenge in a ceremony's answer (clientDataJSON), undefined if it has none. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const data = response.response?.clientDataJSON;
  if (typeof data !== 'string') return undefined;
  try {
    const challenge = (JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Claims the stored challenge the answer carries: its row, deleted; undefined if none is due. */
async function claimChallenge(
  db: Queryable,
  response: { response?: { clientDataJSON?: unknown } },
  purpose: 'register' | 'sign-in',
  now: Date,
) {
  const challenge = challengeOf(response);
  if (!challenge) return undefined;
  const [row] = await db.query<{ challenge: string; invitation_id: string | null; person_id: string | null }>(
    `DELETE FROM staff_challenges WHERE challenge = $1 AND purpose = $2 AND expires_at > $3
     RETURNING challenge, invitation_id, person_id`,
    [challenge, purpose, now],
  );
  return row;
}

export async function registrationOptions(
  db: Queryable,
  party: RelyingParty,
  registrant: Registrant,
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing =
    'personId' in registrant
      ? await db.query<{ id: string; transports: AuthenticatorTransportFuture[] }>(
          `SELECT id, transports FROM staff_passkeys WHERE person_id = $1 AND revoked_at IS NULL`,
          [registrant.personId],
        )
      : [];
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: registrant.email,
    userID: new TextEncoder().encode('personId' in registrant ? registrant.personId : registrant.invitationId),
    attestationType: 'none',
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await db.query(
    `INSERT INTO staff_challenges (challenge, purpose, invitation_id, person_id, expires_at) VALUES ($1, 'register', $2, $3, $4)`,
    [
      options.challenge,
      'invitationId' in registrant ? registrant.invitationId : null,
      'personId' in registrant ? registrant.personId : null,
      new Date(now.getTime() + CHALLENGE_MS),
    ],
  );
  return options;
}

export interface NewPasskey {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  transports: AuthenticatorTransportFuture[];
}

/**
 * The passkey a registration made, if its answer is to a challenge issued to
 * `registrant` and verifies for this relying party; undefined otherwise.
 */
export async function verifyRegistration(
  db: Queryable,
  party: RelyingParty,
  registrant: Registrant,
  response: RegistrationResponseJSON,
  now: Date,
): Promise<NewPasskey | undefined> {
  const claimed = await claimChallenge(db, response, 'register', now);
  const forThem =
    claimed &&
    ('invitationId' in registrant
      ? claimed.invitation_id === registrant.invitationId
      : claimed.person_id === registrant.personId);
  if (!claimed || !forThem) return undefined;
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: claimed.challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  const { credential } = verification.registrationInfo;
  return {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

export async function signInOptions(
  db: Queryable,
  party: RelyingParty,
  now: Date,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    userVerification: 'preferred',
    challenge: randomBytes(32),
  });
  await db.query(`INSERT INTO staff_challenges (challenge, purpose, expires_at) VALUES ($1, 'sign-in', $2)`, [
    options.challenge,
    new Date(now.getTime() + CHALLENGE_MS),
  ]);
  return options;
}

/**
 * The person a sign-in answer proves, and with which passkey, if it answers a
 * challenge this site issued with a live passkey of a person not revoked; the
 * passkey's counter and last use are recorded.
 */
export async function verifySignIn(
  db: Queryable,
  party: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<{ personId: string; passkeyId: string } | undefined> {
  const claimed = await claimChallenge(db, response, 'sign-in', now);
  if (!claimed || typeof response.id !== 'string') return undefined;
  const [passkey] = await db.query<{
    id: string;
    person_id: string;
    public_key: Buffer;
    counter: string;
    transports: AuthenticatorTransportFuture[];
  }>(
    `SELECT k.id, k.person_id, k.public_key, k.counter, k.transports
       FROM staff_passkeys k JOIN staff_people p ON p.id = k.person_id
      WHERE k.id = $1 AND k.revoked_at IS NULL AND p.revoked_at IS NULL`,
    [response.id],
  );
  if (!passkey) return undefined;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: claimed.challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  await db.query(`UPDATE staff_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1`, [
    passkey.id,
    verification.authenticationInfo.newCounter,
    now,
  ]);
  return { personId: passkey.person_id, passkeyId: passkey.id };
}
