// Pictures are decoded in a child process (src/server/documents/rebuild/image.ts,
// picture-decoder.ts) that a kill reaches: past its budget, past its memory
// ceiling, or when the document's worker is stopped, the decoder is gone; and
// a picture past the header's limits starts none at all.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { decodePicture, reencodeImage } from '../../../../src/server/documents/rebuild/image.ts';
import { hostilePictures } from '../../../../scripts/lib/hostile-pictures.ts';
import { processTree } from '../../../../scripts/lib/process-tree.ts';

/** This process's picture decoders still running. */
const decoders = () =>
  processTree(process.pid)
    .slice(1)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('picture-decoder');
      } catch {
        return false;
      }
    });

async function noDecoderWithin(ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (decoders().length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(decoders()).toEqual([]);
}

/** 4000 × 4000 pixels of noise, within the limits and slow to decode and encode (0.5 s as a PNG, 1.5 s as this JPEG). */
async function slowPicture(format: 'png' | 'jpeg'): Promise<Buffer> {
  const side = 4_000;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 2_654_435_761) >>> 24) & 0xff;
  const image = sharp(pixels, { raw: { width: side, height: side, channels: 3 } });
  if (format === 'png') return image.png({ compressionLevel: 1 }).toBuffer();
  return image.withMetadata({ orientation: 6 }).jpeg({ progressive: true, quality: 90 }).toBuffer();
}

describe('a picture’s decoder', () => {
  it('past its budget is killed and its process is gone; the next picture gets a decoder of its own', async () => {
    const answer = await decodePicture({ bytes: await slowPicture('png'), maxPixels: 16_000_000 }, 100);
    expect(answer).toEqual({ tooSlow: true, ms: 100 });
    await noDecoderWithin(500);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect((await sharp(await reencodeImage(png)).metadata()).width).toBe(4);
  });

  it('past its memory ceiling ends itself: a 14000 × 14000 progressive JPEG let past the header is refused', async () => {
    const pictures = await hostilePictures();
    const answer = await decodePicture(
      { bytes: pictures['a progressive JPEG of 14000 × 14000']!, maxPixels: 14_000 * 14_000 },
      10_000,
    );
    expect(answer).toMatchObject({ ok: false, detail: expect.stringContaining('SIGKILL') });
    await noDecoderWithin(500);
  });

  it('goes with its document’s worker when the worker is stopped mid-decode', { timeout: 60_000 }, async () => {
    const worker = new Worker(new URL('../../../support/decode-in-worker.ts', import.meta.url), {
      workerData: { bytes: await slowPicture('jpeg') },
    });
    const deadline = performance.now() + 30_000;
    while (decoders().length === 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(decoders()).toHaveLength(1);
    await worker.terminate();
    await noDecoderWithin(3_000); // milliseconds on an idle machine; seconds when other work crowds it
  });

  it('is never started for the review’s pictures: they are refused from their header', async () => {
    for (const bytes of Object.values(await hostilePictures())) {
      await expect(reencodeImage(bytes)).rejects.toMatchObject({
        reason: 'unreadable',
        message: expect.stringContaining('past the limits'),
      });
      expect(decoders()).toEqual([]);
    }
  });
});
