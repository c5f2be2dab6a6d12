// Reducing a chosen photo in the browser: in a module worker where the browser
// has OffscreenCanvas, else on the main thread with a <canvas>. The worker is a
// file of the site's own /_astro/ folder, which the CSP's worker-src 'self' allows.
import { elementPhotoCanvas, reducePhoto } from './photo-encoder.ts';
import type { PhotoWorkerAnswer } from './photo-worker.ts';

const canUseWorker = () => typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined';

/** The answer of a fresh worker: one per photo, so the decoded image's memory goes when it ends. */
function reduceInWorker(file: File): Promise<PhotoWorkerAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });
    const finish = (answer: PhotoWorkerAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<PhotoWorkerAnswer>) => finish(event.data);
    // The worker could not be loaded or started.
    worker.onerror = () => finish({ ok: false });
    worker.onmessageerror = () => finish({ ok: false });
    worker.postMessage(file);
  });
}

/**
 * The photo as a JPEG small enough to send, or null to send it as chosen
 * (see reducePhoto). Never throws: a photo that cannot be reduced is checked
 * like any other file.
 */
export async function preparePhoto(file: File): Promise<Blob | null> {
  if (canUseWorker()) {
    // A worker the browser refuses to create (a stricter policy, say) counts as a failed one.
    const answer = await reduceInWorker(file).catch((): PhotoWorkerAnswer => ({ ok: false }));
    if (answer.ok) return answer.jpeg;
  }
  try {
    return await reducePhoto(file, elementPhotoCanvas);
  } catch {
    return null;
  }
}
