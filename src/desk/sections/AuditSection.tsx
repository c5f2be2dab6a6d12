// The audit trail (partners): every sign-in, invitation, revocation, record or
// document opened, status change, export and erasure — who, when, what.
import { useState } from 'react';
import { nairobiTime } from '../format.ts';
import { Pager } from '../Pager.tsx';
import { Said } from '../Said.tsx';
import { Table } from '../Table.tsx';
import type { AuditEvent } from '../types.ts';
import { useResource } from '../use-resource.ts';

interface AuditPage {
  events: AuditEvent[];
  page: number;
  pages: number;
}

export function AuditSection({ signedOut }: { signedOut: () => void }) {
  const [page, setPage] = useState(1);
  const { data: audit, error } = useResource<AuditPage>(`/audit?page=${page}`, signedOut);
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Audit</h2>
      <Said said={error ? { text: error, error: true } : null} />
      {audit && (
        <>
          <Table
            label="Audit events"
            columns={['When', 'Who', 'What', 'Of']}
            rows={audit.events.map((event, index) => ({
              key: `${event.at}-${index}`,
              cells: [nairobiTime(event.at), event.who ?? 'the staff tool', event.action, event.subject],
            }))}
          />
          <Pager page={audit.page} pages={audit.pages} go={setPage} labels={['Newer', 'Older']} />
        </>
      )}
    </section>
  );
}
