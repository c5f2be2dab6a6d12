// Each document is rebuilt in a worker thread of its own, with a ceiling on its
// heap, and terminated when its time is up: whatever a parser does with a
// stranger's file (loop, recurse, allocate), the request is answered in bounded
// time and the document is refused, never accepted by default. A worker serves
// one document and is then stopped. A process that has served more than one
// request (a warm function instance) keeps workers started for the next, so it
// does not wait for one to load; a process that serves one request and ends
// starts none it would not use. The worker runs this very module
// (import.meta.url), so it works the same from the
// sources and from a function's bundle, which holds this module and all it imports.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { rebuildDocument, type DocumentFormat } from './rebuild.ts';
import { RebuildRefused, type RefusalReason } from './refusal.ts';

/** One document's time; an honest 2 MB file takes well under a second here. */
const DOCUMENT_BUDGET_MS = 3_500;
/** All of an application's documents', so that the whole request answers within 8 s. */
const REQUEST_BUDGET_MS = 6_000;
/** Documents rebuilt at once in this process, whatever the requests: the machines that run functions have two cores. */
const CONCURRENCY = 2;
/** Workers kept started ahead of need, once a process has served a second request: an application's four documents. */
const SPARES = 4;
const resourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
const ROLE = 'document-rebuild';
const POOL = Symbol.for('law-firm-site.document-rebuild-workers');

export type RebuildOutcome = { ok: true; bytes: Uint8Array } | { ok: false; reason: RefusalReason; detail: string };

interface Job {
  format: DocumentFormat;
  bytes: Uint8Array;
}

export interface IsolationBudget {
  documentMs?: number;
  requestMs?: number;
}
/**
 * Rebuilds each document in its own worker, at most CONCURRENCY at a time: the
 * copies in the order given, or the first document refused (by index), as soon
 * as one is, the others' workers then stopped.
 */
export async function rebuildIsolated(
  documents: ReadonlyArray<{ format: DocumentFormat; bytes: Uint8Array }>,
  { documentMs = DOCUMENT_BUDGET_MS, requestMs = REQUEST_BUDGET_MS }: IsolationBudget = {},
): Promise<{ ok: true; copies: Uint8Array[] } | { ok: false; index: number; reason: RefusalReason; detail: string }> {
  const deadline = performance.now() + requestMs;
  const copies: Uint8Array[] = new Array(documents.length);
  const running = new Set<Worker>();
  let refusal: { index: number; reason: RefusalReason; detail: string } | undefined;
  let next = 0;
  const lane = async () => {
    while (next < documents.length && !refusal) {
      const index = next++;
      const outcome = await rebuildInWorker(documents[index]!, documentMs, deadline, running);
      if (outcome.ok) copies[index] = outcome.bytes;
      else if (!refusal) {
        refusal = { index, reason: outcome.reason, detail: outcome.detail };
        for (const worker of running) void worker.terminate();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, documents.length) }, lane));
  startSpares();
  return refusal ? { ok: false, ...refusal } : { ok: true, copies };
}

/** A worker started ahead of need, to serve one document; `ready` once it has loaded its code. */
interface Spare {
  worker: Worker;
  ready: boolean;
}

/**
 * The spares and the rebuilds running, per process, not per copy of this
 * module: a process that loads a function's bundle again (the local server
 * does, when the function is rebuilt) must not start spares of its own.
 */
const pool = ((
  globalThis as { [POOL]?: { spares: Spare[]; busy: number; queued: Array<() => void>; requests: number } }
)[POOL] ??= { spares: [], busy: 0, queued: [], requests: 0 });

function startWorker(): Spare {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE }, resourceLimits });
  const spare: Spare = { worker, ready: false };
  worker.unref(); // a spare never keeps the process alive
  worker.once('message', () => (spare.ready = true));
  worker.on('error', () => {}); // a spare that fails to load is dropped on its exit, below
  worker.once('exit', () => {
    const at = pool.spares.indexOf(spare);
    if (at >= 0) pool.spares.splice(at, 1);
  });
  return spare;
}

/** Spares for the next request, in a process that has served more than one. */
function startSpares(): void {
  if (++pool.requests < 2) return;
  while (pool.spares.length < SPARES) pool.spares.push(startWorker());
}

/** A loaded spare if there is one, else a worker started now and loaded (again, should its start fail). */
async function takeWorker(): Promise<Worker> {
  const index = pool.spares.findIndex((spare) => spare.ready);
  let spare = index >= 0 ? pool.spares.splice(index, 1)[0]! : startWorker();
  for (let attempt = 0; !spare.ready && attempt < 2; attempt++) {
    const loading = spare;
    await new Promise((resolve) => loading.worker.once('message', resolve).once('exit', resolve));
    if (!loading.ready) spare = startWorker();
  }
  return spare.worker;
}

/** A slot among the CONCURRENCY rebuilds this process runs at once. */
async function slot(): Promise<() => void> {
  if (pool.busy >= CONCURRENCY) await new Promise<void>((resolve) => pool.queued.push(resolve));
  pool.busy++;
  return () => {
    pool.busy--;
    pool.queued.shift()?.();
  };
}

/** `documentMs` from when the worker starts on it, and never past the request's `deadline` (waits for a slot or a worker count). */
async function rebuildInWorker(
  document: Job,
  documentMs: number,
  deadline: number,
  running: Set<Worker>,
): Promise<RebuildOutcome> {
  const release = await slot();
  try {
    const worker = await takeWorker();
    const budgetMs = Math.min(documentMs, deadline - performance.now());
    if (budgetMs <= 0) {
      void worker.terminate();
      return { ok: false, reason: 'tooSlow', detail: 'the request ran out of time before this document' };
    }
    return await new Promise<RebuildOutcome>((resolve) => {
      running.add(worker);
      let settled = false;
      const settle = (outcome: RebuildOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        running.delete(worker);
        void worker.terminate();
        resolve(outcome);
      };
      const timer = setTimeout(
        () => settle({ ok: false, reason: 'tooSlow', detail: `not rebuilt within ${Math.round(budgetMs)} ms` }),
        budgetMs,
      );
      worker.once('message', (outcome: RebuildOutcome) => settle(outcome));
      worker.once('error', (error) =>
        settle({ ok: false, reason: 'unreadable', detail: `the worker failed: ${error.message}` }),
      );
      worker.once('exit', (code) => settle({ ok: false, reason: 'unreadable', detail: `the worker exited (${code})` }));
      worker.postMessage(document);
    });
  } finally {
    release();
  }
}

/** One document rebuilt in this thread, its refusal as an outcome rather than a throw. */
export async function rebuildOutcome({ format, bytes }: Job): Promise<RebuildOutcome> {
  try {
    return { ok: true, bytes: await rebuildDocument(format, bytes) };
  } catch (error) {
    if (error instanceof RebuildRefused) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: 'unreadable', detail: error instanceof Error ? error.message : String(error) };
  }
}

if (!isMainThread && parentPort && (workerData as { role?: unknown } | null)?.role === ROLE) {
  const port = parentPort;
  port.once('message', (job: Job) => void rebuildOutcome(job).then((outcome) => port.postMessage(outcome)));
  port.postMessage('ready'); // every module is loaded by the time this runs
}
