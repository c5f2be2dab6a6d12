// Encrypted PDFs whose decrypted strings hold what would end a literal string
// (issue 48): each kept string, in fonts, their descriptors, CID system info and
// an indexed colour space, holds parentheses, backslashes, line ends and high
// bytes, and may carry a payload that, were the string ended early, would become
// the page's own keys. Every copy, read by pdf.js, acts in no way, holds numbers
// in every /FontMatrix, and keeps each string's plaintext byte for byte.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildDocument } from '../../../../src/server/documents/rebuild/rebuild.ts';
import { ciphers, encryptedPdf } from '../../../../scripts/lib/encrypted-pdfs.ts';
import { harmless, whatRuns } from '../../../../scripts/lib/pdf-reader.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/**
 * Where a kept string stands: its path from the page's /Resources, and what closes each
 * dictionary (>>) or array (]) around it up to the page, innermost first.
 */
const places = {
  fontName: { path: ['Font', 'F1', 'Name'], closers: ['>>', '>>', '>>'] },
  fontFamily: { path: ['Font', 'F1', 'FontDescriptor', 'FontFamily'], closers: ['>>', '>>', '>>', '>>'] },
  charSet: { path: ['Font', 'F1', 'FontDescriptor', 'CharSet'], closers: ['>>', '>>', '>>', '>>'] },
  registry: {
    path: ['Font', 'F2', 'DescendantFonts', 0, 'CIDSystemInfo', 'Registry'],
    closers: ['>>', '>>', ']', '>>', '>>', '>>'],
  },
  ordering: {
    path: ['Font', 'F2', 'DescendantFonts', 0, 'CIDSystemInfo', 'Ordering'],
    closers: ['>>', '>>', ']', '>>', '>>', '>>'],
  },
  lookup: { path: ['ColorSpace', 'CS0', 3], closers: [']', '>>', '>>'] },
} as const;
type Place = keyof typeof places;

/** What a payload adds where it lands: the page's own keys, or (fontMatrix) the font's. */
const payloads = {
  pageScript: '/AA << /O << /S /JavaScript /JS (app.alert\\(1\\)) >> >>',
  link: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /URI /URI (http://203.0.113.7/) >> >>]',
  launch: '/AA << /O << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>',
  widget:
    '/Annots [<< /Type /Annot /Subtype /Widget /FT /Btn /T (b) /Rect [0 0 200 200] /A << /S /JavaScript /JS (x) >> >>]',
  fontMatrix: '/FontMatrix [1 0 0 1 0 (1\\); alert\\(1\\)//)]',
} as const;
type Payload = keyof typeof payloads;

/**
 * The plaintext that ends its string, closes `closers`, adds `payload` and opens as many
 * again, so that a copy written without escaping reads as well formed, with the payload in it.
 */
function smuggling(closers: readonly string[], payload: string): string {
  let reopened = '';
  let inArray = false;
  closers.toReversed().forEach((closer, i) => {
    reopened += `${inArray ? '' : `/Z${i} `}${closer === ']' ? '[' : '<<'} `;
    inArray = closer === ']';
  });
  return `) ${closers.join(' ')} ${payload} ${reopened}${inArray ? '' : '/Zz '}(`;
}

/** Closers up to the font dictionary a place stands in, for a payload that belongs in a font. */
const toFont: Partial<Record<Place, readonly string[]>> = { fontName: [], fontFamily: ['>>'], charSet: ['>>'] };

function plaintexts(strings: Record<Place, Uint8Array>, smuggled: { place: Place; payload: Payload } | null) {
  if (!smuggled) return strings;
  const { place, payload } = smuggled;
  const closers = payload === 'fontMatrix' ? (toFont[place] ?? places[place].closers) : places[place].closers;
  const text = smuggling(closers, payloads[payload]);
  return { ...strings, [place]: Buffer.concat([strings[place], latin1(text), strings[place]]) };
}

function pdfOf(cipher: (typeof ciphers)[number], strings: Record<Place, Uint8Array>): Buffer {
  return encryptedPdf(cipher, [
    () => '<< /Type /Catalog /Pages 2 0 R >>',
    () => '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    (s) =>
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources <<' +
      ` /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Name ${s(strings.fontName)}` +
      ` /FontDescriptor << /Type /FontDescriptor /FontName /Helvetica /FontFamily ${s(strings.fontFamily)}` +
      ` /CharSet ${s(strings.charSet)} /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 >> >>` +
      ' /F2 << /Type /Font /Subtype /Type0 /BaseFont /Courier /Encoding /Identity-H /DescendantFonts' +
      ` [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Courier /CIDSystemInfo << /Registry ${s(strings.registry)}` +
      ` /Ordering ${s(strings.ordering)} /Supplement 0 >> >>] >> >>` +
      ` /ColorSpace << /CS0 [/Indexed /DeviceRGB 0 ${s(strings.lookup)}] >> >> >>`,
    () => ({ dictionary: '', data: latin1('BT /F1 24 Tf 20 100 Td (Page one) Tj ET') }),
  ]);
}

/** The copy's string at `path` from its page's /Resources, as bytes. */
function stringAt(copy: PDFDocument, path: ReadonlyArray<string | number>): Uint8Array {
  let value: unknown = copy.getPages()[0]!.node.Resources();
  for (const step of path) {
    value = typeof step === 'number' ? (value as PDFArray).lookup(step) : (value as PDFDict).lookup(PDFName.of(step));
  }
  expect(value instanceof PDFHexString || value instanceof PDFString, path.join('/')).toBe(true);
  return (value as PDFHexString | PDFString).asBytes();
}

/** Every /FontMatrix in the copy, wherever it stands. */
function fontMatrices(copy: PDFDocument): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof PDFArray) value.asArray().forEach(visit);
    const dictionary = value instanceof PDFRawStream ? value.dict : value;
    if (!(dictionary instanceof PDFDict)) return;
    for (const [key, entry] of dictionary.entries()) {
      if (key === PDFName.of('FontMatrix')) found.push(copy.context.lookup(entry));
      visit(entry);
    }
  };
  for (const [, object] of copy.context.enumerateIndirectObjects()) visit(object);
  return found;
}

const byte = fc.oneof(
  fc.constantFrom(0x28, 0x29, 0x5c, 0x0d, 0x0a),
  fc.integer({ min: 0x80, max: 0xff }),
  fc.integer({ min: 0x20, max: 0x7e }),
);
const plaintext = fc.array(byte, { maxLength: 24 }).map((bytes) => Uint8Array.from(bytes));
const stringsArbitrary = fc.record(
  Object.fromEntries(Object.keys(places).map((place) => [place, plaintext])) as Record<Place, typeof plaintext>,
);
const smuggledArbitrary = fc.option(
  fc.record({
    place: fc.constantFrom(...(Object.keys(places) as Place[])),
    payload: fc.constantFrom(...(Object.keys(payloads) as Payload[])),
  }),
  { freq: 4, nil: null },
);

describe('an encrypted PDF whose strings hold delimiters, line ends and high bytes', () => {
  it.each(ciphers)(
    '%s: is copied with nothing that acts, numbers in every /FontMatrix, and each string’s plaintext',
    { timeout: 60_000 },
    async (cipher) => {
      await fc.assert(
        fc.asyncProperty(stringsArbitrary, smuggledArbitrary, async (strings, smuggled) => {
          const kept = plaintexts(strings, smuggled);
          const copy = await rebuildDocument('pdf', pdfOf(cipher, kept));
          expect(await whatRuns(copy)).toEqual(harmless(1));
          const parsed = await PDFDocument.load(copy, { updateMetadata: false });
          for (const matrix of fontMatrices(parsed)) {
            expect(matrix instanceof PDFArray && matrix.asArray().every((n) => n instanceof PDFNumber)).toBe(true);
          }
          for (const [place, { path }] of Object.entries(places)) {
            expect(Buffer.from(stringAt(parsed, path)), place).toEqual(Buffer.from(kept[place as Place]));
          }
        }),
        { numRuns: 40 },
      );
    },
  );
});
