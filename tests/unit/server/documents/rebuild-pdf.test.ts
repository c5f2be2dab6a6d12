// A PDF rebuilt from its pages (src/server/documents/rebuild/pdf.ts), judged by
// pdf.js, not by our code: real documents come back page for page, drawn the
// same; whatever a stranger hid in one comes back as nothing that runs, or the
// file is refused. The whole corpus is compared by `npm run bench`.
import { readFileSync } from 'node:fs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { rebuildPdf } from '../../../../src/server/documents/rebuild/pdf.ts';
import { RebuildRefused } from '../../../../src/server/documents/rebuild/refusal.ts';
import { pdfsThatAct } from '../../../../scripts/lib/documents-that-act.ts';
import { pdfsHidingScripts } from '../../../../scripts/lib/hostile-documents.ts';
import {
  javaScriptAction,
  objectStream,
  pdfOf,
  pdfStream,
  pdfWithCatalog,
} from '../../../../scripts/lib/pdf-objects.ts';
import { differingShare, harmless, renderPages, whatRuns } from '../../../../scripts/lib/pdf-reader.ts';

const fixture = (path: string) => readFileSync(new URL(`../../../fixtures/documents/${path}`, import.meta.url));

/** One of each writer kind: TeX, a browser, an office suite, a scanner, a PostScript converter, a page of vector figures. */
const sample = [
  'corpus/pdftex-auctex-refcard-landscape.pdf',
  'corpus/chromium-cv-one-page.pdf',
  'corpus/libreoffice-cover-letter.pdf',
  'corpus/scanned-cover-letter-ccitt-g4.pdf',
  'corpus/ghostscript-r-colorspace-vignette-colour-figures.pdf',
  'corpus/qpdf-linearized-objstm-quilt-paper.pdf',
  'encrypted/aes256-no-copying.pdf',
  'encrypted/rc4-128-no-password.pdf',
];

/** Pages compared per file: enough to see fonts, images and figures, few enough to keep the suite quick. */
const PAGES_COMPARED = 3;

describe('a real PDF, rebuilt', () => {
  it.each(sample)('%s keeps every page, and its first pages are drawn as before', async (path) => {
    const original = fixture(path);
    const copy = await rebuildPdf(original);
    expect((await whatRuns(copy)).pages).toBe((await whatRuns(original)).pages);
    const [before, after] = [await renderPages(original, 0.3), await renderPages(copy, 0.3)];
    for (const [index, page] of before.slice(0, PAGES_COMPARED).entries())
      expect(differingShare(page, after[index]!), `page ${index + 1}`).toBeLessThan(0.005);
  });

  it('drops the original’s outline, links and open action (a pdfTeX manual has all three)', async () => {
    const original = fixture('corpus/pdftex-sphinx-developers-reference.pdf');
    const before = await whatRuns(original);
    expect(before.annotations.length).toBeGreaterThan(0);
    expect(before.outline).not.toBeNull();
    expect(before.openAction).not.toBeNull();
    const copy = await rebuildPdf(original);
    expect(await whatRuns(copy)).toEqual(harmless(114));
  });

  it('is written anew, without the original’s metadata (its producer, here)', async () => {
    const original = fixture('corpus/chromium-cv-one-page.pdf');
    const copy = await rebuildPdf(original);
    expect(Buffer.from(copy).includes(Buffer.from('Skia/PDF'))).toBe(false);
  });
});

describe('a PDF that acts when opened, rebuilt', () => {
  const shapes = {
    ...pdfsThatAct(),
    ...pdfsHidingScripts(),
    'a JavaScript open action': pdfWithCatalog(`/OpenAction ${javaScriptAction}`),
    'a script in a compressed object stream': pdfWithCatalog(
      '/OpenAction 5 0 R',
      objectStream({ 5: javaScriptAction }),
    ),
    'an embedded file': pdfWithCatalog('', pdfStream('/Type /EmbeddedFile', 'MZ')),
  };

  it.each(Object.entries(shapes))(
    '%s: holds nothing that runs or fetches, as pdf.js reads it, or is refused',
    async (_shape, bytes) => {
      let copy: Uint8Array;
      try {
        copy = await rebuildPdf(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(RebuildRefused);
        return;
      }
      const read = await whatRuns(copy);
      expect(read).toEqual(harmless(read.pages));
      expect(read.pages).toBeGreaterThan(0);
    },
  );

  it('keeps the visible page of each file that shows one, however the script was hidden', async () => {
    const copies = await Promise.all(
      Object.values(pdfsThatAct()).map((bytes) => rebuildPdf(bytes).catch(() => undefined)),
    );
    const rebuilt = copies.filter((copy) => copy !== undefined);
    // Every shape whose page tree pdf-lib can find is rebuilt, not refused: the copy is what makes it safe.
    expect(rebuilt.length).toBeGreaterThanOrEqual(17);
  });
});

describe('a PDF with text where numbers belong, rebuilt', () => {
  // pdf.js compiled a Type 3 font's matrix into code, so a string in it ran (CVE-2024-4367): where the
  // allowlist wants numbers, an array holding anything else is left out, and the font drawn without it.
  const fontWith = (entries: string) =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 750 750] /Encoding << /Differences [65 /a] >> /CharProcs << /a 6 0 R >> /FirstChar 65 /LastChar 65 ${entries} >>`,
      pdfStream('', 'BT /F1 12 Tf 20 100 Td (A) Tj ET'),
      pdfStream('', '750 0 d0 0 0 750 750 re f'),
    ]);
  const copiedFont = async (pdf: Buffer) => {
    const copy = await PDFDocument.load(await rebuildPdf(pdf));
    const fonts = copy.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    return fonts.lookup(PDFName.of('F1'), PDFDict);
  };
  const numbersOf = (array: PDFArray) => array.asArray().map((item) => (item as PDFNumber).asNumber());

  it('keeps a font matrix and widths of numbers', async () => {
    const font = await copiedFont(fontWith('/FontMatrix [0.001 0 0 0.001 0 0] /Widths [750]'));
    expect(numbersOf(font.lookup(PDFName.of('FontMatrix'), PDFArray))).toEqual([0.001, 0, 0, 0.001, 0, 0]);
    expect(numbersOf(font.lookup(PDFName.of('Widths'), PDFArray))).toEqual([750]);
  });

  it('leaves out a font matrix or widths holding a string, keeping the font', async () => {
    const font = await copiedFont(
      fontWith("/FontMatrix [0.001 0 0 0.001 0 (0\\); alert\\('x'\\))] /Widths [(750\\); alert\\(1\\))]"),
    );
    expect(font.get(PDFName.of('FontMatrix'))).toBeUndefined();
    expect(font.get(PDFName.of('Widths'))).toBeUndefined();
    expect(font.lookup(PDFName.of('Subtype'), PDFName).asString()).toBe('/Type3');
  });
});

describe('a PDF that cannot be rebuilt', () => {
  it.each([
    ['one that needs a password to open', fixture('encrypted/aes256-opening-password.pdf')],
    ['one without pages', pdfWithCatalog('').toString('latin1').replace('/Kids [3 0 R] /Count 1', '/Kids [] /Count 0')],
    ['bytes that are no PDF', 'hello'],
  ])('is refused as unreadable: %s', async (_what, bytes) => {
    await expect(rebuildPdf(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes)).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });
});
