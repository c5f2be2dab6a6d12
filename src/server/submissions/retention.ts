// Deleting submissions once they are older than the privacy notice says they
// are kept: applications (with their documents) after RETENTION_APPLICATION_DAYS,
// contact messages and consultation requests after RETENTION_ENQUIRY_DAYS.
// The daily retention function and `npm run submissions -- purge` both run
// purgeSubmissions(); only the periods, the dry-run switch and the daily job's
// clearing of lapsed idempotency claims, honeypot hits (HONEYPOT_KEEP_DAYS),
// daily counters and old notes of erasures (erasures.ts, kept for their own
// period) differ.
//
// In bounded time, whatever else the store holds: Netlify ends a scheduled
// function after 30 seconds, and the store may hold more than one run can
// delete (a backlog) or far more that is still young (a flood of applications).
// So each type is listed by its own prefix, oldest first (ids are ULIDs, so
// keys sort by arrival, ids.ts), and its listing stops at the first submission
// still within its period: what a run lists grows with what it deletes, not
// with the store. The types are walked side by side, so a backlog of one never
// keeps another waiting. The time limit counts from the start of the run,
// listing included; past it, nothing new starts, except that each type always
// gets its first page and its first deletion, so every run gets somewhere.
// What a run did not reach, the next one finds again.
import { env } from '../../env.ts';
import { applicationFileFields } from '../../forms/application/application.ts';
import { forEachConcurrently, sharedSlots, type SharedSlots } from '../../lib/concurrency.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import { HONEYPOT_KEEP_DAYS, type RetentionClass, type RetentionPeriods } from '../../lib/privacy.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { ERASURE_RECORD_DAYS, ERASURES_PREFIX } from './erasures.ts';
import { CLAIM_PREFIX, claimHasLapsed } from './idempotency.ts';
import { DAILY_PREFIX, isLapsedDailyKey } from './daily-limit.ts';
import { HONEYPOT_PREFIX } from './honeypot.ts';
import { submissionIdTime } from './ids.ts';
import { deleteSubmission, keyPages, parseSubmissionKey, typePrefix, type AdminStore } from './read.ts';
import { normaliseRecord } from './record.ts';
import { openFullSubmissionStore, recordKey, submissionKeys, submissionTypes, type SubmissionType } from './store.ts';

/** How long a run starts new work, listing included: well inside Netlify's 30 seconds for a scheduled function. */
const PURGE_DEADLINE_MS = 20_000;

/**
 * How long the daily job waits for a run before it logs what it did and ends:
 * a store call that hangs must not take the log with it when Netlify stops the
 * function at 30 seconds.
 */
const RUN_LIMIT_MS = 27_000;

/** Store calls a run has under way at once: enough to hide the store's latency, few enough not to swamp it. */
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
  /**
   * Start nothing new after this many milliseconds from the start, listing
   * included (default PURGE_DEADLINE_MS); each type's first page and first
   * deletion always start.
   */
  deadlineMs?: number;
  /**
   * Also delete idempotency claims past their window (idempotency.ts), and
   * honeypot hits and daily counters past theirs (honeypot.ts, daily-limit.ts),
   * which the key alone dates.
   */
  lapsedClaims?: boolean;
  /** Also delete notes of erasures past ERASURE_RECORD_DAYS (erasures.ts). */
  erasureNotes?: boolean;
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
  /** Notes of erasures past their period: deleted (or would be), and ones that could not be deleted. */
  erasureNotes: { deleted: number; failed: number };
  /** Keys the store listed to this run, every prefix together. */
  listed: number;
  /** Listings that failed part-way (the store's error), by prefix: what they had not reached waits for the next run. */
  listingErrors: Array<{ prefix: string; error: string }>;
  /**
   * True when a listing came back out of key order, so the run could not stop
   * at the first young submission and read that prefix to its end.
   */
  unordered: boolean;
  /** False when the run stopped before it had looked at everything past its period; the next run goes on. */
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

/** The run's clock, started with the run: listing and deleting spend the same time. */
function timeBudget(ms: number) {
  const started = performance.now();
  return {
    spent: () => performance.now() - started >= ms,
    elapsedMs: () => Math.round(performance.now() - started),
  };
}
type TimeBudget = ReturnType<typeof timeBudget>;

/**
 * Runs `task` on each item in turn, in the run's shared slots, starting none
 * once `budget` is spent, except the first of a lane (one prefix's walk) that
 * has started nothing yet; false if some were left.
 */
async function eachWithin<Item>(
  budget: TimeBudget,
  slots: SharedSlots,
  lane: { begun: boolean },
  items: readonly Item[],
  task: (item: Item) => Promise<void>,
) {
  const started = await forEachConcurrently(
    items,
    { concurrency: PURGE_CONCURRENCY, slots, mayStart: () => !lane.begun || !budget.spent() },
    (item) => {
      lane.begun = true;
      return task(item);
    },
  );
  return started === items.length;
}

/** Whether `keys` come in key order, after `previous` (the last key of the page before). */
function inKeyOrder(keys: readonly string[], previous: string | undefined) {
  let last = previous;
  for (const key of keys) {
    if (last !== undefined && key < last) return false;
    last = key;
  }
  return true;
}

/** A run in progress: `report` fills in as it goes; `done` gives it once the run has ended. */
interface PurgeRun {
  report: PurgeReport;
  done: Promise<PurgeReport>;
}

/**
 * Deletes (unless `dryRun`) every submission past its period, an application
 * with all its files, walking each type's keys oldest first. A submission is
 * past its period when both its id's time and its record's receivedAt are
 * before the cutoff: one exactly as old as its period is kept, and a key that
 * is not a submission of ours (settings, claims, notes of erasures, an id that
 * is no ULID) is never touched, except lapsed claims when `lapsedClaims` is set
 * and notes of erasures past their own period when `erasureNotes` is.
 */
export const purgeSubmissions = (store: PurgeStore, options: PurgeOptions): Promise<PurgeReport> =>
  startPurge(store, options).done;

/** purgeSubmissions(), with its report readable while the run goes on (for a run cut short). */
function startPurge(
  store: PurgeStore,
  {
    now,
    periods,
    types = submissionTypes,
    dryRun,
    deadlineMs = PURGE_DEADLINE_MS,
    lapsedClaims = false,
    erasureNotes = false,
  }: PurgeOptions,
): PurgeRun {
  const budget = timeBudget(deadlineMs);
  const slots = sharedSlots(PURGE_CONCURRENCY);
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
    erasureNotes: { deleted: 0, failed: 0 },
    listed: 0,
    listingErrors: [],
    unordered: false,
    lapsedKeys: { deleted: 0, failed: 0 },
    complete: true,
    elapsedMs: 0,
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

  /**
   * Walks the keys under `prefix` oldest first, a page at a time, handing
   * `work` each page's keys whose id (`idOf`) dates from before `cutoff`, until
   * the first key still within it (when the store lists in key order), the end
   * of the listing, or the time limit. `work` says whether it started them all.
   */
  const walkPastCutoff = async (
    prefix: string,
    cutoff: number,
    idOf: (key: string) => string | null,
    work: (keys: string[]) => Promise<boolean>,
  ) => {
    let previous: string | undefined;
    let ordered = true;
    try {
      for await (const keys of keyPages(store, prefix)) {
        report.listed += keys.length;
        if (ordered && !inKeyOrder(keys, previous)) {
          ordered = false;
          report.unordered = true;
        }
        previous = keys.at(-1) ?? previous;
        const past: string[] = [];
        let reachedYoung = false;
        for (const key of ordered ? keys : [...keys].sort()) {
          const id = idOf(key);
          const time = id === null ? null : submissionIdTime(id);
          if (!time) continue;
          if (time.getTime() < cutoff) past.push(key);
          else if (ordered) {
            reachedYoung = true;
            break;
          }
        }
        if (!(await work(past))) {
          report.complete = false;
          return;
        }
        if (reachedYoung) return;
        // Listing the next page is work too: it waits for the next run once the time is up.
        if (budget.spent()) {
          report.complete = false;
          return;
        }
      }
    } catch (error) {
      report.listingErrors.push({ prefix, error: errorText(error) });
      report.complete = false;
    }
  };

  /** One type's walk: its submissions past their period, oldest first, each with all its keys. */
  const purgeType = (type: SubmissionType) => {
    const lane = { begun: false };
    // An application's keys may straddle two pages; it is dealt with once, all its keys at a time.
    const seen = new Set<string>();
    const idOf = (key: string) => {
      const parsed = parseSubmissionKey(key);
      return parsed?.type === type ? parsed.id : null;
    };
    return walkPastCutoff(typePrefix(type), cutoffs[type].getTime(), idOf, (keys) => {
      const found = new Map<string, Candidate>();
      for (const key of keys) {
        const id = idOf(key)!;
        if (seen.has(id)) continue;
        let candidate = found.get(id);
        if (!candidate) found.set(id, (candidate = { type, id, idTime: submissionIdTime(id)!, keys: [] }));
        candidate.keys.push(key);
      }
      for (const id of found.keys()) seen.add(id);
      return eachWithin(budget, slots, lane, [...found.values()], purgeOne);
    });
  };

  /** Notes of erasures past their own period (erasures.ts); they hold no address, only its keyed hash. */
  const purgeErasureNotes = () => {
    const lane = { begun: false };
    const cutoff = now.getTime() - ERASURE_RECORD_DAYS * DAY_MS;
    const purgeNote = async (key: string) => {
      try {
        if (!dryRun) await store.delete(key);
        report.erasureNotes.deleted++;
      } catch {
        report.erasureNotes.failed++;
      }
    };
    return walkPastCutoff(
      ERASURES_PREFIX,
      cutoff,
      (key) => key.slice(ERASURES_PREFIX.length),
      (keys) => eachWithin(budget, slots, lane, keys, purgeNote),
    );
  };

  /** Idempotency claims hold no personal data, so they come after every submission, in what time is left. */
  const purgeClaims = async () => {
    const lane = { begun: true };
    const purgeClaim = async (key: string) => {
      try {
        if (!claimHasLapsed(await store.get(key, { type: 'json' }), now)) return;
        if (!dryRun) await store.delete(key);
        report.claims.deleted++;
      } catch {
        report.claims.failed++;
      }
    };
    try {
      // Claims are keyed by a hash, not by time: every one is read, as far as the time allows.
      for await (const keys of keyPages(store, CLAIM_PREFIX)) {
        report.listed += keys.length;
        if (!(await eachWithin(budget, slots, lane, keys, purgeClaim)) || budget.spent()) {
          report.complete = false;
          return;
        }
      }
    } catch (error) {
      report.listingErrors.push({ prefix: CLAIM_PREFIX, error: errorText(error) });
      report.complete = false;
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

  /** Honeypot hits are keyed by a ULID, so they are walked like submissions: oldest first, up to their period. */
  const purgeHoneypotHits = () =>
    walkPastCutoff(
      HONEYPOT_PREFIX,
      now.getTime() - HONEYPOT_KEEP_DAYS * DAY_MS,
      (key) => key.slice(HONEYPOT_PREFIX.length),
      (keys) => eachWithin(budget, slots, { begun: true }, keys, purgeLapsedKey),
    );

  /** Daily counters are keyed by their day, so they sort by it: the walk stops at the first day still kept. */
  const purgeDailyCounters = async () => {
    const lane = { begun: true };
    try {
      for await (const keys of keyPages(store, DAILY_PREFIX)) {
        report.listed += keys.length;
        const lapsed = keys.filter((key) => isLapsedDailyKey(key, now));
        if (!(await eachWithin(budget, slots, lane, lapsed, purgeLapsedKey)) || budget.spent()) {
          report.complete = false;
          return;
        }
        if (lapsed.length < keys.length) return;
      }
    } catch (error) {
      report.listingErrors.push({ prefix: DAILY_PREFIX, error: errorText(error) });
      report.complete = false;
    }
  };

  const run = async () => {
    await Promise.all([...types.map(purgeType), ...(erasureNotes ? [purgeErasureNotes()] : [])]);
    if (lapsedClaims) {
      if (budget.spent()) report.complete = false;
      else {
        await purgeClaims();
        await purgeHoneypotHits();
        await purgeDailyCounters();
      }
    }
    report.expired.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    report.elapsedMs = budget.elapsedMs();
    return report;
  };
  return { report, done: run() };
}

export interface RetentionDeps {
  openStore?: () => PurgeStore;
  now?: () => Date;
  periods?: () => RetentionPeriods;
  deadlineMs?: number;
  /** How long the job waits for its run before logging and ending (default RUN_LIMIT_MS). */
  runLimitMs?: number;
  log?: InfoLogger;
  logError?: ErrorLogger;
}

/** `promise`'s value, or undefined if it takes longer than `ms`. */
async function within<Value>(promise: Promise<Value>, ms: number): Promise<Value | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([promise, timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The scheduled retention function: purges what is past its period, and lapsed
 * idempotency claims, and logs the ids and counts it deleted (ids only: no
 * names, no content), also when the run stopped short: at its time limit, on a
 * listing that failed, or on a store that stopped answering.
 */
export function createRetentionHandler(deps: RetentionDeps = {}): (request?: Request) => Promise<Response> {
  const openStore = deps.openStore ?? openFullSubmissionStore;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  return async () => {
    try {
      const periods = (deps.periods ?? (() => env.retentionDays))();
      const started = performance.now();
      const run = startPurge(openStore(), {
        now: deps.now?.() ?? new Date(),
        periods,
        dryRun: false,
        lapsedClaims: true,
        erasureNotes: true,
        ...(deps.deadlineMs === undefined ? {} : { deadlineMs: deps.deadlineMs }),
      });
      const finished = await within(run.done, deps.runLimitMs ?? RUN_LIMIT_MS);
      // Cut short: what the run has done so far, while its last calls may still be under way.
      const report = finished ?? {
        ...run.report,
        complete: false,
        elapsedMs: Math.round(performance.now() - started),
      };
      log({
        what: !finished
          ? 'retention: stopped waiting for the store; deleted so far as below, the next run deletes the rest'
          : report.complete
            ? 'retention: deleted submissions past their retention period'
            : 'retention: deleted submissions past their retention period until the time limit; the next run deletes the rest',
        periodsInDays: periods,
        cutoffs: report.cutoffs,
        counts: report.counts,
        deleted: report.expired.map(({ type, id }) => ({ type, id })),
        lapsedClaims: report.claims,
        erasureNotes: report.erasureNotes,
        listed: report.listed,
        lapsedHoneypotAndCounters: report.lapsedKeys,
        complete: report.complete,
        elapsedMs: report.elapsedMs,
      });
      if (!finished) {
        fail({
          what: `retention: the run had not ended after ${Math.round((deps.runLimitMs ?? RUN_LIMIT_MS) / 1000)} s: a store call is hanging; the next run goes on`,
        });
      }
      if (report.unordered) {
        fail({
          what: 'retention: the store listed keys out of key order, so this run read the whole of a type rather than stopping at its first submission still within its period: slower, nothing else changes',
        });
      }
      if (report.listingErrors.length > 0) {
        fail({
          what: 'retention: listing the store failed part-way; the next run goes on from what is left',
          listingErrors: report.listingErrors.map(({ prefix, error }) => ({ prefix, detail: error })),
        });
      }
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
      }
      return new Response(null, {
        status: finished && report.failed.length === 0 && report.listingErrors.length === 0 ? 204 : 500,
      });
    } catch (error) {
      fail({
        what: 'retention: the run failed; nothing more was deleted',
        detail: error instanceof Error ? error.message : String(error),
      });
      return new Response(null, { status: 500 });
    }
  };
}
