// The settled mark of the notify-pending runs (delivery.ts): every submission
// whose id sorts at or before it was delivered, given up on or deleted, so a
// run reads only what came after it, and a store of thousands of delivered
// submissions costs one listing, not thousands of reads. Those given up on
// undelivered are listed beside it, so the daily stuck report (stuck-report.ts)
// still names them. Store "submissions", key notify/settled.
import { submissionIdTime } from '../submissions/ids.ts';
import type { AdminStore } from '../submissions/read.ts';
import type { SubmissionRecord } from '../submissions/record.ts';
import { deliveryState } from './pending.ts';

const SETTLED_KEY = 'notify/settled';

/**
 * The mark never passes a submission younger than this: one that arrived just
 * before a listing may have its record written just after it (a function takes
 * at most 30 s), and the mark must not pass it unseen.
 */
const SETTLES_AFTER_MS = 10 * 60 * 1000;

interface Settled {
  /** Every submission whose id sorts at or before this one was delivered, or given up on (then in `gaveUp`), or deleted. */
  through: string | null;
  /** Record keys, at or before `through`, of submissions given up on undelivered: still reported as stuck. */
  gaveUp: string[];
}

type MarkStore = Pick<AdminStore, 'getWithMetadata' | 'setJSON'>;

function parseSettled(data: unknown): Settled {
  const value = typeof data === 'object' && data !== null ? (data as Partial<Settled>) : {};
  return {
    through: typeof value.through === 'string' ? value.through : null,
    gaveUp: Array.isArray(value.gaveUp) ? value.gaveUp.filter((key): key is string => typeof key === 'string') : [],
  };
}

export async function readSettled(store: Pick<AdminStore, 'getWithMetadata'>) {
  const found = await store.getWithMetadata(SETTLED_KEY, { type: 'json' });
  return { settled: parseSettled(found?.data), etag: found?.etag, found: found !== null };
}

/**
 * Writes only over what was read: over nothing if nothing was, over its ETag
 * if it had one. The local Blobs server sends no ETag on reads, so there the
 * write is unconditional; it runs one function call at a time anyway.
 */
export const writeCondition = (found: boolean, etag: string | undefined) =>
  !found ? { onlyIfNew: true as const } : etag ? { onlyIfMatch: etag } : {};

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * Writes the mark, merged with whatever another run wrote meanwhile: each
 * mark is a true statement (delivery is final), so the later of the two
 * holds, and `change` decides what is given up.
 */
export async function updateSettled(store: MarkStore, change: (current: Settled) => Settled): Promise<Settled> {
  for (let tries = 0; tries < 3; tries++) {
    const { settled, etag, found } = await readSettled(store);
    const next = change(settled);
    if (next.through === settled.through && sameKeys(next.gaveUp, settled.gaveUp)) return settled;
    const written = await store.setJSON(SETTLED_KEY, next, writeCondition(found, etag));
    if (written.modified) return next;
  }
  return (await readSettled(store)).settled;
}

/** A record as a run read it, after the mark. */
export interface ReadEntry {
  id: string;
  key: string;
  record: SubmissionRecord | null;
  /** Deleted between the listing and the read. */
  gone: boolean;
}

/** Moves the mark past the longest run, from where this run started reading, of settled submissions. */
export async function moveSettledMark(
  store: MarkStore,
  entries: ReadonlyArray<ReadEntry | undefined>,
  from: string | null,
  listedAt: Date,
): Promise<string | null> {
  let through = from;
  const gaveUp: string[] = [];
  for (const entry of entries) {
    const idTime = entry ? submissionIdTime(entry.id) : null;
    if (!entry || !idTime || listedAt.getTime() - idTime.getTime() < SETTLES_AFTER_MS) break;
    if (entry.record) {
      const { state } = deliveryState(entry.record, listedAt);
      if (state === 'given-up') gaveUp.push(entry.key);
      else if (state !== 'delivered') break;
    } else if (!entry.gone) break;
    through = entry.id;
  }
  if (through === from && gaveUp.length === 0) return from;
  const settled = await updateSettled(store, (current) => ({
    through: later(current.through, through),
    gaveUp: [...new Set([...current.gaveUp, ...gaveUp])],
  }));
  return settled.through;
}
