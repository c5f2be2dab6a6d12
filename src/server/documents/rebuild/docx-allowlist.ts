// What a rebuilt Word .docx may hold (docx.ts; checked again by
// docx-readback.ts): the parts reached by relationship from the package root
// whose relationship type and content type are listed here, and in their XML no
// element that embeds, fetches or runs something and no relationship reference
// but those listed, each to the kind it needs. Transitional and Strict Office Open XML name the same relationship
// types under two roots; both are read, and the copy is written as they came.

const TRANSITIONAL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const STRICT = 'http://purl.oclc.org/ooxml/officeDocument/relationships/';
const WORDML = 'application/vnd.openxmlformats-officedocument.wordprocessingml.';

/** A relationship type's last segment, whichever root it is under; undefined for any other type. */
export function relationshipName(type: string): string | undefined {
  if (type === 'http://schemas.microsoft.com/office/2007/relationships/stylesWithEffects') return 'stylesWithEffects';
  for (const root of [TRANSITIONAL, STRICT]) if (type.startsWith(root)) return type.slice(root.length);
  return undefined;
}

/** The parts kept, by relationship type, and the content types each may have. */
export const keptParts: Readonly<Record<string, readonly string[]>> = {
  officeDocument: [`${WORDML}document.main+xml`],
  styles: [`${WORDML}styles+xml`],
  stylesWithEffects: ['application/vnd.ms-word.stylesWithEffects+xml'],
  numbering: [`${WORDML}numbering+xml`],
  settings: [`${WORDML}settings+xml`],
  fontTable: [`${WORDML}fontTable+xml`],
  theme: ['application/vnd.openxmlformats-officedocument.theme+xml'],
  header: [`${WORDML}header+xml`],
  footer: [`${WORDML}footer+xml`],
  footnotes: [`${WORDML}footnotes+xml`],
  endnotes: [`${WORDML}endnotes+xml`],
  image: ['image/png', 'image/jpeg', 'image/gif'],
};

/**
 * Relationships whose targets are followed no further: the settings' name the
 * template and mail-merge source, the font table's the embedded fonts (a copy
 * uses the reader's own fonts).
 */
export const leafParts = new Set([
  'settings',
  'image',
  'fontTable',
  'theme',
  'styles',
  'stylesWithEffects',
  'numbering',
]);

/** A main part of these types is a macro-enabled document or a template: refused, with a message saying why. */
export const macroDocumentTypes = [
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
];

/** The one external relationship kept: a link in the text, to a web page or an e-mail address, followed only when clicked. */
export const linkProtocols = new Set(['http:', 'https:', 'mailto:']);
/** The kind of relationship a link is, as referenceKind names it. */
export const HYPERLINK = 'hyperlink';

export const WORDML_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
const RELATIONSHIP_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);
const DRAWINGML_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/drawingml/2006/main',
  'http://purl.oclc.org/ooxml/drawingml/main',
]);
export const VML = 'urn:schemas-microsoft-com:vml';
const VML_OFFICE = 'urn:schemas-microsoft-com:office:office';

/**
 * The places a part may name one of its relationships, and the kind each needs:
 * a link a link, a header reference a header, a picture an image in the package
 * (never r:link, a picture fetched from an address). Any other reference (an
 * embedded font, a chart, ink, a picture's HD layer…) is dropped.
 */
const relationshipReferences: Readonly<Record<string, string>> = {
  'w:hyperlink r:id': HYPERLINK,
  'w:headerReference r:id': 'header',
  'w:footerReference r:id': 'footer',
  'a:blip r:embed': 'image',
  'a:hlinkClick r:id': HYPERLINK,
  'a:hlinkHover r:id': HYPERLINK,
  'v:imagedata r:id': 'image',
  'v:imagedata o:relid': 'image',
  'v:fill r:id': 'image',
  'v:fill o:relid': 'image',
};

/** True for an attribute that names a relationship: any in the relationships namespace, and VML's o:relid. */
export const isRelationshipReference = (namespace: string | null, localName: string): boolean =>
  (namespace !== null && RELATIONSHIP_NAMESPACES.has(namespace)) || (namespace === VML_OFFICE && localName === 'relid');

/** The relationship kind (keptParts' names, or HYPERLINK) an element's reference must name; undefined where none may stand. */
export function referenceKind(
  elementNamespace: string | null,
  element: string,
  attributeNamespace: string | null,
  attribute: string,
): string | undefined {
  const family = WORDML_NAMESPACES.has(elementNamespace ?? '')
    ? 'w'
    : DRAWINGML_NAMESPACES.has(elementNamespace ?? '')
      ? 'a'
      : elementNamespace === VML
        ? 'v'
        : undefined;
  const prefix = attributeNamespace === VML_OFFICE ? 'o' : 'r';
  const key = `${family}:${element} ${prefix}:${attribute}`;
  return family && Object.hasOwn(relationshipReferences, key) ? relationshipReferences[key] : undefined;
}

/**
 * WordprocessingML elements dropped with all they hold: other documents and
 * objects pulled in (altChunk, subDoc, object, control), a field's
 * instruction (fldChar, instrText), settings that name a template, a mail-merge
 * source or macro data, the custom-XML bindings whose parts are not kept, and
 * embedded fonts with the settings that ask for them.
 */
export const droppedElements = new Set([
  'altChunk',
  'subDoc',
  'object',
  'control',
  'fldChar',
  'instrText',
  'delInstrText',
  'attachedTemplate',
  'mailMerge',
  'docVars',
  'saveThroughXslt',
  'attachedSchema',
  'dataBinding',
  'customXmlPr',
  'smartTagPr',
  'commentRangeStart',
  'commentRangeEnd',
  'commentReference',
  'embedRegular',
  'embedBold',
  'embedItalic',
  'embedBoldItalic',
  'embedTrueTypeFonts',
  'embedSystemFonts',
  'saveSubsetFonts',
]);

/** WordprocessingML elements replaced by what they hold: a simple field by its result, custom XML by its text. */
export const unwrappedElements = new Set(['fldSimple', 'customXml', 'smartTag']);

/** Namespaces whose elements are kept whole (as the rules above allow). */
const keptNamespaces = [
  /^http:\/\/schemas\.openxmlformats\.org\/(?:wordprocessingml|drawingml|officeDocument|markup-compatibility)\//,
  /^http:\/\/purl\.oclc\.org\/ooxml\/(?:wordprocessingml|drawingml|officeDocument)\//,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/20\d\d\/main$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/2014\/chartex$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/2016\/11\/main$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/thememl\/20\d\d\/main$/,
  /^urn:schemas-microsoft-com:(?:vml|office:office|office:word)$/,
  /^http:\/\/www\.w3\.org\/XML\/1998\/namespace$/,
];

const WORD_EXTENSIONS = 'http://schemas.microsoft.com/office/word/';
/**
 * Word's own extensions, by namespace, with the elements kept of each (their
 * attributes are kept). Not kept: w14:contentPart (ink), w15:dataBinding (text
 * bound to custom XML), w15:webExtensionLinked and webExtensionCreated (Office
 * add-ins), w15's people and comment marks, and whole namespaces: wp15 (an
 * online video, webVideoPr, HTML of the sender's choosing), wpi (ink), wne
 * (keyboard maps and toolbars that call macros), w16cid and w16cex (comments).
 */
const wordExtensions: Readonly<Record<string, ReadonlySet<string>>> = {
  // w14: text effects, check boxes, conflict marks, settings.
  [`${WORD_EXTENSIONS}2010/wordml`]: new Set(
    (
      'alpha bevel bevelB bevelT camera checkbox checked checkedState cntxtAlts conflictDel conflictIns conflictMode ' +
      'contourClr customXmlConflictDelRangeEnd customXmlConflictDelRangeStart customXmlConflictInsRangeEnd ' +
      'customXmlConflictInsRangeStart defaultImageDpi discardImageEditingData docId entityPicker extLst extrusionClr ' +
      'fillToRect glow gradFill gs gsLst hueMod ligatures lightRig lin lum lumMod lumOff miter noFill numForm ' +
      'numSpacing path props3d prstDash reflection rot round sat satMod satOff scene3d schemeClr shade shadow ' +
      'solidFill srgbClr styleSet stylisticSets textFill textOutline tint uncheckedState'
    ).split(' '),
  ),
  // w15: content controls' colour, look and repeating sections; settings.
  [`${WORD_EXTENSIONS}2012/wordml`]: new Set([
    'appearance',
    'chartTrackingRefBased',
    'collapsed',
    'color',
    'doNotAllowInsertDeleteSection',
    'docId',
    'footnoteColumns',
    'repeatingSection',
    'repeatingSectionItem',
    'sectionTitle',
  ]),
  // w16se: a symbol (emoji) drawn from a font.
  [`${WORD_EXTENSIONS}2015/wordml/symex`]: new Set(['symEx']),
  // w16du: dates of tracked changes (attributes only).
  [`${WORD_EXTENSIONS}2023/wordml/word16du`]: new Set(),
  // wp14: a drawing's size and position relative to the page.
  [`${WORD_EXTENSIONS}2010/wordprocessingDrawing`]: new Set([
    'pctHeight',
    'pctPosHOffset',
    'pctPosVOffset',
    'pctWidth',
    'sizeRelH',
    'sizeRelV',
  ]),
  // wps, wpg, wpc: shapes, groups and drawing canvases.
  [`${WORD_EXTENSIONS}2010/wordprocessingShape`]: new Set(
    'bodyPr cNvCnPr cNvPr cNvSpPr extLst linkedTxbx spPr style txbx wsp'.split(' '),
  ),
  [`${WORD_EXTENSIONS}2010/wordprocessingGroup`]: new Set(
    'cNvFrPr cNvGrpSpPr cNvPr extLst graphicFrame grpSp grpSpPr wgp xfrm'.split(' '),
  ),
  [`${WORD_EXTENSIONS}2010/wordprocessingCanvas`]: new Set('bg extLst graphicFrame whole wpc'.split(' ')),
};

/** True for a namespace whose attributes are kept (an element's own name is judged by isKeptElement). */
export const isKeptNamespace = (uri: string | null): boolean =>
  uri === null || Object.hasOwn(wordExtensions, uri) || keptNamespaces.some((pattern) => pattern.test(uri));

/** True for an element of a namespace kept whole, or one listed among Word's extensions. */
export const isKeptElement = (uri: string | null, localName: string): boolean =>
  uri !== null && Object.hasOwn(wordExtensions, uri) ? wordExtensions[uri]!.has(localName) : isKeptNamespace(uri);

/** Elements of the legacy drawing vocabulary (VML) that embed an object or name a file outside the package. */
export const droppedVmlElements = new Set(['OLEObject']);
export const droppedVmlAttributes = new Set(['href', 'src', 'althref']);
