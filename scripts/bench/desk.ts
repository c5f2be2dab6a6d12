// Stage "desk": the staff desk's inbox at 10,000 records, through the server
// `npm start` runs (scripts/serve.ts on the built site) as the desk calls it —
// GET /api/v1/staff/records with a staff session's cookie: the first page, and
// searches by part of a name, a full e-mail address and a phone number as
// people type it. Beside them, in the same runs, a GET of a static page on the
// same server: the floor the shared machine's noise is read against. Runs are
// interleaved (run 1 of every step, then run 2, …) so a busy spell spreads over
// all of them. Target (the desk's issue): < 300 ms each.
import { loadPhoneNumbers } from '../../src/forms/shared/phone-numbers.ts';
import { validateApplication } from '../../src/forms/application/application.ts';
import { validateConsultation } from '../../src/forms/consultation/consultation.ts';
import { validateContact } from '../../src/forms/contact/contact.ts';
import { applicationRecord, consultationRecord, contactRecord } from '../../src/server/submissions/record.ts';
import { newSubmissionId } from '../../src/server/submissions/ids.ts';
import { normaliseEmail } from '../../src/server/submissions/rows.ts';
import type { UploadedDocument } from '../../src/server/documents/uploads.ts';
import { servedDatabase } from '../../tests/support/database.ts';
import { sessionFor } from '../../tests/e2e/support/staff-sessions.ts';
import {
  validApplicationData,
  validApplicationFiles,
  validConsultation,
  validContact,
} from '../lib/sample-requests.ts';
import { percentile, round } from './stats.ts';
import type { TableSection } from './table.ts';

const STORED = 10_000;
const RUNS = 30;
const TARGET_MS = 300;
const RECORDS_API = '/api/v1/staff/records';
/** The desk's own page: static, small, what staff load before the inbox. */
const STATIC_PAGE = '/staff/';
const FIRST_NAMES = ['Wanjiru', 'Otieno', 'Achieng', 'Kamau', 'Mwangi', 'Njeri', 'Odhiambo', 'Chebet', 'Kiprop'];
const SURNAMES = ['Atieno', 'Mutua', 'Wekesa', 'Kariuki', 'Omondi', 'Njoroge', 'Cherono', 'Barasa', 'Muthoni', 'Owino'];
/** The record the searches for one person look for. */
const ONE = 4243;

interface DeskStep {
  step: string;
  p50Ms: number;
  p95Ms: number;
  /** The first call's time (the function's instance starting), not counted in p50/p95. */
  firstMs: number;
  /** How many records matched (the inbox's total); null for the static page. */
  matched: number | null;
}

export interface DeskResult {
  stored: number;
  runs: number;
  targetMs: number;
  steps: DeskStep[];
}

/** Record `i`'s person: a name, an address and a Kenyan mobile number as typed, each unique. */
function person(i: number) {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const surname = SURNAMES[(i * 7 + 3) % SURNAMES.length]!;
  // 7919 shares no factor with 10^7: every i below it gets its own seven digits.
  const digits = String((1_234_567 + i * 7919) % 10_000_000).padStart(7, '0');
  return {
    name: `${first} ${surname}`,
    email: `${first}.${surname}${i}@example.co.ke`.toLowerCase(),
    phone: `07${'129'[i % 3]}${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`,
  };
}

/** What the form functions validate and shape; a sample that fails validation is the bench's own bug. */
function validated<Data>(result: { ok: true; data: Data } | { ok: false; errors: object }): Data {
  if (!result.ok) throw new Error(`a bench sample is invalid: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** The application's four documents as the record describes them (their bytes live in Blobs, not here). */
function describedDocuments(): UploadedDocument[] {
  return Object.entries(validApplicationFiles()).map(([field, file]) => ({
    field: field as UploadedDocument['field'],
    partFilename: file.name,
    size: file.bytes.length,
    detectedType: { ext: file.name.split('.').pop()!, mime: file.type ?? 'application/octet-stream' },
    sha256: '0'.repeat(64),
    bytes: Buffer.alloc(0),
  }));
}

/** Record `i` as its form stores it: every tenth an application, every third of the rest a consultation. */
function sampleRecord(
  i: number,
  now: number,
  files: ReturnType<typeof validApplicationFiles>,
  documents: UploadedDocument[],
) {
  const { name, email, phone } = person(i);
  const receivedAt = new Date(now - i * 10 * 60_000);
  const meta = { id: newSubmissionId(receivedAt.getTime()), receivedAt };
  if (i % 10 === 0) {
    const data = validated(validateApplication({ ...validApplicationData(files), fullname: name, email, phone }));
    return applicationRecord(data, documents, meta);
  }
  if (i % 3 === 0) {
    const data = validated(validateConsultation({ ...validConsultation(), name, email, ...(i % 2 ? { phone } : {}) }));
    return consultationRecord(data, meta);
  }
  return contactRecord(validated(validateContact({ ...validContact(), name, email, phone })), meta);
}

/** The records in one INSERT … SELECT, with a desk status on every tenth (answered). */
async function fill(root: string) {
  await loadPhoneNumbers();
  const now = Date.now();
  const files = validApplicationFiles();
  const documents = describedDocuments();
  const rows = Array.from({ length: STORED }, (_, i) => {
    const { notified, ...record } = sampleRecord(i, now, files, documents);
    return { record, notified, email: normaliseEmail(record.fields.email), answered: i % 10 === 5 };
  });
  const db = servedDatabase(root);
  try {
    await db.query(
      `WITH r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(record jsonb, notified jsonb, email text, answered boolean)),
            stored AS (
              INSERT INTO submissions (id, type, received_at, email, record, notified)
              SELECT r.record ->> 'id', r.record ->> 'type', (r.record ->> 'receivedAt')::timestamptz, r.email,
                     r.record, r.notified
                FROM r
              RETURNING id)
       INSERT INTO desk_states (submission_id, status)
       SELECT s.id, 'answered' FROM stored s JOIN r ON r.record ->> 'id' = s.id WHERE r.answered`,
      [JSON.stringify(rows)],
    );
  } finally {
    await db.close();
  }
}

interface Call {
  step: string;
  path: string;
}

/** One GET as the desk's page makes it; its time and, for the records' JSON, the total matched. */
async function get(url: string, cookie: string, { path }: Call): Promise<{ ms: number; matched: number | null }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { accept: 'application/json', cookie } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms, matched: path.startsWith(RECORDS_API) ? (JSON.parse(body) as { total: number }).total : null };
}

/** The figures through the server at `url`, whose project root is `root` (its database is filled here). */
export async function benchDesk(url: string, root: string): Promise<DeskResult> {
  await fill(root);
  const { cookie } = await sessionFor('staff', root);
  const one = person(ONE);
  const search = (q: string) => `${RECORDS_API}?${new URLSearchParams({ page: '1', q })}`;
  const calls: Call[] = [
    { step: `baseline: a static page (${STATIC_PAGE})`, path: STATIC_PAGE },
    { step: 'inbox, first page', path: `${RECORDS_API}?page=1` },
    { step: 'search: part of a name ("njer")', path: search('njer') },
    { step: 'search: a full e-mail address', path: search(one.email) },
    { step: `search: a phone number as typed ("${one.phone}")`, path: search(one.phone) },
  ];
  const first: Array<Awaited<ReturnType<typeof get>>> = [];
  for (const call of calls) first.push(await get(url, cookie, call));
  const times: number[][] = calls.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (const [k, call] of calls.entries()) times[k]!.push((await get(url, cookie, call)).ms);
  }
  return {
    stored: STORED,
    runs: RUNS,
    targetMs: TARGET_MS,
    steps: calls.map(({ step }, k) => ({
      step,
      p50Ms: round(percentile(times[k]!, 50)),
      p95Ms: round(percentile(times[k]!, 95)),
      firstMs: round(first[k]!.ms),
      matched: first[k]!.matched,
    })),
  };
}

/** The stage's table in the bench's report. */
export function deskSection({ stored, runs, targetMs, steps }: DeskResult): TableSection {
  return {
    title:
      `The desk's inbox through scripts/serve.ts (the built site, embedded Postgres), ${stored.toLocaleString('en')} ` +
      `records, signed in as staff: ${runs} interleaved runs each after a first call not counted ` +
      `(target: < ${targetMs} ms; the static page is this run's baseline)`,
    columns: ['step', 'first ms', 'p50 ms', 'p95 ms', 'matched', `< ${targetMs} ms`],
    rows: steps.map((s) => [
      s.step,
      s.firstMs,
      s.p50Ms,
      s.p95Ms,
      s.matched,
      s.matched === null ? '–' : s.p95Ms < targetMs ? 'yes' : 'NO',
    ]),
  };
}
