// A content stream written anew from its tokens (pdf-content-tokens.ts): every
// string with its delimiters escaped, every name escaped, so no viewer can read the copy otherwise
// than we did. Inline images (BI … ID … EI) keep only listed keys and standard
// filters, their data written as hex (/AHx) so that no byte of it can end the
// image early; one with another filter (JBIG2, JPX, an unknown name: none is
// allowed inline) is dropped. Why: docs/documents.md, "Bounded for the viewer".
import { ContentTokenizer, isRegular, isWhite, type Token } from './pdf-content-tokens.ts';
import { decodeBounded, Sink, type FilterStep } from './pdf-streams.ts';

/** What a content stream's rewriting reports to the bounds (pdf-bounds.ts). */
export interface Budget {
  /** Bytes that may still be decoded. */
  remaining(): number;
  /** Counts `bytes` of `what`; throws a RebuildRefused past the bound. */
  take(bytes: number, what: string): void;
  /** Throws a RebuildRefused for `what`, which would decode past the bound. */
  exceeded(what: string): never;
  /**
   * Throws a RebuildRefused for an image of more pixels than the bound, or
   * counts its pixels' bytes, less the `decoded` bytes already counted for it.
   */
  image(
    width: number,
    height: number,
    components: number,
    bitsPerComponent: number,
    what: string,
    decoded: number,
  ): void;
}

export interface RewrittenContent {
  bytes: Uint8Array;
  /** The names each `Do` operator draws, in order, repeated as often as drawn. */
  draws: string[];
  /** Inline images left out, for their filter. */
  droppedImages: number;
}

/** The filters an inline image may name, by abbreviation and full name, and the abbreviation written. */
const inlineFilters: Readonly<Record<string, [full: string, short: string]>> = {
  AHx: ['ASCIIHexDecode', 'AHx'],
  ASCIIHexDecode: ['ASCIIHexDecode', 'AHx'],
  A85: ['ASCII85Decode', 'A85'],
  ASCII85Decode: ['ASCII85Decode', 'A85'],
  LZW: ['LZWDecode', 'LZW'],
  LZWDecode: ['LZWDecode', 'LZW'],
  Fl: ['FlateDecode', 'Fl'],
  FlateDecode: ['FlateDecode', 'Fl'],
  RL: ['RunLengthDecode', 'RL'],
  RunLengthDecode: ['RunLengthDecode', 'RL'],
  CCF: ['CCITTFaxDecode', 'CCF'],
  CCITTFaxDecode: ['CCITTFaxDecode', 'CCF'],
  DCT: ['DCTDecode', 'DCT'],
  DCTDecode: ['DCTDecode', 'DCT'],
};

/** An inline image's keys that are kept, by abbreviation and full name, and the abbreviation written. */
const inlineKeys: Readonly<Record<string, string>> = {
  W: 'W',
  Width: 'W',
  H: 'H',
  Height: 'H',
  BPC: 'BPC',
  BitsPerComponent: 'BPC',
  CS: 'CS',
  ColorSpace: 'CS',
  IM: 'IM',
  ImageMask: 'IM',
  D: 'D',
  Decode: 'D',
  I: 'I',
  Interpolate: 'I',
  Intent: 'Intent',
};

/** Components of the colour spaces an inline image may name directly; a resource's name is not known here. */
const components: Readonly<Record<string, number>> = {
  G: 1,
  DeviceGray: 1,
  CalGray: 1,
  I: 1,
  Indexed: 1,
  RGB: 3,
  DeviceRGB: 3,
  CalRGB: 3,
  Lab: 3,
  CMYK: 4,
  DeviceCMYK: 4,
};

/** A value of an inline image's dictionary. */
type Value = Token | Value[] | Map<string, Value>;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Writes tokens and values: names escaped, strings as hex, a space between tokens and a line after each operator. */
class ContentWriter {
  readonly out: Sink;
  private readonly tokens: ContentTokenizer;

  constructor(tokens: ContentTokenizer) {
    this.tokens = tokens;
    this.out = new Sink(Number.MAX_SAFE_INTEGER, tokens.data.length + 1024);
  }

  text(text: string): void {
    for (let at = 0; at < text.length; at++) this.out.byte(text.charCodeAt(at));
  }

  token(token: Token): void {
    if (token.type === 'bracket') this.text(token.text);
    else if (token.type === 'name') this.name(token.bytes);
    else if (token.type === 'string') this.literal(token.bytes);
    else if (token.type === 'keyword' || isPlainNumber(this.tokens.data, token.start, token.end))
      this.out.bytes(this.tokens.data.subarray(token.start, token.end));
    else this.text(numberText(this.tokens.text(token)));
    this.out.byte(token.type === 'keyword' ? 0x0a : 0x20);
  }

  name(bytes: Uint8Array): void {
    this.out.byte(0x2f);
    for (const byte of bytes) {
      if (byte > 0x20 && byte < 0x7f && byte !== 0x23 && isRegular(byte)) this.out.byte(byte);
      else this.text(`#${HEX[byte >> 4]}${HEX[byte & 15]}`);
    }
  }

  /** A string between parentheses with every parenthesis and backslash escaped, and line ends as \r and \n: none of its bytes can end it. */
  literal(bytes: Uint8Array): void {
    this.out.byte(0x28);
    for (const byte of bytes) {
      const escaped = STRING_ESCAPES[byte];
      if (escaped === undefined) this.out.byte(byte);
      else {
        this.out.byte(0x5c);
        this.out.byte(escaped);
      }
    }
    this.out.byte(0x29);
  }

  hex(bytes: Uint8Array, open: string, close: string): void {
    this.text(open);
    for (const [index, byte] of bytes.entries()) {
      this.out.byte(HEX.charCodeAt(byte >> 4));
      this.out.byte(HEX.charCodeAt(byte & 15));
      if (index % 64 === 63) this.out.byte(0x0a);
    }
    this.text(close);
  }

  value(value: Value): void {
    if (Array.isArray(value)) {
      this.text('[ ');
      for (const element of value) this.value(element);
      this.text('] ');
    } else if (value instanceof Map) {
      this.text('<< ');
      for (const [key, element] of value) {
        this.name(Buffer.from(key, 'latin1'));
        this.out.byte(0x20);
        this.value(element);
      }
      this.text('>> ');
    } else if (value.type === 'keyword') {
      this.out.bytes(this.tokens.data.subarray(value.start, value.end));
      this.out.byte(0x20);
    } else this.token(value);
  }
}

const HEX = '0123456789abcdef';
const STRING_ESCAPES: Readonly<Record<number, number>> = { 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c, 0x0d: 0x72, 0x0a: 0x6e };

/** Whether data[start, end) is a number as the standard writes one: a sign, digits, at most one point. */
function isPlainNumber(data: Uint8Array, start: number, end: number): boolean {
  let [digits, points] = [0, 0];
  for (let at = start; at < end; at++) {
    const byte = data[at]!;
    if (byte >= 0x30 && byte <= 0x39) digits++;
    else if (byte === 0x2e) points++;
    else if (!((byte === 0x2b || byte === 0x2d) && at === start)) return false;
  }
  return digits > 0 && points <= 1;
}

/** A number as written, if it is one; else the number a viewer would read in it (extra signs, a second point), or 0. */
function numberText(text: string): string {
  if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return text;
  const value = Number.parseFloat(text.replace(/^[+-]+(?=[+-])/, '').replace(/(\.\d*)\..*$/, '$1'));
  return Number.isFinite(value) ? String(value) : '0';
}

/**
 * `content` written anew, its inline images through the rules above, their
 * data decoded (to count it) within `budget`. Answers the names drawn by `Do`.
 */
export function rewriteContent(content: Uint8Array, budget: Budget): RewrittenContent {
  const tokens = new ContentTokenizer(content);
  const writer = new ContentWriter(tokens);
  const draws: string[] = [];
  let droppedImages = 0;
  let previous: Token | undefined;
  for (let token = tokens.next(); token; token = tokens.next()) {
    if (tokens.isKeyword(token, 'BI')) {
      if (!inlineImage(tokens, writer, budget)) droppedImages++;
      previous = undefined;
      continue;
    }
    if (previous?.type === 'name' && tokens.isKeyword(token, 'Do')) draws.push(latin1(previous.bytes));
    writer.token(token);
    previous = token;
  }
  return { bytes: writer.out.done(), draws, droppedImages };
}

/** One value (a number, name, string, keyword, array or dictionary), nesting at most `depth` deep. */
function readValue(tokens: ContentTokenizer, token: Token | undefined, depth = 0): Value | undefined {
  if (!token || depth > 8) return undefined;
  if (token.type === 'name' || token.type === 'string') return { type: token.type, bytes: token.bytes.slice() };
  // An operator (ID, EI, BI …) is no value: written back, it would end the dictionary where we did not.
  if (token.type === 'keyword')
    return ['true', 'false', 'null'].some((word) => tokens.isKeyword(token, word)) ? token : undefined;
  if (token.type !== 'bracket') return token;
  if (token.text === '[') {
    const array: Value[] = [];
    for (let next = tokens.next(); next && !(next.type === 'bracket' && next.text === ']'); next = tokens.next()) {
      const element = readValue(tokens, next, depth + 1);
      if (element === undefined) return undefined;
      array.push(element);
    }
    return array;
  }
  if (token.text === '<<') {
    const map = new Map<string, Value>();
    for (let key = tokens.next(); key && !(key.type === 'bracket' && key.text === '>>'); key = tokens.next()) {
      if (key.type !== 'name') return undefined;
      const name = latin1(key.bytes); // before the value is read, which may be a name too
      const element = readValue(tokens, tokens.next(), depth + 1);
      if (element === undefined) return undefined;
      map.set(name, element);
    }
    return map;
  }
  return undefined;
}

const isToken = (value: Value | undefined): value is Token =>
  value !== undefined && !Array.isArray(value) && !(value instanceof Map);
const nameOf = (value: Value | undefined) =>
  isToken(value) && value.type === 'name' ? latin1(value.bytes) : undefined;

/**
 * Reads an inline image after its BI and writes it, if it may be kept; false
 * if it was dropped. The data ends where viewers end it: after its exact size
 * when unfiltered, at `>` or `~>` for hex or ASCII85, else at the first EI
 * between white space.
 */
function inlineImage(tokens: ContentTokenizer, writer: ContentWriter, budget: Budget): boolean {
  const entries = new Map<string, Value>();
  const numberOf = (value: Value | undefined) =>
    isToken(value) && value.type === 'number' ? Number(numberText(tokens.text(value))) : undefined;
  let token = tokens.next();
  for (; token && !tokens.isKeyword(token, 'ID'); token = tokens.next()) {
    const key = token.type === 'name' ? latin1(token.bytes) : undefined;
    const value = readValue(tokens, tokens.next());
    if (key === undefined || value === undefined) {
      skipToEnd(tokens, tokens.at);
      return false;
    }
    entries.set(key, value);
  }
  if (!token) return false;
  const get = (short: string) => [...entries].find(([key]) => inlineKeys[key] === short)?.[1];
  const filterValue = entries.get('F') ?? entries.get('Filter');
  const filterNames = filterValue === undefined ? [] : Array.isArray(filterValue) ? filterValue : [filterValue];
  const filters = filterNames.map((value) => inlineFilters[nameOf(value) ?? ''] ?? null);
  const parmsValue = entries.get('DP') ?? entries.get('DecodeParms');
  const parms = Array.isArray(parmsValue) ? parmsValue : [parmsValue];
  const start = tokens.at + 1; // one white-space byte after ID
  const width = numberOf(get('W')) ?? 0;
  const height = numberOf(get('H')) ?? 0;
  const imageMask = get('IM');
  const isMask = isToken(imageMask) && tokens.isKeyword(imageMask, 'true');
  const bits = isMask ? 1 : (numberOf(get('BPC')) ?? 8);
  const space = get('CS');
  const count = isMask ? 1 : components[nameOf(Array.isArray(space) ? space[0] : space) ?? ''];
  const firstFilter = filters[0]?.[0];
  let end: number;
  if (filters.length === 0 && count !== undefined) end = start + height * Math.ceil((width * count * bits) / 8);
  else if (firstFilter === 'ASCIIHexDecode') end = indexOf(tokens.data, [0x3e], start) + 1;
  else if (firstFilter === 'ASCII85Decode') end = indexOf(tokens.data, [0x7e, 0x3e], start) + 2;
  else end = start;
  const data = tokens.data.subarray(start, skipToEnd(tokens, Math.max(start, end)));
  const kept = filters.every((filter) => filter !== null) && width > 0 && height > 0 && count !== 0;
  if (!kept) return false;
  const steps: FilterStep[] = filters.map((filter, index) => ({
    name: filter![0],
    parms: numbersOf(parms[index], numberOf),
  }));
  const decoded = decodeBounded(data, steps, budget.remaining());
  if (!decoded) budget.exceeded('an inline image');
  budget.take(decoded.bytes.length, 'an inline image');
  budget.image(width, height, count ?? 4, bits, 'an inline image', decoded.bytes.length);
  writer.text('BI ');
  for (const [key, value] of entries) {
    const short = inlineKeys[key];
    if (!short) continue;
    writer.text(`/${short} `);
    writer.value(value);
  }
  writer.text(`/F [ /AHx ${filters.map((filter) => `/${filter![1]}`).join(' ')} ] `);
  if (parmsValue !== undefined) {
    writer.text('/DP [ null ');
    for (const [index] of filters.entries()) {
      const parm = parms[index];
      if (parm instanceof Map) writer.value(parm);
      else writer.text('null ');
    }
    writer.text('] ');
  }
  writer.text('ID\n');
  writer.hex(data, '', '>');
  writer.text('\nEI\n');
  return true;
}

function numbersOf(value: Value | undefined, numberOf: (value: Value) => number | undefined): Record<string, number> {
  const numbers: Record<string, number> = {};
  if (value instanceof Map)
    for (const [key, entry] of value) {
      const number = numberOf(entry);
      if (number !== undefined) numbers[key] = number;
    }
  return numbers;
}

function indexOf(data: Uint8Array, needle: readonly number[], from: number): number {
  const found = Buffer.from(data.buffer, data.byteOffset, data.byteLength).indexOf(Buffer.from(needle), from);
  return found < 0 ? data.length : found;
}

/**
 * Moves the tokenizer past the EI that ends an image whose data ends at or
 * after `from` (white space, EI, then white space, a delimiter or the end),
 * and answers where the data ends.
 */
function skipToEnd(tokens: ContentTokenizer, from: number): number {
  const data = tokens.data;
  for (let at = indexOf(data, [0x45, 0x49], from); at < data.length; at = indexOf(data, [0x45, 0x49], at + 1)) {
    const before = at === from || isWhite(data[at - 1]);
    const after = at + 2 >= data.length || isWhite(data[at + 2]) || !isRegular(data[at + 2]!);
    if (before && after) {
      tokens.at = at + 2;
      return at > from && isWhite(data[at - 1]) ? at - 1 : at;
    }
  }
  tokens.at = data.length;
  return data.length;
}
