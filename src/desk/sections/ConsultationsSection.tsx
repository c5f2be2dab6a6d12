// The days ahead, each with its held and booked times; a held time is
// confirmed or declined here exactly as from the notification's links.
import { Said } from '../Said.tsx';
import type { ConsultationDay } from '../types.ts';
import { useResource } from '../use-resource.ts';
import { TimeAnswer } from './TimeAnswer.tsx';

export function ConsultationsSection({ signedOut }: { signedOut: () => void }) {
  const consultations = useResource<{ days: ConsultationDay[] }>('/consultations', signedOut);
  const days = consultations.data?.days;

  return (
    <section aria-labelledby="consultations-title">
      <h2 id="consultations-title">Consultations</h2>
      <Said said={consultations.error ? { text: consultations.error, error: true } : null} />
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
                  answered={consultations.reload}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
