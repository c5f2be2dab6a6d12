// A person's data request under the Data Protection Act (partners): everything
// held about an e-mail address, its export (the zip the staff tool makes), and
// its erasure once the address is typed again to confirm.
import { useState } from 'react';
import { postForFile, postJson } from '../api.ts';
import { Field } from '../Field.tsx';
import { Said } from '../Said.tsx';
import { useAction } from '../use-action.ts';

interface Held {
  message: string;
  found: { kind: string; id: string; receivedAt: string }[];
}

export function DataRequestsSection({ signedOut }: { signedOut: () => void }) {
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [held, setHeld] = useState<Held | null>(null);
  const action = useAction(signedOut);
  const address = email.trim();

  const find = () => action.run(() => postJson<Held>('/data-requests/find', { email: address })).then(setShown);
  const setShown = (answer: Held | undefined) => setHeld(answer ?? null);
  const exportAll = () =>
    action.run(
      async () => {
        const { blob, name } = await postForFile('/data-requests/export', { email: address });
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = name;
        link.click();
        URL.revokeObjectURL(link.href);
      },
      () => 'The export has been downloaded.',
    );
  const erase = () =>
    action
      .run(
        () => postJson<{ message: string }>('/data-requests/erase', { email: address, confirm: confirm.trim() }),
        (answer) => answer.message,
      )
      .then((answer) => answer && (setConfirm(''), setHeld(null)));

  return (
    <section aria-labelledby="data-requests-title">
      <h2 id="data-requests-title">Data requests</h2>
      <form
        className="desk-filters"
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <Field label="E-mail address">
          {(id) => (
            <input id={id} type="email" value={email} required onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        <button type="submit" className="desk-button" disabled={action.busy || !address}>
          Find
        </button>
        <button
          type="button"
          className="desk-button desk-button--quiet"
          disabled={action.busy || !address}
          onClick={() => void exportAll()}
        >
          Export
        </button>
      </form>
      <Said said={action.said} />
      {held && (
        <>
          <p>{held.message}</p>
          <ul className="desk-list">
            {held.found.map((item) => (
              <li key={item.id}>
                {item.kind} {item.id} ({item.receivedAt})
              </li>
            ))}
          </ul>
        </>
      )}
      <form
        className="desk-erase"
        onSubmit={(event) => {
          event.preventDefault();
          void erase();
        }}
      >
        <h3>Erase everything held about this address</h3>
        <Field label="Type the address to confirm">
          {(id) => <input id={id} type="email" value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
        </Field>
        <button
          type="submit"
          className="desk-button desk-button--danger"
          disabled={action.busy || !address || confirm.trim().toLowerCase() !== address.toLowerCase()}
        >
          Erase
        </button>
      </form>
    </section>
  );
}
