// One sender at a time per submission: a run of the notify-pending function (or
// `resend --pending`) takes a submission's lease before sending, reads the
// record again, and gives the lease back once the outcome is on the record; a
// lease expires, so a sender that died delays that submission one run at most.
// Store "submissions": notify/leases/{id} → { holder, until }; no personal data.
// Why: docs/architecture.md, "Leases".
import type { Store } from '@netlify/blobs';

const LEASE_PREFIX = 'notify/leases/';

/** How long a lease holds: longer than any sender keeps one (a function's 30 s; `resend`'s 30 s wait per send). */
export const LEASE_MS = 2 * 60 * 1000;

export type LeaseStore = Pick<Store, 'getWithMetadata' | 'setJSON' | 'delete'>;

interface Lease {
  /** Which run holds it, for a person reading the store. */
  holder: string;
  /** ISO 8601: from then on anyone may take it over. */
  until: string;
}

export const leaseKey = (id: string) => `${LEASE_PREFIX}${id}`;
export const isLeaseKey = (key: string) => key.startsWith(LEASE_PREFIX);

/** When a stored lease ends; one that does not say counts as ended, so garbage never blocks a submission. */
export function leaseEnds(stored: unknown): number {
  const until = typeof stored === 'object' && stored !== null ? (stored as Partial<Lease>).until : undefined;
  const time = typeof until === 'string' ? Date.parse(until) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

export interface HeldLease {
  /** Gives the lease back; call it only once the outcome is recorded. */
  release(): Promise<void>;
}

/**
 * Takes the lease of submission `id` for `holder` until `now + ms`, or returns
 * null while someone else holds it. Every write is conditional, so of two
 * takers at once only one gets it.
 */
export async function claimLease(
  store: LeaseStore,
  id: string,
  holder: string,
  now: Date,
  ms: number = LEASE_MS,
): Promise<HeldLease | null> {
  const key = leaseKey(id);
  const lease: Lease = { holder, until: new Date(now.getTime() + ms).toISOString() };
  const held: HeldLease = { release: () => store.delete(key) };
  if ((await store.setJSON(key, lease, { onlyIfNew: true })).modified) return held;
  const current = await store.getWithMetadata(key, { type: 'json' });
  if (!current) {
    // Given back between the two calls.
    return (await store.setJSON(key, lease, { onlyIfNew: true })).modified ? held : null;
  }
  if (leaseEnds(current.data) > now.getTime()) return null;
  // The local Blobs server sends no ETag on reads: there, replace the lapsed lease by delete and create.
  if (!current.etag) await store.delete(key);
  const taken = await store.setJSON(key, lease, current.etag ? { onlyIfMatch: current.etag } : { onlyIfNew: true });
  return taken.modified ? held : null;
}
