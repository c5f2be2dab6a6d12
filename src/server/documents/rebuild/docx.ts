// A Word .docx rebuilt from an allowlist (docx-allowlist.ts): a new package of
// the parts reached by relationship from the root whose relationship and
// content types are listed, found as Word finds them (by relationship and
// content type, never by a part's name); each XML part re-serialised from
// @xmldom/xmldom's tree with every field reduced to the result it shows (page
// numbers written anew: docx-fields.ts) and nothing embedded or fetched; each picture re-encoded from its pixels; the
// relationships and content types written anew. Read with yauzl, which trusts
// only the central directory (as Word does) and holds each entry to its size.
import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';
import { zipSync } from 'fflate';
import yauzl from 'yauzl';
import {
  droppedElements,
  droppedVmlAttributes,
  droppedVmlElements,
  HYPERLINK,
  isKeptElement,
  isKeptNamespace,
  isRelationshipReference,
  keptParts,
  leafParts,
  linkProtocols,
  macroDocumentTypes,
  referenceKind,
  relationshipName,
  unwrappedElements,
  WORDML_NAMESPACES,
} from './docx-allowlist.ts';
import { keepPageNumberFields } from './docx-fields.ts';
import { reencodeImage } from './image.ts';
import { RebuildRefused } from './refusal.ts';

const MAX_ENTRIES = 1_000;
/** Unpacked, in all: a CV's parts are a few MB; more is no document we rebuild. */
const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
const CONTENT_TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATIONSHIPS_TYPE = 'application/vnd.openxmlformats-package.relationships+xml';
const VML_NAMESPACES = new Set(['urn:schemas-microsoft-com:vml', 'urn:schemas-microsoft-com:office:office']);
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
/** The earliest time a ZIP entry can carry (1 January 1980). */
const PACKAGE_TIME = new Date(1980, 0, 1);

interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

/** A part's relationships' kinds (keptParts' names, or HYPERLINK) by id, and the ids its kept XML refers to. */
interface References {
  kinds: ReadonlyMap<string, string>;
  used: Set<string>;
}

interface KeptPart {
  contentType: string;
  bytes: Uint8Array;
  relationships: Relationship[];
}

export async function rebuildDocx(bytes: Uint8Array): Promise<Uint8Array> {
  const entries = await readPackage(bytes);
  const read = (name: string) => entries.get(name.toLowerCase());
  const types = contentTypes(read('[Content_Types].xml'));
  const kept = new Map<string, KeptPart>();
  const queue: Array<{ name: string; contentType: string; relationship: string }> = [];
  const rootRelationships: Relationship[] = [];

  const admit = (source: string, relationships: Relationship[]): Relationship[] => {
    const admitted: Relationship[] = [];
    for (const relationship of relationships) {
      const name = relationshipName(relationship.type);
      if (relationship.type.endsWith('/vbaProject'))
        throw new RebuildRefused('activeContent', 'the document has a macro project');
      // One relationship per id: a reference must name one target, whichever a reader takes.
      if (admitted.some(({ id }) => id === relationship.id)) continue;
      if (relationship.external) {
        if (name === HYPERLINK && isWebLink(relationship.target)) admitted.push(relationship);
        continue;
      }
      if (!name || !Object.hasOwn(keptParts, name) || (source === '' && name !== 'officeDocument')) continue;
      const target = resolvePart(source, relationship.target);
      const contentType = target && types.of(target);
      if (!target || !contentType) continue;
      if (name === 'officeDocument' && macroDocumentTypes.includes(contentType))
        throw new RebuildRefused('activeContent', 'the document is macro-enabled');
      if (!keptParts[name]!.includes(contentType) || !read(target)) continue;
      admitted.push({ ...relationship, target: `/${target}` });
      if (!kept.has(target) && !queue.some((part) => part.name === target))
        queue.push({ name: target, contentType, relationship: name });
    }
    return admitted;
  };

  rootRelationships.push(...admit('', relationshipsOf(read('_rels/.rels'))));
  if (queue.length === 0) throw new RebuildRefused('unreadable', 'the package has no Word document');
  while (queue.length > 0) {
    const { name, contentType, relationship } = queue.shift()!;
    const original = read(name)!;
    const relationships = leafParts.has(relationship)
      ? []
      : admit(name, relationshipsOf(read(relationshipsPartOf(name))));
    const references = {
      kinds: new Map(relationships.map(({ id, type }) => [id, relationshipName(type)!])),
      used: new Set<string>(),
    };
    const rebuilt = relationship === 'image' ? await reencodeImage(original) : rewriteXml(original, references);
    // A link no kept element refers to is no link: no address stays in the copy unless a reader can click it.
    const written = relationships.filter(({ id, external }) => !external || references.used.has(id));
    kept.set(name, { contentType, bytes: rebuilt, relationships: written });
  }
  return writePackage(rootRelationships, kept);
}

async function readPackage(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      strictFileNames: true,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw new RebuildRefused('unreadable', `not a package: ${String(error)}`);
  }
  if (zip.entryCount > MAX_ENTRIES) throw new RebuildRefused('unreadable', `a package of ${zip.entryCount} parts`);
  const entries = new Map<string, Buffer>();
  let unpacked = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    unpacked += entry.uncompressedSize;
    if (unpacked > MAX_UNPACKED_BYTES) throw new RebuildRefused('unreadable', 'the package unpacks to too much');
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName.toLowerCase(), Buffer.concat(chunks));
  }
  return entries;
}

/** A part's name, from a relationship's target relative to its source part; undefined if it leaves the package. */
function resolvePart(source: string, target: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.split('#')[0]!);
  } catch {
    return undefined;
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (base.length === 0) return undefined;
      base.pop();
    } else base.push(segment);
  }
  return base.length > 0 ? base.join('/') : undefined;
}

const relationshipsPartOf = (name: string) => {
  const slash = name.lastIndexOf('/');
  return `${name.slice(0, slash + 1)}_rels/${name.slice(slash + 1)}.rels`;
};

function isWebLink(target: string): boolean {
  try {
    return linkProtocols.has(new URL(target.trim()).protocol);
  } catch {
    return false;
  }
}

function parseXml(bytes: Uint8Array | undefined, what: string) {
  if (!bytes) return undefined;
  const text = decodeXml(bytes, what);
  if (/<!DOCTYPE/i.test(text)) throw new RebuildRefused('unreadable', `${what} has a document type declaration`);
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    throw new RebuildRefused('unreadable', `${what} is not well-formed XML: ${String(error)}`);
  }
}

/** Package XML is UTF-8 or UTF-16 (with a byte order mark); anything else is no part Word would read. */
function decodeXml(bytes: Uint8Array, what: string): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new RebuildRefused('unreadable', `${what} is not text`);
  }
}

function contentTypes(bytes: Uint8Array | undefined) {
  const document = parseXml(bytes, '[Content_Types].xml');
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const element of Array.from(document?.getElementsByTagNameNS(CONTENT_TYPES, 'Default') ?? []))
    defaults.set((element.getAttribute('Extension') ?? '').toLowerCase(), element.getAttribute('ContentType') ?? '');
  for (const element of Array.from(document?.getElementsByTagNameNS(CONTENT_TYPES, 'Override') ?? []))
    overrides.set(
      (element.getAttribute('PartName') ?? '').replace(/^\//, '').toLowerCase(),
      element.getAttribute('ContentType') ?? '',
    );
  return {
    of: (name: string): string | undefined =>
      overrides.get(name.toLowerCase()) ?? defaults.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase()),
  };
}

function relationshipsOf(bytes: Uint8Array | undefined): Relationship[] {
  const document = parseXml(bytes, 'a relationships part');
  return Array.from(document?.getElementsByTagNameNS(PACKAGE_RELATIONSHIPS, 'Relationship') ?? []).map((element) => ({
    id: element.getAttribute('Id') ?? '',
    type: element.getAttribute('Type') ?? '',
    target: element.getAttribute('Target') ?? '',
    external: (element.getAttribute('TargetMode') ?? '').trim().toLowerCase() === 'external',
  }));
}

/**
 * The part's XML with only what may stay: elements in kept namespaces, minus
 * those dropped outright; fields reduced to their results; a reference to a
 * relationship removed unless the element may refer to one and the relationship
 * is kept and of the kind the element needs (referenceKind: a picture's to an
 * image); a link that loses its reference becomes its text.
 */
function rewriteXml(bytes: Uint8Array, references: References): Uint8Array {
  const document = parseXml(bytes, 'a part')!;
  const root = document.documentElement;
  if (!root) throw new RebuildRefused('unreadable', 'an empty part');
  cleanElement(root, references, keepPageNumberFields(root));
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${new XMLSerializer().serializeToString(root)}`,
  );
}

function cleanElement(element: Element, references: References, keptFields: ReadonlySet<Element>): void {
  for (const attribute of Array.from(element.attributes)) {
    const namespace = attribute.namespaceURI;
    const name = attribute.localName ?? '';
    if (namespace === 'http://www.w3.org/2000/xmlns/') continue;
    const reference = isRelationshipReference(namespace, name);
    const dropped =
      !isKeptNamespace(namespace) ||
      (VML_NAMESPACES.has(element.namespaceURI ?? '') && droppedVmlAttributes.has(name)) ||
      (reference && !refersAsItMay(element, namespace, name, references.kinds.get(attribute.value))) ||
      (namespace === MC && name !== 'Ignorable');
    if (dropped) element.removeAttributeNode(attribute);
    else if (reference) references.used.add(attribute.value);
  }
  for (const child of Array.from(element.childNodes) as Node[]) {
    if (child.nodeType === child.PROCESSING_INSTRUCTION_NODE || child.nodeType === child.COMMENT_NODE) {
      element.removeChild(child);
      continue;
    }
    if (child.nodeType !== child.ELEMENT_NODE) continue;
    const childElement = child as Element;
    const namespace = childElement.namespaceURI;
    const name = childElement.localName ?? '';
    const wordml = WORDML_NAMESPACES.has(namespace ?? '');
    const drop =
      !isKeptElement(namespace, name) ||
      (wordml && droppedElements.has(name) && !keptFields.has(childElement)) ||
      (VML_NAMESPACES.has(namespace ?? '') && droppedVmlElements.has(name)) ||
      (name === 'svgBlip' && namespace?.includes('/SVG/'));
    if (drop) {
      element.removeChild(childElement);
      continue;
    }
    cleanElement(childElement, references, keptFields);
    const linkLost =
      wordml && name === 'hyperlink' && !hasAttribute(childElement, 'anchor') && !hasRelationship(childElement);
    if ((wordml && unwrappedElements.has(name) && !keptFields.has(childElement)) || linkLost) {
      while (childElement.firstChild) element.insertBefore(childElement.firstChild, childElement);
      element.removeChild(childElement);
    }
  }
}

/** True if the element may refer to a relationship through this attribute, and `kind` is the kind it needs. */
function refersAsItMay(element: Element, namespace: string | null, name: string, kind: string | undefined): boolean {
  const needed = referenceKind(element.namespaceURI, element.localName ?? '', namespace, name);
  return needed !== undefined && kind === needed;
}

const hasAttribute = (element: Element, localName: string) =>
  Array.from(element.attributes).some((attribute) => attribute.localName === localName);

const hasRelationship = (element: Element) =>
  Array.from(element.attributes).some((attribute) =>
    isRelationshipReference(attribute.namespaceURI, attribute.localName ?? ''),
  );

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function relationshipsXml(relationships: readonly Relationship[]): Uint8Array {
  const items = relationships.map(
    ({ id, type, target, external }) =>
      `<Relationship Id="${escapeAttribute(id)}" Type="${escapeAttribute(type)}" Target="${escapeAttribute(target)}"` +
      `${external ? ' TargetMode="External"' : ''}/>`,
  );
  return new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${items.join('')}</Relationships>`,
  );
}

function writePackage(root: readonly Relationship[], parts: ReadonlyMap<string, KeptPart>): Uint8Array {
  const overrides = [...parts].map(
    ([name, { contentType }]) =>
      `<Override PartName="/${escapeAttribute(name)}" ContentType="${escapeAttribute(contentType)}"/>`,
  );
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="${CONTENT_TYPES}">` +
        `<Default Extension="rels" ContentType="${RELATIONSHIPS_TYPE}"/><Default Extension="xml" ContentType="application/xml"/>` +
        `${overrides.join('')}</Types>`,
    ),
    '_rels/.rels': relationshipsXml(root),
  };
  for (const [name, part] of parts) {
    files[name] = part.bytes;
    if (part.relationships.length > 0) files[relationshipsPartOf(name)] = relationshipsXml(part.relationships);
  }
  // A fixed time on every entry: the same document sent twice is rebuilt to the same bytes (and digest).
  return zipSync(files, { level: 6, mtime: PACKAGE_TIME });
}
