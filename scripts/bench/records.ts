// Stage "records": the records in Netlify Database against the Blobs version
// they replaced (blobs-version.ts), in the same run, with 100,000 submissions
// stored, half of them past their retention period: a data request by e-mail,
// the newest 50 of one kind, and one retention run (its 20-second budget).
// The database is the embedded Postgres `npm start` runs (PGlite, one WASM
// thread: slower than Netlify's Postgres); Blobs is a store in memory that
// answers as a remote one does (1,000 keys a page, 30 ms a call). A Blobs
// step still going after BLOBS_CAP_MS is stopped and reported as such.
import { join } from 'node:path';
import { DEFAULT_RETENTION_DAYS } from '../../src/lib/privacy.ts';
import { DAY_MS } from '../../src/lib/nairobi-time.ts';
import type { Database } from '../../src/server/db/database.ts';
import { listSubmissions, submissionsFrom } from '../../src/server/submissions/read.ts';
import { purgeSubmissions } from '../../src/server/submissions/retention.ts';
import type { SubmissionType } from '../../src/server/submissions/store.ts';
import { startTestDatabase } from '../../tests/support/database.ts';
import { blobsVersion, BLOBS_VERSION, type BlobsVersion } from './blobs-version.ts';
import { benchServedContact } from './served-contact.ts';
import { round } from './stats.ts';

const STORED = 100_000;
const PAGE_SIZE = 1_000;
const LATENCY_MS = 30;
const BLOBS_CAP_MS = 60_000;
/** The person whose data is requested: three submissions among the 100,000. */
const PERSON = 'wanjiku.person@example.co.ke';

interface RecordsStep {
  step: string;
  databaseMs: number;
  blobsMs: number | null;
  /** What each answered: "3 records", "50 records", "50,000 deleted"; Blobs' when it was stopped. */
  database: string;
  blobs: string;
}

export interface RecordsResult {
  stored: number;
  blobsVersion: string;
  steps: RecordsStep[];
}

/** The type, arrival and address of submission `i`: even ones past their period, every 33,333rd the person's. */
function sample(i: number, now: Date) {
  const type = i % 10 === 0 ? 'application' : i % 3 === 0 ? 'consultation' : 'contact';
  const period = type === 'application' ? DEFAULT_RETENTION_DAYS.application : DEFAULT_RETENTION_DAYS.enquiry;
  const ageDays = i % 2 === 0 ? period + 1 + (i % 50) : i % period;
  const receivedAt = new Date(now.getTime() - ageDays * DAY_MS - (i % 86_400) * 1000);
  const email = i % 33_333 === 7 ? PERSON : `person${i}@example.com`;
  return { type, receivedAt, email } as const;
}

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: round(performance.now() - started), value };
}

/** The Blobs version's answer to one step, or "stopped" once BLOBS_CAP_MS have passed. */
async function capped<T>(
  work: () => Promise<T>,
  stop: () => void,
): Promise<{ ms: number | null; value: T | undefined }> {
  let endCap!: (value: undefined) => void;
  const cap = new Promise<undefined>((resolve) => (endCap = resolve));
  const timer = setTimeout(() => endCap(undefined), BLOBS_CAP_MS);
  const started = performance.now();
  const value = await Promise.race([work(), cap]);
  clearTimeout(timer);
  if (value === undefined) stop();
  return { ms: value === undefined ? null : round(performance.now() - started), value };
}

async function seedDatabase(db: Database, now: Date) {
  // One statement per 10,000 rows: the records as the forms store them, enough for every reader.
  for (let from = 0; from < STORED; from += 10_000) {
    const rows = Array.from({ length: 10_000 }, (_, k) => {
      const i = from + k;
      const { type, receivedAt, email } = sample(i, now);
      const id = `01BENCH${String(i).padStart(19, '0')}`;
      return { id, type, receivedAt: receivedAt.toISOString(), email };
    });
    await db.query(
      `INSERT INTO submissions (id, type, received_at, email, record, notified)
       SELECT r.id, r.type, r."receivedAt"::timestamptz, r.email,
              jsonb_build_object('schemaVersion', 2, 'id', r.id, 'type', r.type, 'receivedAt', r."receivedAt",
                                 'fields', jsonb_build_object('name', 'A person', 'email', r.email, 'message', 'Hello')),
              NULL
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, type text, "receivedAt" text, email text)`,
      [JSON.stringify(rows)],
    );
  }
}

interface OldRead {
  submissionsFrom(store: unknown, email: string): Promise<unknown[]>;
  listStoredSubmissions(store: unknown, types: readonly string[]): Promise<Array<{ id: string }>>;
  loadSubmissions(store: unknown, submissions: readonly unknown[]): Promise<unknown[]>;
}
interface OldMemory {
  memoryStore(options: { pageSize: number; latencyMs: number }): {
    store: object;
    set(key: string, value: string): void;
  };
  sampleSubmission(type: string, receivedAt: Date): { blobs: Array<[string, string]> };
}
interface OldRetention {
  purgeSubmissions(
    store: unknown,
    options: { now: Date; periods: object; dryRun: boolean },
  ): Promise<{ counts: Record<string, number>; complete: boolean }>;
}

/** The old store, seeded alike, whose calls start failing once `stop()` is called (so a stopped step ends). */
function seedBlobs(memory: OldMemory, now: Date) {
  const made = memory.memoryStore({ pageSize: PAGE_SIZE, latencyMs: LATENCY_MS });
  for (let i = 0; i < STORED; i++) {
    const { type, receivedAt, email } = sample(i, now);
    for (const [key, value] of memory.sampleSubmission(type, receivedAt).blobs) {
      made.set(key, key.includes('/files/') ? value : value.replace(/"email":"[^"]*"/, `"email":"${email}"`));
    }
  }
  let stopped = false;
  // The old double had no getWithMetadata (its readers in the bench are the data request and `list`): as get.
  const base = made.store as { get(key: string, options?: object): Promise<unknown> };
  const withMetadata = Object.assign(Object.create(made.store) as object, {
    getWithMetadata: async (key: string, options?: object) => {
      const data = await base.get(key, options);
      return data === null ? null : { data, etag: undefined, metadata: {} };
    },
  });
  const store = new Proxy(withMetadata, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (stopped) throw new Error('stopped by the bench');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store, stop: () => (stopped = true) };
}

/** What the database version does, through the site's own code (read.ts, retention.ts). */
const side = {
  dataRequest: (db: Database, email: string) => submissionsFrom(db, email),
  newest: (db: Database, type: SubmissionType, limit: number) => listSubmissions(db, { types: [type], limit }),
  retentionRun: async (db: Database, now: Date) => {
    // The seeded applications carry no documents: a store with none answers the run's calls.
    const noDocuments = { get: async () => null, delete: async () => undefined, list: async () => ({ blobs: [] }) };
    const report = await purgeSubmissions(db, noDocuments as never, {
      now,
      periods: { ...DEFAULT_RETENTION_DAYS },
      dryRun: false,
    });
    return Object.values(report.counts).reduce((sum, n) => sum + n, 0);
  },
};

/** The forms served by this version and by the Blobs version, one after the other. */
export async function benchServedVersions() {
  const database = { version: 'database (this version)', ...(await benchServedContact()) };
  const old = await blobsVersion();
  try {
    const blobs = {
      version: `Blobs (${BLOBS_VERSION})`,
      ...(await benchServedContact({ root: old.root, serveScript: join(old.root, 'scripts/serve.ts') })),
    };
    return [database, blobs];
  } finally {
    await old.remove();
  }
}

export async function benchRecords(): Promise<RecordsResult> {
  const now = new Date();
  const database = await startTestDatabase(60_000);
  let old: BlobsVersion | undefined;
  try {
    await seedDatabase(database.db, now);
    old = await blobsVersion();
    const read = await old.load<OldRead>('src/server/submissions/read.ts');
    const memory = await old.load<OldMemory>('scripts/lib/memory-store.ts');
    const retention = await old.load<OldRetention>('src/server/submissions/retention.ts');
    const steps: RecordsStep[] = [];

    const dbRequest = await time(() => side.dataRequest(database.db, PERSON));
    let blobs = seedBlobs(memory, now);
    const blobsRequest = await capped(() => read.submissionsFrom(blobs.store, PERSON), blobs.stop);
    steps.push({
      step: `a data request by e-mail, ${STORED.toLocaleString('en')} stored`,
      databaseMs: dbRequest.ms,
      blobsMs: blobsRequest.ms,
      database: `${dbRequest.value.length} records`,
      blobs: blobsRequest.value ? `${blobsRequest.value.length} records` : `stopped at ${BLOBS_CAP_MS / 1000} s`,
    });

    const dbNewest = await time(() => side.newest(database.db, 'contact', 50));
    blobs = seedBlobs(memory, now);
    const blobsNewest = await capped(async () => {
      const listed = await read.listStoredSubmissions(blobs.store, ['contact']);
      return read.loadSubmissions(blobs.store, listed.slice(-50).reverse());
    }, blobs.stop);
    steps.push({
      step: 'the newest 50 contact messages',
      databaseMs: dbNewest.ms,
      blobsMs: blobsNewest.ms,
      database: `${dbNewest.value.length} records`,
      blobs: blobsNewest.value ? `${blobsNewest.value.length} records` : `stopped at ${BLOBS_CAP_MS / 1000} s`,
    });

    const dbRetention = await time(() => side.retentionRun(database.db, now));
    blobs = seedBlobs(memory, now);
    const blobsRetention = await capped(
      () => retention.purgeSubmissions(blobs.store, { now, periods: { ...DEFAULT_RETENTION_DAYS }, dryRun: false }),
      blobs.stop,
    );
    const blobsDeleted = blobsRetention.value
      ? Object.values(blobsRetention.value.counts).reduce((sum, n) => sum + n, 0)
      : 0;
    steps.push({
      step: `one retention run, ${(STORED / 2).toLocaleString('en')} past their period`,
      databaseMs: dbRetention.ms,
      blobsMs: blobsRetention.ms,
      database: `${dbRetention.value.toLocaleString('en')} deleted`,
      blobs: blobsRetention.value
        ? `${blobsDeleted.toLocaleString('en')} deleted${blobsRetention.value.complete ? '' : ', the rest left to later runs'}`
        : `stopped at ${BLOBS_CAP_MS / 1000} s`,
    });
    return { stored: STORED, blobsVersion: BLOBS_VERSION, steps };
  } finally {
    await old?.remove();
    await database.stop();
  }
}
