// What a rebuilt Word .docx may hold (docx.ts): the parts reached by
// relationship from the package root whose relationship type and content type
// are listed here, and in their XML no element that embeds, fetches or runs
// something. Transitional and Strict Office Open XML name the same relationship
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
  font: ['application/vnd.openxmlformats-officedocument.obfuscatedFont'],
};

/** Relationships whose targets are followed no further: the settings' name the template and mail-merge source. */
export const leafParts = new Set(['settings', 'image', 'font', 'theme', 'styles', 'stylesWithEffects', 'numbering']);

/** A main part of these types is a macro-enabled document or a template: refused, with a message saying why. */
export const macroDocumentTypes = [
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
];

/** The one external relationship kept: a link in the text, to a web page or an e-mail address, followed only when clicked. */
export const linkProtocols = new Set(['http:', 'https:', 'mailto:']);

export const WORDML_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
export const RELATIONSHIP_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);

/**
 * WordprocessingML elements dropped with all they hold: other documents and
 * objects pulled in (altChunk, subDoc, object, control), a field's
 * instruction (fldChar, instrText), settings that name a template, a mail-merge
 * source or macro data, and the custom-XML bindings whose parts are not kept.
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
]);

/** WordprocessingML elements replaced by what they hold: a simple field by its result, custom XML by its text. */
export const unwrappedElements = new Set(['fldSimple', 'customXml', 'smartTag']);

/** Namespaces whose elements are kept (as the rules above allow); an element in any other is dropped. */
const keptNamespaces = [
  /^http:\/\/schemas\.openxmlformats\.org\/(?:wordprocessingml|drawingml|officeDocument|markup-compatibility)\//,
  /^http:\/\/purl\.oclc\.org\/ooxml\/(?:wordprocessingml|drawingml|officeDocument)\//,
  /^http:\/\/schemas\.microsoft\.com\/office\/word\/20\d\d\/(?:wordml|wordprocessing)/,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/20\d\d\/main$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/2014\/chartex$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/drawing\/2016\/11\/main$/,
  /^http:\/\/schemas\.microsoft\.com\/office\/thememl\/20\d\d\/main$/,
  /^urn:schemas-microsoft-com:(?:vml|office:office|office:word)$/,
  /^http:\/\/www\.w3\.org\/XML\/1998\/namespace$/,
];

export const isKeptNamespace = (uri: string | null): boolean =>
  uri === null || keptNamespaces.some((pattern) => pattern.test(uri));

/** Elements of the legacy drawing vocabulary (VML) that embed an object or name a file outside the package. */
export const droppedVmlElements = new Set(['OLEObject']);
export const droppedVmlAttributes = new Set(['href', 'src', 'althref']);
