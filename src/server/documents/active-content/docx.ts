// Active content in a Word .docx (an Office Open XML package: a ZIP of XML
// parts). Read with yauzl, which trusts only the central directory (as Word
// does) and holds each entry to its declared size, and sax in strict mode for
// the XML. Refused:
// - a VBA macro project: a vbaProject.bin part, or a part or relationship typed
//   as one (a .docm renamed .docx);
// - ActiveX controls: parts under an activeX folder, or typed or related as such;
// - embedded objects: OLE objects and packages (any file, a script too, shown as
//   an icon that runs it when double-clicked), as parts under an embeddings
//   folder or as oleObject and package relationships;
// - relationships to anything outside the package (TargetMode="External"): a
//   remote template, frame or OLE link is fetched when the document opens.
//   Links to web pages and e-mail addresses from the text are the exception:
//   Word follows a hyperlink only when it is clicked, and most CVs have one for
//   the e-mail address;
// - fields that fetch or run something when the document opens or its fields
//   update (fields.ts): INCLUDEPICTURE, INCLUDETEXT, LINK, IMPORT, DDE, DDEAUTO.
//   An INCLUDEPICTURE of \\host\share\a.png alone hands the host the reader's
//   Windows password hash.
// The XML read in all is bounded, and so is the time (budget.ts).
import sax from 'sax';
import yauzl from 'yauzl';
import type { CheckBudget } from './budget.ts';
import { FieldReader } from './fields.ts';

const MAX_ENTRIES = 1_000;
/**
 * XML unpacked, and XML parsed (the parts that may hold fields, relationships
 * and content types), in all. A CV's document part is a few hundred KB of XML;
 * parsing 4 MiB takes sax about 0.4 s here.
 */
const MAX_XML_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_XML_PARSED_BYTES = 4 * 1024 * 1024;
/** Word's own limit on nesting is lower still. */
const MAX_XML_DEPTH = 256;
/** How much XML sax reads between looks at the clock. */
const XML_CHUNK = 128 * 1024;

const ACTIVE_CONTENT_TYPES = /vbaproject|macroenabled|activex|oleobject/i;
const ACTIVE_RELATIONSHIP_TYPES = /\/(?:vbaProject|wordVbaData|control|activeXControlBinary|oleObject|package)$/i;
const ACTIVE_FOLDERS = new Set(['activex', 'embeddings']);
const HYPERLINK_RELATIONSHIP = /\/hyperlink$/i;
const LINK_TARGET = /^(?:https?:\/\/|mailto:)/i;
/** The relationships of the parts that hold text a reader can click (not settings, where a template is named). */
const TEXT_PART_RELATIONSHIPS =
  /^word\/_rels\/(?:document\d*|header\d*|footer\d*|footnotes|endnotes|comments)\.xml\.rels$/;

export async function docxHasActiveContent(bytes: Uint8Array, budget: CheckBudget): Promise<boolean> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    strictFileNames: true,
    validateEntrySizes: true,
  });
  if (zip.entryCount > MAX_ENTRIES) throw new Error(`a package of ${zip.entryCount} parts`);
  let unpacked = 0;
  let parsed = 0;
  for await (const entry of zip.eachEntry()) {
    budget.check();
    const name = entry.fileName.toLowerCase();
    const segments = name.split('/');
    if (segments.at(-1) === 'vbaproject.bin' || segments.slice(0, -1).some((folder) => ACTIVE_FOLDERS.has(folder)))
      return true;
    const kind = partKind(name);
    if (!kind) continue;
    unpacked += entry.uncompressedSize;
    if (unpacked > MAX_XML_UNPACKED_BYTES) throw new Error(`${entry.fileName} is more XML than we check`);
    const xml = decodeXml(await readEntry(zip, entry, budget));
    // Fields are written as instrText elements or instr attributes, names no character reference can spell.
    if (kind === 'content' && !/instr/i.test(xml)) continue;
    parsed += xml.length;
    if (parsed > MAX_XML_PARSED_BYTES) throw new Error(`${entry.fileName} is more XML than we check`);
    if (hasActiveContentIn(kind, name, xml, budget)) return true;
  }
  return false;
}

type PartKind = 'contentTypes' | 'relationships' | 'content';

function partKind(name: string): PartKind | undefined {
  if (name === '[content_types].xml') return 'contentTypes';
  if (name.endsWith('.rels')) return 'relationships';
  // Any XML part may hold fields Word would run: the body, headers, footers, notes, comments, the glossary.
  if (name.endsWith('.xml')) return 'content';
  return undefined;
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: CheckBudget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // yauzl fails the stream if it yields more (or fewer) bytes than uncompressedSize.
  for await (const chunk of await zip.openReadStreamPromise(entry)) {
    budget.check();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Package XML is UTF-8 or UTF-16 (with a byte order mark); anything else is no part Word would read. */
function decodeXml(bytes: Buffer): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

interface XmlElement {
  /** The local name, without its prefix: the parts' vocabularies do not overlap, so namespaces need no resolving. */
  name: string;
  /** Attributes by local name, entities resolved; for an attribute given with and without a prefix, the unprefixed one. */
  attributes: Map<string, string>;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

interface XmlVisitor {
  open(element: XmlElement): void;
  text?(text: string): void;
  close?(name: string): void;
}

/**
 * Reads `xml` with sax, strictly, in chunks between looks at the clock. A
 * document type declaration is malformed in a package part, and so is a
 * repeated attribute, which sax would resolve one way and Word might another.
 * sax reports a repeated attribute only while resolving namespaces, which
 * halves its speed: worth it for the small package parts (relationships,
 * content types) whose attributes say what is fetched, not for the text.
 */
function readXml(
  xml: string,
  visitor: XmlVisitor,
  budget: CheckBudget,
  { refuseRepeatedAttributes = false } = {},
): void {
  const parser = sax.parser(true, { xmlns: refuseRepeatedAttributes });
  let attributeNames = new Set<string>();
  let depth = 0;
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
    if (++depth > MAX_XML_DEPTH) throw new Error(`elements nested more than ${MAX_XML_DEPTH} deep`);
    const attributes = new Map<string, string>();
    // Prefixed first, so that an unprefixed attribute of the same local name wins, as the relationship schema has it.
    const all = Object.entries(tag.attributes).sort(([a], [b]) => Number(!a.includes(':')) - Number(!b.includes(':')));
    for (const [name, attribute] of all)
      attributes.set(localName(name), typeof attribute === 'string' ? attribute : attribute.value);
    visitor.open({ name: localName(tag.name), attributes });
  };
  if (visitor.text) parser.ontext = parser.oncdata = visitor.text;
  parser.onclosetag = (name) => {
    depth--;
    visitor.close?.(localName(name));
  };
  for (let at = 0; at < xml.length; at += XML_CHUNK) {
    budget.check();
    parser.write(xml.slice(at, at + XML_CHUNK));
  }
  parser.close();
}

function hasActiveContentIn(kind: PartKind, name: string, xml: string, budget: CheckBudget): boolean {
  let found = false;
  if (kind === 'content') {
    const fields = new FieldReader();
    readXml(
      xml,
      {
        open: (element) => fields.open(element),
        text: (text) => fields.text(text),
        close: (element) => fields.close(element),
      },
      budget,
    );
    return fields.fetches();
  }
  const linksAllowed = TEXT_PART_RELATIONSHIPS.test(name);
  readXml(
    xml,
    {
      open: ({ name: element, attributes }) => {
        if (found) return;
        found =
          kind === 'contentTypes'
            ? ACTIVE_CONTENT_TYPES.test(attributes.get('ContentType') ?? '')
            : isActiveRelationship(element, attributes, linksAllowed);
      },
    },
    budget,
    { refuseRepeatedAttributes: true },
  );
  return found;
}

function isActiveRelationship(element: string, attributes: Map<string, string>, linksAllowed: boolean): boolean {
  if (element !== 'Relationship') return false;
  const type = attributes.get('Type') ?? '';
  if (ACTIVE_RELATIONSHIP_TYPES.test(type)) return true;
  if (attributes.get('TargetMode')?.trim().toLowerCase() !== 'external') return false;
  return !(
    linksAllowed &&
    HYPERLINK_RELATIONSHIP.test(type) &&
    LINK_TARGET.test(attributes.get('Target')?.trim() ?? '')
  );
}
