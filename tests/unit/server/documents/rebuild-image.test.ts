// A photo or scan rebuilt from its pixels (src/server/documents/rebuild/image.ts):
// the same picture, upright, with nothing of the original file but its pixels —
// no EXIF, so no GPS position of the phone that took it.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reencodeImage } from '../../../../src/server/documents/rebuild/image.ts';

const corpus = (name: string) => readFileSync(new URL(`../../../fixtures/documents/corpus/${name}`, import.meta.url));

/** The mean difference per channel between two pictures of the same size, 0–255. */
async function meanDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect(right!.info.width).toBe(left!.info.width);
  expect(right!.info.height).toBe(left!.info.height);
  let sum = 0;
  for (let i = 0; i < left!.data.length; i++) sum += Math.abs(left!.data[i]! - right!.data[i]!);
  return sum / left!.data.length;
}

describe('a photo, rebuilt', () => {
  it('a phone photo of a certificate loses its EXIF (GPS position, camera, thumbnail) and keeps its picture', async () => {
    const original = corpus('phone-photo-certificate-exif-gps.jpg');
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const copy = await reencodeImage(original);
    const metadata = await sharp(copy).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(Buffer.from(copy).includes(Buffer.from('Exif'))).toBe(false);
    expect(await meanDifference(original, copy)).toBeLessThan(2);
  });

  it('a scan saved as PNG stays a PNG of the same pixels', async () => {
    const original = corpus('scanned-cover-letter-200dpi-gray.png');
    const copy = await reencodeImage(original);
    expect((await sharp(copy).metadata()).format).toBe('png');
    expect(await meanDifference(original, copy)).toBe(0);
  });

  it('bytes after the picture’s end are not carried over', async () => {
    const original = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
        .png()
        .toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect(Buffer.from(await reencodeImage(original)).includes(Buffer.from('script'))).toBe(false);
  });

  it('a file that only starts like a picture is refused as unreadable', async () => {
    await expect(reencodeImage(Buffer.from('\x89PNG\r\n\x1a\nnot really'))).rejects.toMatchObject({
      reason: 'unreadable',
    });
  });
});
