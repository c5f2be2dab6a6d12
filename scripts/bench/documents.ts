// Stage "documents": how long the active-content check of an uploaded document
// takes, in-process, for files built to stall it (scripts/lib/hostile-documents.ts,
// each 2 MiB where its shape allows) and for ordinary uploads of the same kinds.
// Each file is checked RUNS times after one warm-up; wall and CPU time per check.
import { deflateSync } from 'node:zlib';
import { fileTypes, MAX_FILE_BYTES } from '../../src/forms/application/application.ts';
import { checkForActiveContent } from '../../src/server/documents/active-content.ts';
import { complexField, docxWithBody, stallingDocx, stallingPdfs } from '../lib/hostile-documents.ts';
import { objectStream, pdfOf, pdfStream } from '../lib/pdf-objects.ts';
import { largePhoto } from '../lib/photos.ts';
import { round } from './stats.ts';

const RUNS = 5;

interface DocumentTiming {
  kind: 'hostile' | 'ordinary';
  document: string;
  sizeKB: number;
  verdict: string;
  medianMs: number;
  worstMs: number;
  medianCpuMs: number;
}

export interface DocumentsResult {
  timings: DocumentTiming[];
  /** The slowest hostile and ordinary checks, the figures the budget is about. */
  worstHostileMs: number;
  worstOrdinaryMs: number;
}

async function time(
  kind: DocumentTiming['kind'],
  document: string,
  mime: string,
  bytes: Buffer,
): Promise<DocumentTiming> {
  const verdict = await checkForActiveContent(mime, bytes);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await checkForActiveContent(mime, bytes);
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    kind,
    document,
    sizeKB: round(bytes.length / 1024, 0),
    verdict,
    medianMs: round(sorted(wall)[Math.floor(RUNS / 2)]!, 1),
    worstMs: round(Math.max(...wall), 1),
    medianCpuMs: round(sorted(cpu)[Math.floor(RUNS / 2)]!, 1),
  };
}

/** A text CV as writers lay one out: pages of Flate-compressed text, fonts, and its small objects in an object stream. */
function textCvPdf(pages = 3): Buffer {
  const line = (y: number, text: string) => `BT /F1 11 Tf 72 ${y} Td (${text}) Tj ET`;
  const objects: Array<string | Buffer> = [
    '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${6 + i * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
  ];
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects.push(
    objectStream({
      4: '<< /Type /Outlines /Count 0 >>',
      5: '<< /Producer (Microsoft Word) /Title (Curriculum vitae) >>',
    }),
  );
  objects.push('<< >>');
  for (let page = 0; page < pages; page++) {
    const text = Array.from({ length: 60 }, (_, i) =>
      line(760 - i * 11, `Experience ${page}.${i}: drafted pleadings, conveyancing and research for the firm`),
    ).join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${7 + page * 2} 0 R >>`,
    );
    objects.push(pdfStream('/Filter /FlateDecode', deflateSync(text)));
  }
  return pdfOf(objects);
}

/** A certificate scanned to PDF: one page holding one large JPEG. */
async function scannedCertificatePdf(): Promise<Buffer> {
  const jpeg = await largePhoto({ width: 2400, height: 3300, seed: 5, format: 'jpeg' });
  const scan = jpeg.subarray(0, Math.min(jpeg.length, MAX_FILE_BYTES - 4096));
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    pdfStream(
      '/Type /XObject /Subtype /Image /Width 2400 /Height 3300 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
      scan,
    ),
    pdfStream('', 'q 595 0 0 842 0 0 cm /Im1 Do Q'),
  ]);
}

/** A Word CV: many paragraphs, page-number and hyperlink fields, a photo. */
async function wordCv(): Promise<Buffer> {
  const paragraph = (i: number) =>
    `<w:p><w:r><w:t>Legal research and drafting, item ${i}: pleadings, opinions and agreements.</w:t></w:r></w:p>`;
  const body =
    Array.from({ length: 1500 }, (_, i) => paragraph(i)).join('') +
    complexField(['HYPERLINK "https://www.linkedin.com/in/achieng"'], 'LinkedIn') +
    complexField([' PAGE '], '1');
  const photo = await largePhoto({ width: 600, height: 750, seed: 2, format: 'jpeg' });
  return docxWithBody(body, [{ name: 'word/media/image1.jpeg', content: photo }]);
}

export async function benchDocuments(): Promise<DocumentsResult> {
  const timings: DocumentTiming[] = [];
  for (const [name, bytes] of Object.entries(stallingPdfs()))
    timings.push(await time('hostile', `PDF: ${name}`, fileTypes.pdf.mime, bytes));
  for (const [name, bytes] of Object.entries(stallingDocx()))
    timings.push(await time('hostile', `.docx: ${name}`, fileTypes.docx.mime, bytes));
  const photo = await largePhoto({ width: 2400, height: 1600, seed: 7, format: 'jpeg' });
  const ordinary: Array<[string, string, Buffer]> = [
    ['PDF: a CV of three text pages', fileTypes.pdf.mime, textCvPdf()],
    ['PDF: a scanned certificate, one large JPEG page', fileTypes.pdf.mime, await scannedCertificatePdf()],
    ['.docx: a CV with fields and a photo', fileTypes.docx.mime, await wordCv()],
    ['JPEG: a photo as the form reduces it', fileTypes.jpeg.mime, photo],
  ];
  for (const [name, mime, bytes] of ordinary) timings.push(await time('ordinary', name, mime, bytes));
  const worst = (kind: DocumentTiming['kind']) =>
    Math.max(...timings.filter((timing) => timing.kind === kind).map((timing) => timing.worstMs));
  return { timings, worstHostileMs: worst('hostile'), worstOrdinaryMs: worst('ordinary') };
}
