// The pieces the viewer's bounds are made of: the content-stream tokenizer
// (pdf-content-tokens.ts), the rewriting of a content stream (pdf-content.ts)
// and the decoders that stop at a limit (pdf-streams.ts).
import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContentTokenizer, type Token } from '../../../../src/server/documents/rebuild/pdf-content-tokens.ts';
import { rewriteContent, type Budget } from '../../../../src/server/documents/rebuild/pdf-content.ts';
import { decodeBounded } from '../../../../src/server/documents/rebuild/pdf-streams.ts';
import { deflatedRepeats } from '../../../../scripts/lib/viewer-stalling-pdfs.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const show = (tokenizer: ContentTokenizer, token: Token) =>
  token.type === 'name'
    ? `/${Buffer.from(token.bytes).toString('latin1')}`
    : token.type === 'string'
      ? `(${Buffer.from(token.bytes).toString('latin1')})`
      : token.type === 'bracket'
        ? token.text
        : tokenizer.text(token);
function tokens(text: string): string[] {
  const tokenizer = new ContentTokenizer(latin1(text));
  const read: string[] = [];
  for (let token = tokenizer.next(); token; token = tokenizer.next()) read.push(show(tokenizer, token));
  return read;
}

/** A budget of `limit` bytes that records what it was given. */
function budget(limit = 1 << 30): Budget & { taken: number } {
  const spent = {
    taken: 0,
    remaining: () => limit - spent.taken,
    take(bytes: number, what: string) {
      if (bytes > spent.remaining()) spent.exceeded(what);
      spent.taken += bytes;
    },
    exceeded(what: string): never {
      throw new Error(`past the bound at ${what}`);
    },
    image(width: number, height: number, components: number, bits: number, what: string, decoded: number) {
      spent.take(Math.max(0, Math.ceil((width * components * bits) / 8) * height - decoded), what);
    },
  };
  return spent;
}
const rewrite = (text: string, limit?: number) => {
  const result = rewriteContent(latin1(text), budget(limit));
  return { ...result, text: Buffer.from(result.bytes).toString('latin1') };
};

describe('the content tokenizer', () => {
  it.each([
    [
      'operators and numbers',
      '1 0 0 1 72 720 cm -.5 +3 4. Tm',
      ['1', '0', '0', '1', '72', '720', 'cm', '-.5', '+3', '4.', 'Tm'],
    ],
    ['a string with nested parentheses', '(a (b) c) Tj', ['(a (b) c)', 'Tj']],
    ['escapes, octal and a line continued', '(\\(x\\)\\\\\\101\\7a\\\nb\\n) Tj', ['((x)\\A\x07ab\n)', 'Tj']],
    ['a bare CR LF in a string, read as LF', '(a\r\nb) Tj', ['(a\nb)', 'Tj']],
    ['a hex string, spaced and odd', '<48 65 6c 6C 6> Tj', ['(Hell`)', 'Tj']],
    ['names with #xx', '/A#20B /C#2f Do', ['/A B', '/C/', 'Do']],
    ['a comment to the line end', '1 %comment ) ( BI\n2 w', ['1', '2', 'w']],
    [
      'a dictionary and an array',
      '/P <</MCID 0>> BDC [1 (a)] TJ',
      ['/P', '<<', '/MCID', '0', '>>', 'BDC', '[', '1', '(a)', ']', 'TJ'],
    ],
    ['tokens without spaces between', '/F1 12Tf[(a)-3(b)]TJ', ['/F1', '12Tf', '[', '(a)', '-3', '(b)', ']', 'TJ']],
    ['a lone ) and > skipped', ') > q', ['q']],
    ['an unterminated string, read to the end', '(abc', ['(abc)']],
  ])('reads %s', (_what, text, expected) => {
    expect(tokens(text)).toEqual(expected);
  });
});

describe('a content stream, rewritten', () => {
  it('writes strings escaped so that none of their bytes can end them', () => {
    const { text } = rewrite('<28295c0d0a41> Tj');
    expect(text).toBe('(\\(\\)\\\\\\r\\nA) Tj\n');
    expect(tokens(text)).toEqual(['(()\\\r\nA)', 'Tj']);
  });

  it('writes names escaped, and reads back the same', () => {
    const { text } = rewrite('/A#20B#28 Do');
    expect(text).toBe('/A#20B#28 Do\n');
  });

  it('lists the names drawn by Do, as often as drawn', () => {
    expect(rewrite('/Im1 Do q /Fm#201 Do Q /Im1 Do').draws).toEqual(['Im1', 'Fm 1', 'Im1']);
  });

  it('keeps an inline image with a listed filter, its data as hex', () => {
    const data = deflateSync(Buffer.alloc(4, 0x7f));
    const { text, droppedImages } = rewrite(`BI /W 2 /H 2 /CS /G /BPC 8 /F /Fl ID ${data.toString('latin1')}\nEI Q`);
    expect(droppedImages).toBe(0);
    expect(text).toBe(`BI /W 2 /H 2 /CS /G /BPC 8 /F [ /AHx /Fl ] ID\n${data.toString('hex')}>\nEI\nQ\n`);
  });

  it.each(['/JBIG2Decode', '/JPXDecode', '/Crypt', '/Fl#20', '[/Fl /Unknown]'])(
    'drops an inline image whose filter is %s, keeping what follows',
    (filter) => {
      const { text, droppedImages } = rewrite(`q BI /W 1 /H 1 /F ${filter} ID \x00\x01 EI Q 0 0 m`);
      expect(droppedImages).toBe(1);
      expect(text).toBe('q\nQ\n0 0 m\n');
    },
  );

  it.each(['/W ID', '/D [1 EI 0]', '/I BI'])(
    'drops an inline image whose dictionary holds an operator as a value (%s), which would end it elsewhere',
    (entry) => {
      const { text, droppedImages } = rewrite(`q BI ${entry} /H 1 /CS /G ID \x00 EI Q`);
      expect(droppedImages).toBe(1);
      expect(text).not.toMatch(/\bBI\b|\bID\b/);
    },
  );

  it('ends unfiltered data at its size, even where it holds EI', () => {
    const data = 'ab EI cd';
    const { text } = rewrite(`BI /W 8 /H 1 /CS /G /BPC 8 ID ${data}\nEI Q`);
    expect(text).toContain(`ID\n${Buffer.from(data).toString('hex')}>\nEI\nQ\n`);
  });

  it('ends hex data at > and ASCII85 data at ~>', () => {
    expect(rewrite('BI /W 1 /H 1 /CS /G /F /AHx ID 7f> EI Q').text).toContain(
      `ID\n${Buffer.from('7f>').toString('hex')}>`,
    );
    expect(rewrite('BI /W 1 /H 1 /CS /G /F /A85 ID z~> EI Q').text).toContain('/F [ /AHx /A85 ]');
  });

  it('counts an inline image against the budget, and stops past it', () => {
    const big = deflatedRepeats(Buffer.alloc(1 << 20), 8);
    expect(() => rewrite(`BI /W 1 /H 1 /CS /G /F /Fl ID ${big.toString('latin1')}\nEI`, 1 << 20)).toThrow(
      /past the bound at an inline image/,
    );
  });
});

describe('a stream decoded within a limit', () => {
  const text = latin1('BT /F1 12 Tf (hello) Tj ET\n'.repeat(50));

  it.each([
    ['Flate', [{ name: 'FlateDecode', parms: {} }], deflateSync(text)],
    ['raw deflate, as some writers leave it', [{ name: 'FlateDecode', parms: {} }], deflateRawSync(text)],
    [
      'ASCIIHex then Flate',
      [
        { name: 'ASCIIHexDecode', parms: {} },
        { name: 'FlateDecode', parms: {} },
      ],
      latin1(`${deflateSync(text).toString('hex')}>`),
    ],
    [
      'RunLength',
      [{ name: 'RunLengthDecode', parms: {} }],
      Buffer.concat([
        ...chunks(text, 128).map((c) => Buffer.concat([Buffer.from([c.length - 1]), c])),
        Buffer.from([128]),
      ]),
    ],
    ['ASCII85', [{ name: 'ASCII85Decode', parms: {} }], latin1(`${ascii85(text)}~>`)],
  ])('%s gives the data back', (_what, steps, data) => {
    expect(Buffer.from(decodeBounded(data, steps, 1 << 20)!.bytes)).toEqual(text);
  });

  it('LZW (early change) gives the data back: the standard’s example', () => {
    // ISO 32000-2 §7.4.4.2: 45 45 45 45 45 65 45 45 45 66 encodes as 80 0B 60 50 22 0C 0C 85 01.
    const decoded = decodeBounded(Buffer.from('800b6050220c0c8501', 'hex'), [{ name: 'LZWDecode', parms: {} }], 100);
    expect(Buffer.from(decoded!.bytes).toString('hex')).toBe('2d2d2d2d2d412d2d2d42');
  });

  it('undoes a PNG predictor (Up) after Flate', () => {
    const rows = Buffer.from([2, 1, 2, 3, 2, 1, 1, 1]); // filter Up: row 2 = row 1 + 1
    const decoded = decodeBounded(
      deflateSync(rows),
      [{ name: 'FlateDecode', parms: { Predictor: 12, Columns: 3 } }],
      100,
    );
    expect([...decoded!.bytes]).toEqual([1, 2, 3, 2, 3, 4]);
  });

  it('answers null as soon as the output passes the limit, without inflating the rest', () => {
    const gib = deflatedRepeats(Buffer.alloc(1 << 20, 0x20), 1024);
    const started = performance.now();
    expect(decodeBounded(gib, [{ name: 'FlateDecode', parms: {} }], 4 << 20)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('answers null past the limit for LZW and RunLength too', () => {
    const runs = Buffer.alloc(2000, 129); // each pair of bytes: 128 copies of the next
    expect(decodeBounded(runs, [{ name: 'RunLengthDecode', parms: {} }], 10_000)).toBeNull();
    // Codes 0, 258, 259 …: each the entry just made, one byte longer than the last: 7 MB from 6 KB.
    const growing = lzwCodes([0, ...Array.from({ length: 3837 }, (_, n) => 258 + n)]);
    expect(decodeBounded(growing, [{ name: 'LZWDecode', parms: {} }], 1 << 30)!.bytes.length).toBe((3838 * 3839) / 2);
    expect(decodeBounded(growing, [{ name: 'LZWDecode', parms: {} }], 1 << 20)).toBeNull();
  });

  it('keeps damaged Flate data up to the damage, as viewers do', () => {
    const damaged = deflateSync(text).subarray(0, 40);
    const decoded = decodeBounded(damaged, [{ name: 'FlateDecode', parms: {} }], 1 << 20);
    expect(Buffer.from(decoded!.bytes).toString('latin1')).toMatch(/^BT \/F1 12 Tf/);
  });

  it('stops at an image codec, answering its data as it is', () => {
    expect(decodeBounded(Buffer.from('jpeg'), [{ name: 'DCTDecode', parms: {} }], 10)).toEqual({
      bytes: Buffer.from('jpeg'),
      codec: 'DCTDecode',
    });
  });
});

function chunks(data: Buffer, size: number): Buffer[] {
  return Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));
}

function ascii85(data: Buffer): string {
  let out = '';
  for (let at = 0; at < data.length; at += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, at, at + 4);
    let value = group.readUInt32BE();
    const digits: string[] = [];
    for (let n = 0; n < 5; n++, value = Math.floor(value / 85)) digits.unshift(String.fromCharCode(33 + (value % 85)));
    out += digits.slice(0, Math.min(4, data.length - at) + 1).join('');
  }
  return out;
}

/** LZW codes packed as PDF reads them: 9 bits wide, one more from the code after next + 1 reaches a power of two. */
function lzwCodes(codes: readonly number[]): Buffer {
  const bits: number[] = [];
  let [width, next] = [9, 258];
  for (const [index, code] of codes.entries()) {
    for (let bit = width - 1; bit >= 0; bit--) bits.push((code >> bit) & 1);
    if (index > 0) next++;
    if (next + 1 >= 1 << width && width < 12) width++;
  }
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((bit, at) => (bytes[at >> 3]! |= bit << (7 - (at & 7))));
  return bytes;
}
