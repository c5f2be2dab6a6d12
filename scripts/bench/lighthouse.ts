// Stage "lighthouse": Lighthouse's default config (the mobile preset, simulated
// throttling) against the served build, median of `runs` runs per figure,
// beside two baselines from the same run: a blank page and each route with its
// scripts taken out, both served from this process. Runs are interleaved; one
// headless Chromium serves them all, offline; a failed run is run once more,
// then recorded. Why: docs/quality.md, "How Lighthouse is measured". Lighthouse
// and chrome-launcher are installed on the stage's first run (scripts/bench/tools/load.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHROMIUM_ARGS, findChromium } from '../lib/chromium.ts';
import { median, round } from './stats.ts';
import { loadLighthouseTools, type LaunchedChrome, type LighthouseTools } from './tools/load.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** The targets, against the blank page of the same run. */
export const TARGETS = { tbtOverBlankMs: 50, performance: 99, lcpMs: 1300 } as const;

/**
 * Lighthouse throttles the CPU by simulation: it multiplies what it observed by
 * this, so an observed task of 12.5 ms counts as a 50 ms long task.
 */
const CPU_SLOWDOWN = 4;

/** A task of the main thread, as observed, that throttling makes long (≥ 50 ms). */
interface LongTask {
  /** Observed start, ms from navigation start; before the observed first contentful paint it does not count towards TBT. */
  startMs: number;
  durationMs: number;
  afterFirstPaint: boolean;
  /** The script Lighthouse attributes it to, if any. */
  script: string | null;
  /** Where its time went, largest first: trace event names (Layout, UpdateLayoutTree, ParseHTML, v8.evaluateModule, …), ms. */
  work: Array<[string, number]>;
}

interface RunFigures {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The LCP element as Lighthouse names it (its selector). */
  lcpElement: string | null;
  /** Main-thread time by task group, ms (mainthread-work-breakdown). */
  breakdown: Record<string, number>;
  longTasks: LongTask[];
  chromium: string;
}

/** Medians over the runs of one page in one mode; breakdown and long tasks are the median-TBT run's. */
export interface PageFigures {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  lcpElement: string | null;
  breakdown: Record<string, number>;
  longTasks: LongTask[];
  /** Runs that produced no report, or a report with a runtime error, even when retried. */
  errors: string[];
  /** Why runs failed the first time (and were run once more). */
  retriedBecause: string[];
}

interface LighthouseResult {
  route: string;
  withScripts: PageFigures;
  withoutScripts: PageFigures;
  /** Median TBT minus the blank page's median TBT. */
  tbtOverBlankMs: number | null;
  /** The targets this route misses ([] when it meets them all). */
  misses: string[];
}

export interface LighthouseStage {
  runs: number;
  /** Chromium as Lighthouse reports it (its user agent's product). */
  chromium: string;
  blank: PageFigures;
  routes: LighthouseResult[];
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

const MODES = ['withScripts', 'withoutScripts'] as const;
type Mode = (typeof MODES)[number];

/** The floor: what Lighthouse measures for a page with nothing on it. */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="A blank page"><title>Blank</title></head><body><p>Blank</p></body></html>';
const BLANK_PATH = '/__bench/blank';

/** Script elements a browser would run (data blocks such as JSON-LD stay), and module preloads. */
const RUNNABLE =
  /<script\b(?![^>]*\btype="?application\/(?:ld\+)?json)[^>]*>[\s\S]*?<\/script>|<link\b[^>]*\brel="?modulepreload[^>]*>/gi;

export const withoutScripts = (html: string) => html.replace(RUNNABLE, '');

/** The blank page, and the site (at `siteUrl`) with scripts taken out of its HTML. */
async function serveBaselines(siteUrl: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const send = (status: number, type: string, body: string | Uint8Array) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.url === BLANK_PATH) return send(200, 'text/html; charset=utf-8', BLANK_PAGE);
    fetch(new URL(request.url ?? '/', siteUrl), { redirect: 'manual' })
      .then(async (answer) => {
        const type = answer.headers.get('content-type') ?? 'application/octet-stream';
        if (answer.status >= 300 && answer.status < 400) {
          response.writeHead(answer.status, { location: answer.headers.get('location') ?? '/' });
          return response.end();
        }
        if (type.startsWith('text/html')) return send(answer.status, type, withoutScripts(await answer.text()));
        send(answer.status, type, new Uint8Array(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => send(502, 'text/plain', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Details {
  items?: Array<Record<string, unknown>>;
}

async function readLongTasks(tools: LighthouseTools, trace: unknown, firstPaintMs: number): Promise<LongTask[]> {
  const tasks = await tools.mainThreadTasks(trace);
  return tasks
    .filter((task) => !task.parent && task.duration * CPU_SLOWDOWN >= 50)
    .map((task) => {
      const work = new Map<string, number>();
      const add = (node: (typeof tasks)[number]) => {
        work.set(node.event.name, (work.get(node.event.name) ?? 0) + node.selfTime);
        node.children.forEach(add);
      };
      add(task);
      return {
        startMs: Math.round(task.startTime),
        durationMs: Math.round(task.duration),
        afterFirstPaint: task.startTime + task.duration > firstPaintMs,
        script: task.attributableURLs.find((url) => /\.m?js(\?|$)/.test(url)) ?? null,
        work: [...work].map(([name, ms]): [string, number] => [name, Math.round(ms)]).sort((a, b) => b[1] - a[1]),
      };
    });
}

function readBreakdown(details: Details | undefined): Record<string, number> {
  return Object.fromEntries(
    (details?.items ?? []).map((item) => [String(item.group), Math.round(Number(item.duration))]),
  );
}

type Outcome = { figures?: RunFigures; error?: string };

async function runOnce(tools: LighthouseTools, url: string, port: number): Promise<Outcome> {
  try {
    const result = await tools.lighthouse(url, { port, output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) return { error: 'no report' };
    if (lhr.runtimeError) return { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
    const details = (id: string) => lhr.audits[id]?.details as Details | undefined;
    const scores = Object.fromEntries(
      CATEGORIES.map((category) => {
        const score = lhr.categories[category]?.score;
        return [category, typeof score === 'number' ? Math.round(score * 100) : null];
      }),
    ) as Record<Category, number | null>;
    return {
      figures: {
        scores,
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        lcpElement: findSelector(lhr.audits['largest-contentful-paint-element']?.details),
        breakdown: readBreakdown(details('mainthread-work-breakdown')),
        longTasks: await readLongTasks(
          tools,
          result.artifacts.Trace,
          Number(details('metrics')?.items?.[0]?.observedFirstContentfulPaint ?? 0),
        ),
        chromium:
          lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent,
      },
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The first node selector in an audit's details (a table, or a list of tables). */
function findSelector(details: unknown): string | null {
  if (!details || typeof details !== 'object') return null;
  const node = details as { type?: string; selector?: string; items?: unknown[] };
  if (node.type === 'node' && node.selector) return node.selector;
  for (const item of node.items ?? []) {
    const found =
      findSelector(item) ?? (item && typeof item === 'object' ? findSelector((item as { node?: unknown }).node) : null);
    if (found) return found;
  }
  return null;
}

function summarise(outcomes: Outcome[], retriedBecause: string[]): PageFigures {
  const figures = outcomes.flatMap((outcome) => (outcome.figures ? [outcome.figures] : []));
  const pick = (read: (run: RunFigures) => number | null) => median(figures.map(read));
  const ms = (value: number | null) => (value === null ? null : Math.round(value));
  const cls = pick((run) => run.cls);
  const byTbt = [...figures].sort((a, b) => (a.tbtMs ?? 0) - (b.tbtMs ?? 0));
  const medianRun = byTbt[Math.floor((byTbt.length - 1) / 2)];
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, pick((run) => run.scores[category])])) as Record<
      Category,
      number | null
    >,
    lcpMs: ms(pick((run) => run.lcpMs)),
    tbtMs: ms(pick((run) => run.tbtMs)),
    cls: cls === null ? null : round(cls, 3),
    lcpElement: figures.find((run) => run.lcpElement)?.lcpElement ?? null,
    breakdown: medianRun?.breakdown ?? {},
    longTasks: medianRun?.longTasks ?? [],
    errors: outcomes.flatMap((outcome) => (outcome.error ? [outcome.error] : [])),
    retriedBecause,
  };
}

function missedTargets(figures: PageFigures, tbtOverBlankMs: number | null): string[] {
  const misses: string[] = [];
  if (tbtOverBlankMs === null || tbtOverBlankMs > TARGETS.tbtOverBlankMs)
    misses.push(`TBT > blank + ${TARGETS.tbtOverBlankMs}`);
  if ((figures.scores.performance ?? 0) < TARGETS.performance) misses.push(`perf < ${TARGETS.performance}`);
  if (figures.lcpMs === null || figures.lcpMs > TARGETS.lcpMs) misses.push(`LCP > ${TARGETS.lcpMs}`);
  return misses;
}

export async function benchLighthouse(
  siteUrl: string,
  routes: readonly string[],
  runs: number,
): Promise<LighthouseStage> {
  const tools = await loadLighthouseTools();
  let chrome: LaunchedChrome | undefined;
  const baselines = await serveBaselines(siteUrl);
  try {
    chrome = await tools.launchChrome({ chromePath: findChromium(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const urlOf = (route: string, mode: Mode) => new URL(route, mode === 'withScripts' ? siteUrl : baselines.url).href;
    const pages = [
      { key: 'blank', urls: { withScripts: `${baselines.url}${BLANK_PATH}` } as Partial<Record<Mode, string>> },
      ...routes.map((route) => ({
        key: route,
        urls: Object.fromEntries(MODES.map((mode) => [mode, urlOf(route, mode)])) as Partial<Record<Mode, string>>,
      })),
    ];
    const outcomes = new Map<string, { outcomes: Outcome[]; retriedBecause: string[] }>();
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        for (const mode of MODES) {
          const url = page.urls[mode];
          if (!url) continue;
          const entry = outcomes.get(`${mode} ${page.key}`) ?? { outcomes: [], retriedBecause: [] };
          outcomes.set(`${mode} ${page.key}`, entry);
          let outcome = await runOnce(tools, url, chrome.port);
          // Trace errors such as NO_NAVSTART come and go on a busy machine; Lighthouse says to run again.
          if (outcome.error) {
            entry.retriedBecause.push(outcome.error);
            outcome = await runOnce(tools, url, chrome.port);
          }
          entry.outcomes.push(outcome);
        }
      }
    }
    const figuresOf = (mode: Mode, key: string) => {
      const entry = outcomes.get(`${mode} ${key}`)!;
      return summarise(entry.outcomes, entry.retriedBecause);
    };
    const blank = figuresOf('withScripts', 'blank');
    const chromium =
      [...outcomes.values()].flatMap((entry) => entry.outcomes).find((outcome) => outcome.figures)?.figures?.chromium ??
      '?';
    return {
      runs,
      chromium,
      blank,
      routes: routes.map((route) => {
        const withScripts = figuresOf('withScripts', route);
        const tbtOverBlankMs =
          withScripts.tbtMs === null || blank.tbtMs === null ? null : withScripts.tbtMs - blank.tbtMs;
        return {
          route,
          withScripts,
          withoutScripts: figuresOf('withoutScripts', route),
          tbtOverBlankMs,
          misses: missedTargets(withScripts, tbtOverBlankMs),
        };
      }),
    };
  } finally {
    chrome?.kill();
    baselines.server.close();
  }
}
