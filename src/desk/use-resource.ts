// What the desk reads from one of its functions (a GET): the answer, or what
// went wrong, read again whenever `path` changes or `reload` is called. A 401
// calls `signedOut` (the session has ended).
import { useCallback, useEffect, useState } from 'react';
import { DeskError, getJson } from './api.ts';

export interface Resource<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

export function useResource<T>(path: string, signedOut: () => void): Resource<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    getJson<T>(path).then(
      (data) => current && setState({ data, error: null }),
      (error: unknown) => {
        // A section closed meanwhile (signed out, another opened) says nothing.
        if (!current) return;
        if (error instanceof DeskError && error.status === 401) signedOut();
        setState((before) => ({ data: before.data, error: error instanceof Error ? error.message : String(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [path, version, signedOut]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { ...state, reload };
}
