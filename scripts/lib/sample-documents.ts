// Tiny but genuine documents of the kinds the application form accepts (PDF,
// PNG, JPEG, Word), built in memory: each is recognised by file-type from its
// bytes, as a real upload would be. For the tests and the bench.
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A one-page PDF drawing `note` (header, catalog, pages, page, content, xref, trailer), its content `padding` bytes longer. */
export function pdfBytes(note = 'fixture', padding = 0): Buffer {
  // The note is drawn on the page, so that two samples differ in what a rebuilt copy keeps too.
  const content = `BT /F1 12 Tf 10 100 Td (${note}) Tj ET\n${padding > 0 ? `%${'x'.repeat(padding)}\n` : ''}`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return ascii(body);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([ascii(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1×1 white PNG. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 255, 255]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 white JPEG (267 bytes, made once with sharp). */
export function jpegBytes(): Buffer {
  return Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAAD//Z',
    'base64',
  );
}

export interface ZipEntry {
  name: string;
  content: string | Buffer;
  /** Deflated, as Word stores its parts; stored uncompressed otherwise. */
  deflate?: boolean;
}

/** A ZIP archive of the entries. */
export function zipBytes(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const content = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const data = entry.deflate ? deflateRawSync(content) : content;
    const method = entry.deflate ? 8 : 0;
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDirectory, end]);
}

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** An Office Open XML relationship type by its last segment: officeDocument, header, aFChunk … */
export const relationshipType = (type: string) => `${RELATIONSHIPS}/${type}`;
/** A WordprocessingML content type by its middle: document.main, header, settings … */
export const wordType = (part: string) => `application/vnd.openxmlformats-officedocument.wordprocessingml.${part}+xml`;

/** A relationships part holding `relationship`s. */
export const relationshipsXml = (...relationship: string[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationship.join('')}</Relationships>`;

/** A relationship, its type a full URI or relationshipType's last segment; `external` when it points out of the package. */
export const relationshipXml = (id: string, type: string, target: string, external = false) =>
  `<Relationship Id="${id}" Type="${type.includes(':') ? type : relationshipType(type)}" Target="${target}"` +
  `${external ? ' TargetMode="External"' : ''}/>`;

interface DocxPackage {
  /** The main document part's name, word/document.xml unless it says otherwise. */
  main?: string;
  document: string;
  /** The main document's relationships (relationshipXml). */
  related?: readonly string[];
  parts?: readonly ZipEntry[];
  /** More content types: by part name (/word/x.xml) for an Override, by extension for a Default. */
  types?: Readonly<Record<string, string>>;
}

/** A .docx of `document` (deflated) and `parts`, its main part named `main`, with the content types and relationships to find them. */
export function docxPackage({
  main = 'word/document.xml',
  document,
  related = [],
  parts = [],
  types = {},
}: DocxPackage): Buffer {
  const folder = main.slice(0, main.lastIndexOf('/') + 1);
  const allTypes = {
    rels: 'application/vnd.openxmlformats-package.relationships+xml',
    xml: 'application/xml',
    [`/${main}`]: wordType('document.main'),
    ...types,
  };
  const typeXml = ([key, type]: [string, string]) =>
    key.startsWith('/')
      ? `<Override PartName="${key}" ContentType="${type}"/>`
      : `<Default Extension="${key}" ContentType="${type}"/>`;
  return zipBytes([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${Object.entries(allTypes).map(typeXml).join('')}</Types>`,
    },
    { name: '_rels/.rels', content: relationshipsXml(relationshipXml('rId1', 'officeDocument', main)) },
    { name: main, content: document, deflate: true },
    ...(related.length
      ? [{ name: `${folder}_rels/${main.slice(folder.length)}.rels`, content: relationshipsXml(...related) }]
      : []),
    ...parts,
  ]);
}

/** A minimal Word .docx (Office Open XML package), with `extraParts` after its own, or in place of those of the same name. */
export function docxBytes(extraParts: readonly ZipEntry[] = []): Buffer {
  const wordMain = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
  const own: ZipEntry[] = [
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/word/document.xml" ContentType="${wordMain}"/>` +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'word/document.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:body><w:p><w:r><w:t>Curriculum vitae</w:t></w:r></w:p></w:body></w:document>',
    },
  ];
  return zipBytes([...own.filter((part) => !extraParts.some((extra) => extra.name === part.name)), ...extraParts]);
}

/** A PDF padded to exactly `size` bytes (a scan that is too large). */
export function pdfOfSize(size: number): Buffer {
  const pdf = pdfBytes();
  if (size <= pdf.length) return pdf.subarray(0, size);
  return Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
}
