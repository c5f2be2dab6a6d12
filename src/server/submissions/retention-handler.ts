// The daily retention function (netlify/functions/retention.ts, on this
// deploy's database): one purge run (retention.ts) with the daily job's extras, cut short
// before Netlify would stop the function, and its report logged
// (retention-report.ts). Why: docs/architecture.md, "The retention function".
import { env } from '../../env.ts';
import { errorMessage } from '../../lib/error-message.ts';
import type { RetentionPeriods } from '../../lib/privacy.ts';
import { logError, logInfo, type ErrorLogger, type InfoLogger } from '../http/responses.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { DocumentFiles } from './read.ts';
import { startPurge } from './retention.ts';
import { logPurgeReport } from './retention-report.ts';
import { openFullSubmissionStore } from './store.ts';

/**
 * How long the daily job waits for a run before it logs what it did and ends:
 * a call that hangs must not take the log with it when Netlify stops the
 * function at 30 seconds.
 */
const RUN_LIMIT_MS = 27_000;

export interface RetentionDeps {
  db?: Database;
  /** Where application documents are (Blobs). */
  openFiles?: () => DocumentFiles;
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
 * The scheduled retention function: purges what is past its period, lapsed
 * rows and documents without a record, and logs the ids and counts it deleted
 * (ids only: no names, no content), also when the run stopped short: at its
 * time limit, on a step that failed, or on a database that is unavailable
 * (answered 500; the next run goes on).
 */
export function createRetentionHandler(deps: RetentionDeps = {}): (request?: Request) => Promise<Response> {
  const openFiles = deps.openFiles ?? openFullSubmissionStore;
  const log = deps.log ?? logInfo;
  const fail = deps.logError ?? logError;
  const runLimitMs = deps.runLimitMs ?? RUN_LIMIT_MS;
  return async () => {
    try {
      const periods = (deps.periods ?? (() => env.retentionDays))();
      const started = performance.now();
      const run = startPurge(deps.db ?? openDatabase(), openFiles(), {
        now: deps.now?.() ?? new Date(),
        periods,
        dryRun: false,
        lapsed: true,
        ...(deps.deadlineMs === undefined ? {} : { deadlineMs: deps.deadlineMs }),
      });
      const finished = await within(run.done, runLimitMs);
      // Cut short: what the run has done so far, while its last calls may still be under way.
      const report = finished ?? {
        ...run.report,
        complete: false,
        elapsedMs: Math.round(performance.now() - started),
      };
      logPurgeReport(report, { periods, finished: finished !== undefined, runLimitMs }, log, fail);
      return new Response(null, {
        status:
          finished && report.failed.length === 0 && report.stepErrors.length === 0 && report.unavailable === undefined
            ? 204
            : 500,
      });
    } catch (error) {
      fail({ what: 'retention: the run failed; nothing more was deleted', detail: errorMessage(error) });
      return new Response(null, { status: 500 });
    }
  };
}
