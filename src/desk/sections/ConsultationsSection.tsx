// The days ahead, each with its held and booked times; a held time is
// confirmed or declined here exactly as from the notification's links.
import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../api.ts';
import { Said } from '../Said.tsx';
import type { ConsultationDay } from '../types.ts';
import { useAction } from '../use-action.ts';
import { TimeAnswer } from './TimeAnswer.tsx';

export function ConsultationsSection({ signedOut }: { signedOut: () => void }) {
  const [days, setDays] = useState<ConsultationDay[] | null>(null);
  const action = useAction(signedOut);
  const { run } = action;
  const load = useCallback(async () => {
    const answer = await run(() => getJson<{ days: ConsultationDay[] }>('/consultations'));
    if (answer) setDays(answer.days);
  }, [run]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="consultations-title">
      <h2 id="consultations-title">Consultations</h2>
      <Said said={action.said} />
      {days?.length === 0 && <p>No time is held or booked in the days ahead.</p>}
      {days?.map((day) => (
        <section key={day.day} aria-label={day.day} className="desk-day">
          <h3>{day.day}</h3>
          <ul className="desk-list">
            {day.times.map((time) => (
              <li key={time.id}>
                <p>
                  {time.name}, {time.place}
                </p>
                <TimeAnswer
                  id={time.id}
                  time={{ label: time.label, state: time.state }}
                  signedOut={signedOut}
                  answered={() => void load()}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
