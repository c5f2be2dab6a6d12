// PDF's lexical rules (ISO 32000-1, 7.2–7.3), as far as finding names and
// reading a stream's dictionary needs them.

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set(Buffer.from('()<>[]{}/%', 'latin1'));
export const isWhitespace = (byte: number) => WHITESPACE.has(byte);
const isRegular = (byte: number | undefined) => byte !== undefined && !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

const NAME_TOKEN = /\/([^\0\t\n\f\r ()<>[\]{}/%]*)/g;
const MAX_NESTING = 64;

/** A name as a viewer reads it: since PDF 1.2 `#xx` stands for the byte xx, so /J#61vaScript is /JavaScript. */
function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every name in `text` (bytes as latin1), decoded, wherever it stands: in a string or a comment too. */
export function* namesIn(text: string): Generator<string> {
  for (const match of text.matchAll(NAME_TOKEN)) yield decodeName(match[1]!);
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

/** Every name an object holds, keys and values, at any depth. */
export function* namesOf(value: PdfValue): Generator<string> {
  if (value.kind === 'name') yield value.name;
  if (value.kind === 'array') for (const item of value.items) yield* namesOf(item);
  if (value.kind === 'dictionary') {
    for (const [key, entry] of value.entries) {
      yield key;
      yield* namesOf(entry);
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
    if (WHITESPACE.has(bytes[at]!)) at++;
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
      if (byte === 0x5c) this.position++; // a backslash escapes what follows, parentheses too
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
