// The desk: who is signed in, the sections' menu, and the section open. Without
// a live session it is the sign-in; a call answered 401 later (signed out
// elsewhere, revoked, idle too long) brings the sign-in back.
import { useCallback, useEffect, useState } from 'react';
import { DeskError, getJson, postJson } from './api.ts';
import { sectionFromHash, sectionsFor, type SectionId } from './sections.ts';
import { SignIn } from './SignIn.tsx';
import type { Me } from './types.ts';
import { AlertsSection } from './sections/AlertsSection.tsx';
import { AuditSection } from './sections/AuditSection.tsx';
import { ConsultationsSection } from './sections/ConsultationsSection.tsx';
import { DataRequestsSection } from './sections/DataRequestsSection.tsx';
import { InboxSection } from './sections/InboxSection.tsx';
import { PeopleSection } from './sections/PeopleSection.tsx';
import { OwnPasskeys } from './OwnPasskeys.tsx';

type Session = { state: 'checking' } | { state: 'signed out'; message?: string } | { state: 'signed in'; me: Me };

export function Desk() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [section, setSection] = useState<SectionId>('inbox');

  const [checks, setChecks] = useState(0);
  const check = useCallback(() => setChecks((value) => value + 1), []);
  const signedOut = useCallback(() => setSession({ state: 'signed out' }), []);

  useEffect(() => {
    getJson<Me>('/me').then(
      (me) => setSession({ state: 'signed in', me }),
      (error: unknown) => {
        const off = error instanceof DeskError && error.status !== 401 ? error.message : undefined;
        setSession({ state: 'signed out', ...(off ? { message: off } : {}) });
      },
    );
  }, [checks]);

  const role = session.state === 'signed in' ? session.me.role : 'staff';
  useEffect(() => {
    const follow = () => setSection(sectionFromHash(window.location.hash, role));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [role]);

  if (session.state === 'checking') return <p className="desk-loading">Loading the desk…</p>;
  if (session.state === 'signed out') {
    return (
      <>
        {session.message && <p className="desk-said desk-said--error">{session.message}</p>}
        <SignIn signedIn={check} />
      </>
    );
  }

  const signOut = async () => {
    await postJson('/sign-out').catch(() => undefined);
    signedOut();
  };
  const { me } = session;
  return (
    <div className="desk-body">
      <header className="desk-header">
        <p>
          Signed in as <strong>{me.email}</strong> ({me.role})
        </p>
        <button type="button" className="desk-button desk-button--quiet" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav aria-label="Desk sections" className="desk-nav">
        <ul>
          {sectionsFor(me.role).map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} aria-current={item.id === section ? 'page' : undefined}>
                {item.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="desk-section">
        {section === 'inbox' && <InboxSection signedOut={signedOut} me={me.email} />}
        {section === 'applicants' && <InboxSection signedOut={signedOut} me={me.email} kind="application" />}
        {section === 'consultations' && <ConsultationsSection signedOut={signedOut} />}
        {section === 'alerts' && <AlertsSection signedOut={signedOut} />}
        {section === 'data-requests' && <DataRequestsSection signedOut={signedOut} />}
        {section === 'people' && <PeopleSection signedOut={signedOut} me={me} />}
        {section === 'audit' && <AuditSection signedOut={signedOut} />}
      </div>
      <OwnPasskeys me={me} signedOut={signedOut} changed={check} />
    </div>
  );
}
