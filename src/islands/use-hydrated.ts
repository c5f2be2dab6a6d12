import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML, true once the island has hydrated. A
 * control that only works with its script (a submit button, a dialog's
 * trigger) is disabled until then, so an early click is not silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
