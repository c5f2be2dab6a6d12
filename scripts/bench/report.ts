// Turns the stage results into the printed table sections.
import type { BuildResult } from './build.ts';
import { deskSection, type DeskResult } from './desk.ts';
import type { DocumentsResult } from './documents.ts';
import { KINDS, type Bytes, type RouteBytes } from './bytes.ts';
import type { FunctionsResult } from './functions.ts';
import { TARGETS, type LighthouseStage, type PageFigures } from './lighthouse.ts';
import type { NotifyResult } from './notify.ts';
import type { PicturesResult } from './pictures.ts';
import type { AlertsResult } from './alerts.ts';
import type { RecordsResult } from './records.ts';
import type { ServedContactResult } from './served-contact.ts';
import type { WebhookResult } from './webhook.ts';
import { toKB } from './stats.ts';
import type { TableSection } from './table.ts';

export interface BenchResults {
  build?: BuildResult[];
  bytes?: RouteBytes[];
  lighthouse?: LighthouseStage;
  functions?: FunctionsResult;
  documents?: DocumentsResult;
  pictures?: PicturesResult;
  notify?: NotifyResult;
  alerts?: AlertsResult;
  records?: RecordsResult & { served: Array<ServedContactResult & { version: string }> };
  webhook?: WebhookResult;
  desk?: DeskResult;
}

const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const kb = ({ raw, gzip }: Bytes) => `${toKB(raw)} / ${toKB(gzip)}`;

/** The forms through scripts/serve.ts, a row per version served. */
function servedSection(rows: Array<ServedContactResult & { version: string }>): TableSection {
  return {
    title:
      'Forms through scripts/serve.ts: a contact message’s first call (build, instance start), sequential calls, ' +
      'thirty at once; then twenty requests for one time at once (targets: p50 < 100 ms, thirty within 5 s, one 200)',
    columns: [
      'version',
      'first ms',
      'sequential',
      'p50 ms',
      'p95 ms',
      'max ms',
      'at once',
      'all answered ms',
      'statuses',
      'one time ×20',
    ],
    rows: rows.map((c) => [
      c.version,
      c.firstCallMs,
      c.sequential.requests,
      c.sequential.p50Ms,
      c.sequential.p95Ms,
      c.sequential.maxMs,
      c.atOnce.requests,
      c.atOnce.allAnsweredMs,
      c.statuses,
      c.oneTime,
    ]),
  };
}

export function sections(results: BenchResults): TableSection[] {
  const out: TableSection[] = [];
  if (results.build) {
    out.push({
      title: 'Build (astro build wall time, Pagefind index included, temporary outDir and Astro cache)',
      columns: ['articles from', 'build', 'build s', 'HTML pages', 'article pages', 'note'],
      rows: results.build.map((b) => [b.source, b.build, b.buildSeconds, b.pages, b.articlePages, b.note]),
    });
  }
  if (results.bytes) {
    out.push({
      title:
        'Bytes per route, KB raw / gzip -9 (Chromium, phone 375×812 touch and desktop 1280×800, empty cache, ' +
        'scrolled to the bottom once so lazy images count, nothing tapped)',
      columns: ['route', 'screen', 'status', 'requests', ...KINDS, 'total', 'blocked external'],
      rows: results.bytes.map((r) => [
        r.route,
        r.viewport,
        r.status,
        r.requests,
        ...KINDS.map((kind) => kb(r.byKind[kind])),
        kb(r.total),
        r.blockedExternal,
      ]),
    });
  }
  if (results.lighthouse) out.push(...lighthouseSections(results.lighthouse));
  if (results.functions) {
    const { latency, applicationMemory: m, served: c } = results.functions;
    out.push({
      title:
        'Form handlers in-process, embedded Postgres and local Blobs, sequential (one warm-up request not counted)',
      columns: ['handler', 'requests', 'p50 ms', 'p95 ms', 'max ms'],
      rows: latency.map((l) => [l.handler, l.requests, l.p50Ms, l.p95Ms, l.maxMs]),
    });
    out.push(servedSection([{ version: 'this version', ...c }]));
    out.push({
      title:
        'Memory during the application runs, MB (process.memoryUsage every 5 ms; retained = heap + buffers after GC − before)',
      columns: ['rss before', 'peak rss', 'rss growth', 'heap before', 'heap growth', 'buffers growth', 'retained'],
      rows: [
        [
          m.rssBeforeMB,
          m.peakRssMB,
          m.peakRssGrowthMB,
          m.heapBeforeMB,
          m.peakHeapGrowthMB,
          m.peakBuffersGrowthMB,
          m.retainedMB,
        ],
      ],
    });
  }
  if (results.documents) out.push(...documentsSections(results.documents));
  if (results.pictures) {
    const { applications, rssMBBefore, rssMBAfterAll } = results.pictures;
    out.push({
      title:
        'Hostile pictures as certificates through scripts/serve.ts, one application after another: the server ' +
        `process tree's CPU in the 3 s after each answer (aim ≈ 0) and its memory (${rssMBBefore} MB before the six, ` +
        `${rssMBAfterAll} MB after them; aim: within 200 MB)`,
      columns: ['application', 'status', 'answer ms', 'CPU s in 3 s after', 'of which child processes', 'RSS MB after'],
      rows: applications.map((a) => [
        a.application,
        a.status,
        a.answerMs,
        a.cpuSecondsAfter,
        a.childCpuSecondsAfter,
        a.rssMBAfter,
      ]),
    });
  }
  if (results.notify) {
    const { pending, budgetMs, runs, received } = results.notify;
    out.push({
      title:
        `Notify-pending delivery runs over ${pending.toLocaleString('en')} contact messages whose notification failed ` +
        `(in-process, embedded Postgres, local SMTP, one connection per message; each run stops starting sends at ` +
        `${budgetMs / 1000} s; ${received} messages received while accepting)`,
      columns: ['scenario', 'run', 'ms', 'due', 'sent', 'failed', 'not tried', 'stopped because'],
      rows: runs.map((r) => [
        r.scenario,
        r.run,
        r.elapsedMs,
        r.due,
        r.sent,
        r.failed,
        r.notTried,
        r.stoppedBecause ?? 'done',
      ]),
    });
  }
  if (results.alerts) {
    const { subscribers, budgetMs, runs, received, twice } = results.alerts;
    out.push({
      title:
        `send-alerts runs over one article for ${subscribers.toLocaleString('en')} confirmed subscribers of its category ` +
        `(in-process, test database, local SMTP, one connection per message; each run stops starting sends at ` +
        `${budgetMs / 1000} s; ${received} messages received, ${twice} addresses more than once)`,
      columns: ['scenario', 'run', 'ms', 'sent', 'article', 'stopped because'],
      rows: runs.map((r) => [r.scenario, r.run, r.elapsedMs, r.sent, r.state, r.stoppedBecause ?? 'done']),
    });
  }
  if (results.records) {
    const { stored, blobsVersion, steps, served } = results.records;
    out.push({
      title:
        `Records: Netlify Database (embedded Postgres, PGlite) against the Blobs version (${blobsVersion}, a store ` +
        `answering 1,000 keys a page, 30 ms a call), ${stored.toLocaleString('en')} submissions stored ` +
        '(targets: a data request < 200 ms, the newest 50 < 100 ms, 50,000 lapsed deleted in one run)',
      columns: ['step', 'database ms', 'database', 'Blobs ms', 'Blobs'],
      rows: steps.map((r) => [r.step, r.databaseMs, r.database, r.blobsMs ?? '—', r.blobs]),
    });
    out.push(servedSection(served));
  }
  if (results.webhook) {
    const { hookTimeoutMs, scenarios, hookCalls } = results.webhook;
    out.push({
      title:
        `Publish webhook answer time, in-process, test database, stand-in build hook over HTTP on 127.0.0.1 ` +
        `(Hygraph allows 3,000 ms; hook timeout ${hookTimeoutMs} ms; the answering hook was called ${hookCalls} times)`,
      columns: ['scenario', 'requests', 'answers', 'p50 ms', 'p95 ms', 'max ms'],
      rows: scenarios.map((s) => [s.scenario, s.requests, s.statuses, s.p50Ms, s.p95Ms, s.maxMs]),
    });
  }
  if (results.desk) out.push(deskSection(results.desk));
  return out;
}

function documentsSections({
  runs,
  fidelity,
  budgets,
  corpus,
  hostile,
  requests,
  summary,
  aims,
}: DocumentsResult): TableSection[] {
  const budget = `${budgets.documentMs / 1000} s a document, ${budgets.requestMs / 1000} s a request`;
  const seconds = (ms: number) => `${ms / 1000} s`;
  return [
    {
      title:
        `Document rebuild, summary: ms per rebuild over every run; isolated = rebuildIsolated, a worker per document, ` +
        `started ahead of need (what a request pays), in-process = rebuildDocument alone; MB/s = total size / sum of medians`,
      columns: ['figure', 'n', 'p50 ms', 'p95 ms', 'worst ms', 'MB/s'],
      rows: summary.map((s) => [s.figure, s.count, s.p50Ms, s.p95Ms, s.worstMs, s.mbPerS]),
    },
    {
      title:
        'Document rebuild, fidelity over the whole corpus: every page of each PDF and of its copy drawn by pdf.js ' +
        '(scale 0.3), pages whose pixels differ by more than 0.5 %; each .docx read as text by mammoth',
      columns: ['document', 'pages', 'pages after', 'pages differing', 'worst page % differing', 'text the same'],
      rows: fidelity.map((f) => [
        f.document,
        f.pages,
        f.pagesAfter,
        f.pagesDiffering,
        f.worstPercent,
        f.textSame === null ? null : f.textSame ? 'yes' : 'NO',
      ]),
    },
    {
      title:
        'Document rebuild against the aims: isolated median under the aim (a request: its worst run under the bound)',
      columns: ['figure', 'document', 'KB', 'isolated median ms', 'worst ms', 'in-process median ms', 'aim ms', 'met'],
      rows: aims.map((a) => [
        a.figure,
        shorten(a.document, 70),
        a.sizeKB,
        a.isolatedMedianMs,
        a.isolatedWorstMs,
        a.inProcessMedianMs,
        a.aimMs,
        a.met ? 'yes' : 'NO',
      ]),
    },
    {
      title:
        `Document rebuild, corpus (tests/fixtures/documents/corpus/) and a photo at the 2 MiB limit: ${runs} runs each ` +
        `(in-process after one warm-up); worker = isolated median − in-process median`,
      columns: [
        'document',
        'KB',
        'verdict',
        'isolated median ms',
        'worst ms',
        'MB/s',
        'in-process median ms',
        'worst ms',
        'MB/s',
        'worker ms',
      ],
      rows: corpus.map((c) => [
        c.document,
        c.sizeKB,
        c.verdict,
        c.isolated.medianMs,
        c.isolated.worstMs,
        c.isolated.mbPerS,
        c.inProcess.medianMs,
        c.inProcess.worstMs,
        c.inProcess.mbPerS,
        c.isolated.medianMs - c.inProcess.medianMs,
      ]),
    },
    {
      title:
        `Document rebuild, hostile shapes (scripts/lib/hostile-documents.ts, documents-that-act.ts) through ` +
        `rebuildIsolated (${budget}); one run when the first met the budget`,
      columns: ['set', 'document', 'KB', 'runs', 'verdict', 'median ms', 'worst ms'],
      rows: hostile.map((h) => [h.set, shorten(h.document), h.sizeKB, h.runs, h.verdict, h.medianMs, h.worstMs]),
    },
    {
      title:
        `A whole request's documents, four sent together through rebuildIsolated (2 workers at a time; ${budget}; ` +
        `the first refusal stops the rest); the request must answer within ${seconds(budgets.requestBoundMs)}`,
      columns: [
        'request',
        'documents',
        'KB',
        'runs',
        'verdict',
        'median ms',
        'worst ms',
        `within ${seconds(budgets.requestBoundMs)}`,
      ],
      rows: requests.map((r) => [
        r.request,
        shorten(r.documents.join('; '), 80),
        r.sizeKB,
        r.runs,
        r.verdict,
        r.medianMs,
        r.worstMs,
        r.withinBound ? 'yes' : 'NO',
      ]),
    },
  ];
}

const failedRuns = (figures: PageFigures) =>
  figures.errors.length
    ? `${figures.errors.length}: ${shorten(figures.errors[0]!)}`
    : figures.retriedBecause.length
      ? `0 (${figures.retriedBecause.length} retried)`
      : 0;

/** "312+48 Layout 30, UpdateLayoutTree 9": an observed task's start, duration, script and largest work; * before the first paint. */
const describeTasks = (figures: PageFigures) =>
  figures.longTasks.length === 0
    ? 'none'
    : figures.longTasks
        .map((task) => {
          // Lighthouse names its own evaluations by a bare file name (`_lighthouse-eval.js`), not a URL.
          const script = task.script
            ? ` ${(URL.canParse(task.script) ? new URL(task.script).pathname : task.script).split('/').pop()}`
            : '';
          const work = task.work
            .slice(0, 2)
            .map(([name, ms]) => `${name} ${ms}`)
            .join(', ');
          return `${task.afterFirstPaint ? '' : '*'}${task.startMs}+${task.durationMs}${script} (${work})`;
        })
        .join('; ');

function lighthouseSections({ runs, chromium, blank, routes }: LighthouseStage): TableSection[] {
  const rows = [
    ['blank page', blank.scores.performance, blank.tbtMs, 0, null, blank.lcpMs, blank.cls, '–', failedRuns(blank)],
    ...routes.map((r) => [
      r.route,
      r.withScripts.scores.performance,
      r.withScripts.tbtMs,
      r.tbtOverBlankMs,
      r.withoutScripts.tbtMs,
      r.withScripts.lcpMs,
      r.withScripts.cls,
      r.misses.length ? r.misses.join(', ') : 'yes',
      failedRuns(r.withScripts),
    ]),
  ];
  return [
    {
      title:
        `Lighthouse, default mobile config (simulated throttling), ${chromium}; median of ${runs} interleaved run${runs === 1 ? '' : 's'}; ` +
        `targets: TBT ≤ blank + ${TARGETS.tbtOverBlankMs} ms, perf ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs} ms`,
      columns: [
        'route',
        'perf',
        'TBT ms',
        'over blank',
        'TBT no scripts',
        'LCP ms',
        'CLS',
        'targets met',
        'failed runs',
      ],
      rows,
    },
    {
      title:
        'Lighthouse, the rest: other categories, the LCP element, main-thread time by group (ms, the median-TBT run)',
      columns: ['route', 'a11y', 'best-pr.', 'seo', 'LCP element', 'script', 'style/layout', 'paint', 'parse', 'other'],
      rows: routes.map(({ route, withScripts: w }) => [
        route,
        w.scores.accessibility,
        w.scores['best-practices'],
        w.scores.seo,
        shorten(w.lcpElement ?? '–', 40),
        (w.breakdown.scriptEvaluation ?? 0) + (w.breakdown.scriptParseCompile ?? 0),
        w.breakdown.styleLayout ?? 0,
        w.breakdown.paintCompositeRender ?? 0,
        w.breakdown.parseHTML ?? 0,
        w.breakdown.other ?? 0,
      ]),
    },
    {
      title:
        'Main-thread tasks that throttling makes long (observed ≥ 12.5 ms; Lighthouse counts them ×4), median-TBT run: ' +
        'observed start+duration ms, the script they are attributed to, their largest work; * = before the first paint, not in TBT',
      columns: ['route', 'scripts', 'long tasks'],
      rows: routes.flatMap(({ route, withScripts, withoutScripts }) => [
        [route, 'on', describeTasks(withScripts)],
        [route, 'off', describeTasks(withoutScripts)],
      ]),
    },
  ];
}
