// PDF's lexical rules (ISO 32000-1, 7.2–7.3), as far as finding objects and
// names and reading a stream's dictionary needs them. Everything here reads
// each byte a bounded number of times: its cost grows with the input, never
// with its square.
import type { CheckBudget } from './budget.ts';

// Each byte's class, looked up rather than searched for: these run once per byte of the file.
const REGULAR = 0;
const WHITESPACE = 1;
const DELIMITER = 2;
const CLASSES = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASSES[byte] = WHITESPACE;
for (const byte of Buffer.from('()<>[]{}/%', 'latin1')) CLASSES[byte] = DELIMITER;
export const isWhitespace = (byte: number) => CLASSES[byte] === WHITESPACE;
const isRegular = (byte: number | undefined) => byte !== undefined && CLASSES[byte] === REGULAR;
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
const isEndOfLine = (byte: number) => byte === 0x0a || byte === 0x0d;
const PERCENT = 0x25;

const NAME_TOKEN = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
const MAX_NESTING = 64;

/** A name as a viewer reads it: since PDF 1.2 `#xx` stands for the byte xx, so /J#61vaScript is /JavaScript. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every name in `text` (bytes as latin1), decoded, wherever it stands: in a string or a comment too. */
export function* namesIn(text: string, offset = 0): Generator<{ name: string; position: number }> {
  for (const match of text.matchAll(NAME_TOKEN)) yield { name: decodeName(match[1]!), position: offset + match.index };
}

/** Where `keyword` stands as a token of its own: no regular character after it, and none but a digit before it (`0obj`). */
export function keywordPositions(bytes: Buffer, keyword: string): number[] {
  const positions: number[] = [];
  for (let at = bytes.indexOf(keyword, 0, 'latin1'); at >= 0; at = bytes.indexOf(keyword, at + 1, 'latin1')) {
    const before = bytes[at - 1];
    if ((before === undefined || !isRegular(before) || isDigit(before)) && !isRegular(bytes[at + keyword.length]))
      positions.push(at);
  }
  return positions;
}

const NONE = -1;
const CHECK_EVERY_BYTES = 1 << 18;
const eitherOf = (a: number, b: number) => (a !== NONE ? a : b);

/**
 * Every object header in the file, wherever it stands (a viewer may be sent
 * to any byte by the xref table, even inside a string or another stream's
 * data): the position of its `obj` keyword, and the object number.
 *
 * Read as the standard reads it, a comment is white space, so `6 0 %c\nobj` is
 * a header; and as lenient viewers read it, `6 0obj` is one too. Every start
 * is followed at once, one byte at a time, through the states of a header:
 * the object number, white space or a comment, the generation, white space or
 * a comment (or none), `o`, `b`, `j`. Each state holds the object number of the
 * header read so far, or NONE, so each byte is looked at once however headers
 * overlap.
 */
export function objectHeaders(bytes: Buffer, budget: CheckBudget): Map<number, number> {
  const headers = new Map<number, number>();
  let inNumber = NONE;
  let afterNumber = NONE;
  let numberComment = NONE;
  let inGeneration = NONE;
  let afterGeneration = NONE;
  let generationComment = NONE;
  let atO = NONE;
  let atOb = NONE;
  let previousWasDigit = false;
  for (let at = 0; at < bytes.length; at++) {
    if (at % CHECK_EVERY_BYTES === 0) budget.check();
    const byte = bytes[at]!;
    const digit = isDigit(byte);
    const space = CLASSES[byte] === WHITESPACE;
    const percent = byte === PERCENT;
    const endOfLine = isEndOfLine(byte);

    // A number too large for any object still heads one; its number only matters as a /Length reference.
    const nextInNumber = !digit
      ? NONE
      : inNumber !== NONE
        ? Math.min(inNumber * 10 + byte - 0x30, Number.MAX_SAFE_INTEGER)
        : previousWasDigit
          ? NONE
          : byte - 0x30;
    const nextInGeneration = digit ? eitherOf(inGeneration, afterNumber) : NONE;
    // A comment runs to the end of its line, % signs and all, and counts as white space.
    const nextAfterNumber = space ? eitherOf(eitherOf(inNumber, afterNumber), endOfLine ? numberComment : NONE) : NONE;
    const nextNumberComment = percent
      ? eitherOf(eitherOf(inNumber, afterNumber), numberComment)
      : endOfLine
        ? NONE
        : numberComment;
    const nextAfterGeneration = space
      ? eitherOf(eitherOf(inGeneration, afterGeneration), endOfLine ? generationComment : NONE)
      : NONE;
    const nextGenerationComment = percent
      ? eitherOf(eitherOf(inGeneration, afterGeneration), generationComment)
      : endOfLine
        ? NONE
        : generationComment;
    const nextAtO = byte === 0x6f ? eitherOf(inGeneration, afterGeneration) : NONE;
    const nextAtOb = byte === 0x62 ? atO : NONE;
    if (byte === 0x6a && atOb !== NONE && !isRegular(bytes[at + 1])) headers.set(at - 2, atOb);

    inNumber = nextInNumber;
    afterNumber = nextAfterNumber;
    numberComment = nextNumberComment;
    inGeneration = nextInGeneration;
    afterGeneration = nextAfterGeneration;
    generationComment = nextGenerationComment;
    atO = nextAtO;
    atOb = nextAtOb;
    previousWasDigit = digit;
  }
  return headers;
}

export type PdfValue =
  | { kind: 'name'; name: string }
  | { kind: 'number'; value: number }
  | { kind: 'reference'; objectNumber: number }
  | { kind: 'dictionary'; entries: Map<string, PdfValue> }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'other' }; // strings, booleans and null: nothing we need to look into

/** Text that is not PDF syntax, and how far reading got before it found out. */
export class PdfSyntaxError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(message);
    this.name = 'PdfSyntaxError';
    this.position = position;
  }
}

/** A direct object read from `start`, and where it ends. Throws PdfSyntaxError on anything that is not PDF syntax. */
export function readObject(bytes: Buffer, start: number): { value: PdfValue; end: number } {
  const reader = new ObjectReader(bytes, start);
  const value = reader.value(0);
  return { value, end: reader.position };
}

/** Adds every name an object holds, keys and values, at any depth, to `names`. */
export function addNamesOf(value: PdfValue, names: Set<string>): void {
  if (value.kind === 'name') names.add(value.name);
  else if (value.kind === 'array') for (const item of value.items) addNamesOf(item, names);
  else if (value.kind === 'dictionary') {
    for (const [key, entry] of value.entries) {
      names.add(key);
      addNamesOf(entry, names);
    }
  }
}

/** After an object, the `stream` keyword and its end of line: where the stream's data starts, if it has any. */
export function streamDataStart(bytes: Buffer, objectEnd: number): number | undefined {
  let at = skipWhitespaceAndComments(bytes, objectEnd);
  if (bytes.toString('latin1', at, at + 6) !== 'stream' || isRegular(bytes[at + 6])) return undefined;
  at += 6;
  if (bytes[at] === 0x0d && bytes[at + 1] === 0x0a) return at + 2;
  return bytes[at] === 0x0a || bytes[at] === 0x0d ? at + 1 : at;
}

function skipWhitespaceAndComments(bytes: Buffer, from: number): number {
  let at = from;
  while (at < bytes.length) {
    if (isWhitespace(bytes[at]!)) at++;
    else if (bytes[at] === 0x25) while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    else break;
  }
  return at;
}

class ObjectReader {
  private readonly bytes: Buffer;
  position: number;
  constructor(bytes: Buffer, start: number) {
    this.bytes = bytes;
    this.position = start;
  }

  private fail(what: string): never {
    throw new PdfSyntaxError(`PDF syntax: ${what} at byte ${this.position}`, this.position);
  }

  private skipSpace() {
    this.position = skipWhitespaceAndComments(this.bytes, this.position);
  }

  private regularRun(): string {
    const start = this.position;
    while (isRegular(this.bytes[this.position])) this.position++;
    return this.bytes.toString('latin1', start, this.position);
  }

  value(depth: number): PdfValue {
    if (depth > MAX_NESTING) this.fail('nesting too deep');
    this.skipSpace();
    const byte = this.bytes[this.position];
    if (byte === undefined) this.fail('unexpected end');
    if (byte === 0x2f) {
      this.position++;
      return { kind: 'name', name: decodeName(this.regularRun()) };
    }
    if (byte === 0x3c && this.bytes[this.position + 1] === 0x3c) return this.dictionary(depth);
    if (byte === 0x3c) return this.hexString();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x5b) return this.array(depth);
    if (isRegular(byte)) return this.numberOrKeyword();
    this.fail(`unexpected "${String.fromCharCode(byte)}"`);
  }

  private dictionary(depth: number): PdfValue {
    this.position += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.position] === 0x3e && this.bytes[this.position + 1] === 0x3e) {
        this.position += 2;
        return { kind: 'dictionary', entries };
      }
      if (this.bytes[this.position] !== 0x2f) this.fail('a dictionary key that is not a name');
      this.position++;
      const key = decodeName(this.regularRun());
      entries.set(key, this.value(depth + 1));
    }
  }

  private array(depth: number): PdfValue {
    this.position++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.position] === 0x5d) {
        this.position++;
        return { kind: 'array', items };
      }
      items.push(this.value(depth + 1));
    }
  }

  private hexString(): PdfValue {
    const end = this.bytes.indexOf(0x3e, this.position);
    if (end < 0) this.fail('unterminated hexadecimal string');
    this.position = end + 1;
    return { kind: 'other' };
  }

  private literalString(): PdfValue {
    let open = 0;
    for (; this.position < this.bytes.length; this.position++) {
      const byte = this.bytes[this.position];
      if (byte === 0x5c)
        this.position++; // a backslash escapes what follows, parentheses too
      else if (byte === 0x28) open++;
      else if (byte === 0x29 && --open === 0) {
        this.position++;
        return { kind: 'other' };
      }
    }
    this.fail('unterminated string');
  }

  private numberOrKeyword(): PdfValue {
    const token = this.regularRun();
    if (token === 'true' || token === 'false' || token === 'null') return { kind: 'other' };
    if (!/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(token)) this.fail(`unexpected keyword "${token.slice(0, 20)}"`);
    if (/^\d+$/.test(token) && this.referenceFollows()) return { kind: 'reference', objectNumber: Number(token) };
    return { kind: 'number', value: Number(token) };
  }

  /** `12 0 R`: having read 12, whether a generation number and R follow (and if so, reads them). */
  private referenceFollows(): boolean {
    const start = this.position;
    this.skipSpace();
    if (/^\d+$/.test(this.regularRun())) {
      this.skipSpace();
      if (this.regularRun() === 'R') return true;
    }
    this.position = start;
    return false;
  }
}
