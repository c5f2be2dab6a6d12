// Deleting submissions once they are older than the privacy notice says they
// are kept: applications (with their documents) after RETENTION_APPLICATION_DAYS,
// contact messages and consultation requests after RETENTION_ENQUIRY_DAYS. The
// daily retention function (retention-handler.ts) and `npm run submissions --
// purge` both run purgeSubmissions(); only the periods, the dry-run switch and
// the daily job's clearing of other lapsed keys (retention-lapsed-keys.ts)
// differ. Each type is walked by its own prefix, side by side, in bounded time
// (retention-walk.ts), so a backlog of one never keeps another waiting; what a
// run did not reach, the next finds again. Why: docs/architecture.md, "The
// retention function".
import { applicationFileFields } from '../../forms/application/application.ts';
import { sharedSlots } from '../../lib/concurrency.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { RetentionClass, RetentionPeriods } from '../../lib/privacy.ts';
import { submissionIdTime } from './ids.ts';
import { deleteSubmission, parseSubmissionKey, typePrefix, type AdminStore } from './read.ts';
import { normaliseRecord } from './record.ts';
import { purgeClaims, purgeDailyCounters, purgeErasureNotes, purgeHoneypotHits } from './retention-lapsed-keys.ts';
import { emptyPurgeReport, type PurgedSubmission, type PurgeReport } from './retention-report.ts';
import { eachWithin, PURGE_CONCURRENCY, timeBudget, walkPastCutoff, type PurgeRun } from './retention-walk.ts';
import { recordKey, submissionKeys, submissionTypes, type SubmissionType } from './store.ts';

/** How long a run starts new work, listing included: well inside Netlify's 30 seconds for a scheduled function. */
const PURGE_DEADLINE_MS = 20_000;

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

/**
 * Deletes `candidate` (unless a dry run) if its record agrees it is past
 * `cutoff`, an application with every file it can have, and reports it.
 */
async function purgeOne({ store, dryRun, report }: PurgeRun, candidate: Candidate, cutoff: Date) {
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
    report.unreadable.push({ type, id, error: errorMessage(error) });
    return;
  }
  // Deleted meanwhile, or a record that says it is younger than its id: nothing to do.
  if ((!hasRecord && type !== 'application') || receivedAt.getTime() >= cutoff.getTime()) return;
  const summary: PurgedSubmission = { type, id, receivedAt: receivedAt.toISOString(), keys: candidate.keys.length };
  if (!dryRun) {
    // Every file an application can have, not only those on this page of the listing.
    const files =
      type === 'application' ? applicationFileFields.map((field) => submissionKeys.applicationFile(id, field)) : [];
    const keys = [...new Set([...(hasRecord ? [key] : []), ...files, ...candidate.keys])];
    try {
      await deleteSubmission(store, { type, id, idTime: candidate.idTime, recordKey: key, keys, hasRecord });
    } catch (error) {
      report.failed.push({ ...summary, error: errorMessage(error) });
      return;
    }
  }
  report.expired.push(summary);
  report.counts[type]++;
}

/** One type's walk: its submissions past `cutoff`, oldest first, each with all its keys. */
function purgeType(run: PurgeRun, type: SubmissionType, cutoff: Date): Promise<void> {
  const lane = { begun: false };
  // An application's keys may straddle two pages; it is dealt with once, all its keys at a time.
  const seen = new Set<string>();
  const idOf = (key: string) => {
    const parsed = parseSubmissionKey(key);
    return parsed?.type === type ? parsed.id : null;
  };
  return walkPastCutoff(run, typePrefix(type), cutoff.getTime(), idOf, (keys) => {
    const found = new Map<string, Candidate>();
    for (const key of keys) {
      const id = idOf(key)!;
      if (seen.has(id)) continue;
      let candidate = found.get(id);
      if (!candidate) found.set(id, (candidate = { type, id, idTime: submissionIdTime(id)!, keys: [] }));
      candidate.keys.push(key);
    }
    for (const id of found.keys()) seen.add(id);
    return eachWithin(run, lane, [...found.values()], (candidate) => purgeOne(run, candidate, cutoff));
  });
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
export function startPurge(
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
): { report: PurgeReport; done: Promise<PurgeReport> } {
  const cutoffs = Object.fromEntries(submissionTypes.map((type) => [type, cutoffFor(now, periods, type)])) as Record<
    SubmissionType,
    Date
  >;
  const run: PurgeRun = {
    store,
    now,
    dryRun,
    budget: timeBudget(deadlineMs),
    slots: sharedSlots(PURGE_CONCURRENCY),
    report: emptyPurgeReport(dryRun, cutoffs),
  };
  const { report, budget } = run;
  const done = (async () => {
    await Promise.all([
      ...types.map((type) => purgeType(run, type, cutoffs[type])),
      ...(erasureNotes ? [purgeErasureNotes(run)] : []),
    ]);
    if (lapsedClaims) {
      if (budget.spent()) report.complete = false;
      else {
        await purgeClaims(run);
        await purgeHoneypotHits(run);
        await purgeDailyCounters(run);
      }
    }
    report.expired.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    report.elapsedMs = budget.elapsedMs();
    return report;
  })();
  return { report, done };
}
