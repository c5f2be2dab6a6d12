// Stage "retention": one run of the retention job (purgeSubmissions, with the
// daily job's 20-second limit) over a store holding 5,000 applications within
// their period, each with its four documents, and 100 submissions of each type
// past their period. Two stores: the local Blobs server on disk (it lists a
// whole prefix in one page, and stats every file it lists), and a store in
// memory that lists 1,000 keys a page and answers each call after 30 ms, as a
// remote store would (scripts/lib/memory-store.ts). The figures: the run's
// wall time, the keys it listed and what it deleted; "complete" says the run
// reached everything past its period.
import { DAY_MS } from '../../src/lib/nairobi-time.ts';
import { DEFAULT_RETENTION_DAYS } from '../../src/lib/privacy.ts';
import { purgeSubmissions, type PurgeStore } from '../../src/server/submissions/retention.ts';
import { submissionTypes, type SubmissionType } from '../../src/server/submissions/store.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';
import { memoryStore, sampleSubmission } from '../lib/memory-store.ts';

const NEWER_APPLICATIONS = 5_000;
const EXPIRED_PER_TYPE = 100;
const PAGE_SIZE = 1_000;
const LATENCY_MS = 30;

interface RetentionRun {
  store: string;
  keysInStore: number;
  pastPeriod: number;
  runMs: number;
  listed: number;
  deleted: Record<SubmissionType, number>;
  complete: boolean;
}

export interface RetentionResult {
  newerApplications: number;
  runs: RetentionRun[];
}

/** Every blob of the scenario, oldest submission first: the expired ones, then the newer applications. */
function scenario(now: Date): Array<[string, string]> {
  const blobs: Array<[string, string]> = [];
  for (const type of submissionTypes) {
    const days = (type === 'application' ? DEFAULT_RETENTION_DAYS.application : DEFAULT_RETENTION_DAYS.enquiry) + 1;
    for (let i = 0; i < EXPIRED_PER_TYPE; i++) {
      blobs.push(...sampleSubmission(type, new Date(now.getTime() - (days + i) * DAY_MS)).blobs);
    }
  }
  // One new application every 90 minutes, the newest now: all within their 365 days.
  for (let i = 0; i < NEWER_APPLICATIONS; i++) {
    blobs.push(...sampleSubmission('application', new Date(now.getTime() - i * 90 * 60 * 1000)).blobs);
  }
  return blobs;
}

async function timeRun(store: PurgeStore, name: string, keysInStore: number, now: Date): Promise<RetentionRun> {
  const started = performance.now();
  const report = await purgeSubmissions(store, { now, periods: { ...DEFAULT_RETENTION_DAYS }, dryRun: false });
  return {
    store: name,
    keysInStore,
    pastPeriod: EXPIRED_PER_TYPE * submissionTypes.length,
    runMs: Math.round(performance.now() - started),
    listed: report.listed,
    deleted: report.counts,
    complete: report.complete,
  };
}

export async function benchRetention(): Promise<RetentionResult> {
  const now = new Date();
  const blobs = scenario(now);
  const runs: RetentionRun[] = [];

  const memory = memoryStore({ pageSize: PAGE_SIZE, latencyMs: LATENCY_MS });
  for (const [key, value] of blobs) memory.set(key, value);
  runs.push(
    await timeRun(
      memory.store,
      `memory, ${PAGE_SIZE.toLocaleString('en')} keys a page, ${LATENCY_MS} ms a call`,
      blobs.length,
      now,
    ),
  );

  const local = await startLocalBlobs();
  try {
    const store = local.store();
    for (let i = 0; i < blobs.length; i += 100) {
      await Promise.all(blobs.slice(i, i + 100).map(([key, value]) => store.set(key, value)));
    }
    runs.push(await timeRun(store, 'local Blobs server (one page a prefix)', blobs.length, now));
  } finally {
    await local.stop();
  }
  return { newerApplications: NEWER_APPLICATIONS, runs };
}
