// Large, photo-like images made in code, as an editor's camera upload would
// be: smooth light and shade with fine grain, which compresses like a photo.
//   largePhoto({ seed: 3 })                      a 2400×1600 PNG of about 2.7 MB
//   largePhoto({ seed: 3, format: 'jpeg' })      the same as a camera JPEG
//   cameraPhoto({ portrait: true })              a 12-megapixel phone photo of 3.9 MB, EXIF-rotated
import sharp from 'sharp';

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Changes the picture: the same seed always gives the same bytes. */
  seed?: number;
  format?: 'png' | 'jpeg';
}

export async function largePhoto({
  width = 2400,
  height = 1600,
  seed = 1,
  format = 'png',
}: PhotoOptions = {}): Promise<Buffer> {
  const image = sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** RGB pixels of a photo-like picture; `grain` is the noise's spread in levels of 255. */
function photoPixels(width: number, height: number, seed: number, grain = 0.6): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761 || 1;
  const noise = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * grain;
  };
  const phase = seed * 0.7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = Math.sin(x / 210 + phase) * Math.cos(y / 160 - phase);
      const shade = Math.sin((x + y) / 340 + phase);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 120 + 60 * light + 40 * shade + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, 100 + 50 * shade + 30 * light + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, 80 + 70 * light * shade + noise()));
    }
  }
  return pixels;
}

/** The share of a camera photo's height, from the top as it is seen, painted red to tell which way is up. */
export const TOP_BAND = 0.1;

/**
 * A 12-megapixel phone photo as the camera saves it: a 4000×3000 JPEG of about
 * 3.9 MB (a sensor's noise keeps it from compressing well), with a red band
 * along the top of the picture as it is seen. A `portrait` photo is seen
 * 3000×4000 but stored on its side, 4000×3000 with EXIF orientation 6 (turn
 * 90° clockwise to view), as phones save photos taken upright.
 */
export async function cameraPhoto({ portrait = false, seed = 1 } = {}): Promise<Buffer> {
  const [width, height] = portrait ? [3000, 4000] : [4000, 3000];
  const pixels = photoPixels(width, height, seed, 40);
  for (let i = 0; i < width * Math.round(height * TOP_BAND); i++) pixels.set([220, 20, 20], i * 3);
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  const stored = portrait
    ? sharp(await image.rotate(270).raw().toBuffer(), { raw: { width: height, height: width, channels: 3 } })
    : image;
  return (portrait ? stored.withMetadata({ orientation: 6 }) : stored).jpeg({ quality: 90 }).toBuffer();
}
