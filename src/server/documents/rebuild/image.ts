// A picture rebuilt from its pixels by sharp (libvips): decoded, turned upright
// as its EXIF orientation says, and encoded anew in its own format. Nothing of
// the original file but the pixels survives: no EXIF (the GPS position of a
// phone photo among it), no comments, no bytes after the image's end. The header
// is held to the limits below before anything decodes; the decoding itself runs
// in a child process (picture-decoder.ts), killed at its budget and ending
// itself past its memory ceiling. Limits and why: docs/documents.md, "Pictures".
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PICTURE_DECODER_ROLE, pictureDecoderModule, type PictureAnswer, type PictureJob } from './picture-decoder.ts';
import { readPictureHeader, type PictureHeader } from './picture-header.ts';
import { RebuildRefused } from './refusal.ts';

/** A photo reduced in the browser is 2,400 px on its long side (5.8 MP at most), an A4 page scanned at 400 dpi 15.5 MP. */
export const MAX_PIXELS = 16_000_000;
/** libjpeg writes 10 scans for a progressive colour JPEG, mozjpeg about as many; each scan is a pass over the picture. */
export const MAX_JPEG_SCANS = 100;
/** Frames of a GIF in a .docx: the decoder reads through every one to count them. */
const MAX_GIF_FRAMES = 500;
/** The decoder's resident memory: the costliest honest picture at MAX_PIXELS (progressive, turned) peaks at 360 MB. */
const DECODER_CEILING_BYTES = 448 * 1024 * 1024;
/** One picture's time in the decoder; the document's own budget (isolated.ts) ends the decoder with it. */
const PICTURE_BUDGET_MS = 3_500;

/** What is past the limits in `header`, or undefined when nothing is. */
export function pastLimits(header: PictureHeader): string | undefined {
  if (header.width === 0 || header.height === 0) return 'the picture has no pixels';
  if (header.width * header.height > MAX_PIXELS)
    return `${header.width} × ${header.height} pixels, more than ${MAX_PIXELS}`;
  if (header.format === 'jpeg' && header.scans > MAX_JPEG_SCANS)
    return `${header.scans} scans, more than ${MAX_JPEG_SCANS}`;
  if (header.format === 'jpeg' && ![1, 3, 4].includes(header.components))
    return `${header.components} colour components`;
  if (header.format === 'gif' && header.frames > MAX_GIF_FRAMES)
    return `${header.frames} frames, more than ${MAX_GIF_FRAMES}`;
  if (header.format === 'gif' && header.largestFrame > MAX_PIXELS) return 'a frame of more pixels than the limit';
  return undefined;
}

export async function reencodeImage(bytes: Uint8Array): Promise<Uint8Array> {
  const reading = readPictureHeader(bytes);
  if (!reading.ok) throw new RebuildRefused('unreadable', `the image could not be read: ${reading.detail}`);
  const past = pastLimits(reading.header);
  if (past) throw new RebuildRefused('unreadable', `the image is past the limits: ${past}`);
  const answer = await decodePicture({ bytes, maxPixels: MAX_PIXELS });
  if ('tooSlow' in answer) throw new RebuildRefused('tooSlow', `the image was not decoded within ${answer.ms} ms`);
  if (!answer.ok) throw new RebuildRefused('unreadable', `the image could not be read: ${answer.detail}`);
  return answer.bytes;
}

/** The decoder of this thread (a document's worker), started for its first picture and kept for the next. */
let decoder: ChildProcess | undefined;
/** Pictures wait for the one before them: a decoder decodes one at a time. */
let queue: Promise<unknown> = Promise.resolve();

function startDecoder(): ChildProcess {
  const child = fork(fileURLToPath(pictureDecoderModule), [], {
    env: {
      ...process.env,
      LAW_FIRM_SITE_ROLE: PICTURE_DECODER_ROLE,
      LAW_FIRM_SITE_CEILING: String(DECODER_CEILING_BYTES),
    },
    execArgv: ['--max-old-space-size=64'], // its JS heap; the native memory is the ceiling's
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.unref(); // neither the child nor its channel keeps this thread alive: a decode's timer does
  child.channel?.unref();
  child.once('exit', () => {
    if (decoder === child) decoder = undefined;
  });
  return child;
}

type Decoded = PictureAnswer | { tooSlow: true; ms: number };

/** `job` decoded in this thread's decoder, which is killed (SIGKILL) once `budgetMs` have passed. */
export function decodePicture(job: PictureJob, budgetMs = PICTURE_BUDGET_MS): Promise<Decoded> {
  const turn = queue.then(() => decodeNow(job, budgetMs));
  queue = turn.catch(() => {});
  return turn;
}

function decodeNow(job: PictureJob, budgetMs: number): Promise<Decoded> {
  const child = (decoder ??= startDecoder());
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Decoded) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('message', settle);
      child.off('exit', onExit);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      if (decoder === child) decoder = undefined;
      child.kill('SIGKILL');
      settle({ tooSlow: true, ms: budgetMs });
    }, budgetMs);
    const onExit = (code: number | null, signal: string | null) =>
      settle({ ok: false, detail: `the decoder ended (${signal ?? code}), past its memory ceiling or failing` });
    child.on('message', settle);
    child.once('exit', onExit);
    child.send(job, (error) => {
      if (error) settle({ ok: false, detail: `the decoder could not be reached: ${error.message}` });
    });
  });
}
