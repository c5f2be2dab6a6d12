// Signing in: a passkey the browser offers for this site, no e-mail typed.
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { postJson } from './api.ts';
import { Said } from './Said.tsx';
import { useAction } from './use-action.ts';

export function SignIn({ signedIn }: { signedIn: () => void }) {
  const action = useAction(() => undefined);
  const signIn = () =>
    action.run(async () => {
      const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>('/sign-in/options');
      const response = await startAuthentication({ optionsJSON });
      await postJson('/sign-in/verify', { response });
      signedIn();
    });
  return (
    <section aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign in</h2>
      <p>The desk is for the firm’s staff. Sign in with the passkey you created from your invitation.</p>
      <button type="button" className="desk-button" onClick={() => void signIn()} disabled={action.busy}>
        Sign in with a passkey
      </button>
      <Said said={action.said} />
    </section>
  );
}
