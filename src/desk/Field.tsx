// A labelled control: the label names it by its text alone (a label wrapped
// round a select would be named by its options' text too).
import { useId, type ReactNode } from 'react';

export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="desk-field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}
