// The signed-in person's own passkeys: add another (phone and laptop), or
// remove one — never the last, which would lock them out.
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { postJson } from './api.ts';
import { nairobiTime } from './format.ts';
import { Said } from './Said.tsx';
import type { Me } from './types.ts';
import { useAction } from './use-action.ts';

interface Props {
  me: Me;
  signedOut: () => void;
  changed: () => void;
}

export function OwnPasskeys({ me, signedOut, changed }: Props) {
  const action = useAction(signedOut);
  const add = () =>
    action
      .run(
        async () => {
          const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>('/passkeys/register/options');
          const response = await startRegistration({ optionsJSON });
          await postJson('/passkeys/register/verify', { response });
        },
        () => 'Passkey added.',
      )
      .then(changed);
  const remove = (id: string) =>
    action
      .run(
        () => postJson<{ message: string }>(`/passkeys/${encodeURIComponent(id)}/remove`),
        (answer) => answer.message,
      )
      .then(changed);
  return (
    <section aria-labelledby="own-passkeys-title" className="desk-own">
      <h2 id="own-passkeys-title">Your passkeys</h2>
      <ul>
        {me.passkeys.map((passkey) => (
          <li key={passkey.id}>
            Added {nairobiTime(passkey.createdAt)}
            {passkey.lastUsedAt && `, last used ${nairobiTime(passkey.lastUsedAt)}`}{' '}
            {me.passkeys.length > 1 && (
              <button type="button" className="desk-button desk-button--quiet" onClick={() => void remove(passkey.id)}>
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="desk-button desk-button--quiet"
        onClick={() => void add()}
        disabled={action.busy}
      >
        Add a passkey on another device
      </button>
      <Said said={action.said} />
    </section>
  );
}
