// A picture rebuilt from its pixels by sharp (libvips): decoded, turned upright
// as its EXIF orientation says, and encoded anew in its own format. Nothing of
// the original file but the pixels survives: no EXIF (the GPS position of a
// phone photo among it), no comments, no bytes after the image's end.
import sharp from 'sharp';
import { RebuildRefused } from './refusal.ts';

/** A 200-megapixel phone photo is 16,320 × 12,240; anything larger is no photo of a certificate. */
const MAX_PIXELS = 200_000_000;

export async function reencodeImage(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    const upright = image.rotate();
    if (format === 'jpeg') return await upright.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
    if (format === 'png') return await upright.png({ compressionLevel: 6 }).toBuffer();
    if (format === 'gif') return await upright.gif().toBuffer();
    throw new Error(`a ${format ?? 'unknown'} image`);
  } catch (error) {
    throw new RebuildRefused('unreadable', `the image could not be read: ${String(error)}`);
  }
}
