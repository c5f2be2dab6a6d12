// PDFs that are cheap for the rebuild but hold whoever opens the copy (issue
// 48): content or pictures that inflate 500–1000:1, forms nested to draw billions
// of times, a form that draws itself, a picture of a billion pixels, and inline
// images with filters the allowlist does not hold. Built in memory at any size;
// a zlib stream of repeated data is made from one compressed piece, so 1 GiB
// costs a moment. For the unit tests, the integration test and the bench.
import { constants, deflateRawSync } from 'node:zlib';
import { pdfOf, pdfStream } from './pdf-objects.ts';

const MiB = 1024 * 1024;
const ADLER_BASE = 65_521;

function adler32(data: Uint8Array): number {
  let [a, b] = [1, 0];
  for (const byte of data) {
    a = (a + byte) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of two pieces joined, from theirs and the second's length. */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let a = first & 0xffff;
  let b = (remainder * a) % ADLER_BASE;
  a += (second & 0xffff) + ADLER_BASE - 1;
  b += (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  a %= ADLER_BASE;
  b %= ADLER_BASE;
  return ((b << 16) | a) >>> 0;
}

/**
 * A zlib stream of `piece` repeated `times` times: the piece deflated once and
 * ended with a sync flush (so it ends on a byte and refers to nothing before
 * it), repeated, then a last empty block and the checksum.
 */
export function deflatedRepeats(piece: Buffer, times: number): Buffer {
  const block = deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const pieceSum = adler32(piece);
  let sum = 1;
  for (let n = 0; n < times; n++) sum = adlerCombine(sum, pieceSum, piece.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(sum);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(times).fill(block), deflateRawSync(''), checksum]);
}

/** A one-page PDF whose page has `resources` and draws `content` (written as it is), followed by `more` objects from 5. */
function onePage(resources: string, content: Buffer, filter = '', ...more: Array<string | Buffer>): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << ${resources} >> /Contents 4 0 R >>`,
    pdfStream(filter, content),
    ...more,
  ]);
}

/** Short strokes: what a viewer draws slowest for their size. */
const strokes = Buffer.from('0 0 m 1 1 l S\n'.repeat(74_898)); // 1 MiB, less 4 bytes

/** Forms 5, 6, …: each of the first `depth` draws the next `fanOut` times; the last strokes a line. */
function nestedForms(depth: number, fanOut: number): Buffer {
  const forms = Array.from({ length: depth + 1 }, (_, level) =>
    level < depth
      ? pdfStream(
          `/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /F ${level + 6} 0 R >> >>`,
          'q /F Do Q\n'.repeat(fanOut),
        )
      : pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 200 200]', '0 0 m 200 200 l S'),
  );
  return onePage('/XObject << /F 5 0 R >>', Buffer.from('/F Do'), '', ...forms);
}

/** A page showing an inline image of 8×8 grey pixels whose dictionary names `filter`, its data `data`. */
export const inlineImagePage = (filter: string, data: Buffer | string) =>
  onePage(
    '',
    Buffer.concat([
      Buffer.from(`q 100 0 0 100 50 50 cm BI /W 8 /H 8 /CS /G /BPC 8 ${filter} ID `),
      Buffer.from(data as string | Buffer),
      Buffer.from('\nEI Q\n0 0 m 200 200 l S\n'),
    ]),
  );

/**
 * Each PDF that holds a viewer, or carries an inline image filter the
 * allowlist lacks. Strokes compress 500:1 and a grey picture 1000:1, so the
 * review's sizes (768 MiB and 1 GiB) fit the form's 2 MiB; less is quicker to test.
 */
export const viewerStallingPdfs = ({ strokesMiB = 256, pictureMiB = 256 } = {}): Record<string, Buffer> => ({
  [`page content that inflates 500:1 to ${strokesMiB} MiB of strokes`]: onePage(
    '',
    deflatedRepeats(strokes, strokesMiB),
    '/Filter /FlateDecode',
  ),
  [`a picture whose data inflates 1000:1 to ${pictureMiB} MiB`]: onePage(
    '/XObject << /Im 5 0 R >>',
    Buffer.from('q 200 0 0 200 0 0 cm /Im Do Q'),
    '',
    pdfStream(
      '/Type /XObject /Subtype /Image /Width 8192 /Height 8192 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
      deflatedRepeats(Buffer.alloc(MiB, 0x80), pictureMiB),
    ),
  ),
  'forms nested 12 deep, each drawing the next 8 times (8^12 draws)': nestedForms(12, 8),
  'a form that draws itself': onePage(
    '/XObject << /F 5 0 R >>',
    Buffer.from('/F Do'),
    '',
    pdfStream('/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /F 5 0 R >> >>', '/F Do'),
  ),
  'a JPEG picture of 40000×40000 pixels': onePage(
    '/XObject << /Im 5 0 R >>',
    Buffer.from('q 200 0 0 200 0 0 cm /Im Do Q'),
    '',
    pdfStream(
      '/Type /XObject /Subtype /Image /Width 40000 /Height 40000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    ),
  ),
  'an inline image with a JBIG2 filter': inlineImagePage('/F /JBIG2Decode', Buffer.alloc(64, 0x97)),
  'an inline image with an unknown filter': inlineImagePage('/F /Sandbox', Buffer.alloc(64, 0x97)),
});
