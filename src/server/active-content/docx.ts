// Active content in a Word .docx (an Office Open XML package: a ZIP of XML
// parts). Read with yauzl, which trusts only the central directory (as Word
// does) and holds each entry to its declared size, and sax in strict mode for
// the XML. Refused:
// - a VBA macro project: a vbaProject.bin part, or a part or relationship typed
//   as one (a .docm renamed .docx);
// - ActiveX controls: parts under an activeX folder, or typed or related as such;
// - relationships to anything outside the package (TargetMode="External"): a
//   remote template, frame or OLE link is fetched when the document opens.
//   Links to web pages and e-mail addresses from the text are the exception:
//   Word follows a hyperlink only when it is clicked, and most CVs have one for
//   the e-mail address.
import sax from 'sax';
import yauzl from 'yauzl';

const MAX_ENTRIES = 1_000;
const MAX_XML_PART_BYTES = 1024 * 1024;
const MAX_XML_TOTAL_BYTES = 8 * 1024 * 1024;

const ACTIVE_CONTENT_TYPES = /vbaproject|macroenabled|activex/i;
const ACTIVE_RELATIONSHIP_TYPES = /\/(?:vbaProject|wordVbaData|control|activeXControlBinary)$/i;
const HYPERLINK_RELATIONSHIP = /\/hyperlink$/i;
const LINK_TARGET = /^(?:https?:\/\/|mailto:)/i;
/** The relationships of the parts that hold text a reader can click (not settings, where a template is named). */
const TEXT_PART_RELATIONSHIPS = /^word\/_rels\/(?:document\d*|header\d*|footer\d*|footnotes|endnotes|comments)\.xml\.rels$/;

export async function docxHasActiveContent(bytes: Uint8Array): Promise<boolean> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    strictFileNames: true,
    validateEntrySizes: true,
  });
  if (zip.entryCount > MAX_ENTRIES) throw new Error(`a package of ${zip.entryCount} parts`);
  let xmlBytesRead = 0;
  for await (const entry of zip.eachEntry()) {
    const name = entry.fileName.toLowerCase();
    const segments = name.split('/');
    if (segments.at(-1) === 'vbaproject.bin' || segments.slice(0, -1).includes('activex')) return true;
    const isContentTypes = name === '[content_types].xml';
    if (!isContentTypes && !name.endsWith('.rels')) continue;
    xmlBytesRead += entry.uncompressedSize;
    if (entry.uncompressedSize > MAX_XML_PART_BYTES || xmlBytesRead > MAX_XML_TOTAL_BYTES) {
      throw new Error(`${entry.fileName} is too large to check`);
    }
    const xml = decodeXml(await readEntry(zip, entry));
    if (isContentTypes ? declaresActiveContentType(xml) : hasActiveRelationship(xml, TEXT_PART_RELATIONSHIPS.test(name))) return true;
  }
  return false;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // yauzl fails the stream if it yields more (or fewer) bytes than uncompressedSize.
  for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Package XML is UTF-8 or UTF-16 (with a byte order mark); anything else is no part Word would read. */
function decodeXml(bytes: Buffer): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

/**
 * Whether `test` holds for an element, given its local name and unprefixed
 * attributes (entities resolved). A repeated attribute, which sax would let the
 * last one win, is malformed XML that Word would not read either.
 */
function someElement(xml: string, test: (name: string, attributes: Map<string, string>) => boolean): boolean {
  const parser = sax.parser(true, { xmlns: true });
  let found = false;
  let attributeNames = new Set<string>();
  parser.onerror = (error) => {
    throw error;
  };
  parser.ondoctype = () => {
    throw new Error('a document type declaration, which package parts may not have');
  };
  parser.onopentagstart = () => {
    attributeNames = new Set();
  };
  parser.onattribute = ({ name }) => {
    if (attributeNames.has(name)) throw new Error(`attribute ${name} given twice`);
    attributeNames.add(name);
  };
  parser.onopentag = (tag) => {
    if (found || !('local' in tag)) return;
    const unprefixed = Object.values(tag.attributes).filter((attribute) => attribute.prefix === '');
    found = test(tag.local, new Map(unprefixed.map((attribute) => [attribute.local, attribute.value])));
  };
  parser.write(xml).close();
  return found;
}

function declaresActiveContentType(xml: string): boolean {
  return someElement(xml, (_name, attributes) => ACTIVE_CONTENT_TYPES.test(attributes.get('ContentType') ?? ''));
}

function hasActiveRelationship(xml: string, linksAllowed: boolean): boolean {
  return someElement(xml, (name, attributes) => {
    if (name !== 'Relationship') return false;
    const type = attributes.get('Type') ?? '';
    if (ACTIVE_RELATIONSHIP_TYPES.test(type)) return true;
    if (attributes.get('TargetMode')?.trim().toLowerCase() !== 'external') return false;
    return !(linksAllowed && HYPERLINK_RELATIONSHIP.test(type) && LINK_TARGET.test(attributes.get('Target')?.trim() ?? ''));
  });
}
