// Large, photo-like images made in code, as an editor's camera upload would
// be: smooth light and shade with fine grain, which compresses like a photo.
//   largePhoto({ seed: 3 })                      a 2400×1600 PNG of about 2.7 MB
//   largePhoto({ seed: 3, format: 'jpeg' })      the same as a camera JPEG
import sharp from 'sharp';

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Changes the picture: the same seed always gives the same bytes. */
  seed?: number;
  format?: 'png' | 'jpeg';
}

export async function largePhoto({ width = 2400, height = 1600, seed = 1, format = 'png' }: PhotoOptions = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2_654_435_761 || 1;
  const grain = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * 0.6;
  };
  const phase = seed * 0.7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = Math.sin(x / 210 + phase) * Math.cos(y / 160 - phase);
      const shade = Math.sin((x + y) / 340 + phase);
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, 120 + 60 * light + 40 * shade + grain()));
      pixels[i + 1] = Math.max(0, Math.min(255, 100 + 50 * shade + 30 * light + grain()));
      pixels[i + 2] = Math.max(0, Math.min(255, 80 + 70 * light * shade + grain()));
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}
