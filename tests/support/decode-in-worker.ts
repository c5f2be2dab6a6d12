// A worker thread that decodes one picture (workerData.bytes) in its decoder,
// as a document's worker does (src/server/documents/rebuild/isolated.ts), with
// no budget of its own: for the test that stops the worker mid-decode.
import { workerData } from 'node:worker_threads';
import { decodePicture } from '../../src/server/documents/rebuild/image.ts';

await decodePicture({ bytes: (workerData as { bytes: Uint8Array }).bytes, maxPixels: 16_000_000 }, 600_000);
