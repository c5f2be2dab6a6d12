// A Word .docx rebuilt from an allowlist (src/server/documents/rebuild/docx.ts),
// judged by an unzip of the copy and by mammoth (an independent .docx reader):
// a real CV keeps its text, table, pictures, header, footer and links; whatever
// a stranger hid in one is not in the copy, which still opens.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { rebuildDocx } from '../../../../src/server/documents/rebuild/docx.ts';
import { docxThatAct } from '../../../../scripts/lib/documents-that-act.ts';
import {
  complexField,
  docxCarryingCode,
  docxWithBody,
  stallingInputs,
} from '../../../../scripts/lib/hostile-documents.ts';
import {
  docxWithMacroProject,
  docxWithActiveX,
  docxWithDocumentRelationships,
  docxWithRemoteTemplate,
  hyperlink,
} from '../../../support/documents-with-code.ts';

const corpus = (name: string) => readFileSync(new URL(`../../../fixtures/documents/corpus/${name}`, import.meta.url));
const textOf = async (bytes: Uint8Array) => (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
/** The document as mammoth turns it into HTML, each picture's data (re-encoded in the copy) left out. */
const htmlOf = async (bytes: Uint8Array) =>
  (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value.replace(/src="data:[^"]*"/g, 'src');

/** The parts of a package, and everything in its XML and relationships, as an unzip sees them. */
function unpack(bytes: Uint8Array) {
  const parts = unzipSync(bytes);
  const xml = Object.entries(parts)
    .filter(([name]) => /\.(?:xml|rels|bin|dat)$/i.test(name))
    .map(([, data]) => strFromU8(data))
    .join('\n');
  const externals = [...xml.matchAll(/<Relationship [^>]*TargetMode="External"[^>]*>/g)].map((match) => match[0]);
  return { names: Object.keys(parts).sort(), xml, externals };
}

/** Elements and relationships through which a Word document embeds, fetches or runs something. */
const ACTING =
  /<[\w]*:?(?:altChunk|object|control|attachedTemplate|subDoc|OLEObject)\b|vbaProject|oleObject|activeX|aFChunk|customXml|glossary|DDE|INCLUDE|IMPORT|LINK /i;

/** Every field instruction left in the XML: only page numbers, written by the rebuild, may remain. */
const fieldCodes = (xml: string) => [
  ...[...xml.matchAll(/<[\w]*:?instrText[^>]*>([^<]*)</g)].map((match) => match[1]),
  ...[...xml.matchAll(/:instr="([^"]*)"/g)].map((match) => match[1]),
];

describe('a real .docx, rebuilt', () => {
  it.each([
    'libreoffice-cv-table-images.docx',
    'libreoffice-cover-letter-header-footer-links.docx',
    'libreoffice-writing-sample-footnotes.docx',
  ])('%s keeps its text, and reads as the original does', async (name) => {
    const original = corpus(name);
    const copy = await rebuildDocx(original);
    expect(await textOf(copy)).toBe(await textOf(original));
    expect(await htmlOf(copy)).toBe(await htmlOf(original));
  });

  it('keeps its pictures (re-encoded), its header and footer, and its links to the web and to an e-mail address', async () => {
    const cv = unpack(await rebuildDocx(corpus('libreoffice-cv-table-images.docx')));
    expect(cv.names.filter((name) => /\.(?:png|jpe?g)$/.test(name))).toHaveLength(2);
    const letter = unpack(await rebuildDocx(corpus('libreoffice-cover-letter-header-footer-links.docx')));
    expect(letter.names).toEqual(expect.arrayContaining(['word/header1.xml', 'word/footer1.xml']));
    expect(letter.externals.some((link) => link.includes('Target="mailto:'))).toBe(true);
    expect(letter.externals.some((link) => link.includes('Target="https://'))).toBe(true);
  });

  it('keeps only the parts a document needs, and no document properties', async () => {
    const { names } = unpack(await rebuildDocx(corpus('libreoffice-writing-sample-footnotes.docx')));
    for (const name of names)
      expect(name).toMatch(
        /^(?:\[Content_Types\]\.xml|_rels\/\.rels|word\/(?:_rels\/)?(?:document|styles|numbering|settings|fontTable|footnotes|endnotes|header\d*|footer\d*|theme\/theme\d+)\.xml(?:\.rels)?|word\/theme\/theme\d+\.xml)$/,
      );
    expect(names).not.toContain('docProps/core.xml');
  });
});

describe('a .docx that embeds, fetches or runs something, rebuilt', () => {
  const shapes = {
    ...docxThatAct(),
    ...docxCarryingCode(),
    'an ActiveX control': docxWithActiveX(),
    'a template fetched from a web server': docxWithRemoteTemplate(),
    'links to a file share and to another program': docxWithDocumentRelationships(
      hyperlink('rId5', 'file://203.0.113.7/share/cv.exe'),
      hyperlink('rId6', 'ms-msdt:/id PCWDiagnostic'),
    ),
  };

  it.each(Object.entries(shapes))('%s: the copy holds none of it, and still opens', async (_shape, bytes) => {
    const copy = await rebuildDocx(bytes);
    const { xml, externals } = unpack(copy);
    expect(xml).not.toMatch(ACTING);
    expect(xml).not.toContain('203.0.113.7');
    for (const code of fieldCodes(xml)) expect(code).toMatch(/^ (?:PAGE|NUMPAGES|SECTIONPAGES) $/);
    for (const link of externals) expect(link).toMatch(/Target="(?:https?|mailto):/);
    await expect(textOf(copy)).resolves.toEqual(expect.any(String));
  });

  it('keeps page numbers counting: a footer’s PAGE field is written anew, not frozen at its last result', async () => {
    const { xml } = unpack(await rebuildDocx(corpus('libreoffice-writing-sample-footnotes.docx')));
    expect(fieldCodes(xml)).toEqual([' PAGE ']);
  });

  it.each([
    ['PAGE with a second field code after it', 'PAGE INCLUDEPICTURE "\\\\203.0.113.7\\a.png"'],
    ['PAGE with a switch that is no number format', 'PAGE \\d "\\\\203.0.113.7\\a.png"'],
  ])('drops a field that only starts like a page number: %s', async (_what, instruction) => {
    const copy = await rebuildDocx(docxWithBody(complexField([instruction])));
    expect(fieldCodes(unpack(copy).xml)).toEqual([]);
    expect((await textOf(copy)).trim()).toBe('result');
  });

  it('shows a field’s result where the field was', async () => {
    const copy = await rebuildDocx(docxCarryingCode()['an INCLUDEPICTURE field']!);
    expect((await textOf(copy)).trim()).toBe('result');
  });

  it('keeps links to web pages and e-mail addresses, which Word follows only when clicked', async () => {
    const copy = await rebuildDocx(
      docxWithDocumentRelationships(
        hyperlink('rId5', 'https://www.linkedin.com/in/achieng'),
        hyperlink('rId6', 'mailto:achieng@example.com'),
      ),
    );
    expect(unpack(copy).externals).toHaveLength(2);
  });
});

describe('a .docx that cannot be rebuilt', () => {
  it('a document with a macro project is refused as carrying macros', async () => {
    await expect(rebuildDocx(docxWithMacroProject())).rejects.toMatchObject({ reason: 'activeContent' });
  });

  it.each(Object.entries(stallingInputs()).filter(([, input]) => input.mime.includes('word')))(
    '%s is refused as unreadable, at once',
    async (_shape, { bytes }) => {
      const started = performance.now();
      await expect(rebuildDocx(bytes)).rejects.toMatchObject({ reason: 'unreadable' });
      expect(performance.now() - started).toBeLessThan(1_000);
    },
  );

  it('bytes that are no package are refused as unreadable', async () => {
    await expect(rebuildDocx(Buffer.from('PK\x03\x04 not really'))).rejects.toMatchObject({ reason: 'unreadable' });
  });
});
