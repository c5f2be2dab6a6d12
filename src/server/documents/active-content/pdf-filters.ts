// Undoing a PDF stream's filters (ISO 32000-1, 7.4), for the filters an object
// stream may use that we can check: Flate (with its PNG and TIFF predictors),
// ASCIIHex and ASCII85. Anything else throws, as does output beyond `maxBytes`
// (node:zlib stops inflating there, so a deflate bomb costs nothing). Output
// buffers grow as output arrives, never sized from the input, whose end a
// hostile file may put megabytes away.
import { constants, inflateSync } from 'node:zlib';
import type { CheckBudget } from './budget.ts';
import { isWhitespace, type PdfValue } from './pdf-syntax.ts';

type Parameters = Map<string, PdfValue> | undefined;

const CHECK_EVERY_BYTES = 1 << 16;

export function decodeStream(
  data: Buffer,
  dictionary: Map<string, PdfValue>,
  maxBytes: number,
  budget: CheckBudget,
): Buffer {
  const filters = listOf(dictionary.get('Filter'));
  const parameters = listOf(dictionary.get('DecodeParms'));
  let decoded = data;
  filters.forEach((filter, index) => {
    if (filter.kind !== 'name') throw new Error('a filter that is not a name');
    const parameter = parameters[index];
    budget.check();
    decoded = applyFilter(
      filter.name,
      decoded,
      parameter?.kind === 'dictionary' ? parameter.entries : undefined,
      maxBytes,
      budget,
    );
    if (decoded.length > maxBytes) throw new Error('a stream larger than we check');
  });
  return decoded;
}

/** Bytes written one at a time into a buffer that doubles when full, up to `maxBytes`. */
class Output {
  private buffer = Buffer.alloc(256);
  length = 0;
  private readonly maxBytes: number;
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  push(byte: number): void {
    if (this.length === this.buffer.length) {
      if (this.length >= this.maxBytes) throw new Error('a stream larger than we check');
      const larger = Buffer.alloc(Math.min(this.buffer.length * 2, this.maxBytes));
      this.buffer.copy(larger);
      this.buffer = larger;
    }
    this.buffer[this.length++] = byte;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/** A single value or an array of them; an indirect one we do not follow. */
function listOf(value: PdfValue | undefined): PdfValue[] {
  if (value === undefined) return [];
  if (value.kind === 'array') return value.items;
  if (value.kind === 'reference') throw new Error('stream filters given indirectly');
  return [value];
}

function applyFilter(
  name: string,
  data: Buffer,
  parameters: Parameters,
  maxBytes: number,
  budget: CheckBudget,
): Buffer {
  switch (name) {
    case 'FlateDecode':
    case 'Fl':
      return unpredict(
        inflateSync(data, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: maxBytes }),
        parameters,
        maxBytes,
        budget,
      );
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHex(data, new Output(maxBytes), budget);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85(data, new Output(maxBytes), budget);
    default:
      throw new Error(`filter ${name}, which we do not decode`);
  }
}

const HEX_DIGITS = new Map(
  [...'0123456789abcdefABCDEF'].map((digit) => [digit.charCodeAt(0), Number.parseInt(digit, 16)]),
);

function asciiHex(data: Buffer, out: Output, budget: CheckBudget): Buffer {
  let high: number | undefined;
  for (let at = 0; at < data.length; at++) {
    if (at % CHECK_EVERY_BYTES === 0) budget.check();
    const byte = data[at]!;
    if (byte === 0x3e) break; // '>' ends the data
    if (isWhitespace(byte)) continue;
    const digit = HEX_DIGITS.get(byte);
    if (digit === undefined) throw new Error('ASCIIHex data with a character that is no hex digit');
    if (high === undefined) high = digit;
    else {
      out.push(high * 16 + digit);
      high = undefined;
    }
  }
  if (high !== undefined) out.push(high * 16); // an odd last digit is followed by an implied 0
  return out.bytes();
}

function ascii85(data: Buffer, out: Output, budget: CheckBudget): Buffer {
  let value = 0;
  let digits = 0;
  const flush = (count: number) => {
    if (value > 0xffffffff) throw new Error('an ASCII85 group out of range');
    for (let i = 0; i < count; i++) out.push(Math.floor(value / 2 ** (24 - 8 * i)) & 0xff);
  };
  for (let at = 0; at < data.length; at++) {
    if (at % CHECK_EVERY_BYTES === 0) budget.check();
    const byte = data[at]!;
    if (byte === 0x7e) break; // '~>' ends the data
    if (isWhitespace(byte)) continue;
    if (byte === 0x7a && digits === 0) {
      for (let i = 0; i < 4; i++) out.push(0); // 'z' stands for four zero bytes
      continue;
    }
    if (byte < 0x21 || byte > 0x75) throw new Error('ASCII85 data with a character outside its alphabet');
    value = value * 85 + byte - 0x21;
    if (++digits === 5) {
      flush(4);
      value = 0;
      digits = 0;
    }
  }
  if (digits === 1) throw new Error('ASCII85 data ending in a lone character');
  if (digits > 0) {
    const count = digits - 1;
    for (; digits < 5; digits++) value = value * 85 + 84; // pad with 'u'
    flush(count);
  }
  return out.bytes();
}

const integer = (parameters: Parameters, key: string, fallback: number) => {
  const value = parameters?.get(key);
  return value?.kind === 'number' && Number.isInteger(value.value) ? value.value : fallback;
};

/** Undoes a Flate stream's predictor: without it, the bytes of an object stream could be differences of bytes. */
function unpredict(data: Buffer, parameters: Parameters, maxBytes: number, budget: CheckBudget): Buffer {
  const predictor = integer(parameters, 'Predictor', 1);
  if (predictor === 1) return data;
  const colors = integer(parameters, 'Colors', 1);
  const bitsPerComponent = integer(parameters, 'BitsPerComponent', 8);
  const columns = integer(parameters, 'Columns', 1);
  if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bitsPerComponent) || columns < 1 || columns > 1 << 20) {
    throw new Error('predictor parameters out of range');
  }
  const bytesPerPixel = Math.ceil((colors * bitsPerComponent) / 8);
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  if (predictor === 2) return tiffUnpredict(data, bitsPerComponent, bytesPerPixel, rowBytes);
  // Rows are whole: a last row cut short is filled out, and must not make the output larger than we check.
  if (predictor >= 10 && predictor <= 15) {
    const rows = Math.ceil(data.length / (rowBytes + 1));
    if (rows * rowBytes > maxBytes) throw new Error('a stream larger than we check');
    return pngUnpredict(data, rows, bytesPerPixel, rowBytes, budget);
  }
  throw new Error(`predictor ${predictor}`);
}

function tiffUnpredict(data: Buffer, bitsPerComponent: number, bytesPerPixel: number, rowBytes: number): Buffer {
  if (bitsPerComponent !== 8) throw new Error(`TIFF predictor with ${bitsPerComponent} bits per component`);
  const out = Buffer.from(data);
  for (let row = 0; row < out.length; row += rowBytes) {
    for (let i = row + bytesPerPixel; i < Math.min(row + rowBytes, out.length); i++)
      out[i] = (out[i]! + out[i - bytesPerPixel]!) & 0xff;
  }
  return out;
}

function pngUnpredict(
  data: Buffer,
  rows: number,
  bytesPerPixel: number,
  rowBytes: number,
  budget: CheckBudget,
): Buffer {
  const out = Buffer.alloc(rows * rowBytes);
  for (let row = 0; row < rows; row++) {
    if (row % 1024 === 0) budget.check();
    const type = data[row * (rowBytes + 1)];
    const source = row * (rowBytes + 1) + 1;
    const target = row * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[source + i] ?? 0;
      const left = i >= bytesPerPixel ? out[target + i - bytesPerPixel]! : 0;
      const up = row > 0 ? out[target - rowBytes + i]! : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? out[target - rowBytes + i - bytesPerPixel]! : 0;
      out[target + i] = (raw + pngPrediction(type, left, up, upLeft)) & 0xff;
    }
  }
  return out;
}

function pngPrediction(type: number | undefined, left: number, up: number, upLeft: number): number {
  switch (type) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const estimate = left + up - upLeft;
      const [toLeft, toUp, toUpLeft] = [
        Math.abs(estimate - left),
        Math.abs(estimate - up),
        Math.abs(estimate - upLeft),
      ];
      if (toLeft <= toUp && toLeft <= toUpLeft) return left;
      return toUp <= toUpLeft ? up : upLeft;
    }
    default:
      throw new Error(`PNG predictor row type ${type}`);
  }
}
