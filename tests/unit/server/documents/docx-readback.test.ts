// The read-back of a rebuilt .docx (src/server/documents/rebuild/docx-readback.ts),
// alone, on copies made by hand: it passes a copy whose every reference finds
// a part of the kind it needs, and refuses one that names an address, a part
// that is not there or a part of another kind, whatever the rebuild did; and it
// runs on every copy the worker makes (the rebuild made to pass its input on).
import { describe, expect, it, vi } from 'vitest';
import { readBackDocx } from '../../../../src/server/documents/rebuild/docx-readback.ts';
import { rebuildOutcome } from '../../../../src/server/documents/rebuild/isolated.ts';
import { RebuildRefused } from '../../../../src/server/documents/rebuild/refusal.ts';
import { W } from '../../../../scripts/lib/hostile-documents.ts';
import {
  docxPackage,
  pngBytes,
  relationshipsXml,
  relationshipXml,
  wordType,
} from '../../../../scripts/lib/sample-documents.ts';

vi.mock('../../../../src/server/documents/rebuild/docx.ts', () => ({
  rebuildDocx: async (bytes: Uint8Array) => bytes,
}));

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const namespaces = `xmlns:w="${W}" xmlns:r="${R}" xmlns:a="${A}" xmlns:v="urn:schemas-microsoft-com:vml"`;
const documentOf = (body: string, more = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${namespaces} ${more}><w:body>${body}</w:body></w:document>`;
const text = '<w:p><w:r><w:t>Curriculum vitae</w:t></w:r></w:p>';
const link = (id: string) => `<w:p><w:hyperlink r:id="${id}"><w:r><w:t>web</w:t></w:r></w:hyperlink></w:p>`;
const blip = (attribute: string) => `<w:p><w:r><a:blip ${attribute}/></w:r></w:p>`;
const header = { name: 'word/header1.xml', content: `<w:hdr xmlns:w="${W}">${text}</w:hdr>` };
const picture = { name: 'word/media/image1.png', content: pngBytes() };
const image = relationshipXml('rIdP', 'image', 'media/image1.png');
const web = relationshipXml('rIdL', 'hyperlink', 'https://www.linkedin.com/in/achieng', true);

/** A hand-made copy: `body` in the document, related as `related` says, with a header and a picture to name. */
const copy = (
  body: string,
  related: string[] = [image, web],
  more: Parameters<typeof docxPackage>[0] = { document: '' },
) =>
  docxPackage({
    document: documentOf(text + body),
    related: [relationshipXml('rIdH', 'header', 'header1.xml'), ...related],
    parts: [header, picture, ...(more.parts ?? [])],
    types: { '/word/header1.xml': wordType('header'), png: 'image/png', ...more.types },
  });

const honest = copy(
  `${blip('r:embed="rIdP"')}<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rIdP"/></v:shape></w:pict></w:r></w:p>${link('rIdL')}` +
    '<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>',
);

describe('the read-back of a rebuilt .docx', () => {
  it('passes a copy whose pictures, link and header each name a part of their kind', () => {
    expect(readBackDocx(honest)).toBe(honest);
  });

  it.each<[string, Uint8Array, RegExp]>([
    [
      'a picture fetched through a link (a:blip r:link)',
      copy(blip('r:link="rIdL"') + link('rIdL')),
      /a:blip r:link="rIdL" names hyperlink/,
    ],
    [
      'a picture whose r:embed names a link',
      copy(blip('r:embed="rIdL"') + link('rIdL')),
      /a:blip r:embed="rIdL" names hyperlink/,
    ],
    [
      'a VML picture whose r:id names a link',
      copy(`<w:p><w:r><w:pict><v:shape><v:imagedata r:id="rIdL"/></v:shape></w:pict></w:r></w:p>${link('rIdL')}`),
      /v:imagedata r:id="rIdL" names hyperlink/,
    ],
    [
      'a picture naming a relationship the part does not have',
      copy(blip('r:embed="rId404"') + link('rIdL')),
      /rId404" names nothing/,
    ],
    [
      'a header reference naming a picture',
      copy(`${link('rIdL')}<w:sectPr><w:headerReference w:type="default" r:id="rIdP"/></w:sectPr>`),
      /w:headerReference r:id="rIdP" names image/,
    ],
    [
      'a link whose element may name no relationship (w:p r:id)',
      copy(`<w:p r:id="rIdL"/>${link('rIdL')}`),
      /w:p r:id="rIdL"/,
    ],
    [
      'a relationship to a part not in the package',
      copy(link('rIdL'), [web, relationshipXml('rIdP', 'image', 'media/missing.png')]),
      /relates rIdP to media\/missing\.png/,
    ],
    [
      'a relationship that leaves the package',
      copy(link('rIdL'), [web, relationshipXml('rIdP', 'image', '../../../media/image1.png')]),
      /relates rIdP to \.\.\//,
    ],
    [
      'a link to a file share',
      copy(link('rIdL'), [relationshipXml('rIdL', 'hyperlink', 'file://203.0.113.7/s', true)]),
      /relates rIdL to file:/,
    ],
    ['an address that nothing in the part links to', copy(''), /which nothing in it links to/],
    ['two relationships with one id', copy(link('rIdL'), [web, web]), /two relationships rIdL/],
    [
      'a picture part that is no PNG',
      docxPackage({
        document: documentOf(blip('r:embed="rIdP"')),
        related: [image],
        parts: [{ name: 'word/media/image1.png', content: '<svg onload="alert(1)"/>' }],
        types: { png: 'image/png' },
      }),
      /is no image\/png/,
    ],
    [
      'a part that no relationship reaches',
      copy(link('rIdL'), [image, web], {
        document: '',
        parts: [{ name: 'word/embeddings/oleObject1.bin', content: 'object' }],
        types: { bin: 'application/vnd.openxmlformats-officedocument.oleObject' },
      }),
      /oleObject1\.bin is reached by no relationship/,
    ],
    [
      'an embedded font',
      copy(link('rIdL'), [web, relationshipXml('rIdF', 'fontTable', 'fontTable.xml')], {
        document: '',
        parts: [
          {
            name: 'word/fontTable.xml',
            content: `<w:fonts xmlns:w="${W}" xmlns:r="${R}"><w:font w:name="F"><w:embedRegular r:id="rId1"/></w:font></w:fonts>`,
          },
          {
            name: 'word/_rels/fontTable.xml.rels',
            content: relationshipsXml(relationshipXml('rId1', 'font', 'f.odttf')),
          },
          { name: 'word/f.odttf', content: 'font' },
        ],
        types: {
          '/word/fontTable.xml': wordType('fontTable'),
          odttf: 'application/vnd.openxmlformats-officedocument.obfuscatedFont',
        },
      }),
      /relates rId1 to f\.odttf/,
    ],
    [
      'an online video (wp15:webVideoPr)',
      copy(
        `${link('rIdL')}<w:p><w:r><wp15:webVideoPr xmlns:wp15="http://schemas.microsoft.com/office/word/2012/wordprocessingDrawing" embeddedHtml="&lt;iframe&gt;"/></w:r></w:p>`,
      ),
      /holds wp15:webVideoPr/,
    ],
    ['a document type', docxPackage({ document: `<!DOCTYPE w:document>${documentOf(text)}` }), /has a document type/],
  ])('refuses %s', (_what, bytes, because) => {
    expect(() => readBackDocx(bytes)).toThrow(RebuildRefused);
    expect(() => readBackDocx(bytes)).toThrow(because);
  });
});

describe('a rebuilt .docx in the worker', () => {
  it('is refused if its copy fails the read-back, before anyone may open it', async () => {
    const fetching = copy(blip('r:link="rIdL"') + link('rIdL'));
    await expect(rebuildOutcome({ format: 'docx', bytes: fetching })).resolves.toMatchObject({
      ok: false,
      reason: 'unreadable',
      detail: expect.stringMatching(/a:blip r:link/),
    });
    await expect(rebuildOutcome({ format: 'docx', bytes: honest })).resolves.toMatchObject({ ok: true });
  });
});
