// What a purge run did: the report it fills in as it goes (retention.ts), so a
// run cut short still says what it deleted, and how the daily retention job
// logs it (retention-handler.ts): ids, types and counts, never a name or an
// address, and an error line for each kind of trouble a person should see.
import type { RetentionPeriods } from '../../lib/privacy.ts';
import type { ErrorLogger, InfoLogger } from '../http/responses.ts';
import { submissionTypes, type SubmissionType } from './store.ts';

export interface PurgedSubmission {
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

/** The report of a run that has done nothing yet. */
export function emptyPurgeReport(dryRun: boolean, cutoffs: Record<SubmissionType, Date>): PurgeReport {
  return {
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
}

/**
 * Logs what the daily job's run did: one line of ids and counts, and an error
 * line for each kind of trouble. `runLimitMs` is how long the job waited; a
 * run that had not `finished` by then was cut short, its report as it stood.
 */
export function logPurgeReport(
  report: PurgeReport,
  { periods, finished, runLimitMs }: { periods: RetentionPeriods; finished: boolean; runLimitMs: number },
  log: InfoLogger,
  fail: ErrorLogger,
): void {
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
      what: `retention: the run had not ended after ${Math.round(runLimitMs / 1000)} s: a store call is hanging; the next run goes on`,
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
}
