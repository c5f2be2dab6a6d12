// The inbox: every contact message, consultation request and application,
// newest first, 50 a page; filtered by kind and status, searched by name,
// e-mail or phone. Choosing one opens it beside the list (below it on a phone).
// The Applicants section is the same list held to applications.
import { useState } from 'react';
import { nairobiTime } from '../format.ts';
import { Field } from '../Field.tsx';
import { Pager } from '../Pager.tsx';
import { Said } from '../Said.tsx';
import { APPLICANT_STATUSES, RECORD_KINDS, RECORD_STATUSES, type RecordKind, type RecordPage } from '../types.ts';
import { useResource } from '../use-resource.ts';
import { RecordView } from './RecordView.tsx';

interface Props {
  signedOut: () => void;
  /** The signed-in person's address, to take a record on. */
  me: string;
  /** Held to one kind (Applicants); otherwise chosen in the filter. */
  kind?: RecordKind;
}

export function InboxSection({ signedOut, me, kind: heldKind }: Props) {
  const [kind, setKind] = useState<string>(heldKind ?? '');
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const statuses = heldKind === 'application' ? APPLICANT_STATUSES : RECORD_STATUSES;
  const parameters = new URLSearchParams({ page: String(page) });
  if (kind) parameters.set('kind', kind);
  if (status) parameters.set(heldKind === 'application' ? 'applicantStatus' : 'status', status);
  if (query) parameters.set('q', query);
  const listed = useResource<RecordPage>(`/records?${parameters}`, signedOut);
  const list = listed.data;

  const title = heldKind === 'application' ? 'Applicants' : 'Inbox';
  return (
    <section aria-labelledby="inbox-title" className="desk-split">
      <div>
        <h2 id="inbox-title">{title}</h2>
        <form
          className="desk-filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setQuery(search.trim());
          }}
        >
          <Field label="Search">
            {(id) => <input id={id} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />}
          </Field>
          {!heldKind && (
            <Field label="Kind">
              {(id) => (
                <select id={id} value={kind} onChange={(event) => (setKind(event.target.value), setPage(1))}>
                  <option value="">All kinds</option>
                  {Object.entries(RECORD_KINDS).map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label={heldKind === 'application' ? 'Show only the stage' : 'Show only'}>
            {(id) => (
              <select id={id} value={status} onChange={(event) => (setStatus(event.target.value), setPage(1))}>
                <option value="">{heldKind === 'application' ? 'Any stage' : 'Any status'}</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="desk-button">
            Find
          </button>
        </form>
        <Said said={listed.error ? { text: listed.error, error: true } : null} />
        {list && (
          <>
            <p>
              {list.total === 1 ? '1 record' : `${list.total} records`}
              {list.pages > 1 && `, page ${list.page} of ${list.pages}`}
            </p>
            <ul className="desk-list">
              {list.records.map((record) => (
                <li key={record.id}>
                  <button
                    type="button"
                    className="desk-row"
                    aria-current={record.id === open ? 'true' : undefined}
                    onClick={() => setOpen(record.id)}
                  >
                    <span className="desk-row__name">{record.name}</span>
                    <span>{RECORD_KINDS[record.kind]}</span>
                    <span>{record.email}</span>
                    <span>{nairobiTime(record.receivedAt)}</span>
                    <span className="desk-status">{record.status}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={list.page} pages={list.pages} go={setPage} labels={['Previous', 'Next']} />
          </>
        )}
      </div>
      {open && <RecordView key={open} id={open} me={me} signedOut={signedOut} changed={listed.reload} />}
    </section>
  );
}
