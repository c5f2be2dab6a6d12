// Part of stage "functions": the contact form through the local server
// (scripts/serve.ts, as `npm start` runs it) on a project of the functions
// alone. Its first call (waiting for the build, starting the function's
// instance), then sequential calls, then thirty at once. Targets (issue 36): a
// p50 under 100 ms, and thirty at once answered within 5 s.
import { rm } from 'node:fs/promises';
import { CONTACT_ENDPOINT } from '../../src/forms/contact/contact.ts';
import { functionsOnlyProject } from '../../tests/support/functions-only-project.ts';
import { startServe } from '../lib/serve-process.ts';
import { validContact } from '../lib/sample-requests.ts';
import { percentile, round } from './stats.ts';

const SEQUENTIAL = 50;
const AT_ONCE = 30;

export interface ServedContactResult {
  firstCallMs: number;
  sequential: { requests: number; p50Ms: number; p95Ms: number; maxMs: number };
  atOnce: { requests: number; allAnsweredMs: number };
  /** Of every call: "81 × 200" when all were stored. */
  statuses: string;
}

/** Posts a valid contact message from the site's own page; its status and time. */
async function post(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${CONTACT_ENDPOINT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ form_data: validContact() }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

export async function benchServedContact(): Promise<ServedContactResult> {
  const root = await functionsOnlyProject('mno-bench-served-');
  const server = await startServe(root).catch(async (error: unknown) => {
    await rm(root, { recursive: true, force: true });
    throw error;
  });
  try {
    const first = await post(server.url);
    const sequential: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await post(server.url));
    const times = sequential.map(({ ms }) => ms);
    const started = performance.now();
    const burst = await Promise.all(Array.from({ length: AT_ONCE }, () => post(server.url)));
    const allAnsweredMs = performance.now() - started;
    const counts = new Map<number, number>();
    for (const { status } of [first, ...sequential, ...burst]) counts.set(status, (counts.get(status) ?? 0) + 1);
    return {
      firstCallMs: round(first.ms),
      sequential: {
        requests: SEQUENTIAL,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(Math.max(...times)),
      },
      atOnce: { requests: AT_ONCE, allAnsweredMs: round(allAnsweredMs) },
      statuses: [...counts].map(([status, count]) => `${count} × ${status}`).join(', '),
    };
  } finally {
    await server.stop();
    await rm(root, { recursive: true, force: true });
  }
}
