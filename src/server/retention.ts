// Deleting submissions once they are older than the privacy notice says they
// are kept: applications (with their documents) after RETENTION_APPLICATION_DAYS,
// contact messages and consultation requests after RETENTION_ENQUIRY_DAYS.
// The daily retention function and `npm run submissions -- purge` both run
// purgeSubmissions(); only the periods and the dry-run switch differ.
import { env } from '../env';
import type { RetentionClass, RetentionPeriods } from '../lib/privacy';
import { deleteSubmission, listStoredSubmissions, loadSubmissions, type AdminStore, type StoredSubmission } from './records';
import { logError, logInfo, type ErrorLogger } from './responses';
import { openFullSubmissionStore, submissionTypes, type SubmissionType } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

export const retentionClassOf = (type: SubmissionType): RetentionClass => (type === 'application' ? 'application' : 'enquiry');

/** The same number of days for every type (`purge --older-than <days>`). */
export const uniformPeriods = (days: number): RetentionPeriods => ({ application: days, enquiry: days });

export interface PurgeOptions {
  now: Date;
  periods: RetentionPeriods;
  types?: readonly SubmissionType[];
  /** List what would be deleted, delete nothing. */
  dryRun: boolean;
}

export interface PurgedSubmission {
  type: SubmissionType;
  id: string;
  /** When it arrived (ISO), from its record or, for files without one, from its id. */
  receivedAt: string;
  /** Record and files. */
  keys: number;
}

export interface PurgeReport {
  dryRun: boolean;
  /** Per type: anything received before this instant (ISO) is past its period. */
  cutoffs: Record<SubmissionType, string>;
  /** Past their period: deleted, or to be deleted in a dry run. */
  expired: PurgedSubmission[];
  /** Past their period but could not be deleted (the next run tries again). */
  failed: Array<PurgedSubmission & { error: string }>;
  /** How many were deleted (or would be), per type. */
  counts: Record<SubmissionType, number>;
}

/** The instant before which a submission of `type` is past its period. */
export const cutoffFor = (now: Date, periods: RetentionPeriods, type: SubmissionType) =>
  new Date(now.getTime() - periods[retentionClassOf(type)] * DAY_MS);

/**
 * Finds every submission older than its period and, unless `dryRun`, deletes
 * it with all its files. A submission exactly as old as its period is kept.
 * Ids carry their arrival time, so only records that may be past their period
 * are read.
 */
export async function purgeSubmissions(
  store: Pick<AdminStore, 'list' | 'getWithMetadata' | 'delete'>,
  { now, periods, types = submissionTypes, dryRun }: PurgeOptions,
): Promise<PurgeReport> {
  const cutoffs = Object.fromEntries(submissionTypes.map((type) => [type, cutoffFor(now, periods, type)])) as Record<
    SubmissionType,
    Date
  >;
  const mayHaveExpired = (submission: StoredSubmission) =>
    submission.idTime === null || submission.idTime.getTime() < cutoffs[submission.type].getTime();
  const candidates = (await listStoredSubmissions(store, types)).filter(mayHaveExpired);
  const loaded = await loadSubmissions(store, candidates);
  const expired = loaded.filter(
    (submission) => submission.receivedAt !== null && submission.receivedAt.getTime() < cutoffs[submission.type].getTime(),
  );

  const report: PurgeReport = {
    dryRun,
    cutoffs: Object.fromEntries(submissionTypes.map((type) => [type, cutoffs[type].toISOString()])) as Record<SubmissionType, string>,
    expired: [],
    failed: [],
    counts: { contact: 0, consultation: 0, application: 0 },
  };
  for (const submission of expired) {
    const summary: PurgedSubmission = {
      type: submission.type,
      id: submission.id,
      receivedAt: submission.receivedAt!.toISOString(),
      keys: submission.keys.length,
    };
    if (!dryRun) {
      try {
        await deleteSubmission(store, submission);
      } catch (error) {
        report.failed.push({ ...summary, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
    }
    report.expired.push(summary);
    report.counts[submission.type]++;
  }
  return report;
}

export interface RetentionDeps {
  openStore?: () => Pick<AdminStore, 'list' | 'getWithMetadata' | 'delete'>;
  now?: () => Date;
  periods?: () => RetentionPeriods;
  log?: ErrorLogger;
  logError?: ErrorLogger;
}

/**
 * The scheduled retention function: purges what is past its period and logs
 * the ids and counts it deleted (ids only: no names, no content).
 */
export function createRetentionHandler(deps: RetentionDeps = {}): (request?: Request) => Promise<Response> {
  const openStore = deps.openStore ?? openFullSubmissionStore;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  return async () => {
    try {
      const periods = (deps.periods ?? (() => env.retentionDays))();
      const report = await purgeSubmissions(openStore(), { now: deps.now?.() ?? new Date(), periods, dryRun: false });
      log({
        what: 'retention: deleted submissions past their retention period',
        periodsInDays: periods,
        cutoffs: report.cutoffs,
        counts: report.counts,
        deleted: report.expired.map(({ type, id }) => ({ type, id })),
      });
      if (report.failed.length > 0) {
        fail({
          what: 'retention: could not delete some submissions past their period; the next run tries again',
          failed: report.failed.map(({ type, id, error }) => ({ type, id, detail: error })),
        });
        return new Response(null, { status: 500 });
      }
      return new Response(null, { status: 204 });
    } catch (error) {
      fail({ what: 'retention: the run failed; nothing more was deleted', detail: error instanceof Error ? error.message : String(error) });
      return new Response(null, { status: 500 });
    }
  };
}
