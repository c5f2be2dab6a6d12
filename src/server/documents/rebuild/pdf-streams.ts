// A PDF stream's data decoded through its filters, never past a limit: each
// decoder stops as soon as its output passes the limit (the answer is then
// null), so a stream that inflates 1000:1 costs the limit, not its full size.
// The filters that only transport bytes (Flate, LZW, RunLength, ASCIIHex,
// ASCII85) are undone here; the image codecs (DCT, JPX, CCITTFax, JBIG2) are
// not, and their data is answered as it is, bounded by pixels (pdf-bounds.ts).
import { constants, inflateSync } from 'node:zlib';
import { Decompress } from 'fflate';

/** The image codecs: a chain stops at the first of them. */
const imageCodecs = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

/** A filter by its full name, with its /DecodeParms as numbers (Predictor, Colors, BitsPerComponent, Columns, EarlyChange). */
export interface FilterStep {
  name: string;
  parms: Readonly<Record<string, number>>;
}

export interface Decoded {
  bytes: Uint8Array;
  /** The image codec the data is still encoded with, if the chain holds one. */
  codec?: string;
}

/** Thrown by a Sink past its limit; decodeBounded answers null for it. */
class PastLimit extends Error {}

/** Bytes written into a buffer that grows by doubling, and that throws PastLimit once it would hold more than `limit`. */
export class Sink {
  private buffer: Uint8Array;
  length = 0;
  private readonly limit: number;

  constructor(limit: number, expected = 64 * 1024) {
    this.limit = limit;
    this.buffer = new Uint8Array(Math.max(16, Math.min(expected, limit + 1)));
  }

  private room(more: number): void {
    const needed = this.length + more;
    if (needed > this.limit) throw new PastLimit();
    if (needed <= this.buffer.length) return;
    const grown = new Uint8Array(Math.min(Math.max(needed, this.buffer.length * 2), this.limit + 1));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  byte(value: number): void {
    if (this.length === this.buffer.length) this.room(1);
    else if (this.length >= this.limit) throw new PastLimit();
    this.buffer[this.length++] = value;
  }

  bytes(values: Uint8Array): void {
    this.room(values.length);
    this.buffer.set(values, this.length);
    this.length += values.length;
  }

  done(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

/** Input pushed to fflate's inflater at a time: its output before the limit is checked is at most ~16 MiB (1032:1). */
const INFLATE_CHUNK = 16 * 1024;

/**
 * Flate: zlib's own inflater (native, fast), which stops as soon as its output
 * passes `maxOutputLength`; a truncated stream gives what it holds. Data zlib
 * rejects (raw deflate, damage) goes to fflate's streaming inflater, which
 * keeps what comes before the damage, as viewers do.
 */
function inflate(data: Uint8Array, limit: number): Uint8Array {
  let inflated: Buffer;
  try {
    inflated = inflateSync(data, { maxOutputLength: Math.max(1, limit), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PastLimit();
    const sink = new Sink(limit, Math.min(limit, data.length * 4));
    inflateTolerantly(data, sink);
    return sink.done();
  }
  if (inflated.length > limit) throw new PastLimit();
  return inflated;
}

function inflateTolerantly(data: Uint8Array, sink: Sink): void {
  const inflater = new Decompress((chunk) => sink.bytes(chunk));
  try {
    for (let at = 0; at < data.length; at += INFLATE_CHUNK)
      inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length);
  } catch (error) {
    if (error instanceof PastLimit) throw error;
  }
}

/** LZW as PDF uses it: 9 to 12 bit codes, 256 clears, 257 ends; `earlyChange` as /EarlyChange (1 by default). */
function lzw(data: Uint8Array, sink: Sink, earlyChange: number): void {
  const prefix = new Int16Array(4096);
  const last = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let code = 0; code < 256; code++) [last[code], first[code], lengths[code], prefix[code]] = [code, code, 1, -1];
  const word = new Uint8Array(4096);
  let [width, next, previous, buffer, held, at] = [9, 258, -1, 0, 0, 0];
  for (;;) {
    while (held < width && at < data.length) {
      buffer = (buffer << 8) | data[at++]!;
      held += 8;
    }
    if (held < width) return;
    const code = (buffer >>> (held - width)) & ((1 << width) - 1);
    held -= width;
    buffer &= (1 << held) - 1;
    if (code === 256) {
      [width, next, previous] = [9, 258, -1];
      continue;
    }
    if (code === 257) return;
    if (code > next || (previous < 0 && code >= 256)) return; // damaged: end here
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      first[next] = first[previous]!;
      last[next] = code === next ? first[previous]! : first[code]!;
      lengths[next] = lengths[previous]! + 1;
      next++;
    }
    const length = lengths[code]!;
    for (let entry = code, index = length - 1; entry >= 0; entry = prefix[entry]!, index--) word[index] = last[entry]!;
    sink.bytes(word.subarray(0, length));
    if (next + earlyChange >= 1 << width && width < 12) width++;
    previous = code;
  }
}

function runLength(data: Uint8Array, sink: Sink): void {
  for (let at = 0; at < data.length;) {
    const length = data[at++]!;
    if (length === 128) return;
    if (length < 128) {
      sink.bytes(data.subarray(at, at + length + 1));
      at += length + 1;
    } else if (at < data.length) {
      const value = data[at++]!;
      for (let n = 0; n < 257 - length; n++) sink.byte(value);
    }
  }
}

/** A hex digit's value, or -1. */
export const hexValue = (byte: number): number =>
  byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66 ? (byte | 0x20) - 87 : -1;

/**
 * Hex digits from `from` until `>`, each pair given to `push`; white space and
 * stray bytes are skipped, an odd last digit is followed by 0. Answers where
 * the `>` is (or the end). ASCIIHexDecode and a content stream's hex strings.
 */
export function readHex(data: Uint8Array, from: number, push: (byte: number) => void): number {
  let high = -1;
  let at = from;
  for (; at < data.length && data[at] !== 0x3e; at++) {
    const value = hexValue(data[at]!);
    if (value < 0) continue;
    if (high < 0) high = value;
    else {
      push((high << 4) | value);
      high = -1;
    }
  }
  if (high >= 0) push(high << 4);
  return at;
}

function ascii85(data: Uint8Array, sink: Sink): void {
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let n = 0; n < 5; n++) value = value * 85 + (n < group.length ? group[n]! : 84);
    for (let n = 0; n < count; n++) sink.byte((value >>> (24 - 8 * n)) & 0xff);
    group.length = 0;
  };
  for (const byte of data) {
    if (byte === 0x7e) break; // ~>
    if (byte === 0x7a && group.length === 0) {
      for (let n = 0; n < 4; n++) sink.byte(0);
    } else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
}

/** PNG (10–15) and TIFF (2, for 8 bits a component) predictors; each row becomes what it was before prediction. */
function unpredict(data: Uint8Array, parms: Readonly<Record<string, number>>): Uint8Array {
  const predictor = parms.Predictor ?? 1;
  if (predictor <= 1) return data;
  const colors = parms.Colors ?? 1;
  const bits = parms.BitsPerComponent ?? 8;
  const columns = parms.Columns ?? 1;
  const step = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  if (!(rowLength > 0)) return data;
  if (predictor === 2) {
    if (bits !== 8) return data;
    const out = data.slice();
    for (let row = 0; row < out.length; row += rowLength)
      for (let at = row + colors; at < Math.min(row + rowLength, out.length); at++)
        out[at] = (out[at]! + out[at - colors]!) & 0xff;
    return out;
  }
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowLength + 1)]!;
    const source = row * (rowLength + 1) + 1;
    const target = row * rowLength;
    for (let x = 0; x < rowLength; x++) {
      const a = x >= step ? out[target + x - step]! : 0;
      const b = row > 0 ? out[target - rowLength + x]! : 0;
      const c = row > 0 && x >= step ? out[target - rowLength + x - step]! : 0;
      const guess = type === 1 ? a : type === 2 ? b : type === 3 ? (a + b) >> 1 : type === 4 ? paeth(a, b, c) : 0;
      out[target + x] = (data[source + x]! + guess) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * `data` decoded through `steps` in order, or null as soon as any step's
 * output passes `limit` bytes; with `exact` false, only its size is right. An unknown filter is not expected here (the
 * allowlist keeps none); it ends the chain like a codec would.
 */
export function decodeBounded(
  data: Uint8Array,
  steps: readonly FilterStep[],
  limit: number,
  { exact = true } = {},
): Decoded | null {
  let bytes = data;
  for (const { name, parms } of steps) {
    if (imageCodecs.has(name) || !transportFilters.has(name)) return { bytes, codec: name };
    let out: Uint8Array;
    try {
      if (name === 'FlateDecode') out = inflate(bytes, limit);
      else {
        const sink = new Sink(limit, Math.min(limit, bytes.length * 4));
        if (name === 'LZWDecode') lzw(bytes, sink, parms.EarlyChange ?? 1);
        else if (name === 'RunLengthDecode') runLength(bytes, sink);
        else if (name === 'ASCIIHexDecode') readHex(bytes, 0, (byte) => sink.byte(byte));
        else ascii85(bytes, sink);
        out = sink.done();
      }
    } catch (error) {
      if (error instanceof PastLimit) return null;
      throw error;
    }
    // A predictor only shortens the data: skipped where only its size is asked (`exact` false).
    bytes = exact && (name === 'FlateDecode' || name === 'LZWDecode') ? unpredict(out, parms) : out;
  }
  return { bytes };
}

const transportFilters = new Set(['FlateDecode', 'LZWDecode', 'RunLengthDecode', 'ASCIIHexDecode', 'ASCII85Decode']);
