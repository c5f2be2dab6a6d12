// The read-back (src/server/documents/rebuild/pdf-readback.ts) refuses, by
// itself, a copy that would act: these PDFs stand for copies a faulty writer
// might make and are handed to it directly; a copy the rebuild made passes.
import { describe, expect, it } from 'vitest';
import { readBackPdf } from '../../../../src/server/documents/rebuild/pdf-readback.ts';
import { rebuildPdf } from '../../../../src/server/documents/rebuild/pdf.ts';
import {
  javaScriptAction,
  pdfOf,
  pdfStream,
  pdfWithVisiblePage,
  visiblePageObjects,
  withXrefTable,
} from '../../../../scripts/lib/pdf-objects.ts';
import { pdfBytes } from '../../../../scripts/lib/sample-documents.ts';

const copiesThatAct: Record<string, Buffer> = {
  'a script when its page opens': pdfWithVisiblePage('', `/AA << /O ${javaScriptAction} >>`),
  'a link over the whole page': pdfWithVisiblePage(
    '',
    '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /URI /URI (http://203.0.113.7/) >> >>]',
  ),
  'a page-open Launch of cmd.exe': pdfWithVisiblePage('', '/AA << /O << /S /Launch /F (cmd.exe) >> >>'),
  'an open action that launches a program': pdfWithVisiblePage('/OpenAction << /S /Launch /F (cmd.exe) >>', ''),
  'a document script': pdfWithVisiblePage('/Names << /JavaScript << /Names [(a) 5 0 R] >> >>', '', javaScriptAction),
  'an attachment': pdfWithVisiblePage(
    '/Names << /EmbeddedFiles << /Names [(cv-full.hta) 5 0 R] >> >>',
    '',
    '<< /Type /Filespec /F (cv-full.hta) /UF (cv-full.hta) /EF << /F 6 0 R >> >>',
    pdfStream('/Type /EmbeddedFile', '<script>alert(1)</script>'),
  ),
  'a push button with a script': pdfWithVisiblePage(
    '/AcroForm << /Fields [5 0 R] >>',
    '/Annots [5 0 R]',
    `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (b) /Rect [0 0 200 200] /P 3 0 R /A ${javaScriptAction} >>`,
  ),
  'a font with a string in its /FontMatrix': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font' +
      ' /Subtype /Type1 /BaseFont /Helvetica /FontMatrix [1 0 0 1 0 (1\\); alert\\(1\\)//)] >> >> >> >>',
    pdfStream('', 'BT /F1 24 Tf 20 100 Td (Page one) Tj ET'),
  ]),
  // The page written twice: pdf.js follows the xref to the first, with a script; a parse that reads
  // the file from the start, as @cantoo/pdf-lib does, keeps the second. Only the other reader sees it.
  'a script on a page only a reader following the xref finds': (() => {
    const [catalog, pages, page, content] = visiblePageObjects();
    const acting = visiblePageObjects('', `/AA << /O ${javaScriptAction} >>`)[2];
    const objects = [catalog, pages, acting, content, page].map((object, i) =>
      Buffer.concat([Buffer.from(`\n${i === 4 ? 3 : i + 1} 0 obj\n`), Buffer.from(object!), Buffer.from('\nendobj')]),
    );
    return withXrefTable(Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3', 'latin1'), ...objects]), 4);
  })(),
};

describe('a rebuilt PDF read back', () => {
  it('passes when the rebuild made it from an honest file', async () => {
    await expect(readBackPdf(await rebuildPdf(pdfBytes('honest')))).resolves.toBeUndefined();
  });

  it('passes a Type 3 font whose glyphs are named like number keys (/N, /W, /Size)', async () => {
    const font =
      '<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1 1] /FontMatrix [0.001 0 0 0.001 0 0] /FirstChar 65' +
      ' /LastChar 67 /Widths [1 1 1] /Encoding << /Differences [65 /N /W /Size] >> /CharProcs << /N 5 0 R /W 5 0 R /Size 5 0 R >> >>';
    const original = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 ${font} >> >> >>`,
      pdfStream('', 'BT /F1 24 Tf 20 100 Td (ABC) Tj ET'),
      pdfStream('', '1000 0 0 0 1000 1000 d1 0 0 1000 1000 re f'),
    ]);
    await expect(readBackPdf(await rebuildPdf(original))).resolves.toBeUndefined();
  });

  it.each(Object.entries(copiesThatAct))('is refused when it holds %s', async (_name, copy) => {
    await expect(readBackPdf(copy)).rejects.toMatchObject({ name: 'RebuildRefused', reason: 'activeContent' });
  });

  it('is refused as unreadable when it is not a PDF at all', async () => {
    await expect(readBackPdf(Buffer.from('not a pdf'))).rejects.toMatchObject({ reason: 'unreadable' });
  });
});
