// Deleting submissions once they are older than the privacy notice says they
// are kept: applications (with their documents) after RETENTION_APPLICATION_DAYS,
// contact messages and consultation requests after RETENTION_ENQUIRY_DAYS.
// The daily retention function and `npm run submissions -- purge` both run
// purgeSubmissions(); only the periods, the dry-run switch and the daily job's
// clearing of lapsed idempotency claims, honeypot hits (HONEYPOT_KEEP_DAYS) and
// daily counters differ.
//
// In bounded time: Netlify ends a scheduled function after 30 seconds, and the
// store may hold more than one run can delete (a backlog, a flood of messages).
// So a run walks the store's listing page by page, picks what is past its
// period from the time in each id (ULIDs, ids.ts), deletes as it goes, and
// starts nothing new once its deadline has passed. What it did not reach, the
// next run simply finds again.
import { env } from '../../env.ts';
import { applicationFileFields } from '../../forms/application.ts';
import type { RetentionClass, RetentionPeriods } from '../../lib/privacy.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { isLapsedDailyKey } from './daily-limit.ts';
import { isLapsedHoneypotKey } from './honeypot.ts';
import { claimHasLapsed, isClaimKey } from './idempotency.ts';
import { submissionIdTime } from './ids.ts';
import { deleteSubmission, parseSubmissionKey, type AdminStore } from './read.ts';
import { normaliseRecord } from './record.ts';
import { openFullSubmissionStore, recordKey, submissionKeys, submissionTypes, type SubmissionType } from './store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a run starts new work: well inside Netlify's 30 seconds for a scheduled function. */
const PURGE_DEADLINE_MS = 20_000;

/** Submissions read and deleted at once: enough to hide the store's latency, few enough not to swamp it. */
const PURGE_CONCURRENCY = 8;

export type PurgeStore = Pick<AdminStore, 'list' | 'get' | 'delete'>;

const retentionClassOf = (type: SubmissionType): RetentionClass => (type === 'application' ? 'application' : 'enquiry');

/** The same number of days for every type (`purge --older-than <days>`). */
export const uniformPeriods = (days: number): RetentionPeriods => ({ application: days, enquiry: days });

export interface PurgeOptions {
  now: Date;
  periods: RetentionPeriods;
  types?: readonly SubmissionType[];
  /** List what would be deleted, delete nothing. */
  dryRun: boolean;
  /** Start nothing new after this many milliseconds (default PURGE_DEADLINE_MS); the first deletion always starts. */
  deadlineMs?: number;
  /**
   * Also delete idempotency claims past their window (idempotency.ts), and
   * honeypot hits and daily counters past theirs (honeypot.ts, daily-limit.ts),
   * which the key alone dates.
   */
  lapsedClaims?: boolean;
}

interface PurgedSubmission {
  type: SubmissionType;
  id: string;
  /** When it arrived (ISO), from its record or, for files without one, from its id. */
  receivedAt: string;
  /** Record and files, as the listing showed them. */
  keys: number;
}

export interface PurgeReport {
  dryRun: boolean;
  /** Per type: anything received before this instant (ISO) is past its period. */
  cutoffs: Record<SubmissionType, string>;
  /** Past their period: deleted, or to be deleted in a dry run; oldest first. */
  expired: PurgedSubmission[];
  /** Past their period but could not be deleted (the next run tries again). */
  failed: Array<PurgedSubmission & { error: string }>;
  /** Past their period by id, but the record could not be read or is no record: skipped, for a person to look at. */
  unreadable: Array<{ type: SubmissionType; id: string; error: string }>;
  /** How many were deleted (or would be), per type. */
  counts: Record<SubmissionType, number>;
  /** Idempotency claims past their window: deleted (or would be), and ones that could not be read or deleted. */
  claims: { deleted: number; failed: number };
  /** Honeypot hits and daily counters past their time: deleted (or would be), and ones that could not be deleted. */
  lapsedKeys: { deleted: number; failed: number };
  /** False when the run stopped at its deadline before looking at every key; the next run goes on. */
  complete: boolean;
  elapsedMs: number;
}

/** The instant before which a submission of `type` is past its period. */
const cutoffFor = (now: Date, periods: RetentionPeriods, type: SubmissionType) =>
  new Date(now.getTime() - periods[retentionClassOf(type)] * DAY_MS);

/** One submission past its period by its id, with the keys the listing showed for it. */
interface Candidate {
  type: SubmissionType;
  id: string;
  idTime: Date;
  keys: string[];
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * How long a run may start work: until `ms` have passed, but its first piece
 * of work always, so every run gets somewhere even when listing alone outlasts `ms`.
 */
function timeBudget(ms: number) {
  const started = performance.now();
  let begun = false;
  return {
    allows: () => !begun || performance.now() - started < ms,
    begin: () => {
      begun = true;
    },
    elapsedMs: () => Math.round(performance.now() - started),
  };
}

/** Runs `task` on each item, PURGE_CONCURRENCY at a time, starting none once `budget` is spent; false if some were left. */
async function eachWithin<Item>(
  budget: ReturnType<typeof timeBudget>,
  items: readonly Item[],
  task: (item: Item) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && budget.allows()) {
      budget.begin();
      await task(items[next++]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PURGE_CONCURRENCY, items.length) }, worker));
  return next === items.length;
}

/**
 * Deletes (unless `dryRun`) every submission past its period, an application
 * with all its files, as it comes across them in the store's listing. A
 * submission is past its period when both its id's time and its record's
 * receivedAt are before the cutoff: one exactly as old as its period is kept,
 * and a key that is not a submission of ours (settings, claims, an id that is
 * no ULID) is never touched, except lapsed claims when `lapsedClaims` is set.
 */
export async function purgeSubmissions(
  store: PurgeStore,
  { now, periods, types = submissionTypes, dryRun, deadlineMs = PURGE_DEADLINE_MS, lapsedClaims = false }: PurgeOptions,
): Promise<PurgeReport> {
  const budget = timeBudget(deadlineMs);
  const cutoffs = Object.fromEntries(submissionTypes.map((type) => [type, cutoffFor(now, periods, type)])) as Record<
    SubmissionType,
    Date
  >;
  const report: PurgeReport = {
    dryRun,
    cutoffs: Object.fromEntries(submissionTypes.map((type) => [type, cutoffs[type].toISOString()])) as Record<
      SubmissionType,
      string
    >,
    expired: [],
    failed: [],
    unreadable: [],
    counts: { contact: 0, consultation: 0, application: 0 },
    claims: { deleted: 0, failed: 0 },
    lapsedKeys: { deleted: 0, failed: 0 },
    complete: true,
    elapsedMs: 0,
  };
  // An application's keys may straddle two pages; it is dealt with once, all its keys at a time.
  const seen = new Set<string>();

  const candidatesIn = (keys: readonly string[]): Candidate[] => {
    const found = new Map<string, Candidate>();
    for (const key of keys) {
      const parsed = parseSubmissionKey(key);
      if (!parsed || !types.includes(parsed.type)) continue;
      const idTime = submissionIdTime(parsed.id);
      if (!idTime || idTime.getTime() >= cutoffs[parsed.type].getTime()) continue;
      const name = `${parsed.type}/${parsed.id}`;
      if (seen.has(name)) continue;
      let candidate = found.get(name);
      if (!candidate) found.set(name, (candidate = { type: parsed.type, id: parsed.id, idTime, keys: [] }));
      candidate.keys.push(key);
    }
    for (const name of found.keys()) seen.add(name);
    return [...found.values()];
  };

  const purgeOne = async (candidate: Candidate) => {
    const { type, id } = candidate;
    const key = recordKey(type, id);
    let receivedAt = candidate.idTime;
    let hasRecord: boolean;
    try {
      const raw: unknown = await store.get(key, { type: 'json' });
      hasRecord = raw !== null;
      if (raw !== null) receivedAt = new Date(normaliseRecord(raw, key).receivedAt);
      if (Number.isNaN(receivedAt.getTime())) throw new Error(`${key} has no valid receivedAt`);
    } catch (error) {
      report.unreadable.push({ type, id, error: errorText(error) });
      return;
    }
    // Deleted meanwhile, or a record that says it is younger than its id: nothing to do.
    if ((!hasRecord && type !== 'application') || receivedAt.getTime() >= cutoffs[type].getTime()) return;
    const summary: PurgedSubmission = { type, id, receivedAt: receivedAt.toISOString(), keys: candidate.keys.length };
    if (!dryRun) {
      // Every file an application can have, not only those on this page of the listing.
      const files =
        type === 'application' ? applicationFileFields.map((field) => submissionKeys.applicationFile(id, field)) : [];
      const keys = [...new Set([...(hasRecord ? [key] : []), ...files, ...candidate.keys])];
      try {
        await deleteSubmission(store, { type, id, idTime: candidate.idTime, recordKey: key, keys, hasRecord });
      } catch (error) {
        report.failed.push({ ...summary, error: errorText(error) });
        return;
      }
    }
    report.expired.push(summary);
    report.counts[type]++;
  };

  const purgeClaim = async (key: string) => {
    try {
      if (!claimHasLapsed(await store.get(key, { type: 'json' }), now)) return;
      if (!dryRun) await store.delete(key);
      report.claims.deleted++;
    } catch {
      report.claims.failed++;
    }
  };

  const purgeLapsedKey = async (key: string) => {
    try {
      if (!dryRun) await store.delete(key);
      report.lapsedKeys.deleted++;
    } catch {
      report.lapsedKeys.failed++;
    }
  };

  for await (const page of store.list({ paginate: true })) {
    const keys = page.blobs.map((blob) => blob.key);
    const claims = lapsedClaims ? keys.filter(isClaimKey) : [];
    const lapsed = lapsedClaims
      ? keys.filter((key) => isLapsedHoneypotKey(key, now) || isLapsedDailyKey(key, now))
      : [];
    if (
      (keys.length > 0 && !budget.allows()) ||
      !(await eachWithin(budget, candidatesIn(keys), purgeOne)) ||
      !(await eachWithin(budget, claims, purgeClaim)) ||
      !(await eachWithin(budget, lapsed, purgeLapsedKey))
    ) {
      report.complete = false;
      break;
    }
  }
  report.expired.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  report.elapsedMs = budget.elapsedMs();
  return report;
}

export interface RetentionDeps {
  openStore?: () => PurgeStore;
  now?: () => Date;
  periods?: () => RetentionPeriods;
  deadlineMs?: number;
  log?: InfoLogger;
  logError?: ErrorLogger;
}

/**
 * The scheduled retention function: purges what is past its period, and lapsed
 * idempotency claims, and logs the ids and counts it deleted (ids only: no
 * names, no content).
 */
export function createRetentionHandler(deps: RetentionDeps = {}): (request?: Request) => Promise<Response> {
  const openStore = deps.openStore ?? openFullSubmissionStore;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  return async () => {
    try {
      const periods = (deps.periods ?? (() => env.retentionDays))();
      const report = await purgeSubmissions(openStore(), {
        now: deps.now?.() ?? new Date(),
        periods,
        dryRun: false,
        lapsedClaims: true,
        ...(deps.deadlineMs === undefined ? {} : { deadlineMs: deps.deadlineMs }),
      });
      log({
        what: report.complete
          ? 'retention: deleted submissions past their retention period'
          : 'retention: deleted submissions past their retention period until the time limit; the next run deletes the rest',
        periodsInDays: periods,
        cutoffs: report.cutoffs,
        counts: report.counts,
        deleted: report.expired.map(({ type, id }) => ({ type, id })),
        lapsedClaims: report.claims,
        lapsedHoneypotAndCounters: report.lapsedKeys,
        complete: report.complete,
        elapsedMs: report.elapsedMs,
      });
      if (report.unreadable.length > 0) {
        fail({
          what: 'retention: skipped submissions past their period whose record could not be read; look at each with "npm run submissions -- show <id>"',
          unreadable: report.unreadable.map(({ type, id, error }) => ({ type, id, detail: error })),
        });
      }
      if (report.failed.length > 0) {
        fail({
          what: 'retention: could not delete some submissions past their period; the next run tries again',
          failed: report.failed.map(({ type, id, error }) => ({ type, id, detail: error })),
        });
        return new Response(null, { status: 500 });
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      fail({
        what: 'retention: the run failed; nothing more was deleted',
        detail: error instanceof Error ? error.message : String(error),
      });
      return new Response(null, { status: 500 });
    }
  };
}
