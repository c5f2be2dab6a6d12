// The generators of issue 35's documents make what they say: each is recognised by
// its bytes as the form's uploads are, is no larger than the form accepts, and is
// well formed where that is cheap to see (a PDF's header, xref and end; a .docx's
// content types and relationships). What a rebuild makes of them is tested with it.
import { fileTypeFromBuffer } from 'file-type';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileTypes, MAX_FILE_BYTES } from '../../../../src/forms/application/application.ts';
import { docxThatAct, pdfsThatAct } from '../../../../scripts/lib/documents-that-act.ts';
import { stallingInputs } from '../../../../scripts/lib/hostile-documents.ts';
import { wordType } from '../../../../scripts/lib/sample-documents.ts';

/** The entries of a ZIP archive (without a comment), by name, inflated. */
function unzipped(zip: Buffer): Map<string, string> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const entries = new Map<string, string>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
    const content = zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data;
    entries.set(zip.toString('utf8', at + 46, at + 46 + nameLength), content.toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The <Relationship> elements of a relationships part. */
const relationshipsIn = (part = '') => [...part.matchAll(/<Relationship [^>]*>/g)].map(([element]) => element);
const targetOf = (relationship: string) => relationship.match(/Target="([^"]+)"/)![1]!;

function expectWellFormedPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  expect(text).toMatch(/startxref\n\d+\n%%EOF\n$/);
}

describe('PDFs that act', () => {
  it.each(Object.entries(pdfsThatAct()))('%s: a small PDF with a page of text', async (_name, bytes) => {
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(fileTypes.pdf.mime);
    expectWellFormedPdf(bytes);
    expect(bytes.length).toBeLessThan(1200);
    expect(bytes.toString('latin1')).toContain('(Page one) Tj');
  });
});

describe('.docx files that act', () => {
  it.each(Object.entries(docxThatAct()))('%s: a package whose relationships find its parts', async (_name, bytes) => {
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(fileTypes.docx.mime);
    const parts = unzipped(bytes);
    const main = targetOf(relationshipsIn(parts.get('_rels/.rels'))[0]!);
    expect(parts.get('[Content_Types].xml')).toContain(
      `PartName="/${main}" ContentType="${wordType('document.main')}"`,
    );
    expect(parts.get(main)).toContain('Curriculum vitae');
    const folder = main.slice(0, main.lastIndexOf('/') + 1);
    for (const relationship of relationshipsIn(parts.get(`${folder}_rels/${main.slice(folder.length)}.rels`))) {
      if (relationship.includes('TargetMode="External"')) continue;
      const target = new URL(targetOf(relationship), `file:///${folder}`).pathname.slice(1);
      expect(parts.has(target), target).toBe(true);
    }
  });
});

describe('tiny inputs that stall', () => {
  const inputs = stallingInputs();
  it.each(Object.entries(inputs))('%s: no larger than the form accepts', async (_name, { mime, bytes }) => {
    expect(bytes.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe(mime);
    if (mime === fileTypes.docx.mime) expect(unzipped(bytes).has('[Content_Types].xml')).toBe(true);
  });

  it('holds a 32 MiB predictor row in well under a kilobyte', () => {
    for (const [name, { bytes }] of Object.entries(inputs).filter(([name]) => name.includes('row'))) {
      expectWellFormedPdf(bytes);
      expect(bytes.length, name).toBeLessThan(1024);
    }
  });
});
