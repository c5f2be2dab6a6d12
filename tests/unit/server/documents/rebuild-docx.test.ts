// A Word .docx rebuilt from an allowlist (src/server/documents/rebuild/docx.ts)
// and read back (docx-readback.ts), judged by an unzip of the copy, an XML
// reader of the tests' own (htmlparser2) and mammoth (an independent .docx
// reader): a real CV keeps its text, table, pictures, header, footer and links;
// whatever a stranger hid in one is not in the copy, which still opens.
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { Parser } from 'htmlparser2';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { rebuildDocument } from '../../../../src/server/documents/rebuild/rebuild.ts';
import { docxThatAct } from '../../../../scripts/lib/documents-that-act.ts';
import {
  complexField,
  docxCarryingCode,
  docxWithBody,
  stallingInputs,
  W,
} from '../../../../scripts/lib/hostile-documents.ts';
import { docxPackage } from '../../../../scripts/lib/sample-documents.ts';
import {
  docxWithMacroProject,
  docxWithActiveX,
  docxWithDocumentRelationships,
  docxWithRemoteTemplate,
  hyperlink,
} from '../../../support/documents-with-code.ts';

/** The copy staff would open: rebuilt, then read back, as the worker does. */
const rebuildDocx = (bytes: Uint8Array) => rebuildDocument('docx', bytes);
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

/** Each XML part's elements (name as written, attributes) and relationships (by id), as htmlparser2 reads them. */
function readCopy(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const elementsOf = (xml: string) => {
    const elements: Array<{ name: string; attributes: Record<string, string> }> = [];
    const parser = new Parser(
      { onopentag: (name, attributes) => elements.push({ name, attributes }) },
      { xmlMode: true },
    );
    parser.end(xml);
    return elements;
  };
  const parts = Object.keys(files).filter((name) => !name.includes('_rels/') && name !== '[Content_Types].xml');
  const relationshipsOf = (part: string) => {
    const rels =
      files[`${part.slice(0, part.lastIndexOf('/') + 1)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`];
    const relationships = elementsOf(rels ? strFromU8(rels) : '').filter(({ name }) => name === 'Relationship');
    return new Map(
      relationships.map(({ attributes }) => [
        attributes.Id!,
        {
          type: attributes.Type!.slice(attributes.Type!.lastIndexOf('/') + 1),
          part: attributes.TargetMode ? undefined : new URL(attributes.Target!, `file:///${part}`).pathname.slice(1),
          target: attributes.Target!,
        },
      ]),
    );
  };
  return {
    names: Object.keys(files),
    contentTypes: strFromU8(files['[Content_Types].xml']!),
    parts: parts
      .filter((name) => name.endsWith('.xml'))
      .map((name) => ({
        name,
        elements: elementsOf(strFromU8(files[name]!)),
        relationships: relationshipsOf(name),
      })),
  };
}

/** Every picture reference (DrawingML a:blip, VML v:imagedata) in `copy`, with the relationship it names. */
const picturesOf = (copy: ReturnType<typeof readCopy>) =>
  copy.parts.flatMap(({ elements, relationships }) =>
    elements
      .filter(({ name }) => name === 'a:blip' || name === 'v:imagedata')
      .map(({ name, attributes }) => ({
        name,
        attributes,
        relationship: relationships.get(attributes['r:embed'] ?? attributes['r:id'] ?? ''),
      })),
  );

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

  it('keeps every picture as an image in the package, which each picture names', async () => {
    const copy = readCopy(await rebuildDocx(corpus('libreoffice-cv-table-images.docx')));
    const pictures = picturesOf(copy);
    expect(pictures.map(({ name }) => name).sort()).toEqual(['a:blip', 'a:blip', 'v:imagedata', 'v:imagedata']);
    for (const { relationship } of pictures) {
      expect(relationship?.type).toBe('image');
      expect(copy.names).toContain(relationship?.part);
    }
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
    const link = (id: string) => `<w:hyperlink r:id="${id}"><w:r><w:t>${id}</w:t></w:r></w:hyperlink>`;
    const copy = await rebuildDocx(
      docxPackage({
        document:
          `<w:document xmlns:w="${W}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          `<w:body><w:p>${link('rId5')}${link('rId6')}</w:p></w:body></w:document>`,
        related: [
          hyperlink('rId5', 'https://www.linkedin.com/in/achieng'),
          hyperlink('rId6', 'mailto:achieng@example.com'),
        ],
      }),
    );
    expect(unpack(copy).externals).toHaveLength(2);
    expect(await htmlOf(copy)).toBe(
      '<p><a href="https://www.linkedin.com/in/achieng">rId5</a><a href="mailto:achieng@example.com">rId6</a></p>',
    );
  });

  it('keeps no address that nothing in the document links to', async () => {
    const copy = await rebuildDocx(
      docxWithDocumentRelationships(hyperlink('rId5', 'https://www.linkedin.com/in/achieng')),
    );
    expect(unpack(copy).externals).toEqual([]);
  });
});

describe('a .docx whose pictures, video or fonts fetch or embed something, rebuilt', () => {
  const shapes = docxThatAct();
  const copyOf = async (shape: string) => readCopy(await rebuildDocx(shapes[shape]!));
  const everyElement = (copy: ReturnType<typeof readCopy>) => copy.parts.flatMap(({ elements }) => elements);

  it.each([
    'a picture linked through a hyperlink relationship (a:blip r:link)',
    'a picture whose r:embed names a hyperlink relationship',
    'a VML picture whose r:id names a hyperlink relationship',
  ])('%s: the copy names no address for a picture, and keeps the text', async (shape) => {
    const copy = await copyOf(shape);
    for (const { attributes } of everyElement(copy)) expect(Object.keys(attributes)).not.toContain('r:link');
    for (const { relationship } of picturesOf(copy)) expect(relationship).toBeUndefined();
    expect((await textOf(await rebuildDocx(shapes[shape]!))).trim()).toBe('Curriculum vitae');
  });

  it('an online video: the copy keeps its poster picture and link, not the player’s HTML', async () => {
    const copy = await copyOf('an online video (wp15:webVideoPr) with the sender’s HTML');
    const names = everyElement(copy).map(({ name }) => name);
    expect(names).not.toContain('wp15:webVideoPr');
    expect(copy.parts.map(({ elements }) => JSON.stringify(elements)).join('')).not.toMatch(/iframe|player/);
    const [poster] = picturesOf(copy);
    expect(poster?.relationship?.type).toBe('image');
    expect(copy.names).toContain(poster?.relationship?.part);
    expect(names).toContain('a:hlinkClick');
  });

  it('an embedded font: the copy has no font part and asks for none, so it opens in the reader’s fonts', async () => {
    const copy = await copyOf('an embedded font (a font part and w:embedRegular)');
    expect(copy.names.filter((name) => !/\.(?:xml|rels)$/.test(name))).toEqual([]);
    expect(copy.contentTypes).not.toMatch(/obfuscatedFont|odttf/);
    const names = everyElement(copy).map(({ name }) => name);
    expect(names).toContain('w:font');
    expect(names.filter((name) => /^w:(?:embed|saveSubsetFonts)/.test(name))).toEqual([]);
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
