// The photo worker: reduces one photo off the main thread, so the page keeps
// answering while a 12-megapixel image is decoded and encoded. Started by
// prepare-photo.ts with a File; answers with a PhotoWorkerAnswer.
import { offscreenPhotoCanvas, reducePhoto } from './photo-encoder.ts';

export type PhotoWorkerAnswer =
  /** The reduced JPEG, or null to send the photo as chosen. */
  | { ok: true; jpeg: Blob | null }
  /** This worker could not do it (no OffscreenCanvas 2D, say): the page tries on the main thread. */
  | { ok: false };

// The project's TypeScript library is the DOM's, not the worker's: name the little used here.
const worker = self as unknown as {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage(answer: PhotoWorkerAnswer): void;
};

worker.onmessage = async ({ data: file }) => {
  try {
    worker.postMessage({ ok: true, jpeg: await reducePhoto(file, offscreenPhotoCanvas) });
  } catch {
    worker.postMessage({ ok: false });
  }
};
