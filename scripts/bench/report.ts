// Turns the stage results into the printed table sections.
import type { BuildResult } from './build.ts';
import type { DocumentsResult } from './documents.ts';
import { KINDS, type Bytes, type RouteBytes } from './bytes.ts';
import type { FunctionsResult } from './functions.ts';
import type { LighthouseResult } from './lighthouse.ts';
import { toKB } from './stats.ts';
import type { TableSection } from './table.ts';

export interface BenchResults {
  build?: BuildResult[];
  bytes?: RouteBytes[];
  lighthouse?: LighthouseResult[];
  functions?: FunctionsResult;
  documents?: DocumentsResult;
}

const shorten = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const kb = ({ raw, gzip }: Bytes) => `${toKB(raw)} / ${toKB(gzip)}`;

export function sections(results: BenchResults, runs: number): TableSection[] {
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
  if (results.lighthouse) {
    out.push({
      title: `Lighthouse (default mobile config, simulated throttling; median of ${runs} run${runs === 1 ? '' : 's'} per figure)`,
      columns: ['route', 'perf', 'a11y', 'best-pr.', 'seo', 'LCP ms', 'TBT ms', 'CLS', 'LCP element', 'retried', 'failed runs'],
      rows: results.lighthouse.map((l) => [
        l.route,
        l.scores.performance,
        l.scores.accessibility,
        l.scores['best-practices'],
        l.scores.seo,
        l.lcpMs,
        l.tbtMs,
        l.cls,
        shorten(l.lcpElement ?? '–', 40),
        l.retried,
        l.errors.length ? `${l.errors.length}: ${shorten(l.errors[0]!)}` : 0,
      ]),
    });
  }
  if (results.functions) {
    const { latency, applicationMemory: m } = results.functions;
    out.push({
      title: 'Form handlers in-process, local Blobs server, sequential (one warm-up request not counted)',
      columns: ['handler', 'requests', 'p50 ms', 'p95 ms', 'max ms'],
      rows: latency.map((l) => [l.handler, l.requests, l.p50Ms, l.p95Ms, l.maxMs]),
    });
    out.push({
      title: 'Memory during the application runs, MB (process.memoryUsage every 5 ms; retained = heap + buffers after GC − before)',
      columns: ['rss before', 'peak rss', 'rss growth', 'heap before', 'heap growth', 'buffers growth', 'retained'],
      rows: [[m.rssBeforeMB, m.peakRssMB, m.peakRssGrowthMB, m.heapBeforeMB, m.peakHeapGrowthMB, m.peakBuffersGrowthMB, m.retainedMB]],
    });
  }
  if (results.documents) {
    const { timings, worstHostileMs, worstOrdinaryMs } = results.documents;
    out.push({
      title:
        `Document checks in-process, ms per check over ${timings.length} files (wall median / worst, CPU median; ` +
        `worst built to stall: ${worstHostileMs} ms, worst ordinary: ${worstOrdinaryMs} ms)`,
      columns: ['document', 'kind', 'KB', 'verdict', 'median ms', 'worst ms', 'CPU ms'],
      rows: timings.map((t) => [t.document, t.kind, t.sizeKB, t.verdict, t.medianMs, t.worstMs, t.medianCpuMs]),
    });
  }
  return out;
}
