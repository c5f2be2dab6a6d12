// PDF objects built in memory, the way writers lay them out: numbered objects,
// an xref table, streams and compressed object streams. For the tests and the
// bench (documents that must be refused and honest ones shaped the same way).
import { deflateSync } from 'node:zlib';

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
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.from(object as string | Buffer),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
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
export function pdfStream(
  dictionary: string,
  data: Buffer | string,
  length: number | string = Buffer.byteLength(data),
): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${length} >>\nstream\n`, 'latin1'),
    Buffer.from(data as string | Buffer),
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

interface ObjectStreamOptions {
  filter?: string;
  /** The key naming the filter: /Filter, or the abbreviation /F that readers also take. */
  filterKey?: string;
  encode?: (data: Buffer) => Buffer;
  /** More dictionary entries, e.g. /DecodeParms. */
  extra?: string;
}

/** An object stream (PDF 1.5) holding `objects` by number, Flate-compressed unless `encode` says otherwise. */
export function objectStream(
  objects: Record<number, string>,
  {
    filter = '/FlateDecode',
    filterKey = '/Filter',
    encode = (data: Buffer): Buffer => deflateSync(data),
    extra = '',
  }: ObjectStreamOptions = {},
): Buffer {
  let body = '';
  const offsets: string[] = [];
  for (const [number, object] of Object.entries(objects)) {
    offsets.push(`${number} ${body.length}`);
    body += `${object}\n`;
  }
  const index = `${offsets.join(' ')}\n`;
  const data = encode(Buffer.from(index + body, 'latin1'));
  return pdfStream(`/Type /ObjStm /N ${offsets.length} /First ${index.length} ${filterKey} ${filter} ${extra}`, data);
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

export const javaScriptAction = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

/** A PDF literal string of `text`, its backslashes and parentheses escaped. */
export const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A page's text, drawn with a standard font: what a rebuild must keep. */
const visiblePage = {
  entries: '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents 4 0 R',
  content: pdfStream('', 'BT /F1 24 Tf 20 100 Td (Page one) Tj ET'),
};

/**
 * A page that draws text: catalog 1 (also holding `catalogEntries`), pages 2, page 3
 * (also holding `pageEntries`) and its content 4.
 */
export const visiblePageObjects = (catalogEntries = '', pageEntries = ''): Array<string | Buffer> => [
  `<< /Type /Catalog /Pages 2 0 R ${catalogEntries} >>`,
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${visiblePage.entries} ${pageEntries} >>`,
  visiblePage.content,
];

/** A one-page PDF whose page draws text (visiblePageObjects), then `more` objects from 5. */
export const pdfWithVisiblePage = (catalogEntries: string, pageEntries: string, ...more: Array<string | Buffer>) =>
  pdfOf([...visiblePageObjects(catalogEntries, pageEntries), ...more]);

/**
 * `body` (a header, then objects wherever they stand, even inside others' data) with an
 * xref table pointing each of objects 1 to `count` at the first `n 0 obj` line for it.
 */
export function withXrefTable(body: Buffer, count: number): Buffer {
  let xref = `xref\n0 ${count + 1}\n0000000000 65535 f \n`;
  for (let n = 1; n <= count; n++) {
    xref += `${String(body.indexOf(`\n${n} 0 obj\n`) + 1).padStart(10, '0')} 00000 n \n`;
  }
  xref += `trailer\n<< /Size ${count + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.concat([body, Buffer.from(xref, 'latin1')]);
}

/**
 * A PDF whose cross-reference is a stream (PDF 1.5), so that objects may stand in
 * object streams: `objects` are numbered from 1, `null` for one an object stream
 * holds, `inStreams` saying which stream and at what index. The xref stream comes last.
 */
export function pdfWithXrefStream(
  objects: ReadonlyArray<string | Buffer | null>,
  inStreams: Readonly<Record<number, readonly [stream: number, index: number]>>,
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const size = objects.length + 2;
  const entries = Buffer.alloc(size * 7); // /W [1 4 2]
  const entry = (number: number, type: number, field2: number, field3: number) => {
    entries.writeUInt8(type, number * 7);
    entries.writeUInt32BE(field2, number * 7 + 1);
    entries.writeUInt16BE(field3, number * 7 + 5);
  };
  entry(0, 0, 0, 0xffff);
  const write = (number: number, object: string | Buffer) => {
    entry(number, 1, length, 0);
    const part = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, 'latin1'),
      Buffer.from(object as string | Buffer),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, i) => {
    const where = inStreams[i + 1];
    if (object === null && where) entry(i + 1, 2, where[0], where[1]);
    else if (object !== null) write(i + 1, object);
  });
  const xref = length;
  entry(size - 1, 1, xref, 0); // the xref stream lists itself
  write(size - 1, pdfStream(`/Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R`, entries));
  return Buffer.concat([...parts, Buffer.from(`startxref\n${xref}\n%%EOF\n`, 'latin1')]);
}
