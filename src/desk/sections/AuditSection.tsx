// The audit trail (partners): every sign-in, invitation, revocation, record or
// document opened, status change, export and erasure — who, when, what.
import { useEffect, useState } from 'react';
import { getJson } from '../api.ts';
import { nairobiTime } from '../format.ts';
import { Pager } from '../Pager.tsx';
import { Said } from '../Said.tsx';
import type { AuditEvent } from '../types.ts';
import { useAction } from '../use-action.ts';

interface AuditPage {
  events: AuditEvent[];
  page: number;
  pages: number;
}

export function AuditSection({ signedOut }: { signedOut: () => void }) {
  const [page, setPage] = useState(1);
  const [audit, setAudit] = useState<AuditPage | null>(null);
  const action = useAction(signedOut);
  const { run } = action;
  useEffect(() => {
    void run(() => getJson<AuditPage>(`/audit?page=${page}`)).then((answer) => answer && setAudit(answer));
  }, [page, run]);
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit</h2>
      <Said said={action.said} />
      {audit && (
        <>
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Of</th>
              </tr>
            </thead>
            <tbody>
              {audit.events.map((event, index) => (
                <tr key={`${event.at}-${index}`}>
                  <td>{nairobiTime(event.at)}</td>
                  <td>{event.who ?? 'the staff tool'}</td>
                  <td>{event.action}</td>
                  <td>{event.subject}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={audit.page} pages={audit.pages} go={setPage} labels={['Newer', 'Older']} />
        </>
      )}
    </section>
  );
}
