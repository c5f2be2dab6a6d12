// The child process that decodes pictures (image.ts starts it): libvips decodes
// in native memory and threads that neither a worker's heap limit nor
// worker.terminate() reaches, so it runs here, in a process of its own that the
// parent kills with SIGKILL. It also ends itself, the same way, past its memory
// ceiling or once its parent is gone. One picture at a time, in the order sent.
// Loaded in the child through this module's own address (import.meta.url), which
// is the function's bundle once bundled: the role marker in the environment decides.
import type sharpOf from 'sharp'; // the type only: sharp is loaded in the child alone

type Sharp = typeof sharpOf;

export const PICTURE_DECODER_ROLE = 'law-firm-site.picture-decoder';
/** This module, which the parent starts as the child: the sources, or the function's bundle. */
export const pictureDecoderModule = import.meta.url;

export interface PictureJob {
  bytes: Uint8Array;
  /** The most pixels a picture may have: sharp refuses more, whatever its header said. */
  maxPixels: number;
}
export type PictureAnswer = { ok: true; bytes: Uint8Array } | { ok: false; detail: string };

/** How often the child reads its own resident memory. */
const WATCH_MS = 10;

function serve(send: (answer: PictureAnswer) => void, ceilingBytes: number): void {
  const die = () => process.kill(process.pid, 'SIGKILL');
  process.on('disconnect', die);
  // A parent gone while this module loaded (asynchronously, as every ES module does) disconnected unheard.
  if (!process.connected) die();
  setInterval(() => {
    if (process.memoryUsage.rss() > ceilingBytes) die();
  }, WATCH_MS);
  // Listening before sharp has loaded: a picture sent meanwhile waits for it.
  const loaded = import('sharp').then(({ default: sharp }) => {
    sharp.cache(false); // nothing kept between pictures
    sharp.concurrency(1); // one thread: the server's other core stays free
    return sharp;
  });
  let queue: Promise<void> = Promise.resolve();
  process.on('message', (job: PictureJob) => {
    queue = queue.then(async () => send(await reencode(await loaded, job)));
  });
}

async function reencode(sharp: Sharp, { bytes, maxPixels }: PictureJob): Promise<PictureAnswer> {
  try {
    const image = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    const upright = image.rotate();
    if (format === 'jpeg')
      return { ok: true, bytes: await upright.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer() };
    if (format === 'png') return { ok: true, bytes: await upright.png({ compressionLevel: 6 }).toBuffer() };
    if (format === 'gif') return { ok: true, bytes: await upright.gif().toBuffer() };
    return { ok: false, detail: `a ${format ?? 'unknown'} image` };
  } catch (error) {
    return { ok: false, detail: String(error) };
  }
}

if (process.env.LAW_FIRM_SITE_ROLE === PICTURE_DECODER_ROLE && process.send) {
  const send = process.send.bind(process);
  serve((answer) => send(answer), Number(process.env.LAW_FIRM_SITE_CEILING));
}
