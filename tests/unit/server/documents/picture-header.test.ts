// A picture's header read without decoding it
// (src/server/documents/rebuild/picture-header.ts), and the limits held before
// any decoder starts (image.ts): whatever the bytes, an answer and never a
// throw; generated headers read as what they state; the review's pictures refused.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JPEG_SCANS, MAX_PIXELS, pastLimits } from '../../../../src/server/documents/rebuild/image.ts';
import { readPictureHeader } from '../../../../src/server/documents/rebuild/picture-header.ts';
import {
  hostilePictures,
  smallProgressiveJpeg,
  withFrameSize,
  withScans,
} from '../../../../scripts/lib/hostile-pictures.ts';

const corpus = (name: string) => readFileSync(new URL(`../../../fixtures/documents/corpus/${name}`, import.meta.url));

/** A PNG signature and IHDR chunk stating what it is given (its CRC is not read). */
function pngHeader(width: number, height: number, bitDepth: number, colourType: number, interlace: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([bitDepth, colourType, 0, 0, interlace], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** A GIF of the given screen with one frame per size in `frames`, each of one byte of LZW data. */
function gifOf(width: number, height: number, frames: ReadonlyArray<[number, number]>): Buffer {
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const bytes = [...Buffer.from('GIF89a', 'latin1'), ...u16(width), ...u16(height), 0x80, 0, 0, ...Array(6).fill(0)];
  for (const [w, h] of frames) {
    bytes.push(0x21, 0xf9, 4, 0, 0, 0, 0, 0); // a graphic control extension
    bytes.push(0x2c, ...u16(0), ...u16(0), ...u16(w), ...u16(h), 0, 2, 1, 0x44, 0);
  }
  return Buffer.from([...bytes, 0x3b]);
}

const dimension = fc.integer({ min: 1, max: 0xffff });

describe('a picture’s header', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await smallProgressiveJpeg();
  });

  it('any bytes, or a real picture cut or damaged anywhere, give an answer and never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }),
          fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), tail])),
          fc
            .uint8Array({ maxLength: 64 })
            .map((tail) => Buffer.concat([pngHeader(1, 1, 8, 2, 0).subarray(0, 8), tail])),
          fc.uint8Array({ maxLength: 64 }).map((tail) => Buffer.concat([Buffer.from('GIF89a'), tail])),
          fc
            .tuple(fc.nat(jpeg.length), fc.nat(jpeg.length), fc.integer({ min: 0, max: 255 }))
            .map(([cut, at, byte]) => Object.assign(Buffer.from(jpeg.subarray(0, cut)), { [at]: byte })),
        ),
        (bytes) => {
          const reading = readPictureHeader(bytes);
          expect(typeof reading.ok).toBe('boolean');
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('of a progressive JPEG reads the size its frame states and the number of its scans', () => {
    fc.assert(
      fc.property(dimension, dimension, fc.integer({ min: 10, max: 400 }), (width, height, scans) => {
        expect(readPictureHeader(withFrameSize(withScans(jpeg, scans), width, height))).toEqual({
          ok: true,
          header: { format: 'jpeg', width, height, components: 3, progressive: true, scans },
        });
      }),
      { numRuns: 200 },
    );
  });

  it('of a PNG reads its IHDR; a bit depth its colour type does not allow is refused', () => {
    const valid = fc.constantFrom(
      ...[0, 2, 3, 4, 6].flatMap((colourType) =>
        [1, 2, 4, 8, 16]
          .filter((depth) => (colourType === 0 ? true : colourType === 3 ? depth <= 8 : depth >= 8))
          .map((bitDepth) => [colourType, bitDepth] as const),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        valid,
        fc.boolean(),
        (width, height, [colourType, bitDepth], interlaced) => {
          expect(readPictureHeader(pngHeader(width, height, bitDepth, colourType, interlaced ? 1 : 0))).toEqual({
            ok: true,
            header: { format: 'png', width, height, bitDepth, colourType, interlaced },
          });
        },
      ),
    );
    expect(readPictureHeader(pngHeader(10, 10, 16, 3, 0)).ok).toBe(false);
    expect(readPictureHeader(pngHeader(10, 10, 8, 2, 2)).ok).toBe(false);
  });

  it('of a GIF reads its screen, every frame and the largest of them', () => {
    fc.assert(
      fc.property(
        dimension,
        dimension,
        fc.array(fc.tuple(dimension, dimension), { minLength: 1, maxLength: 40 }),
        (width, height, frames) => {
          expect(readPictureHeader(gifOf(width, height, frames))).toEqual({
            ok: true,
            header: {
              format: 'gif',
              width,
              height,
              frames: frames.length,
              largestFrame: Math.max(...frames.map(([w, h]) => w * h)),
            },
          });
        },
      ),
    );
  });

  it('of the corpus’s phone photo and scan is within the limits', () => {
    for (const name of ['phone-photo-certificate-exif-gps.jpg', 'scanned-cover-letter-200dpi-gray.png']) {
      const reading = readPictureHeader(corpus(name));
      expect(reading.ok && pastLimits(reading.header), name).toBeUndefined();
    }
  });

  it('of the review’s pictures is past the limits: 14000 × 14000 pixels, 10,801 scans', async () => {
    const pictures = await hostilePictures();
    const past = Object.values(pictures).map((bytes) => {
      const reading = readPictureHeader(bytes);
      return reading.ok ? pastLimits(reading.header) : reading.detail;
    });
    expect(past).toEqual([`14000 × 14000 pixels, more than ${MAX_PIXELS}`, `10801 scans, more than ${MAX_JPEG_SCANS}`]);
  });
});
