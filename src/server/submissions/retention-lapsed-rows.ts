// What the daily retention run deletes besides submissions, each past its own
// time and none holding a name or an address in the clear: idempotency keys
// past their window, daily counters of days gone, honeypot hits past
// HONEYPOT_KEEP_DAYS, notes of erasures past ERASURE_RECORD_DAYS, the desk's
// audit events past AUDIT_TRAIL_YEARS. Each table is
// one batch statement repeated within the run's time; a batch's rows are taken
// with SKIP LOCKED, so overlapping runs never delete one row twice. Webhook
// deliveries and alert requests are the alerts' own to purge.
import { addDays, DAY_MS, nairobiDay } from '../../lib/nairobi-time.ts';
import { AUDIT_TRAIL_YEARS, HONEYPOT_KEEP_DAYS } from '../../lib/privacy.ts';
import type { Queryable } from '../db/database.ts';
import { ERASURE_RECORD_DAYS } from './erasures.ts';

/** Days a daily counter is kept after its day ended (yesterday's is still read near midnight). */
const DAILY_COUNTS_KEEP_DAYS = 2;

export interface LapsedBatch {
  cutoff: Date;
  limit: number;
  dryRun: boolean;
}

/** A lapsed table: which rows, and what a person reading the report calls them. */
export type LapsedTableName =
  'idempotency keys' | 'daily counters' | 'honeypot hits' | 'erasure notes' | 'audit events';

interface LapsedTable {
  name: LapsedTableName;
  table: string;
  key: string;
  /** SQL true for a lapsed row, with $1 the cutoff. */
  lapsed: string;
  cutoff(now: Date): Date | string;
}

export const LAPSED_TABLES: readonly LapsedTable[] = [
  {
    name: 'erasure notes',
    table: 'erasures',
    key: 'id',
    lapsed: 'erased_at < $1',
    cutoff: (now) => new Date(now.getTime() - ERASURE_RECORD_DAYS * DAY_MS),
  },
  {
    name: 'idempotency keys',
    table: 'idempotency_keys',
    key: 'ctid',
    lapsed: `claimed_at < $1`,
    cutoff: (now) => new Date(now.getTime() - DAY_MS),
  },
  {
    name: 'honeypot hits',
    table: 'honeypot_hits',
    key: 'id',
    lapsed: 'received_at < $1',
    cutoff: (now) => new Date(now.getTime() - HONEYPOT_KEEP_DAYS * DAY_MS),
  },
  {
    name: 'daily counters',
    table: 'daily_counts',
    key: 'ctid',
    lapsed: 'day < $1',
    cutoff: (now) => addDays(nairobiDay(now), -DAILY_COUNTS_KEEP_DAYS),
  },
  {
    name: 'audit events',
    table: 'audit_events',
    key: 'id',
    lapsed: 'at < $1',
    cutoff: (now) => new Date(now.getTime() - Math.ceil(AUDIT_TRAIL_YEARS * 365.25) * DAY_MS),
  },
];

/** Deletes up to `limit` lapsed rows of `table` (in a dry run, counts them all); how many. */
export async function purgeLapsedBatch(
  db: Queryable,
  { table, key, lapsed }: LapsedTable,
  { cutoff, limit, dryRun }: Omit<LapsedBatch, 'cutoff'> & { cutoff: Date | string },
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    dryRun
      ? `SELECT count(*)::int AS n FROM ${table} WHERE ${lapsed}`
      : `WITH gone AS (DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${lapsed}
           LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    dryRun ? [cutoff] : [cutoff, limit],
  );
  return rows[0]?.n ?? 0;
}
