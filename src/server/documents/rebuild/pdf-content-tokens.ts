// The tokens of a PDF content stream (ISO 32000-2 §7.2, §8.9.7): numbers,
// names (#xx undone), strings (literal with escapes and nesting, or hex),
// array and dictionary brackets, and keywords (operators, true, false, null);
// comments are skipped. Each token is read in time linear in its length, and
// a byte that starts no token is skipped, as viewers do. pdf-content.ts writes
// the tokens anew and reads an inline image's data (BI … ID … EI). A string's
// or name's bytes are valid until the next token is read (copy to keep them).
import { hexValue, readHex } from './pdf-streams.ts';

export type Token =
  | { type: 'number' | 'keyword'; start: number; end: number }
  | { type: 'name'; bytes: Uint8Array }
  | { type: 'string'; bytes: Uint8Array }
  | { type: 'bracket'; text: '[' | ']' | '<<' | '>>' | '{' | '}' };

const WHITE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[byte] = 1;
const DELIMITER = new Uint8Array(256);
for (const character of '()<>[]{}/%') DELIMITER[character.charCodeAt(0)] = 1;

export const isWhite = (byte: number | undefined): boolean => byte !== undefined && WHITE[byte] === 1;
/** Neither white space nor a delimiter: a byte of a name, number or keyword. */
export const isRegular = (byte: number): boolean => WHITE[byte] === 0 && DELIMITER[byte] === 0;

/** Bytes collected for one string or name, reused from token to token. */
class Scratch {
  buffer = new Uint8Array(256);
  length = 0;

  push(byte: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Uint8Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = byte;
  }

  take(): Uint8Array {
    const bytes = this.buffer.subarray(0, this.length);
    this.length = 0;
    return bytes;
  }
}

export class ContentTokenizer {
  readonly data: Uint8Array;
  /** Where the next token is looked for; pdf-content.ts moves it past an inline image's data. */
  at = 0;
  private readonly strings = new Scratch();
  private readonly names = new Scratch();

  constructor(data: Uint8Array) {
    this.data = data;
  }

  /** A number's or keyword's text. */
  text(token: Extract<Token, { start: number }>): string {
    return Buffer.from(this.data.buffer, this.data.byteOffset + token.start, token.end - token.start).toString(
      'latin1',
    );
  }

  /** Whether `token` is the keyword `keyword` (ASCII). */
  isKeyword(token: Token | undefined, keyword: string): boolean {
    if (token?.type !== 'keyword' || token.end - token.start !== keyword.length) return false;
    for (let at = 0; at < keyword.length; at++)
      if (this.data[token.start + at] !== keyword.charCodeAt(at)) return false;
    return true;
  }

  /** The next token, or undefined at the end of the data. */
  next(): Token | undefined {
    const data = this.data;
    for (;;) {
      while (this.at < data.length && WHITE[data[this.at]!]) this.at++;
      if (this.at >= data.length) return undefined;
      const byte = data[this.at]!;
      if (byte === 0x25) {
        while (this.at < data.length && data[this.at] !== 0x0a && data[this.at] !== 0x0d) this.at++;
        continue;
      }
      if (byte === 0x28) return this.literalString();
      if (byte === 0x2f) return this.name();
      if (byte === 0x3c) {
        if (data[this.at + 1] === 0x3c) return this.bracket('<<', 2);
        return this.hexString();
      }
      if (byte === 0x3e) {
        if (data[this.at + 1] === 0x3e) return this.bracket('>>', 2);
        this.at++; // a lone '>' starts nothing
        continue;
      }
      if (byte === 0x5b) return this.bracket('[', 1);
      if (byte === 0x5d) return this.bracket(']', 1);
      if (byte === 0x7b) return this.bracket('{', 1);
      if (byte === 0x7d) return this.bracket('}', 1);
      if (byte === 0x29) {
        this.at++; // a lone ')' starts nothing
        continue;
      }
      const start = this.at;
      while (this.at < data.length && isRegular(data[this.at]!)) this.at++;
      const numeric = byte === 0x2b || byte === 0x2d || byte === 0x2e || (byte >= 0x30 && byte <= 0x39);
      return { type: numeric ? 'number' : 'keyword', start, end: this.at };
    }
  }

  private bracket(text: '[' | ']' | '<<' | '>>' | '{' | '}', length: number): Token {
    this.at += length;
    return { type: 'bracket', text };
  }

  private name(): Token {
    const data = this.data;
    const bytes = this.names;
    for (this.at++; this.at < data.length && isRegular(data[this.at]!); this.at++) {
      const byte = data[this.at]!;
      const [high, low] = [hexValue(data[this.at + 1] ?? 0), hexValue(data[this.at + 2] ?? 0)];
      if (byte === 0x23 && high >= 0 && low >= 0) {
        bytes.push((high << 4) | low);
        this.at += 2;
      } else bytes.push(byte);
    }
    return { type: 'name', bytes: bytes.take() };
  }

  /** `( … )`: balanced parentheses nest; \n \r \t \b \f \( \) \\, \ddd, and \ at a line's end (nothing); a bare line end is \n. */
  private literalString(): Token {
    const data = this.data;
    const bytes = this.strings;
    let depth = 1;
    for (this.at++; this.at < data.length; this.at++) {
      let byte = data[this.at]!;
      if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) break;
      else if (byte === 0x0d) {
        if (data[this.at + 1] === 0x0a) this.at++;
        byte = 0x0a;
      } else if (byte === 0x5c) {
        const escaped = data[++this.at];
        if (escaped === undefined) break;
        const simple = ESCAPES[escaped];
        if (simple !== undefined) byte = simple;
        else if (escaped >= 0x30 && escaped <= 0x37) {
          let value = escaped - 0x30;
          for (let n = 0; n < 2 && data[this.at + 1]! >= 0x30 && data[this.at + 1]! <= 0x37; n++)
            value = value * 8 + data[++this.at]! - 0x30;
          byte = value & 0xff;
        } else if (escaped === 0x0a || escaped === 0x0d) {
          if (escaped === 0x0d && data[this.at + 1] === 0x0a) this.at++;
          continue;
        } else byte = escaped; // an unknown escape stands for the byte itself
      }
      bytes.push(byte);
    }
    this.at++;
    return { type: 'string', bytes: bytes.take() };
  }

  /** `< … >`: hex digits, white space skipped; an odd last digit is followed by 0. */
  private hexString(): Token {
    const bytes = this.strings;
    this.at = readHex(this.data, this.at + 1, (byte) => bytes.push(byte)) + 1;
    return { type: 'string', bytes: bytes.take() };
  }
}

const ESCAPES: Readonly<Record<number, number>> = {
  0x6e: 0x0a,
  0x72: 0x0d,
  0x74: 0x09,
  0x62: 0x08,
  0x66: 0x0c,
  0x28: 0x28,
  0x29: 0x29,
  0x5c: 0x5c,
};
