// Who has access (partners): each person's role and passkeys; invite someone
// (the invitation's link is shown to pass on, and e-mailed where mail is set),
// and revoke a person — their sessions end at once — or one of their passkeys.
import { useState } from 'react';
import { postJson } from '../api.ts';
import { nairobiTime } from '../format.ts';
import { Field } from '../Field.tsx';
import { Said } from '../Said.tsx';
import type { Me, Person, StaffRole } from '../types.ts';
import { useAction } from '../use-action.ts';
import { useResource } from '../use-resource.ts';

export function PeopleSection({ signedOut, me }: { signedOut: () => void; me: Me }) {
  const listed = useResource<{ people: Person[] }>('/people', signedOut);
  const people = listed.data?.people;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [invitation, setInvitation] = useState<string | null>(null);
  const action = useAction(signedOut);
  const { run } = action;

  const invite = async () => {
    const answer = await run(
      () => postJson<{ message: string; url: string }>('/people/invite', { email: email.trim(), role }),
      (result) => result.message,
    );
    if (answer) {
      setInvitation(answer.url);
      setEmail('');
      listed.reload();
    }
  };
  const revoke = async (path: string) => {
    if (
      await run(
        () => postJson<{ message: string }>(path),
        (result) => result.message,
      )
    )
      listed.reload();
  };

  return (
    <section aria-labelledby="people-title">
      <h2 id="people-title">People</h2>
      <form
        className="desk-filters"
        onSubmit={(event) => {
          event.preventDefault();
          void invite();
        }}
      >
        <Field label="Invite by e-mail">
          {(id) => (
            <input id={id} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        <Field label="Role">
          {(id) => (
            <select id={id} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
              <option value="staff">staff</option>
              <option value="partner">partner</option>
            </select>
          )}
        </Field>
        <button type="submit" className="desk-button" disabled={action.busy}>
          Invite
        </button>
      </form>
      <Said said={action.said} />
      {invitation && (
        <p className="desk-invitation">
          The invitation’s link, valid for 24 hours and once: <code>{invitation}</code>
        </p>
      )}
      <ul className="desk-list">
        {people?.map((person) => (
          <li key={person.id} className="desk-person">
            <p>
              <strong>{person.email}</strong> — {person.role}
              {person.revokedAt && `, revoked ${nairobiTime(person.revokedAt)}`}
            </p>
            {!person.revokedAt && person.email !== me.email && (
              <button
                type="button"
                className="desk-button desk-button--danger"
                onClick={() => void revoke(`/people/${encodeURIComponent(person.id)}/revoke`)}
              >
                Revoke
              </button>
            )}
            <ul>
              {person.passkeys.map((passkey) => (
                <li key={passkey.id}>
                  Passkey added {nairobiTime(passkey.createdAt)}
                  {passkey.lastUsedAt && `, last used ${nairobiTime(passkey.lastUsedAt)}`}{' '}
                  {!person.revokedAt && (
                    <button
                      type="button"
                      className="desk-button desk-button--quiet"
                      aria-label={`Remove passkey of ${person.email}`}
                      onClick={() => void revoke(`/passkeys/${encodeURIComponent(passkey.id)}/revoke`)}
                    >
                      Remove passkey
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
