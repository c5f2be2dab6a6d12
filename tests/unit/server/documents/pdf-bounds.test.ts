// A PDF's copy bounded for whoever opens it (src/server/documents/rebuild/pdf-bounds.ts):
// content that inflates 500–1000:1, forms nested to draw billions of times and
// pictures of a billion pixels are refused with a reason; inline images keep
// only the filters the allowlist holds; an honest copy is drawn as before.
import { deflateSync, inflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fileMessages } from '../../../../src/forms/application/application.ts';
import { boundForViewers } from '../../../../src/server/documents/rebuild/pdf-bounds.ts';
import { MAX_DRAWS_PER_PAGE } from '../../../../src/server/documents/rebuild/pdf-draw-count.ts';
import { rebuildPdf } from '../../../../src/server/documents/rebuild/pdf.ts';
import { RebuildRefused } from '../../../../src/server/documents/rebuild/refusal.ts';
import { pdfOf, pdfStream } from '../../../../scripts/lib/pdf-objects.ts';
import { differingShare, renderPages, whatRuns } from '../../../../scripts/lib/pdf-reader.ts';
import { inlineImagePage, viewerStallingPdfs } from '../../../../scripts/lib/viewer-stalling-pdfs.ts';

const shapes = viewerStallingPdfs();
const refusal = async (bytes: Uint8Array) => {
  try {
    await rebuildPdf(bytes);
  } catch (error) {
    if (error instanceof RebuildRefused) return error;
    throw error;
  }
  throw new Error('rebuilt, not refused');
};

/** The decoded content of the copy's only page. */
async function pageContent(copy: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(copy);
  const stream = document.getPages()[0]!.node.lookup(PDFName.of('Contents'));
  if (!(stream instanceof PDFRawStream)) throw new Error('no single content stream');
  return inflateSync(stream.getContents()).toString('latin1');
}

/** A page drawing forms 5, 6, … nested `depth` deep, each drawing the next `fanOut` times. */
function nested(depth: number, fanOut: number): Buffer {
  const forms = Array.from({ length: depth }, (_, level) =>
    pdfStream(
      `/Type /XObject /Subtype /Form /BBox [0 0 200 200]${level < depth - 1 ? ` /Resources << /XObject << /N ${level + 6} 0 R >> >>` : ''}`,
      level < depth - 1 ? '/N Do\n'.repeat(fanOut) : '0 0 m 9 9 l S',
    ),
  );
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /N 5 0 R >> >> /Contents 4 0 R >>',
    pdfStream('', '/N Do'),
    ...forms,
  ]);
}

describe('a PDF built to hold its viewer', () => {
  it.each([
    ['page content that inflates 500:1 to 256 MiB of strokes', /drawing operators would unpack to more than 4 MiB/],
    ['a picture whose data inflates 1000:1 to 256 MiB', /page 1 would unpack to more than 128 MiB \(at an image/],
    ['forms nested 12 deep, each drawing the next 8 times (8^12 draws)', /draws .* more than 10,000 times/],
    ['a JPEG picture of 40000×40000 pixels', /40000×40000 pixels, more than 50,000,000/],
  ])('is refused as too complex, saying why: %s', async (shape, detail) => {
    const started = performance.now();
    const refused = await refusal(shapes[shape]!);
    expect(refused.reason).toBe('tooComplex');
    expect(refused.message).toMatch(detail);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('is refused with a message that tells the applicant what is wrong and what to send', () => {
    expect(fileMessages.tooComplex('kcse_file', 'kcse.pdf')).toMatch(
      /^The KCSE certificate \(kcse_file, kcse\.pdf\) is built so that it would keep a viewer busy for too long: .* Please print it to a new PDF, or scan or photograph it instead/,
    );
  });

  it('a form that draws itself is copied as a chain that ends, drawn quickly', async () => {
    const copy = await rebuildPdf(shapes['a form that draws itself']!);
    const started = performance.now();
    await renderPages(copy, 0.3);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('a form that draws itself in the copy (as a writer of the copy could make it) is refused', async () => {
    const copy = await PDFDocument.create();
    const form = copy.context.nextRef();
    const resources = copy.context.obj({ XObject: { F: form } });
    const stream = PDFRawStream.of(
      copy.context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 9, 9], Resources: resources }),
      Buffer.from('/F Do'),
    );
    copy.context.assign(form, stream);
    const page = copy.addPage([200, 200]);
    page.node.set(PDFName.of('Resources'), resources);
    page.node.set(
      PDFName.of('Contents'),
      copy.context.register(PDFRawStream.of(copy.context.obj({}), Buffer.from('/F Do'))),
    );
    expect(() => boundForViewers(copy)).toThrow(/a form that draws itself \(\d+ 0 R\)/);
  });
});

describe('draws counted through nested forms', () => {
  it.each([
    [1, 1, 1],
    [3, 2, 1 + 2 + 4],
    [4, 10, 1 + 10 + 100 + 1_000],
  ])('%i forms deep, each drawing the next %i times: %i draws', async (depth, fanOut, draws) => {
    const copy = await PDFDocument.load(await rebuildPdf(nested(depth, fanOut)));
    expect(boundForViewers(copy).drawsPerPage).toBe(draws);
  });

  it(`refuses one draw past ${MAX_DRAWS_PER_PAGE.toLocaleString('en')}, and keeps the page at it`, async () => {
    // Two forms deep: the page draws A once, A draws B `fanOut` times: 1 + fanOut draws.
    await expect(rebuildPdf(nested(2, MAX_DRAWS_PER_PAGE - 1))).resolves.toBeInstanceOf(Uint8Array);
    await expect(rebuildPdf(nested(2, MAX_DRAWS_PER_PAGE))).rejects.toMatchObject({ reason: 'tooComplex' });
  });
});

describe('an inline image', () => {
  const pixels = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37) % 256));

  it.each([
    ['a JBIG2 filter', 'an inline image with a JBIG2 filter'],
    ['an unknown filter', 'an inline image with an unknown filter'],
  ])('with %s is left out, the rest of the page kept', async (_filter, shape) => {
    const copy = await rebuildPdf(shapes[shape]!);
    const content = await pageContent(copy);
    expect(content).not.toMatch(/\bBI\b|JBIG2|Sandbox/);
    expect(content).toMatch(/200 200 l\s+S/);
    expect((await whatRuns(copy)).pages).toBe(1);
  });

  it.each([
    ['unfiltered', '', pixels],
    ['Flate by its abbreviation', '/F /Fl', deflateSync(pixels)],
    ['Flate by its full name', '/Filter /FlateDecode', deflateSync(pixels)],
    ['hex and Flate', '/F [/AHx /Fl]', `${deflateSync(pixels).toString('hex')}>`],
    ['ASCII85', '/F /A85', '<~' + 'z'.repeat(16) + '~>'],
    ['RunLength', '/F /RL', Buffer.concat([Buffer.from([63]), pixels, Buffer.from([128])])],
  ])('%s is kept, written as hex, and drawn as before', async (_what, filter, data) => {
    const original = inlineImagePage(filter, data);
    const copy = await rebuildPdf(original);
    expect(await pageContent(copy)).toMatch(/BI [^]*\/F \[ \/AHx[^\]]*\] ID\n[0-9a-f\n]*>\nEI/);
    const [before, after] = [await renderPages(original, 0.5), await renderPages(copy, 0.5)];
    expect(differingShare(before[0]!, after[0]!)).toBeLessThan(0.005);
  });

  it('whose data holds "EI" is read to its real end when unfiltered', async () => {
    const tricky = Buffer.from(pixels);
    tricky.write(' EI ', 20, 'latin1');
    const original = inlineImagePage('', tricky);
    const copy = await rebuildPdf(original);
    expect(await pageContent(copy)).toContain(tricky.toString('hex').slice(0, 64));
  });
});

describe('a stream inside the page tree, counted once per page', () => {
  it('a picture shared by two pages counts on each page and once for the document', async () => {
    const picture = pdfStream(
      '/Type /XObject /Subtype /Image /Width 100 /Height 100 /ColorSpace /DeviceGray /BitsPerComponent 8',
      Buffer.alloc(10_000, 0x40),
    );
    // The pages share their resources: the copy keeps one picture for both.
    const page = (n: number) =>
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources 7 0 R /Contents ${n} 0 R >>`;
    const pdf = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      page(5),
      page(5),
      pdfStream('', 'q 200 0 0 200 0 0 cm /Im Do Q'),
      picture,
      '<< /XObject << /Im 6 0 R >> >>',
    ]);
    const load = boundForViewers(await PDFDocument.load(await rebuildPdf(pdf)));
    expect(load.imagePixels).toBe(10_000);
    expect(load.pageBytes).toBeGreaterThanOrEqual(10_000);
    expect(load.documentBytes).toBeLessThan(2 * 10_000);
  });
});
