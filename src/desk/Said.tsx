// What an action last said, read out by screen readers as it changes.
import type { ActionState } from './use-action.ts';

export function Said({ said }: Pick<ActionState, 'said'>) {
  return (
    <p className={said?.error ? 'desk-said desk-said--error' : 'desk-said'} role="status">
      {said?.text ?? ''}
    </p>
  );
}
