import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileTypes } from '../../../../src/forms/application/application.ts';
import { checkForActiveContent } from '../../../../src/server/documents/active-content.ts';
import { docxBytes, jpegBytes, pdfBytes, pngBytes, zipBytes } from '../../../../scripts/lib/sample-documents.ts';
import {
  deflateStoringStart,
  javaScriptAction,
  objectStream,
  pdfOf,
  pdfStream,
  pdfWithCatalog,
  pngUpPredicted,
} from '../../../../scripts/lib/pdf-objects.ts';
import { complexField, docxWithBody, simpleField } from '../../../../scripts/lib/hostile-documents.ts';
import {
  docxWithDocumentRelationships,
  docxWithActiveX,
  docxWithRemoteTemplate,
  docxWithVbaProject,
  hyperlink,
} from '../../../support/documents-with-code.ts';

const check = {
  docx: (bytes: Uint8Array) => checkForActiveContent(fileTypes.docx.mime, bytes),
  pdf: (bytes: Uint8Array) => checkForActiveContent(fileTypes.pdf.mime, bytes),
};

describe('Word .docx documents', () => {
  it('accepts a document without macros', async () => {
    expect(await check.docx(docxBytes())).toBe('clean');
  });

  it('accepts links to web pages and e-mail addresses, which Word follows only when clicked', async () => {
    const bytes = docxWithDocumentRelationships(
      hyperlink('rId5', 'https://www.linkedin.com/in/achieng'),
      hyperlink('rId6', 'mailto:achieng@example.com'),
    );
    expect(await check.docx(bytes)).toBe('clean');
  });

  it.each([
    ['a VBA project (word/vbaProject.bin)', docxWithVbaProject()],
    ['an ActiveX control (word/activeX/activeX1.xml)', docxWithActiveX()],
    ['a template fetched from a web server (settings.xml.rels, TargetMode="External")', docxWithRemoteTemplate()],
    ['an external target spelt with a character reference', docxWithRemoteTemplate('&#69;xternal')],
    [
      'an OLE object loaded from a web server',
      docxWithDocumentRelationships(
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" ' +
          'Target="mhtml:http://203.0.113.7/x.html!x-usc:http://203.0.113.7/x.html" TargetMode="External"/>',
      ),
    ],
    ['a link to a file share', docxWithDocumentRelationships(hyperlink('rId5', 'file://203.0.113.7/share/cv.exe'))],
    [
      'a web link among the settings, where Word names its template',
      docxBytes([
        {
          name: 'word/_rels/settings.xml.rels',
          content: `<Relationships>${hyperlink('rId1', 'http://203.0.113.7/cv-template.dotm')}</Relationships>`,
        },
      ]),
    ],
    ['a link to another program', docxWithDocumentRelationships(hyperlink('rId5', 'ms-msdt:/id PCWDiagnostic'))],
    [
      'a macro project under another name, found by its relationship type',
      docxWithDocumentRelationships(
        '<Relationship Id="rId7" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="notes.bin"/>',
      ),
    ],
    [
      'an ActiveX content type',
      zipBytes([
        {
          name: '[Content_Types].xml',
          content:
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Override PartName="/word/controls/c1.xml" ContentType="application/vnd.ms-office.activeX+xml"/></Types>',
        },
      ]),
    ],
  ])('refuses a document with %s', async (_what, bytes) => {
    expect(await check.docx(bytes)).toBe('activeContent');
  });

  it.each([
    [
      'malformed relationships',
      docxBytes([{ name: 'word/_rels/document.xml.rels', content: '<Relationships><Relationship' }]),
    ],
    [
      'relationships with a document type declaration',
      docxBytes([
        { name: 'word/_rels/document.xml.rels', content: '<!DOCTYPE r [<!ENTITY m "External">]><Relationships/>' },
      ]),
    ],
    [
      'an attribute given twice',
      docxBytes([
        {
          name: 'word/_rels/settings.xml.rels',
          content:
            '<Relationships><Relationship Id="r" Target="http://203.0.113.7/t.dotm" TargetMode="External" TargetMode="Internal"/></Relationships>',
        },
      ]),
    ],
    [
      'more than 1,000 parts',
      docxBytes(Array.from({ length: 1000 }, (_, i) => ({ name: `word/media/image${i}.png`, content: '' }))),
    ],
    ['elements nested 300 deep', docxWithBody(`${'<w:p>'.repeat(300)}${'</w:p>'.repeat(300)}${simpleField('PAGE')}`)],
    [
      'more XML than we parse',
      docxWithBody(complexField(['PAGE']).repeat(Math.ceil((9 * 1024 * 1024) / complexField(['PAGE']).length))),
    ],
    ['a ZIP cut short', docxBytes().subarray(0, 400)],
  ])('refuses a document with %s as unreadable', async (_what, bytes) => {
    expect(await check.docx(bytes)).toBe('unreadable');
  });
});

describe('PDF documents', () => {
  it('accepts a plain PDF', async () => {
    expect(await check.pdf(pdfBytes())).toBe('clean');
  });

  it('accepts a PDF whose compressed object stream holds only ordinary objects', async () => {
    const bytes = pdfWithCatalog('/Outlines 5 0 R', objectStream({ 5: '<< /Type /Outlines /Count 0 >>' }));
    expect(await check.pdf(bytes)).toBe('clean');
  });

  it('ignores names that happen to appear in image data', async () => {
    const image = pdfStream(
      '/Type /XObject /Subtype /Image /Width 4 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray',
      'x/JS y/EF z',
    );
    expect(await check.pdf(pdfWithCatalog('', image))).toBe('clean');
  });

  it('accepts an encrypted PDF without object streams, whose dictionaries are all in plain sight', async () => {
    const bytes = pdfOf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Filter /Standard /V 1 /R 2 >>',
      ],
      {
        trailer: '/Encrypt 3 0 R',
      },
    );
    expect(await check.pdf(bytes)).toBe('clean');
  });

  it.each([
    ['a JavaScript action', pdfWithCatalog(`/OpenAction ${javaScriptAction}`)],
    ['a /JS script alone', pdfWithCatalog('/AA << /WC << /JS (app.alert\\(1\\)) >> >>')],
    ['document-level JavaScript', pdfWithCatalog('/Names << /JavaScript 4 0 R >>', '<< /Names [] >>')],
    ['a /Launch action', pdfWithCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>')],
    ['an embedded file', pdfWithCatalog('', pdfStream('/Type /EmbeddedFile', 'MZ'))],
    [
      'an attachment reached through /EF',
      pdfWithCatalog(
        '/Names << /Files << /Names [(cv.exe) << /F (cv.exe) /EF << /F 4 0 R >> >>] >> >>',
        pdfStream('', 'MZ'),
      ),
    ],
    ['a hex-escaped /J#61vaScript', pdfWithCatalog('/OpenAction << /S /J#61vaScript >>')],
    ['a wholly escaped /#4A#53', pdfWithCatalog('/AA << /WC << /#4A#53 (app.alert\\(1\\)) >> >>')],
    ['an XFA form', pdfWithCatalog('/AcroForm << /Fields [] /XFA 4 0 R >>', pdfStream('', '<xdp:xdp/>'))],
    [
      'a JavaScript action in a Flate-compressed object stream',
      pdfWithCatalog('/OpenAction 5 0 R', objectStream({ 5: javaScriptAction })),
    ],
    [
      'a hex-escaped name in a Flate-compressed object stream',
      pdfWithCatalog('/OpenAction 5 0 R', objectStream({ 5: '<< /S /L#61unch /F (cmd.exe) >>' })),
    ],
    [
      'an object stream compressed with a PNG predictor',
      pdfWithCatalog(
        '/OpenAction 5 0 R',
        objectStream(
          { 5: javaScriptAction },
          {
            encode: (data) => deflateSync(pngUpPredicted(data, 7)),
            extra: '/DecodeParms << /Predictor 12 /Columns 7 >>',
          },
        ),
      ),
    ],
    [
      'an object stream in hex, then compressed',
      pdfWithCatalog(
        '/OpenAction 5 0 R',
        objectStream(
          { 5: javaScriptAction },
          {
            filter: '[/ASCIIHexDecode /FlateDecode]',
            encode: (data) => Buffer.from(`${deflateSync(data).toString('hex')}>`),
          },
        ),
      ),
    ],
    [
      'an object stream in ASCII85',
      pdfWithCatalog(
        '/OpenAction 5 0 R',
        objectStream({ 5: javaScriptAction }, { filter: '/ASCII85Decode', encode: ascii85 }),
      ),
    ],
    [
      'an object stream whose length is given indirectly, behind a false endstream',
      // The first object is stored, not compressed, so the word endstream stands in the data before the action.
      pdfWithCatalog(
        '/OpenAction 11 0 R',
        ...withIndirectLength(
          objectStream(
            { 10: '<< /Title (endstream) >>', 11: javaScriptAction },
            { encode: (data) => deflateStoringStart(data, data.indexOf('>>') + 2) },
          ),
        ),
      ),
    ],
    [
      'an action hidden inside another stream’s data, where the xref table still points',
      pdfWithCatalog(
        '/OpenAction 5 0 R',
        pdfStream('/Subtype /Image', `pixels\n5 0 obj\n${javaScriptAction}\nendobj\n`),
      ),
    ],
  ])('refuses a PDF with %s', async (_what, bytes) => {
    expect(await check.pdf(bytes)).toBe('activeContent');
  });

  it.each([
    [
      'an object stream that does not inflate',
      pdfWithCatalog('', objectStream({ 5: '<< >>' }, { encode: () => Buffer.from('not deflated at all') })),
    ],
    [
      'an object stream with a filter we do not decode',
      pdfWithCatalog('', objectStream({ 5: '<< >>' }, { filter: '/LZWDecode', encode: (data) => data })),
    ],
    [
      'an encrypted object stream',
      pdfOf(['<< /Type /Catalog >>', objectStream({ 3: '<< >>' })], { trailer: '/Encrypt << /Filter /Standard >>' }),
    ],
  ])('refuses a PDF with %s as unreadable', async (_what, bytes) => {
    expect(await check.pdf(bytes)).toBe('unreadable');
  });

  it('refuses a PDF whose object stream unpacks to more than 32 MiB, quickly', async () => {
    const bomb = pdfWithCatalog(
      '',
      objectStream({ 5: '<< >>' }, { encode: () => deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)) }),
    );
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    expect(await check.pdf(bomb)).toBe('unreadable');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a PDF of strings nested within strings as unreadable, without reading it over and over', async () => {
    const nested = `${'1 0 obj ('.repeat(100_000)}${')'.repeat(100_000)}`;
    const started = performance.now();
    expect(await check.pdf(Buffer.from(`%PDF-1.7\n${nested}`, 'latin1'))).toBe('unreadable');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('images', () => {
  it('accepts JPEG and PNG, in which a viewer runs nothing', async () => {
    expect(await checkForActiveContent(fileTypes.jpeg.mime, jpegBytes())).toBe('clean');
    expect(await checkForActiveContent(fileTypes.png.mime, pngBytes())).toBe('clean');
  });
});

it('refuses a type it has no rules for as unreadable', async () => {
  expect(await checkForActiveContent('application/zip', zipBytes([{ name: 'a.txt', content: 'hello' }]))).toBe(
    'unreadable',
  );
});

/** The stream (object 4) with its /Length moved into object 5, as writers that stream their output do. */
function withIndirectLength(stream: Buffer): [Buffer, string] {
  const text = stream.toString('latin1');
  const length = /\/Length (\d+)/.exec(text)![1]!;
  return [Buffer.from(text.replace(`/Length ${length}`, '/Length 5 0 R'), 'latin1'), length];
}

function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let value = chunk.readUInt32BE(0);
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, Math.min(4, data.length - i) + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}
