// One action of the desk at a time per control: what it is doing, and what it
// last said (a success or the server's message), for a live region to read out.
import { useCallback, useState } from 'react';
import { DeskError } from './api.ts';

export interface ActionState {
  busy: boolean;
  said: { text: string; error: boolean } | null;
}

/** Runs `work`, keeping its message; a 401 calls `signedOut` (the session has ended). */
export function useAction(signedOut: () => void) {
  const [state, setState] = useState<ActionState>({ busy: false, said: null });
  const run = useCallback(
    async <T>(work: () => Promise<T>, success?: (result: T) => string): Promise<T | undefined> => {
      setState({ busy: true, said: null });
      try {
        const result = await work();
        setState({ busy: false, said: success ? { text: success(result), error: false } : null });
        return result;
      } catch (error) {
        if (error instanceof DeskError && error.status === 401) signedOut();
        const text = error instanceof Error ? error.message : String(error);
        setState({ busy: false, said: { text, error: true } });
        return undefined;
      }
    },
    [signedOut],
  );
  return { ...state, run };
}
