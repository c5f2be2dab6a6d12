// One record as the notification shows it — its fields, documents and chosen
// time — with its status, assignee, notes and every change (who and when).
// Opening it is audited by the server; so is each document opened from it.
// Everything a visitor typed is drawn as text (React escapes it).
import { useEffect, useRef, useState } from 'react';
import { postJson } from '../api.ts';
import { nairobiTime } from '../format.ts';
import { Field } from '../Field.tsx';
import { Said } from '../Said.tsx';
import { APPLICANT_STATUSES, RECORD_KINDS, RECORD_STATUSES, type RecordDetail } from '../types.ts';
import { useAction } from '../use-action.ts';
import { useResource } from '../use-resource.ts';
import { TimeAnswer } from './TimeAnswer.tsx';

interface Props {
  id: string;
  /** The signed-in person's address, to take the record on. */
  me: string;
  signedOut: () => void;
  /** The record changed: the list around it is drawn again. */
  changed: () => void;
}

export function RecordView({ id, me, signedOut, changed }: Props) {
  const [note, setNote] = useState('');
  const action = useAction(signedOut);
  const { run } = action;
  const path = `/records/${encodeURIComponent(id)}`;
  const opened = useResource<RecordDetail>(path, signedOut);
  const record = opened.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = record !== null;
  // On a phone the record is drawn below the list: taking the focus brings it into view, and says what opened.
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const change = async (body: Record<string, string>, said: string) => {
    const answer = await run(
      () => postJson<RecordDetail>(path, body),
      () => said,
    );
    if (answer) {
      opened.reload();
      changed();
    }
    return answer;
  };

  if (!record) return <Said said={opened.error ? { text: opened.error, error: true } : null} />;
  return (
    <article className="desk-record" aria-labelledby="record-title">
      <h3 id="record-title" ref={heading} tabIndex={-1}>
        {RECORD_KINDS[record.kind]} from {record.name}
      </h3>
      <p>Received {nairobiTime(record.receivedAt)}</p>
      <dl className="desk-fields">
        {record.fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {record.documents.length > 0 && (
        <>
          <h4>Documents</h4>
          <ul>
            {record.documents.map((document) => (
              <li key={document.name}>
                <a href={document.url} target="_blank" rel="noopener">
                  {document.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {record.chosenTime && (
        <TimeAnswer
          id={record.id}
          time={record.chosenTime}
          signedOut={signedOut}
          answered={() => (opened.reload(), changed())}
        />
      )}
      <p className="desk-assignee">
        Assigned to: {record.assignedTo ?? 'nobody'}{' '}
        {record.assignedTo !== me && (
          <button
            type="button"
            className="desk-button desk-button--quiet"
            disabled={action.busy}
            onClick={() => void change({ assignedTo: me }, 'Assigned to you.')}
          >
            Assign to me
          </button>
        )}
      </p>
      <div className="desk-controls">
        <Field label="Status">
          {(id) => (
            <select
              id={id}
              value={record.status}
              onChange={(event) => void change({ status: event.target.value }, 'Status saved.')}
            >
              {RECORD_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          )}
        </Field>
        {record.kind === 'application' && (
          <Field label="Stage">
            {(id) => (
              <select
                id={id}
                value={record.applicantStatus ?? 'received'}
                onChange={(event) => void change({ applicantStatus: event.target.value }, 'Stage saved.')}
              >
                {APPLICANT_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      <form
        className="desk-note"
        onSubmit={(event) => {
          event.preventDefault();
          if (!note.trim()) return;
          void change({ note: note.trim() }, 'Note added.').then((answer) => answer && setNote(''));
        }}
      >
        <Field label="Note">
          {(id) => (
            <textarea
              id={id}
              value={note}
              rows={3}
              maxLength={4000}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="desk-button" disabled={action.busy}>
          Add note
        </button>
      </form>
      <Said said={action.said} />
      {record.notes.length > 0 && (
        <>
          <h4>Notes</h4>
          <ul className="desk-notes">
            {record.notes.map((item) => (
              <li key={`${item.at}-${item.by}`}>
                <p>{item.text}</p>
                <p className="desk-meta">
                  {item.by}, {nairobiTime(item.at)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {record.history.length > 0 && (
        <>
          <h4>Changes</h4>
          <ul className="desk-history">
            {record.history.map((item) => (
              <li key={`${item.at}-${item.what}`}>
                {item.what}: {item.from ?? '—'} → {item.to ?? '—'} ({item.by}, {nairobiTime(item.at)})
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
