// Pictures built to make a decoder spend memory or time out of all proportion
// to their size, as issue 48's review sent them: a progressive JPEG whose frame
// claims 14000 × 14000 pixels (a decoder keeps every coefficient of a progressive
// picture: gigabytes), and one of thousands of scans (each a pass over the whole
// picture). Made from a small honest picture by rewriting its frame or repeating
// its last scan, so nothing large is committed. For the unit and integration
// tests and the bench's "pictures" stage.
import sharp from 'sharp';

const SOF2 = Buffer.from([0xff, 0xc2]);
const SOS = Buffer.from([0xff, 0xda]);
const EOI = Buffer.from([0xff, 0xd9]);

/** A small progressive colour JPEG (10 scans, as libjpeg writes them), of noise so every scan has data. */
export async function smallProgressiveJpeg(width = 16, height = 16): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ progressive: true, quality: 90 })
    .toBuffer();
}

/** `jpeg` (progressive, as smallProgressiveJpeg makes it) with its frame saying `width` × `height`. */
export function withFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  const frame = copy.indexOf(SOF2);
  copy.writeUInt16BE(height, frame + 5);
  copy.writeUInt16BE(width, frame + 7);
  return copy;
}

/** The number of scans in `jpeg`: its SOS markers (never found in coded data, where 0xFF is followed by 0). */
function scansOf(jpeg: Buffer): number {
  let count = 0;
  for (let at = jpeg.indexOf(SOS); at >= 0; at = jpeg.indexOf(SOS, at + 2)) count++;
  return count;
}

/** `jpeg` with its last scan repeated until it has `scans` scans. */
export function withScans(jpeg: Buffer, scans: number): Buffer {
  const last = jpeg.lastIndexOf(SOS);
  const end = jpeg.lastIndexOf(EOI);
  const repeats = Math.max(0, scans - scansOf(jpeg));
  return Buffer.concat([jpeg.subarray(0, end), ...Array(repeats).fill(jpeg.subarray(last, end)), EOI]);
}

const segment = (marker: number, body: readonly number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 0xff,
  ...body,
];

/** Bits packed into bytes, padded with ones, each 0xFF followed by a stuffed 0x00. */
function codedData(bits: string): number[] {
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const bytes: number[] = [];
  for (let i = 0; i < padded.length; i += 8) {
    const byte = parseInt(padded.slice(i, i + 8), 2);
    bytes.push(...(byte === 0xff ? [0xff, 0x00] : [byte]));
  }
  return bytes;
}

/**
 * A grey progressive JPEG of `width` × `height` (each a multiple of 8, with a number of 8 × 8 blocks that
 * divides into runs of 16,384 to 32,767) whose `scans` − 1 AC scans each skip every block with end-of-band
 * runs: a few bytes a scan, yet each one a pass over the whole picture for a decoder.
 */
function jpegOfScans(width: number, height: number, scans: number): Buffer {
  const blocks = (width / 8) * (height / 8);
  const runs = Math.ceil(blocks / 32_767);
  const run = blocks / runs;
  if (!Number.isInteger(run) || run < 16_384) throw new Error(`${blocks} blocks do not divide into runs`);
  const dc = codedData('0'.repeat(blocks)); // each block's DC difference: category 0, code 0
  const eobRuns = codedData(`0${(run - 16_384).toString(2).padStart(14, '0')}`.repeat(runs)); // EOB14, code 0
  const scan = (spectralStart: number, spectralEnd: number, data: number[]) => [
    ...segment(0xda, [1, 1, 0x00, spectralStart, spectralEnd, 0x00]),
    ...data,
  ];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...Array(64).fill(1)]),
    ...segment(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, 1, ...Array(15).fill(0), 0x00]), // DC table 0: category 0 only
    ...segment(0xc4, [0x10, 1, ...Array(15).fill(0), 0xe0]), // AC table 0: EOB14 only
    ...scan(0, 0, dc),
    ...Array.from({ length: scans - 1 }, () => scan(1, 63, eobRuns)).flat(),
    0xff,
    0xd9,
  ]);
}

/** The review's shapes, each well under the form's 2 MB. */
export async function hostilePictures(): Promise<Record<string, Buffer>> {
  return {
    'a progressive JPEG of 14000 × 14000': withFrameSize(await smallProgressiveJpeg(), 14_000, 14_000),
    'a progressive JPEG of 10,801 scans': jpegOfScans(4_000, 3_000, 10_801),
  };
}
