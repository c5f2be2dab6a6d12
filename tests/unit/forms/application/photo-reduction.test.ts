import { describe, expect, it } from 'vitest';
import { fileAccept, MAX_FILE_BYTES } from '../../../../src/forms/application/application.ts';
import {
  encodingAttempts,
  isPhotoFor,
  photoAwareAccept,
  photoReducedMessage,
  photoTypeOf,
  reducedPhotoName,
  scaledToLongSide,
  shouldReducePhoto,
} from '../../../../src/forms/application/photo-reduction.ts';

const MB = 1024 * 1024;
const photo = (size: number, type = 'image/jpeg', name = 'IMG_2041.jpg') => ({ name, type, size });

describe('which chosen files are photos to look at', () => {
  it('takes JPEG, PNG and WebP photos for the three certificates, never for the CV', () => {
    for (const field of ['kcse_file', 'ksl_file', 'llb_degree_file'] as const) {
      expect(isPhotoFor(field, { name: 'a.jpg', type: 'image/jpeg' })).toBe(true);
      expect(isPhotoFor(field, { name: 'a.png', type: 'image/png' })).toBe(true);
      expect(isPhotoFor(field, { name: 'a.webp', type: 'image/webp' })).toBe(true);
      expect(isPhotoFor(field, { name: 'a.pdf', type: 'application/pdf' })).toBe(false);
    }
    expect(isPhotoFor('cv_file', { name: 'cv.jpg', type: 'image/jpeg' })).toBe(false);
  });

  it('knows the format from the type, or from the extension when the browser gives no type it knows', () => {
    expect(photoTypeOf({ name: 'scan', type: 'image/png' })).toBe('image/png');
    expect(photoTypeOf({ name: 'IMG_2041.JPEG', type: '' })).toBe('image/jpeg');
    expect(photoTypeOf({ name: 'cert.webp', type: 'application/octet-stream' })).toBe('image/webp');
    expect(photoTypeOf({ name: 'IMG_2041.HEIC', type: 'image/heic' })).toBeNull();
    expect(photoTypeOf({ name: 'notes.txt', type: 'text/plain' })).toBeNull();
  });

  it('offers WebP in the certificates’ file picker (it is converted), and keeps JPEG for iPhones’ HEIC conversion', () => {
    expect(photoAwareAccept('kcse_file')).toBe(`${fileAccept('kcse_file')},.webp,image/webp`);
    expect(photoAwareAccept('kcse_file').split(',')).toContain('image/jpeg');
    expect(photoAwareAccept('cv_file')).toBe(fileAccept('cv_file'));
  });
});

describe('which photos are reduced', () => {
  it('reduces a photo over the size limit, however small its dimensions', () => {
    expect(shouldReducePhoto(photo(MAX_FILE_BYTES + 1), { width: 1200, height: 900 })).toBe(true);
    expect(shouldReducePhoto(photo(MAX_FILE_BYTES), { width: 1200, height: 900 })).toBe(false);
  });

  it('reduces a photo longer than 2,400 px on its long side, however few bytes it has', () => {
    expect(shouldReducePhoto(photo(900 * 1024), { width: 4000, height: 3000 })).toBe(true);
    expect(shouldReducePhoto(photo(900 * 1024, 'image/png', 'scan.png'), { width: 1800, height: 2401 })).toBe(true);
    expect(shouldReducePhoto(photo(900 * 1024), { width: 2400, height: 1800 })).toBe(false);
  });

  it('leaves a 2000×1500 photo under the limit as it is', () => {
    expect(shouldReducePhoto(photo(1.5 * MB), { width: 2000, height: 1500 })).toBe(false);
  });

  it('always converts a WebP, which the server does not take, even a small one', () => {
    expect(shouldReducePhoto(photo(80 * 1024, 'image/webp', 'cert.webp'), { width: 800, height: 600 })).toBe(true);
  });
});

describe('the size of a reduced photo', () => {
  it('brings the long side down to 2,400 px, keeping the shape', () => {
    expect(scaledToLongSide({ width: 4000, height: 3000 }, 2400)).toEqual({ width: 2400, height: 1800 });
    expect(scaledToLongSide({ width: 3000, height: 4000 }, 2400)).toEqual({ width: 1800, height: 2400 });
    expect(scaledToLongSide({ width: 4032, height: 3024 }, 2400)).toEqual({ width: 2400, height: 1800 });
  });

  it('never enlarges a photo', () => {
    expect(scaledToLongSide({ width: 2000, height: 1500 }, 2400)).toEqual({ width: 2000, height: 1500 });
  });

  it('tries quality 0.85 at 2,400 px first, then lower qualities, then smaller sizes down to 1,600 px', () => {
    expect(encodingAttempts({ width: 4000, height: 3000 })).toEqual([
      { width: 2400, height: 1800, quality: 0.85 },
      { width: 2400, height: 1800, quality: 0.75 },
      { width: 2400, height: 1800, quality: 0.65 },
      { width: 2000, height: 1500, quality: 0.65 },
      { width: 1600, height: 1200, quality: 0.65 },
    ]);
  });

  it('never goes below 1,600 px on the long side, nor below the original', () => {
    const portrait = encodingAttempts({ width: 3000, height: 4000 });
    expect(portrait[0]).toEqual({ width: 1800, height: 2400, quality: 0.85 });
    expect(Math.min(...portrait.map(({ width, height }) => Math.max(width, height)))).toBe(1600);

    // A heavy 2000×1500 PNG: lower qualities at its own size, then 1,600 px.
    expect(encodingAttempts({ width: 2000, height: 1500 }).map(({ width, quality }) => [width, quality])).toEqual([
      [2000, 0.85],
      [2000, 0.75],
      [2000, 0.65],
      [1600, 0.65],
    ]);
    // Already smaller than 1,600 px (a small WebP): only the quality changes.
    expect(encodingAttempts({ width: 1200, height: 900 }).map(({ width }) => width)).toEqual([1200, 1200, 1200]);
  });
});

describe('the reduced photo’s name', () => {
  it('keeps the chosen name with a .jpg extension', () => {
    expect(reducedPhotoName('IMG_2041.jpg')).toBe('IMG_2041.jpg');
    expect(reducedPhotoName('KCSE certificate.JPEG')).toBe('KCSE certificate.jpg');
    expect(reducedPhotoName('scan.png')).toBe('scan.jpg');
    expect(reducedPhotoName('certificate.webp')).toBe('certificate.jpg');
  });

  it('drops the HEIC of an iPhone’s converted photo', () => {
    expect(reducedPhotoName('IMG_2041.HEIC.jpeg')).toBe('IMG_2041.jpg');
  });

  it('adds .jpg to a name without an extension and keeps dots that are part of the name', () => {
    expect(reducedPhotoName('kcse')).toBe('kcse.jpg');
    expect(reducedPhotoName('kcse.2019.final')).toBe('kcse.2019.final.jpg');
    expect(reducedPhotoName('photo.')).toBe('photo.jpg');
    expect(reducedPhotoName('.jpg')).toBe('photo.jpg');
  });
});

describe('what the field says', () => {
  it('gives both sizes as people read them', () => {
    expect(photoReducedMessage(4.2 * MB, 640 * 1024)).toBe('Photo reduced from 4.2 MB to 640 KB');
    expect(photoReducedMessage(3_355_443, 1_170_000)).toBe('Photo reduced from 3.2 MB to 1.1 MB');
  });

  it('says “converted” when the JPEG of a small WebP came out larger', () => {
    expect(photoReducedMessage(80 * 1024, 120 * 1024)).toBe('Photo converted to JPEG (120 KB)');
  });
});
