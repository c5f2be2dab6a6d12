// What a purge run did: the report it fills in as it goes (retention.ts), so a
// run cut short still says what it deleted, and how the daily retention job
// logs it (retention-handler.ts): ids, types and counts, never a name or an
// address, and an error line for each kind of trouble a person should see.
import type { RetentionPeriods } from '../../lib/privacy.ts';
import type { ErrorLogger, InfoLogger } from '../http/responses.ts';
import type { LapsedTableName } from './retention-lapsed-rows.ts';
import { submissionTypes, type SubmissionType } from './store.ts';

export interface PurgedSubmission {
  type: SubmissionType;
  id: string;
  /** When it arrived (ISO). */
  receivedAt: string;
  /** Stored items: the record and its documents. */
  keys: number;
}

export interface PurgeReport {
  dryRun: boolean;
  /** Per type: anything received before this instant (ISO) is past its period. */
  cutoffs: Record<SubmissionType, string>;
  /** Past their period: deleted, or to be deleted in a dry run; oldest first. */
  expired: PurgedSubmission[];
  /** Deleted, but their documents could not be (the run that follows sweeps them as documents without a record). */
  failed: Array<PurgedSubmission & { error: string }>;
  /** How many were deleted (or would be), per type. */
  counts: Record<SubmissionType, number>;
  /** Rows of other tables past their time (retention-lapsed-rows.ts): deleted, or would be. */
  lapsed: Record<LapsedTableName, number>;
  /** Application documents with no record, deleted (or would be). */
  orphanDocuments: number;
  /** Blobs keys listed looking for documents without a record. */
  listed: number;
  /** Steps that failed part-way (a type, a table, the documents): what they had not reached waits for the next run. */
  stepErrors: Array<{ step: string; error: string }>;
  /** Set when the database became unavailable: the run stopped there, the next one goes on. */
  unavailable?: string;
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
    counts: { contact: 0, consultation: 0, application: 0 },
    lapsed: { 'idempotency keys': 0, 'daily counters': 0, 'honeypot hits': 0, 'erasure notes': 0, 'audit events': 0 },
    orphanDocuments: 0,
    listed: 0,
    stepErrors: [],
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
      ? 'retention: stopped waiting for the database; deleted so far as below, the next run deletes the rest'
      : report.complete
        ? 'retention: deleted submissions past their retention period'
        : 'retention: deleted submissions past their retention period until the time limit; the next run deletes the rest',
    periodsInDays: periods,
    cutoffs: report.cutoffs,
    counts: report.counts,
    deleted: report.expired.map(({ type, id }) => ({ type, id })),
    lapsed: report.lapsed,
    documentsWithoutRecord: report.orphanDocuments,
    listed: report.listed,
    complete: report.complete,
    elapsedMs: report.elapsedMs,
  });
  if (!finished) {
    fail({
      what: `retention: the run had not ended after ${Math.round(runLimitMs / 1000)} s: a call is hanging; the next run goes on`,
    });
  }
  if (report.unavailable !== undefined) {
    fail({
      what: 'retention: the database is unavailable, so the run stopped; the next run goes on',
      detail: report.unavailable,
    });
  }
  if (report.stepErrors.length > 0) {
    fail({
      what: 'retention: a step failed part-way; the next run goes on from what is left',
      stepErrors: report.stepErrors.map(({ step, error }) => ({ step, detail: error })),
    });
  }
  if (report.failed.length > 0) {
    fail({
      what: 'retention: deleted submissions whose documents could not be deleted; the next run removes them',
      failed: report.failed.map(({ type, id, error }) => ({ type, id, detail: error })),
    });
  }
}
