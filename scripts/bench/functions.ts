// Stage "functions": the form handlers called in-process (no HTTP in front of
// them) with the embedded Postgres for records and a Netlify Blobs server on
// local disk for documents, as the tests do.
// Contact: sequential JSON requests. Application: sequential multipart requests
// with four 1 MiB PDFs (4 MiB, the most the form accepts). One warm-up request
// each is not counted. Memory is sampled every 5 ms during the application
// runs; "retained" is heap and buffers after a forced GC, minus before. The
// request bodies are built (untimed) in the same loop, so they count too. Then
// the contact form through the local server (served-contact.ts).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { applicationFileFields, type ApplicationFileField } from '../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { createContactHandler, type FormHandler } from '../../src/server/handlers.ts';
import { createApplicationHandler } from '../../src/server/application-handler.ts';
import { startTestDatabase } from '../../tests/support/database.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';
import { pdfOfSize } from '../lib/sample-documents.ts';
import {
  applicationRequest,
  jsonRequest,
  validApplicationData,
  validContact,
  type UploadFile,
} from '../lib/sample-requests.ts';
import { benchServedContact, type ServedContactResult } from './served-contact.ts';
import { percentile, round, toMB } from './stats.ts';

const CONTACT_REQUESTS = 200;
const APPLICATION_REQUESTS = 20;
const FILE_BYTES = 1024 * 1024;

interface LatencyResult {
  handler: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

interface MemoryResult {
  rssBeforeMB: number;
  peakRssMB: number;
  peakRssGrowthMB: number;
  heapBeforeMB: number;
  peakHeapGrowthMB: number;
  /** Buffers live outside the JS heap (process.memoryUsage().arrayBuffers); uploads are mostly that. */
  peakBuffersGrowthMB: number;
  /** Heap and buffers after a forced GC, minus before. */
  retainedMB: number;
}

export interface FunctionsResult {
  latency: LatencyResult[];
  applicationMemory: MemoryResult;
  served: ServedContactResult;
}

/** A forced garbage collection, without starting Node with --expose-gc. */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function call(handler: FormHandler, request: Request): Promise<number> {
  const started = performance.now();
  const response = await handler(request);
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`handler answered ${response.status}: ${body}`);
  return elapsed;
}

async function timeRequests(
  name: string,
  handler: FormHandler,
  count: number,
  makeRequest: () => Request | Promise<Request>,
) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await call(handler, await makeRequest()));
  return {
    handler: name,
    requests: count,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    maxMs: round(Math.max(...times), 2),
  } satisfies LatencyResult;
}

function applicationFiles(): Record<ApplicationFileField, UploadFile> {
  const pdf = (field: ApplicationFileField): UploadFile => ({
    name: `${field}.pdf`,
    bytes: pdfOfSize(FILE_BYTES),
    type: 'application/pdf',
  });
  return {
    cv_file: pdf('cv_file'),
    kcse_file: pdf('kcse_file'),
    ksl_file: pdf('ksl_file'),
    llb_degree_file: pdf('llb_degree_file'),
  };
}

export async function benchFunctions(): Promise<FunctionsResult> {
  const gc = garbageCollector();
  const [blobs, database] = await Promise.all([startLocalBlobs(), startTestDatabase(60_000)]);
  try {
    const deps = { db: database.db, openFiles: () => blobs.store() };
    const contactHandler = createContactHandler(deps);
    const makeContact = () => jsonRequest(CONTACT_ENDPOINT, { form_data: validContact() });
    await call(contactHandler, makeContact()); // warm-up
    const contact = await timeRequests('contact', contactHandler, CONTACT_REQUESTS, makeContact);

    const files = applicationFiles();
    const makeApplication = () =>
      applicationRequest({
        data: validApplicationData(files),
        files: applicationFileFields.map((field) => files[field]),
      });
    const handler = createApplicationHandler(deps);
    await call(handler, await makeApplication()); // warm-up, before the memory baseline

    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    let peakBuffers = before.arrayBuffers;
    const sample = () => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    };
    const sampler = setInterval(sample, 5);
    let application: LatencyResult;
    try {
      application = await timeRequests('application (4 × 1 MiB PDF)', handler, APPLICATION_REQUESTS, async () => {
        sample();
        return makeApplication();
      });
    } finally {
      clearInterval(sampler);
    }
    sample();
    gc();
    const after = process.memoryUsage();
    return {
      latency: [contact, application],
      applicationMemory: {
        rssBeforeMB: toMB(before.rss),
        peakRssMB: toMB(peakRss),
        peakRssGrowthMB: toMB(peakRss - before.rss),
        heapBeforeMB: toMB(before.heapUsed),
        peakHeapGrowthMB: toMB(peakHeap - before.heapUsed),
        peakBuffersGrowthMB: toMB(peakBuffers - before.arrayBuffers),
        retainedMB: toMB(after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers)),
      },
      served: await benchServedContact(),
    };
  } finally {
    await Promise.all([blobs.stop(), database.stop()]);
  }
}
