// Part of stage "functions" (this version) and of stage "records" (this
// version against the Blobs version): the forms through the local server
// (scripts/serve.ts, as `npm start` runs it) on a project of the functions
// alone. A contact message's first call (waiting for the build, starting the
// function's instance), then sequential calls, then thirty at once; then twenty
// consultation requests for one free time at once. Targets (issues 36 and 50):
// a p50 under 100 ms, thirty at once answered within 5 s, one of the twenty
// answered 200 and the others 409.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { CONSULTATION_ENDPOINT, SLOTS_ENDPOINT } from '../../src/forms/consultation/consultation.ts';
import { functionsOnlyProject } from '../../tests/support/functions-only-project.ts';
import { startServe } from '../lib/serve-process.ts';
import { validConsultation, validContact } from '../lib/sample-requests.ts';
import { percentile, round } from './stats.ts';

const SEQUENTIAL = 50;
const AT_ONCE = 30;
const ONE_TIME_AT_ONCE = 20;

export interface ServedContactResult {
  firstCallMs: number;
  sequential: { requests: number; p50Ms: number; p95Ms: number; maxMs: number };
  atOnce: { requests: number; allAnsweredMs: number };
  /** Of every contact call: "81 × 200" when all were stored. */
  statuses: string;
  /** Twenty requests for one time at once: "1 × 200, 19 × 409". */
  oneTime: string;
}

/** Posts a form's JSON from the site's own page; its status and time. */
async function post(url: string, path: string, formData: object): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ form_data: formData }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status}`).join(', ');
};

/** Twenty requests for the first free time at the Nairobi office, at once: their statuses. */
async function oneTimeAtOnce(url: string): Promise<string> {
  const free = (await (await fetch(`${url}${SLOTS_ENDPOINT}?place=nairobi`)).json()) as {
    slots: Array<{ start: string }>;
  };
  const slot = free.slots[0]?.start;
  if (!slot) return 'no free time';
  const form = { ...validConsultation(), meeting_place: 'nairobi', slot };
  const answers = await Promise.all(
    Array.from({ length: ONE_TIME_AT_ONCE }, () => post(url, CONSULTATION_ENDPOINT, form)),
  );
  return tally(answers.map(({ status }) => status));
}

/**
 * The figures for a project: by default this checkout's functions; `version` serves another
 * version's project with its own serve.ts (the Blobs version, blobs-version.ts).
 */
export async function benchServedContact(version?: {
  root: string;
  serveScript: string;
}): Promise<ServedContactResult> {
  const root = version?.root ?? (await functionsOnlyProject('mno-bench-served-'));
  if (version) {
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
  }
  const server = await startServe(root, {}, version?.serveScript).catch(async (error: unknown) => {
    if (!version) await rm(root, { recursive: true, force: true });
    throw error;
  });
  try {
    const contact = () => post(server.url, CONTACT_ENDPOINT, validContact());
    const first = await contact();
    const sequential: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await contact());
    const times = sequential.map(({ ms }) => ms);
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: AT_ONCE }, contact));
    const allAnsweredMs = performance.now() - started;
    return {
      firstCallMs: round(first.ms),
      sequential: {
        requests: SEQUENTIAL,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(Math.max(...times)),
      },
      atOnce: { requests: AT_ONCE, allAnsweredMs: round(allAnsweredMs) },
      statuses: tally([first, ...sequential, ...burst].map(({ status }) => status)),
      oneTime: await oneTimeAtOnce(server.url),
    };
  } finally {
    await server.stop();
    if (!version) await rm(root, { recursive: true, force: true });
  }
}
