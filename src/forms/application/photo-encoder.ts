// Decoding a chosen photo and re-encoding it as a smaller JPEG, the same way in
// the photo worker (OffscreenCanvas) and on the main thread (a <canvas>) for
// browsers without one. What to try comes from photo-reduction.ts.
import { MAX_FILE_BYTES } from './application.ts';
import { encodingAttempts, shouldReducePhoto, type Dimensions } from './photo-reduction.ts';

/** A canvas of one size: draws the photo on it and encodes what it holds. */
interface PhotoCanvas {
  draw(photo: ImageBitmap): void;
  toJpeg(quality: number): Promise<Blob | null>;
}

export type CreatePhotoCanvas = (size: Dimensions) => PhotoCanvas;

/**
 * Draws on a 2D context: white first, because a JPEG has no transparency and a
 * PNG scan's transparent background would otherwise come out black.
 */
function drawOnWhite(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  photo: ImageBitmap,
  { width, height }: Dimensions,
) {
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(photo, 0, 0, width, height);
}

export const offscreenPhotoCanvas: CreatePhotoCanvas = (size) => {
  const canvas = new OffscreenCanvas(size.width, size.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('OffscreenCanvas has no 2D context');
  return {
    draw: (photo) => drawOnWhite(context, photo, size),
    toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
  };
};

export const elementPhotoCanvas: CreatePhotoCanvas = (size) => {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas has no 2D context');
  return {
    draw: (photo) => drawOnWhite(context, photo, size),
    toJpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
  };
};

/**
 * The photo re-encoded as a JPEG of at most MAX_FILE_BYTES, or null when it is
 * to be sent as chosen: it needs no reduction, cannot be decoded, or no
 * attempt came out small enough (the form's usual size check then speaks).
 * Errors of the canvas itself are thrown, so a caller can try another way.
 */
export async function reducePhoto(file: File, createCanvas: CreatePhotoCanvas): Promise<Blob | null> {
  let photo: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation: a portrait photo stays upright once the tag is gone.
    photo = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    if (!shouldReducePhoto(file, photo)) return null;
    let canvas: { size: Dimensions; surface: PhotoCanvas } | null = null;
    for (const { quality, ...size } of encodingAttempts(photo)) {
      if (canvas?.size.width !== size.width || canvas.size.height !== size.height) {
        canvas = { size, surface: createCanvas(size) };
        canvas.surface.draw(photo);
      }
      const jpeg = await canvas.surface.toJpeg(quality);
      // A browser that cannot encode JPEG hands back a PNG instead, which would only grow.
      if (!jpeg || jpeg.type !== 'image/jpeg') return null;
      if (jpeg.size <= MAX_FILE_BYTES) return jpeg;
    }
    return null;
  } finally {
    photo.close();
  }
}
