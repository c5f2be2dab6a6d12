// PDF objects built in memory, the way writers lay them out: numbered objects,
// an xref table, streams and compressed object streams. For the tests and the
// bench (documents that must be refused and honest ones shaped the same way).
import { deflateRawSync, deflateSync } from 'node:zlib';

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
  encode?: (data: Buffer) => Buffer;
  /** More dictionary entries, e.g. /DecodeParms. */
  extra?: string;
}

/** An object stream (PDF 1.5) holding `objects` by number, Flate-compressed unless `encode` says otherwise. */
export function objectStream(
  objects: Record<number, string>,
  {
    filter = '/FlateDecode',
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
  return Buffer.concat([
    Buffer.from([0x78, 0x01]),
    blockHeader,
    stored,
    deflateRawSync(data.subarray(storedBytes)),
    adler32,
  ]);
}

export const javaScriptAction = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';
