// npm run bench — build time, bytes per route, Lighthouse, form-handler
// latency, document rebuilds, notification delivery runs, the records in the
// database against the Blobs version (a data request, the newest of a kind, a
// retention run, the forms served), the publish webhook's answer time and the
// desk's inbox at 10,000 records, printed as tables and written to bench/results/. Offline: a local GraphQL server, local Blobs, the system's
// Chromium (scripts/lib/chromium.ts). BENCH_ONLY, BENCH_RUNS, BENCH_ARTICLES, BENCH_ROUTES and
// each stage: docs/quality.md, "The bench".
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { startServe, type RunningServer } from '../lib/serve-process.ts';
import { benchGraphqlBuilds, describeSampleBuild } from './build.ts';
import { sections, type BenchResults } from './report.ts';
import { chosenRoutes, resolveRoutes } from './routes.ts';
import { buildSite, projectRoot, type BuiltSite } from './site.ts';
import { formatTable } from './table.ts';

const STAGES = [
  'build',
  'bytes',
  'lighthouse',
  'functions',
  'documents',
  'pictures',
  'notify',
  'alerts',
  'records',
  'webhook',
  'desk',
] as const;
type Stage = (typeof STAGES)[number];

function readStages(): Set<Stage> {
  const requested = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = requested.filter((name) => !(STAGES as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown stage ${unknown.join(', ')} (known: ${STAGES.join(', ')})`);
  return new Set((requested.length ? requested : STAGES) as Stage[]);
}

function readRuns(): number {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error(`BENCH_RUNS must be a whole number ≥ 1, not ${process.env.BENCH_RUNS}`);
  return runs;
}

const stages = readStages();
const runs = readRuns();
const startedAt = new Date();
const loadAtStart = loadavg();
const results: BenchResults = {};
const failures: Record<string, string> = {};
let site: BuiltSite | undefined;
let server: RunningServer | undefined;

async function stage(name: Stage, work: () => Promise<void>): Promise<void> {
  if (!stages.has(name)) return;
  console.log(`bench: ${name}…`);
  try {
    await work();
  } catch (error) {
    failures[name] = error instanceof Error ? error.message : String(error);
    console.error(`bench: ${name} failed: ${failures[name]}`);
  }
}

/** The served build answers the form endpoints (here: an empty contact form is refused), as `npm start` does. */
async function checkFunctionsServed(url: string): Promise<void> {
  const response = await fetch(`${url}${CONTACT_ENDPOINT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ form_data: {} }),
  });
  if (response.status !== 422)
    throw new Error(`the served contact function answered ${response.status}, not 422: ${await response.text()}`);
}

/** startServe's stop() waits for an exit that never comes if the server already died; don't hang on it. */
const within = (promise: Promise<void>, ms: number) =>
  Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

async function cleanUp() {
  if (server) await within(server.stop(), 10_000);
  await site?.remove();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

try {
  // First, while this process is small: the in-process handlers and their memory.
  await stage('functions', async () => {
    const { benchFunctions } = await import('./functions.ts');
    results.functions = await benchFunctions();
  });
  await stage('documents', async () => {
    const { benchDocuments } = await import('./documents.ts');
    results.documents = await benchDocuments();
  });
  await stage('pictures', async () => {
    const { benchPictures } = await import('./pictures.ts');
    results.pictures = await benchPictures();
  });
  await stage('notify', async () => {
    const { benchNotify } = await import('./notify.ts');
    results.notify = await benchNotify();
  });
  await stage('alerts', async () => {
    const { benchAlerts } = await import('./alerts.ts');
    results.alerts = await benchAlerts();
  });
  await stage('records', async () => {
    const { benchRecords, benchServedVersions } = await import('./records.ts');
    results.records = { ...(await benchRecords()), served: await benchServedVersions() };
  });
  await stage('webhook', async () => {
    const { benchWebhook } = await import('./webhook.ts');
    results.webhook = await benchWebhook();
  });

  const served = stages.has('bytes') || stages.has('lighthouse') || stages.has('desk');
  if (stages.has('build') || served) {
    console.log('bench: building the site with the sample articles…');
    site = await buildSite();
  }
  await stage('build', async () => {
    results.build = [describeSampleBuild(site!), ...(await benchGraphqlBuilds())];
  });

  if (site && served) {
    server = await startServe(site.root);
    await checkFunctionsServed(server.url);
    const routes = resolveRoutes(chosenRoutes(), site);
    await stage('bytes', async () => {
      const { benchBytes } = await import('./bytes.ts');
      results.bytes = await benchBytes(server!.url, routes);
    });
    await stage('lighthouse', async () => {
      const { benchLighthouse } = await import('./lighthouse.ts');
      results.lighthouse = await benchLighthouse(server!.url, routes, runs);
    });
    // Last: the 10,000 records it stores stay in the server's database.
    await stage('desk', async () => {
      const { benchDesk } = await import('./desk.ts');
      results.desk = await benchDesk(server!.url, site!.root);
    });
  }
} finally {
  await cleanUp();
}

const table = formatTable(sections(results));
const load = (averages: number[]) => averages.map((average) => Number(average.toFixed(2)));
const machine = {
  cpus: availableParallelism(),
  loadAtStart: load(loadAtStart),
  loadAtEnd: load(loadavg()),
  node: process.version,
};
console.log(
  `\nBenchmark ${startedAt.toISOString()} · ${machine.cpus} CPUs · load average (1/5/15 min) ` +
    `${machine.loadAtStart.join(' ')} at start, ${machine.loadAtEnd.join(' ')} at end · Node ${machine.node}\n`,
);
console.log(table);
for (const [name, message] of Object.entries(failures)) console.log(`FAILED ${name}: ${message}`);

const report = {
  startedAt: startedAt.toISOString(),
  machine,
  stages: [...stages],
  lighthouseRuns: runs,
  results,
  failures,
  table,
};
const directory = join(projectRoot, 'bench/results');
await mkdir(directory, { recursive: true });
const stamp = startedAt
  .toISOString()
  .replace(/:/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const json = `${JSON.stringify(report, null, 2)}\n`;
await writeFile(join(directory, `bench-${stamp}.json`), json);
await writeFile(join(directory, 'latest.json'), json);
console.log(`Written to bench/results/bench-${stamp}.json and bench/results/latest.json`);
if (Object.keys(failures).length) process.exitCode = 1;
