// What a picture's header says it holds, read from the bytes without decoding
// them, so that a picture past the limits is refused before any decoder sees it:
// JPEG (its frame and the number of its scans), PNG (IHDR), GIF (the screen and
// every frame). Any bytes give an answer, never a throw. Limits and why:
// docs/documents.md, "Pictures".

export type PictureHeader =
  | { format: 'jpeg'; width: number; height: number; components: number; progressive: boolean; scans: number }
  | { format: 'png'; width: number; height: number; bitDepth: number; colourType: number; interlaced: boolean }
  | { format: 'gif'; width: number; height: number; frames: number; largestFrame: number };

export type HeaderReading = { ok: true; header: PictureHeader } | { ok: false; detail: string };

const refused = (detail: string): HeaderReading => ({ ok: false, detail });

/** The header of a JPEG, PNG or GIF; anything else, or a header that does not hold together, is refused. */
export function readPictureHeader(bytes: Uint8Array): HeaderReading {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes);
  if (startsWith(bytes, PNG_SIGNATURE)) return readPng(bytes);
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return readGif(bytes);
  return refused('not a JPEG, PNG or GIF');
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);
const u16be = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u16le = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2);

/** Baseline, extended and progressive Huffman frames: what cameras, scanners and browsers write. */
const JPEG_FRAMES: Readonly<Record<number, boolean>> = { 0xc0: false, 0xc1: false, 0xc2: true };
/** Markers of every other kind of frame (lossless, hierarchical, arithmetic), which are refused. */
const isOtherFrame = (marker: number) => marker >= 0xc3 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xcc;

function readJpeg(bytes: Uint8Array): HeaderReading {
  let frame: { width: number; height: number; components: number; progressive: boolean } | undefined;
  let scans = 0;
  let at = 2;
  for (;;) {
    while (bytes[at] === 0xff && bytes[at + 1] === 0xff) at++; // fill bytes before a marker
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) return refused('the JPEG ends before its image does');
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) break; // end of image
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 3 >= bytes.length) return refused('the JPEG ends inside a segment');
    const length = u16be(bytes, at + 2);
    const body = at + 4;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return refused('a JPEG segment runs past the file');
    if (marker in JPEG_FRAMES) {
      if (frame) return refused('the JPEG has more than one frame');
      if (length < 8 || bytes[body] !== 8) return refused('the JPEG is not of 8-bit samples');
      frame = {
        height: u16be(bytes, body + 1),
        width: u16be(bytes, body + 3),
        components: bytes[body + 5]!,
        progressive: JPEG_FRAMES[marker]!,
      };
    } else if (isOtherFrame(marker)) return refused('the JPEG is of a kind cameras and scanners do not write');
    at = end;
    if (marker !== 0xda) continue;
    if (!frame) return refused('a JPEG scan comes before its frame');
    scans++;
    // The scan's coded data runs to the next marker: 0xFF other than a stuffed 0x00 or a restart.
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0 && (bytes[at + 1]! & 0xf8) !== 0xd0))
      at++;
  }
  if (!frame) return refused('the JPEG has no frame');
  if (scans === 0) return refused('the JPEG has no scan');
  return { ok: true, header: { format: 'jpeg', ...frame, scans } };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const IHDR = [0x49, 0x48, 0x44, 0x52] as const;
/** The bit depths each colour type allows (PNG specification, 11.2.2). */
const PNG_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function readPng(bytes: Uint8Array): HeaderReading {
  if (bytes.length < 33 || u32be(bytes, 8) !== 13 || !startsWith(bytes.subarray(12), IHDR))
    return refused('the PNG does not start with its header');
  const [bitDepth, colourType, compression, filter, interlace] = bytes.subarray(24, 29);
  if (!PNG_DEPTHS[colourType!]?.includes(bitDepth!) || compression !== 0 || filter !== 0 || interlace! > 1)
    return refused('the PNG header names no valid kind of image');
  return {
    ok: true,
    header: {
      format: 'png',
      width: u32be(bytes, 16),
      height: u32be(bytes, 20),
      bitDepth: bitDepth!,
      colourType: colourType!,
      interlaced: interlace === 1,
    },
  };
}

const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] as const;
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] as const;
/** The bytes of a colour table that a packed field announces, 0 when it announces none. */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);

function readGif(bytes: Uint8Array): HeaderReading {
  if (bytes.length < 13) return refused('the GIF ends inside its header');
  const width = u16le(bytes, 6);
  const height = u16le(bytes, 8);
  let at = 13 + colourTableBytes(bytes[10]!);
  let frames = 0;
  let largestFrame = 0;
  /** The offset after a run of sub-blocks starting at `from`, or -1 if they run past the file. */
  const afterSubBlocks = (from: number) => {
    let next = from;
    while (next < bytes.length && bytes[next] !== 0) next += bytes[next]! + 1;
    return next < bytes.length ? next + 1 : -1;
  };
  for (;;) {
    const block = bytes[at];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) at = afterSubBlocks(at + 2);
    else if (block === 0x2c) {
      if (at + 10 > bytes.length) return refused('the GIF ends inside a frame');
      frames++;
      largestFrame = Math.max(largestFrame, u16le(bytes, at + 5) * u16le(bytes, at + 7));
      at = afterSubBlocks(at + 10 + colourTableBytes(bytes[at + 9]!) + 1); // + 1: the LZW code size
    } else return refused('the GIF ends before its trailer, or holds a block of no known kind');
    if (at < 0) return refused('the GIF ends inside a block');
  }
  if (frames === 0) return refused('the GIF has no frame');
  return { ok: true, header: { format: 'gif', width, height, frames, largestFrame } };
}
