// Phone photos of certificates, made small enough to send: the decisions of the
// application form's photo reduction, free of any browser API so they can be
// unit-tested. photo-encoder.ts does the decoding and encoding.
//
// A 12-megapixel camera JPEG is 3–5 MB, over the 2 MB a file may be. At 2,400 px
// on its long side a certificate's small print is still sharp and a JPEG at
// quality 0.85 is well under 1 MB; below 1,600 px the print starts to blur.
import { acceptsPhotos, fileAccept, formatBytes, MAX_FILE_BYTES, type ApplicationFileField } from './application.ts';

/** The long side a reduced photo has at most, in pixels. */
export const PHOTO_LONG_SIDE = 2400;
/** The long side a photo is never reduced below (unless it was smaller to begin with). */
const PHOTO_MIN_LONG_SIDE = 1600;
/** The JPEG quality tried first. */
const PHOTO_QUALITY = 0.85;

/** Photo formats a browser decodes. The server takes JPEG and PNG; a WebP is always converted to JPEG. */
const photoExtensions = { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'] } as const;
export type PhotoType = keyof typeof photoExtensions;

export interface Dimensions {
  width: number;
  height: number;
}

/** A chosen file as the form sees it (a browser `File` fits). */
export interface PhotoFile {
  name: string;
  type: string;
  size: number;
}

/** The `accept` attribute of a document's input: WebP too where photos are taken, since it is converted. */
export const photoAwareAccept = (field: ApplicationFileField) =>
  acceptsPhotos(field) ? `${fileAccept(field)},.webp,image/webp` : fileAccept(field);

const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The photo format of a file, from its type or, when the browser gives none it knows, its extension. */
export function photoTypeOf({ name, type }: Pick<PhotoFile, 'name' | 'type'>): PhotoType | null {
  const types = Object.keys(photoExtensions) as PhotoType[];
  const extension = extensionOf(name);
  return (
    types.find((photoType) => photoType === type) ??
    types.find((photoType) => (photoExtensions[photoType] as readonly string[]).includes(extension)) ??
    null
  );
}

/** Whether the file in this field is a photo worth decoding to see whether it must be reduced. */
export const isPhotoFor = (field: ApplicationFileField, file: Pick<PhotoFile, 'name' | 'type'>) =>
  acceptsPhotos(field) && photoTypeOf(file) !== null;

const longSide = ({ width, height }: Dimensions) => Math.max(width, height);

/** Whether a decoded photo is re-encoded: too many bytes, too many pixels, or a WebP the server would refuse. */
export function shouldReducePhoto(file: PhotoFile, dimensions: Dimensions): boolean {
  return photoTypeOf(file) === 'image/webp' || file.size > MAX_FILE_BYTES || longSide(dimensions) > PHOTO_LONG_SIDE;
}

/** `dimensions` scaled so the long side is at most `maxLongSide`, keeping the shape; never enlarged. */
export function scaledToLongSide(dimensions: Dimensions, maxLongSide: number): Dimensions {
  const scale = Math.min(1, maxLongSide / longSide(dimensions));
  return {
    width: Math.max(1, Math.round(dimensions.width * scale)),
    height: Math.max(1, Math.round(dimensions.height * scale)),
  };
}

export interface EncodingAttempt extends Dimensions {
  quality: number;
}

/** Qualities tried at the largest size before the size itself comes down. */
const QUALITY_STEPS = [PHOTO_QUALITY, 0.75, 0.65] as const;
/** Long sides tried, at the lowest quality, when the quality steps were not enough. */
const LONG_SIDE_STEPS = [PHOTO_LONG_SIDE, 2000, PHOTO_MIN_LONG_SIDE] as const;

/**
 * The encodings to try, in order, until one is small enough: the quality
 * steps down first (it costs the eye least), then the long side towards
 * 1,600 px. A photo smaller than that is never enlarged.
 */
export function encodingAttempts(original: Dimensions): EncodingAttempt[] {
  const [largest, ...smaller] = LONG_SIDE_STEPS.map((side) => scaledToLongSide(original, side));
  const attempts: EncodingAttempt[] = QUALITY_STEPS.map((quality) => ({ ...largest!, quality }));
  const lowest = QUALITY_STEPS.at(-1)!;
  for (const size of smaller) {
    const previous = attempts.at(-1)!;
    if (longSide(size) < longSide(previous)) attempts.push({ ...size, quality: lowest });
  }
  return attempts;
}

const replacedExtensions = new Set(['jpg', 'jpeg', 'png', 'webp', 'heic', 'heif']);

/** The reduced photo's name: the chosen name with a .jpg extension ("IMG_2041.HEIC.jpeg" → "IMG_2041.jpg"). */
export function reducedPhotoName(name: string): string {
  let base = name.trim();
  while (replacedExtensions.has(extensionOf(base))) base = base.slice(0, base.lastIndexOf('.'));
  base = base.replace(/\.+$/, '');
  return `${base || 'photo'}.jpg`;
}

/** What the field says once its photo was re-encoded. */
export function photoReducedMessage(before: number, after: number): string {
  return after < before
    ? `Photo reduced from ${formatBytes(before)} to ${formatBytes(after)}`
    : `Photo converted to JPEG (${formatBytes(after)})`;
}
