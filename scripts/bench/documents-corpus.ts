// The documents the "documents" stage rebuilds, and how it times and sums up
// rebuilds: the real files of tests/fixtures/documents/corpus/ (plus a photo at
// the form's 2 MiB limit, which the corpus lacks), the hostile shapes of
// scripts/lib/, timers for the isolated path and the in-process rebuild.
import { readdir, readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileTypes, MAX_FILE_BYTES } from '../../src/forms/application/application.ts';
import { rebuildIsolated } from '../../src/server/documents/rebuild/isolated.ts';
import { rebuildDocument, type DocumentFormat } from '../../src/server/documents/rebuild/rebuild.ts';
import { RebuildRefused } from '../../src/server/documents/rebuild/refusal.ts';
import { docxThatAct, pdfsThatAct } from '../lib/documents-that-act.ts';
import {
  docxCarryingCode,
  pdfsHidingScripts,
  stallingDocx,
  stallingInputs,
  stallingPdfs,
} from '../lib/hostile-documents.ts';
import { largePhoto } from '../lib/photos.ts';
import { viewerStallingPdfs } from '../lib/viewer-stalling-pdfs.ts';
import { median, percentile, round } from './stats.ts';

export interface DocumentCase {
  /** Where it comes from: "corpus", "limit", or the hostile shape's set. */
  set: string;
  name: string;
  format: DocumentFormat;
  bytes: Buffer;
}

/** One document's (or request's) runs: wall ms of each, and what the rebuild said. */
export interface Runs {
  ms: number[];
  verdict: string;
}

const CORPUS = new URL('../../tests/fixtures/documents/corpus/', import.meta.url);
const formatOfExtension: Readonly<Record<string, DocumentFormat>> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
};

/** Every PDF, .docx, JPEG and PNG of the corpus, by name. */
export async function corpusCases(): Promise<DocumentCase[]> {
  const names = (await readdir(CORPUS)).filter((name) => Object.hasOwn(formatOfExtension, extname(name))).sort();
  return Promise.all(
    names.map(async (name) => ({
      set: 'corpus',
      name,
      format: formatOfExtension[extname(name)]!,
      bytes: await readFile(new URL(name, CORPUS)),
    })),
  );
}

/** A photo-like PNG just under the form's 2 MiB limit (the form sends PNGs that fit unreduced). */
export async function photoAtTheLimit(): Promise<DocumentCase> {
  let [width, height] = [2400, 1600];
  for (;;) {
    const bytes = await largePhoto({ width, height, seed: 7, format: 'png' });
    if (bytes.length <= MAX_FILE_BYTES)
      return { set: 'limit', name: `PNG photo ${width}×${height} at the 2 MiB limit`, format: 'png', bytes };
    const scale = Math.sqrt((MAX_FILE_BYTES * 0.98) / bytes.length);
    [width, height] = [Math.floor(width * scale), Math.floor(height * scale)];
  }
}

/** Every shape of hostile-documents.ts, documents-that-act.ts and viewer-stalling-pdfs.ts, each under its set's name. */
export function hostileCases(): DocumentCase[] {
  const sets: Array<[string, DocumentFormat, Record<string, Buffer>]> = [
    ['stallingPdfs', 'pdf', stallingPdfs()],
    ['pdfsHidingScripts', 'pdf', pdfsHidingScripts()],
    ['docxCarryingCode', 'docx', docxCarryingCode()],
    ['stallingDocx', 'docx', stallingDocx()],
    ['pdfsThatAct', 'pdf', pdfsThatAct()],
    ['docxThatAct', 'docx', docxThatAct()],
    // The review's sizes (issue 48): each file under the form's 2 MiB.
    ['viewerStallingPdfs', 'pdf', viewerStallingPdfs({ strokesMiB: 768, pictureMiB: 1024 })],
  ];
  const cases = sets.flatMap(([set, format, shapes]) =>
    Object.entries(shapes).map(([name, bytes]) => ({ set, name, format, bytes })),
  );
  for (const [name, { mime, bytes }] of Object.entries(stallingInputs()))
    cases.push({ set: 'stallingInputs', name, format: mime === fileTypes.pdf.mime ? 'pdf' : 'docx', bytes });
  return cases;
}

/**
 * `documents` sent together through rebuildIsolated, `runs` times (fewer when
 * `enough` says so after a run): a fresh worker per document each time, as a
 * request pays.
 */
/** Time for isolated.ts's spare workers to start between two runs (four of them, on two cores). */
const SPARES_READY_MS = 800;

export async function timeIsolated(
  documents: readonly DocumentCase[],
  runs: number,
  enough: (outcome: Runs) => boolean = () => false,
): Promise<Runs> {
  const outcome: Runs = { ms: [], verdict: '' };
  for (let run = 0; run < runs; run++) {
    // As an application arrives: after a quiet moment, in which the workers for it have been started.
    await new Promise((resolve) => setTimeout(resolve, SPARES_READY_MS));
    const started = performance.now();
    const result = await rebuildIsolated(documents.map(({ format, bytes }) => ({ format, bytes })));
    outcome.ms.push(performance.now() - started);
    const verdict = result.ok
      ? 'copy'
      : `refused: ${result.reason}${documents.length > 1 ? ` (document ${result.index + 1})` : ''}`;
    // A verdict that changes between runs (a budget met only sometimes) is worth seeing.
    if (!outcome.verdict.split(' | ').includes(verdict))
      outcome.verdict = outcome.verdict ? `${outcome.verdict} | ${verdict}` : verdict;
    if (enough(outcome)) break;
  }
  return outcome;
}

/** One warm-up rebuild in this thread, then `runs` timed ones: the rebuild alone, no worker. */
export async function timeInProcess({ format, bytes }: DocumentCase, runs: number): Promise<Runs> {
  const rebuild = async () => {
    try {
      await rebuildDocument(format, bytes);
      return 'copy';
    } catch (error) {
      // As the worker answers (isolated.ts): any other error refuses the document as unreadable.
      return `refused: ${error instanceof RebuildRefused ? error.reason : 'unreadable'}`;
    }
  };
  const outcome: Runs = { ms: [], verdict: await rebuild() };
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await rebuild();
    outcome.ms.push(performance.now() - started);
  }
  return outcome;
}

const MiB = 1024 * 1024;

export interface Figures {
  runs: number;
  medianMs: number;
  worstMs: number;
  /** Size over median time; null when the size says nothing (hostile shapes, requests). */
  mbPerS: number | null;
}

export function figures({ ms }: Runs, bytes: number | null): Figures {
  const middle = median(ms)!;
  return {
    runs: ms.length,
    medianMs: round(middle, 0),
    worstMs: round(Math.max(...ms), 0),
    mbPerS: bytes === null ? null : round(bytes / MiB / (middle / 1000), 1),
  };
}

export interface SummaryRow {
  figure: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  worstMs: number;
  /** Total size over the sum of the files' median times. */
  mbPerS: number | null;
}

/** Percentiles of `samples` (ms), and `bytes` over the sum of `medians`. */
export function summarise(figure: string, samples: number[], bytes: number | null, medians: number[]): SummaryRow {
  const total = medians.reduce((sum, ms) => sum + ms, 0);
  return {
    figure,
    count: samples.length,
    p50Ms: round(percentile(samples, 50), 0),
    p95Ms: round(percentile(samples, 95), 0),
    worstMs: round(Math.max(...samples), 0),
    mbPerS: bytes === null ? null : round(bytes / MiB / (total / 1000), 1),
  };
}

/** The `count` rows of largest `ms`, largest first. */
export const slowest = <T>(rows: readonly T[], ms: (row: T) => number, count = 1) =>
  [...rows].sort((a, b) => ms(b) - ms(a)).slice(0, count);
