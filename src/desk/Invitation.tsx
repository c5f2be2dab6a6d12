// The invitation page: one button, "Create a passkey", whose POST registers a
// passkey for the invited address with the token from the link's fragment.
// Opening the page sends nothing; a used or expired invitation is refused by
// the server, and the page says so.
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useState } from 'react';
import { postJson } from './api.ts';
import { Said } from './Said.tsx';
import { useAction } from './use-action.ts';

/** The invitation's token: the link's fragment (#token=…), which browsers never send to a server. */
const tokenFromLink = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

export function Invitation() {
  const [token] = useState(tokenFromLink);
  const action = useAction(() => undefined);

  const create = () =>
    action.run(async () => {
      const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>('/passkeys/register/options', {
        token,
      });
      const response = await startRegistration({ optionsJSON });
      await postJson('/passkeys/register/verify', { token, response });
      window.location.assign('/staff/');
    });

  if (!token) {
    return (
      <section aria-labelledby="invitation-title">
        <h2 id="invitation-title">This link holds no invitation</h2>
        <p>Open the whole link from the e-mail you were sent, or ask a partner to invite you again.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="invitation-title">
      <h2 id="invitation-title">You are invited to the staff desk</h2>
      <p>
        Create a passkey on this device: your phone or computer keeps it, and you sign in with your fingerprint, face or
        screen lock. There is no password.
      </p>
      <button type="button" className="desk-button" onClick={() => void create()} disabled={action.busy}>
        Create a passkey
      </button>
      <Said said={action.said} />
    </section>
  );
}
