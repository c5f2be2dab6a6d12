// Deleting submissions once they are older than the privacy notice says they
// are kept: applications (with their documents) after RETENTION_APPLICATION_DAYS,
// contact messages and consultation requests after RETENTION_ENQUIRY_DAYS. The
// daily retention function (retention-handler.ts) and `npm run submissions --
// purge` both run purgeSubmissions(); only the periods, the dry-run switch and
// the daily job's extras (lapsed rows, documents without a record) differ.
// Each type is deleted in batches by date, oldest first, a batch's rows taken
// with SKIP LOCKED so overlapping runs never take one twice, until nothing is
// left or the run's time is up; the next run goes on. Why:
// docs/architecture.md, "The retention function".
import { errorMessage } from '../../lib/error-message.ts';
import { DAY_MS } from '../../lib/nairobi-time.ts';
import type { RetentionClass, RetentionPeriods } from '../../lib/privacy.ts';
import type { Database } from '../db/database.ts';
import { isUnavailable } from '../db/unavailable.ts';
import type { DocumentFiles } from './read.ts';
import { sweepOrphanDocuments } from './retention-documents.ts';
import { LAPSED_TABLES, purgeLapsedBatch } from './retention-lapsed-rows.ts';
import { emptyPurgeReport, type PurgedSubmission, type PurgeReport } from './retention-report.ts';
import { submissionTypes, type SubmissionType } from './store.ts';

/** How long a run starts new work: well inside Netlify's 30 seconds for a scheduled function. */
const PURGE_DEADLINE_MS = 20_000;

/** Rows one batch deletes: one short transaction each. */
export const PURGE_BATCH = 500;

const retentionClassOf = (type: SubmissionType): RetentionClass => (type === 'application' ? 'application' : 'enquiry');

/** The same number of days for every type (`purge --older-than <days>`). */
export const uniformPeriods = (days: number): RetentionPeriods => ({ application: days, enquiry: days });

export interface PurgeOptions {
  now: Date;
  periods: RetentionPeriods;
  types?: readonly SubmissionType[];
  /** List what would be deleted, delete nothing. */
  dryRun: boolean;
  /** Start no new batch after this many milliseconds from the start (default PURGE_DEADLINE_MS). */
  deadlineMs?: number;
  /**
   * Also delete the lapsed rows of other tables (retention-lapsed-rows.ts)
   * and documents without a record (retention-documents.ts): the daily job's extras.
   */
  lapsed?: boolean;
}

/** The instant before which a submission of `type` is past its period. */
const cutoffFor = (now: Date, periods: RetentionPeriods, type: SubmissionType) =>
  new Date(now.getTime() - periods[retentionClassOf(type)] * DAY_MS);

interface PurgedRow {
  id: string;
  type: SubmissionType;
  received_at: Date;
  files: Array<{ key: string }> | null;
}

/** Deletes one batch of `type` past `cutoff` (a dry run reads the next page instead); the rows. */
function purgeBatch(db: Database, type: SubmissionType, cutoff: Date, dryRun: boolean, after: PurgedRow | undefined) {
  return dryRun
    ? db.query<PurgedRow>(
        `SELECT id, type, received_at, record->'files' AS files FROM submissions
          WHERE type = $1 AND received_at < $2 AND ($3::timestamptz IS NULL OR (received_at, id) > ($3, $4))
          ORDER BY received_at, id LIMIT $5`,
        [type, cutoff, after?.received_at ?? null, after?.id ?? null, PURGE_BATCH],
      )
    : db.query<PurgedRow>(
        `DELETE FROM submissions WHERE id IN (
           SELECT id FROM submissions WHERE type = $1 AND received_at < $2
            ORDER BY received_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id, type, received_at, record->'files' AS files`,
        [type, cutoff, PURGE_BATCH],
      );
}

/** A step that failed: the report says so, and the next run goes on. A database that is unavailable ends the run. */
function stepFailed(report: PurgeReport, step: string, error: unknown) {
  report.stepErrors.push({ step, error: errorMessage(error) });
  report.complete = false;
  if (isUnavailable(error)) throw error;
}

async function purgeType(
  db: Database,
  files: DocumentFiles,
  report: PurgeReport,
  { type, cutoff, dryRun, spent }: { type: SubmissionType; cutoff: Date; dryRun: boolean; spent: () => boolean },
) {
  let last: PurgedRow | undefined;
  for (;;) {
    let rows: PurgedRow[];
    try {
      rows = await purgeBatch(db, type, cutoff, dryRun, last);
    } catch (error) {
      stepFailed(report, type, error);
      return;
    }
    for (const row of rows) {
      const documents = (row.files ?? []).map((file) => file.key);
      const summary: PurgedSubmission = {
        type,
        id: row.id,
        receivedAt: row.received_at.toISOString(),
        keys: 1 + documents.length,
      };
      report.expired.push(summary);
      report.counts[type]++;
      // The row is gone: documents that cannot be deleted now are swept as documents without a record.
      if (!dryRun)
        await Promise.all(documents.map((key) => files.delete(key))).catch((error: unknown) =>
          report.failed.push({ ...summary, error: errorMessage(error) }),
        );
    }
    last = rows.at(-1);
    if (rows.length < PURGE_BATCH) return;
    if (spent()) {
      report.complete = false;
      return;
    }
  }
}

/** The daily job's extras: lapsed rows of other tables, then documents without a record, in the time left. */
async function purgeLapsed(db: Database, files: DocumentFiles, report: PurgeReport, now: Date, spent: () => boolean) {
  for (const lapsedTable of LAPSED_TABLES) {
    const cutoff = lapsedTable.cutoff(now);
    try {
      for (;;) {
        const n = await purgeLapsedBatch(db, lapsedTable, { cutoff, limit: PURGE_BATCH, dryRun: report.dryRun });
        report.lapsed[lapsedTable.name] += n;
        if (report.dryRun || n < PURGE_BATCH) break;
        if (spent()) {
          report.complete = false;
          return;
        }
      }
    } catch (error) {
      stepFailed(report, lapsedTable.table, error);
    }
  }
  try {
    const sweep = await sweepOrphanDocuments(db, files, { now, dryRun: report.dryRun, spent });
    report.listed += sweep.listed;
    report.orphanDocuments += sweep.deleted;
    if (!sweep.complete) report.complete = false;
  } catch (error) {
    stepFailed(report, 'documents without a record', error);
  }
}

/**
 * Deletes (unless `dryRun`) every submission received before its type's
 * cutoff, an application with its documents, oldest first: one exactly as old
 * as its period is kept.
 */
export const purgeSubmissions = (db: Database, files: DocumentFiles, options: PurgeOptions): Promise<PurgeReport> =>
  startPurge(db, files, options).done;

/** purgeSubmissions(), with its report readable while the run goes on (for a run cut short). */
export function startPurge(
  db: Database,
  files: DocumentFiles,
  { now, periods, types = submissionTypes, dryRun, deadlineMs = PURGE_DEADLINE_MS, lapsed = false }: PurgeOptions,
): { report: PurgeReport; done: Promise<PurgeReport> } {
  const cutoffs = Object.fromEntries(submissionTypes.map((type) => [type, cutoffFor(now, periods, type)])) as Record<
    SubmissionType,
    Date
  >;
  const report = emptyPurgeReport(dryRun, cutoffs);
  const started = performance.now();
  const spent = () => performance.now() - started >= deadlineMs;
  const done = (async () => {
    try {
      // Side by side, so a backlog of one type never keeps another waiting.
      const lanes = await Promise.allSettled(
        types.map((type) => purgeType(db, files, report, { type, cutoff: cutoffs[type], dryRun, spent })),
      );
      const stopped = lanes.find((lane) => lane.status === 'rejected');
      if (stopped) throw stopped.reason;
      if (lapsed) {
        if (spent()) report.complete = false;
        else await purgeLapsed(db, files, report, now, spent);
      }
    } catch (error) {
      // The database is unavailable: what was done is reported, the next run goes on.
      report.unavailable = errorMessage(error);
    }
    report.expired.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    report.elapsedMs = Math.round(performance.now() - started);
    return report;
  })();
  return { report, done };
}
