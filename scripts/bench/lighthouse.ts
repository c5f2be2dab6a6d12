// Stage "lighthouse": Lighthouse's default config (the mobile preset, simulated
// throttling) against the served build, `runs` times per URL, median of each
// figure. One headless Chromium, started by chrome-launcher with its usual
// flags plus ours, serves every run; Lighthouse clears storage between runs.
// Nothing here needs the network: Chromium's background traffic is switched
// off, and a run that fails (whatever the cause) is run once more, then
// recorded, not fatal. Pages that embed other origins (the contact page's map)
// load them as failed requests when offline.
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../lib/chromium.ts';
import { median, round } from './stats.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface RunFigures {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The LCP element as Lighthouse names it (its selector). */
  lcpElement: string | null;
}

export interface LighthouseResult extends RunFigures {
  route: string;
  runs: number;
  /** Runs that produced no report, or a report with a runtime error, even when retried. */
  errors: string[];
  /** Runs that failed once and were run again. */
  retried: number;
  /** Why they failed the first time. */
  retriedBecause: string[];
  /** Lighthouse's own warnings (first run that had any). */
  warnings: string[];
}

const CHROME_FLAGS = [
  ...CHROMIUM_ARGS,
  '--headless=new',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--metrics-recording-only',
  '--no-default-browser-check',
];

async function runOnce(url: string, port: number): Promise<{ figures?: RunFigures; error?: string; warnings: string[] }> {
  try {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) return { error: 'no report', warnings: [] };
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`, warnings: lhr.runWarnings };
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const lcpElement = findSelector(lhr.audits['largest-contentful-paint-element']?.details);
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => {
        const score = lhr.categories[category]?.score;
        return [category, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Record<Category, number | null>;
    return {
      figures: { scores, lcpMs: numeric('largest-contentful-paint'), tbtMs: numeric('total-blocking-time'), cls: numeric('cumulative-layout-shift'), lcpElement },
      warnings: lhr.runWarnings,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), warnings: [] };
  }
}

/** The first node selector in an audit's details (a table, or a list of tables). */
function findSelector(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const node = details as { type?: string; selector?: string; items?: unknown[] };
  if (node.type === 'node' && node.selector) return node.selector;
  for (const item of node.items ?? []) {
    const found = findSelector(item) ?? (item && typeof item === 'object' ? findSelector((item as { node?: unknown }).node) : null);
    if (found) return found;
  }
  return null;
}

type Outcome = Awaited<ReturnType<typeof runOnce>>;

function medianOf(route: string, runs: number, outcomes: Outcome[], retriedBecause: string[]): LighthouseResult {
  const figures = outcomes.flatMap((outcome) => (outcome.figures ? [outcome.figures] : []));
  const errors = outcomes.flatMap((outcome) => (outcome.error ? [outcome.error] : []));
  const warnings = outcomes.find((outcome) => outcome.warnings.length > 0)?.warnings ?? [];
  const pick = (read: (run: RunFigures) => number | null) => median(figures.map(read));
  const ms = (value: number | null) => (value === null ? null : Math.round(value));
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, pick((run) => run.scores[category])])) as Record<Category, number | null>;
  const cls = pick((run) => run.cls);
  return {
    route,
    runs,
    scores,
    lcpMs: ms(pick((run) => run.lcpMs)),
    tbtMs: ms(pick((run) => run.tbtMs)),
    cls: cls === null ? null : round(cls, 3),
    lcpElement: figures.find((run) => run.lcpElement)?.lcpElement ?? null,
    errors,
    retried: retriedBecause.length,
    retriedBecause,
    warnings,
  };
}

export async function benchLighthouse(baseUrl: string, routes: readonly string[], runs: number): Promise<LighthouseResult[]> {
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({ chromePath: findChromium(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const results: LighthouseResult[] = [];
    for (const route of routes) {
      const url = new URL(route, baseUrl).href;
      const outcomes: Outcome[] = [];
      const retriedBecause: string[] = [];
      for (let run = 0; run < runs; run++) {
        let outcome = await runOnce(url, chrome.port);
        // Trace errors such as NO_NAVSTART come and go on a busy machine; Lighthouse says to run again.
        if (outcome.error) {
          retriedBecause.push(outcome.error);
          outcome = await runOnce(url, chrome.port);
        }
        outcomes.push(outcome);
      }
      results.push(medianOf(route, runs, outcomes, retriedBecause));
    }
    return results;
  } finally {
    chrome?.kill();
  }
}
