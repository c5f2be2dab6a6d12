// A consultation's chosen time, with Confirm and Decline: the same answer as
// the notification's links, e-mailing the visitor (with the .ics on confirm).
import { postJson } from '../api.ts';
import { Said } from '../Said.tsx';
import { useAction } from '../use-action.ts';

interface Props {
  id: string;
  time: { label: string; state: string };
  signedOut: () => void;
  answered: () => void;
}

export function TimeAnswer({ id, time, signedOut, answered }: Props) {
  const action = useAction(signedOut);
  const answer = (which: 'confirm' | 'decline') =>
    action
      .run(
        () => postJson<{ message: string }>(`/consultations/${encodeURIComponent(id)}/${which}`),
        (result) => result.message,
      )
      .then((result) => result && answered());
  return (
    <div className="desk-time">
      <p>
        Chosen time: <strong>{time.label}</strong> ({time.state})
      </p>
      {time.state === 'held' && (
        <div className="desk-time__answers">
          <button type="button" className="desk-button" disabled={action.busy} onClick={() => void answer('confirm')}>
            Confirm
          </button>
          <button
            type="button"
            className="desk-button desk-button--quiet"
            disabled={action.busy}
            onClick={() => void answer('decline')}
          >
            Decline
          </button>
        </div>
      )}
      <Said said={action.said} />
    </div>
  );
}
