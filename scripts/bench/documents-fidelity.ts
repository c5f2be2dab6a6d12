// The rebuild's faithfulness over the whole corpus (the tests take a sample):
// each PDF rebuilt and every page of the original and of the copy drawn by
// pdf.js at a low resolution, counting the pages whose pixels differ by more
// than 0.5 %; each .docx read as text by mammoth before and after.
import mammoth from 'mammoth';
import { rebuildDocument } from '../../src/server/documents/rebuild/rebuild.ts';
import { differingShare, renderPages } from '../lib/pdf-reader.ts';
import type { DocumentCase } from './documents-corpus.ts';

/** The scale pages are drawn at (1 = 72 dpi): enough to see a wrong font or a missing image. */
const SCALE = 0.3;
const DIFFERING = 0.005;

export interface FidelityRow {
  document: string;
  pages: number | null;
  pagesAfter: number | null;
  pagesDiffering: number | null;
  /** The largest share of a page's pixels that differ, in per cent. */
  worstPercent: number | null;
  textSame: boolean | null;
}

const textOf = async (bytes: Uint8Array) => (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;

export async function benchFidelity(cases: readonly DocumentCase[]): Promise<FidelityRow[]> {
  const rows: FidelityRow[] = [];
  for (const { name, format, bytes } of cases) {
    if (format !== 'pdf' && format !== 'docx') continue;
    const copy = await rebuildDocument(format, bytes);
    if (format === 'docx') {
      const same = (await textOf(bytes)) === (await textOf(copy));
      rows.push({
        document: name,
        pages: null,
        pagesAfter: null,
        pagesDiffering: null,
        worstPercent: null,
        textSame: same,
      });
      continue;
    }
    const [before, after] = [await renderPages(bytes, SCALE), await renderPages(copy, SCALE)];
    const shares = before.map((page, index) => (after[index] ? differingShare(page, after[index]) : 1));
    rows.push({
      document: name,
      pages: before.length,
      pagesAfter: after.length,
      pagesDiffering: shares.filter((share) => share > DIFFERING).length,
      worstPercent: Math.round(Math.max(0, ...shares) * 10_000) / 100,
      textSame: null,
    });
  }
  return rows;
}
