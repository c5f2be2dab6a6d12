// Documents built to stall or slip past the checks of src/server/documents/:
// files that make a naive reader's work grow with the square of their size, and
// files that hide a script where a naive reader does not look. Each stalling
// shape fills a given size (the form's limit, 2 MiB, by default), but for the
// tiny ones of stallingInputs (issue 35). For the unit and property tests, the
// e2e test and the bench's "documents" stage. Documents that act when opened are
// in documents-that-act.ts.
import { deflateSync } from 'node:zlib';
import { fileTypes, MAX_FILE_BYTES } from '../../src/forms/application/application.ts';
import { javaScriptAction, objectStream, pdfOf, pdfStream, pdfWithCatalog } from './pdf-objects.ts';
import { docxBytes, relationshipType, type ZipEntry } from './sample-documents.ts';

const PDF_HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';

/** `piece(1)`, `piece(2)`, … after `head`, cut at exactly `size` bytes, then `tail`. */
function repeated(size: number, piece: (n: number) => string, { head = PDF_HEADER, tail = '' } = {}): Buffer {
  const parts = [head];
  let length = head.length + tail.length;
  for (let n = 1; length < size; n++) {
    const next = piece(n);
    parts.push(next);
    length += next.length;
  }
  const text = parts.join('');
  return Buffer.from(text.slice(0, size - tail.length) + tail, 'latin1');
}

/**
 * PDFs whose every byte is cheap to write and, read naively, expensive to check:
 * the time to decide them must grow in step with their size.
 */
export const stallingPdfs = (size = MAX_FILE_BYTES): Record<string, Buffer> => ({
  // Each stream searches the rest of the file for its end.
  'streams without an end': repeated(size, (n) => `${n} 0 obj<<>>stream\n`),
  // Each "object stream" is decoded with the rest of the file as its data.
  'object streams without an end': repeated(size, (n) => `${n} 0 obj<</First 0/Filter/A85>>stream\n~`),
  // The same, ending in one endstream: every stream holds all that follow it.
  'object streams within object streams': repeated(size, (n) => `${n} 0 obj<</First 0/Filter/A85>>stream\n`, {
    tail: '\nendstream',
  }),
  'objects within strings within objects': repeated(size, () => '1 0 obj ('),
  'arrays nested a million deep': repeated(size, () => '[', { head: `${PDF_HEADER}1 0 obj\n` }),
  'dictionaries nested deep': repeated(size, () => '<</A ', { head: `${PDF_HEADER}1 0 obj\n` }),
  '100,000 tiny objects': repeated(size, (n) => (n <= 100_000 ? `${n} 0 obj<<>>endobj\n` : ' ')),
  'streams declaring huge lengths': repeated(
    size,
    (n) => `${n} 0 obj<</Length 999999999>>stream\nx\nendstream\nendobj\n`,
  ),
  'headers split by comments': repeated(size, (n) => `${n} %c\n0 %c\nobj %c\n<< %c\n/Type %c\n/Page >> %c\nendobj\n`),
  'one line of comments and numbers': repeated(size, (n) => `%${n} `, { tail: '\nobj' }),
  'a number of two million digits': repeated(size, () => '7', { tail: ' 0 obj<<>>' }),
  'names of #xx escapes': repeated(size, () => '/#41#42#43#44', { head: `${PDF_HEADER}1 0 obj<<` }),
  'an object stream that inflates to 64 MiB': pdfWithCatalog(
    '',
    objectStream({ 5: '<< >>' }, { encode: () => deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)) }),
  ),
});

/**
 * PDFs that hide a script (reached from the catalog's /OpenAction) where a
 * reader that is not careful does not look. Each must be refused.
 */
export const pdfsHidingScripts = (): Record<string, Buffer> => {
  /** A catalog opening object 5, then `header` and `object` written as they are. */
  const afterCatalog = (header: string, object: Buffer) =>
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      Buffer.concat([Buffer.from(`<< >>\nendobj\n${header}`, 'latin1'), object]),
    ]);
  const compressed = objectStream({ 5: javaScriptAction });
  return {
    // The standard treats a comment as white space: `6 0 %c\nobj` is a valid object header.
    'an object stream whose header has a comment before obj': afterCatalog('6 0 %c\nobj ', compressed),
    'an object stream whose header is all comments': afterCatalog('6 %a\n0%b\n%c\nobj%d\n', compressed),
    'an object stream whose header has no space before obj': afterCatalog('6 0obj\n', compressed),
    'an object stream inside another stream’s data': pdfWithCatalog(
      '/OpenAction 5 0 R',
      pdfStream(
        '/Subtype /Image /Width 1 /Height 1',
        Buffer.concat([Buffer.from('pixels\n6 0 obj\n', 'latin1'), compressed, Buffer.from('\nendobj\n')]),
      ),
    ),
    'a script with comments in every place the standard allows': pdfOf([
      '<<%a\n/Type%b\n/Catalog%c\n/Pages 2 0 R%d\n/OpenAction%e\n<<%f\n/S%g\n/JavaScript%h\n/JS%i\n(app.alert\\(1\\))%j\n>>%k\n>>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
    ]),
    'an action whose names are all #xx escapes': pdfWithCatalog(
      '/#4F#70#65#6E#41#63#74#69#6F#6E << /#53 /#4A#61#76#61#53#63#72#69#70#74 /#4A#53 (1) >>',
    ),
    'an obj keyword no header accounts for': Buffer.from(
      `${pdfWithCatalog('').toString('latin1').replace('%%EOF', '')}]obj << /Type /ObjStm /N 1 /First 4 >>\nstream\n${deflateSync('5 0 ').toString('latin1')}\nendstream\n%%EOF\n`,
      'latin1',
    ),
  };
};

// ---------------------------------------------------------------------------
// Word .docx

export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A .docx whose document body is `body` (WordprocessingML inside <w:body>), with `extraParts`. */
export function docxWithBody(body: string, extraParts: readonly ZipEntry[] = []): Buffer {
  return docxBytes([
    {
      name: 'word/document.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
      deflate: true,
    },
    ...extraParts,
  ]);
}

/** A field as Word writes it: begin, the instruction (in `runs`, as Word may split it), separate, a result, end. */
export const complexField = (runs: readonly string[], result = 'result') =>
  '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
  runs.map((run) => `<w:r><w:instrText xml:space="preserve">${run}</w:instrText></w:r>`).join('') +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${result}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;

const simpleField = (instruction: string) =>
  `<w:p><w:fldSimple w:instr="${instruction}"><w:r><w:t>result</w:t></w:r></w:fldSimple></w:p>`;

/** Field codes Word runs or fetches with when a document opens (or its fields update). */
export const fetchingFieldCodes = {
  INCLUDEPICTURE: 'INCLUDEPICTURE "\\\\\\\\203.0.113.7\\\\share\\\\a.png" \\d',
  INCLUDETEXT: 'INCLUDETEXT "\\\\\\\\203.0.113.7\\\\share\\\\notes.docx"',
  LINK: 'LINK Excel.Sheet.8 "\\\\\\\\203.0.113.7\\\\share\\\\book.xls" "Sheet1!R1C1" \\a \\p',
  DDE: 'DDE "cmd" "/c calc" "x"',
  DDEAUTO: 'DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc.exe"',
  IMPORT: 'IMPORT "http://203.0.113.7/a.png"',
} as const;

/** A .docx related to a part of `type` (oleObject, package, control …) inside the package. */
function docxRelatedTo(type: string, target: string, content: string | Buffer = 'object'): Buffer {
  return docxBytes([
    {
      name: 'word/_rels/document.xml.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId9" Type="${relationshipType(type)}" Target="${target}"/></Relationships>`,
      deflate: true,
    },
    { name: `word/${target}`, content },
  ]);
}

/** .docx files that embed or fetch something, each of which must be refused. */
export const docxCarryingCode = (): Record<string, Buffer> => ({
  'an embedded OLE object': docxRelatedTo('oleObject', 'embeddings/oleObject1.bin'),
  'an embedded package (a script shown as an icon)': docxRelatedTo('package', 'embeddings/run-me.js', 'WScript.Shell'),
  'an ActiveX control': docxRelatedTo(
    'control',
    'activeX/activeX1.xml',
    '<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX"/>',
  ),
  'a part in the embeddings folder, related to nothing': docxBytes([
    { name: 'word/embeddings/oleObject2.bin', content: 'object' },
  ]),
  ...Object.fromEntries(
    Object.entries(fetchingFieldCodes).flatMap(([code, instruction]) => [
      [`an ${code} field`, docxWithBody(complexField([` ${instruction} `]))],
      [`a simple ${code} field`, docxWithBody(simpleField(instruction.replaceAll('"', '&quot;')))],
    ]),
  ),
  'an INCLUDEPICTURE field split across runs': docxWithBody(
    complexField(['INCLUDE', 'PICTURE "\\\\\\\\203.0.113.7\\\\s\\\\a.png"']),
  ),
  'a field code in lower case': docxWithBody(complexField(['ddeauto c:\\\\windows\\\\system32\\\\cmd.exe'])),
  'a field code spelt with a character reference': docxWithBody(
    complexField(['&#73;NCLUDEPICTURE "\\\\\\\\203.0.113.7\\\\s\\\\a.png"']),
  ),
  'a field inside another field’s instruction': docxWithBody(
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>IF 1 = 1 "</w:instrText></w:r>' +
      complexField([fetchingFieldCodes.INCLUDETEXT]).slice('<w:p>'.length, -'</w:p>'.length) +
      '<w:r><w:instrText>"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
  ),
  'a field in the footer': docxBytes([
    {
      name: 'word/footer1.xml',
      content: `<w:ftr xmlns:w="${W}">${complexField([fetchingFieldCodes.INCLUDEPICTURE])}</w:ftr>`,
    },
  ]),
});

/** .docx files whose parts are built to take long to read (each well under 2 MiB packed): each must be decided in bounded time. */
export const stallingDocx = (): Record<string, Buffer> => {
  const fields = (bytes: number) => complexField(['PAGE']).repeat(Math.ceil(bytes / complexField(['PAGE']).length));
  return {
    'a document part of 64 MiB of fields': docxWithBody(fields(64 * 1024 * 1024)),
    'a document part of almost 4 MiB of fields': docxWithBody(fields(4 * 1024 * 1024 - 64 * 1024)),
    'elements nested a million deep': docxWithBody(`${'<w:p>'.repeat(1_000_000)}<w:instrText>PAGE</w:instrText>`),
    '900 parts of fields': docxBytes(
      Array.from({ length: 900 }, (_, i) => ({
        name: `word/header${i}.xml`,
        content: `<w:hdr xmlns:w="${W}">${fields(20_000)}</w:hdr>`,
        deflate: true,
      })),
    ),
  };
};

// ---------------------------------------------------------------------------
// Tiny files that stall (issue 35): a few hundred bytes that a reader inflates to
// 32 MiB, or a part whose reading is quadratic in a naive XML parser.

const ROW = 32 * 1024 * 1024;
const twice = (data: Buffer) => deflateSync(deflateSync(data));
/** An object stream whose data, through two Flate filters and a PNG predictor, is one row of 32 MiB (MuPDF: 0.15 s, 105 MB). */
const oneRow = (parameters: string) =>
  pdfWithCatalog(
    '',
    objectStream(
      { 6: '<< >>' },
      {
        filter: '[/FlateDecode /FlateDecode]',
        extra: `/DecodeParms [null << ${parameters} >>]`,
        encode: (data) => twice(Buffer.concat([Buffer.from([0]), data, Buffer.alloc(ROW - data.length, 0x20)])),
      },
    ),
  );
const namesObjectStream = (encode: (data: Buffer) => Buffer, filter: string) =>
  pdfWithCatalog(
    '',
    objectStream(
      { 6: '[' },
      { filter, encode: (data) => encode(Buffer.concat([data, Buffer.from('/a'.repeat(ROW / 2))])) },
    ),
  );
/** A .docx whose document's relationships part holds `<!` and then `letters` letters (sax 1.6: 64 Ki take 12 s). */
const declarationOf = (letters: number) =>
  docxBytes([
    {
      name: 'word/_rels/document.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><!${'a'.repeat(letters)}`,
      deflate: true,
    },
  ]);

/** Small files each of which a naive reader takes long (or much memory) to read. */
export const stallingInputs = (): Record<string, { mime: string; bytes: Buffer }> => {
  const pdf = (bytes: Buffer) => ({ mime: fileTypes.pdf.mime, bytes });
  const docx = (bytes: Buffer) => ({ mime: fileTypes.docx.mime, bytes });
  return {
    'one PNG-predicted row of 32 MiB (/Predictor 12 /Columns 33554432)': pdf(oneRow(`/Predictor 12 /Columns ${ROW}`)),
    'one PNG-predicted row of 32 MiB (/Predictor 10)': pdf(oneRow(`/Predictor 10 /Columns ${ROW}`)),
    'one PNG-predicted row of 32 MiB (/Predictor 15 /Colors 4)': pdf(
      oneRow(`/Predictor 15 /Colors 4 /Columns ${ROW / 4}`),
    ),
    'one PNG-predicted row of 32 MiB (/Predictor 14 /BitsPerComponent 16)': pdf(
      oneRow(`/Predictor 14 /BitsPerComponent 16 /Columns ${ROW / 2}`),
    ),
    'an object stream that inflates to 32 MiB of names': pdf(
      namesObjectStream((data) => deflateSync(data), '/FlateDecode'),
    ),
    'an object stream that inflates twice to 32 MiB of names': pdf(
      namesObjectStream(twice, '[/FlateDecode /FlateDecode]'),
    ),
    'a PDF of 2 MiB of names': pdf(repeated(MAX_FILE_BYTES, () => '/a', { head: '%PDF-1.7\n1 0 obj\n[' })),
    'a PDF of 2 MiB of unterminated hex strings': pdf(
      repeated(MAX_FILE_BYTES, () => '<4', { head: '%PDF-1.7\n1 0 obj\n[' }),
    ),
    ...Object.fromEntries(
      [8, 16, 32, 64].map((k) => [`a relationships part of <! and ${k} Ki letters`, docx(declarationOf(k * 1024))]),
    ),
  };
};
