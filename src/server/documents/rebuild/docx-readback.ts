// A rebuilt .docx read back before anyone may open it, by readers the rebuild
// does not use (fflate's unzip, the saxes XML parser): every part has a content
// type the allowlist keeps and is reached by a relationship; every relationship
// leads to a part of its kind in the package, or is a link to a web page or an
// e-mail address that an element of the part links to; every relationship
// reference in a part's XML names one of that part's relationships, of the kind
// its element needs (a picture an image); every element is one the allowlist
// keeps. A copy that fails is refused: the rebuild let something through.
import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import {
  droppedVmlAttributes,
  HYPERLINK,
  isKeptElement,
  isRelationshipReference,
  keptParts,
  linkProtocols,
  referenceKind,
  relationshipName,
  VML,
} from './docx-allowlist.ts';
import { RebuildRefused } from './refusal.ts';

const CONTENT_TYPES = 'http://schemas.openxmlformats.org/package/2006/content-types';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
/** The first bytes of each picture type kept. */
const PICTURE_SIGNATURES: Readonly<Record<string, string>> = {
  'image/png': '89504e470d0a1a0a',
  'image/jpeg': 'ffd8ff',
  'image/gif': '47494638',
};

interface ReadRelationship {
  kind: string | undefined;
  target: string;
  external: boolean;
}

const refuse = (detail: string): never => {
  throw new RebuildRefused('unreadable', `the rebuilt copy failed its check: ${detail}`);
};

/** Returns `copy` if it holds only what the allowlist keeps; throws RebuildRefused otherwise. */
export function readBackDocx(copy: Uint8Array): Uint8Array {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(copy);
  } catch (error) {
    return refuse(`not a package (${String(error)})`);
  }
  const types = readContentTypes(files['[Content_Types].xml']);
  // From the package's root, as a reader finds them: each part's relationships checked, its targets queued.
  const relationshipsByPart = new Map<string, ReadonlyMap<string, ReadRelationship>>();
  const queue = [''];
  while (queue.length > 0) {
    const source = queue.shift()!;
    const relationships = readRelationships(files[relationshipsPartOf(source)], source);
    relationshipsByPart.set(source, relationships);
    for (const [id, { kind, target, external }] of relationships) {
      const what = `${source || 'the package'} relates ${id} to ${target}`;
      if (external) {
        if (kind !== HYPERLINK || !isWebLink(target)) refuse(what);
        continue;
      }
      const part = partNamed(source, target, what);
      const allowed = kind && Object.hasOwn(keptParts, kind) ? keptParts[kind]! : [];
      if (!allowed.includes(types.of(part) ?? '') || !files[part] || (source === '' && kind !== 'officeDocument'))
        refuse(what);
      if (!relationshipsByPart.has(part) && !queue.includes(part)) queue.push(part);
    }
  }
  if (relationshipsByPart.size < 2) refuse('no document');
  for (const name of Object.keys(files)) {
    const relationshipsOwner = name.match(/^(.*?)_rels\/([^/]*)\.rels$/);
    if (name === '[Content_Types].xml') continue;
    if (relationshipsOwner) {
      if (!relationshipsByPart.has(`${relationshipsOwner[1]}${relationshipsOwner[2]}`))
        refuse(`${name} belongs to no part`);
      continue;
    }
    const relationships = relationshipsByPart.get(name) ?? refuse(`${name} is reached by no relationship`);
    const type = types.of(name) ?? '';
    if (!Object.hasOwn(PICTURE_SIGNATURES, type)) {
      const used = checkPart(name, files[name]!, relationships);
      for (const [id, { external, target }] of relationships)
        if (external && !used.has(id)) refuse(`${name} relates ${id} to ${target}, which nothing in it links to`);
    } else if (!Buffer.from(files[name]!.subarray(0, 8)).toString('hex').startsWith(PICTURE_SIGNATURES[type]!))
      refuse(`${name} is no ${type}`);
  }
  return copy;
}

/** Every element of `name` kept by the allowlist, every reference naming a relationship of its kind; the ids named. */
function checkPart(name: string, bytes: Uint8Array, relationships: ReadonlyMap<string, ReadRelationship>): Set<string> {
  const used = new Set<string>();
  parse(bytes, name, (tag) => {
    if (!isKeptElement(tag.uri || null, tag.local)) refuse(`${name} holds ${tag.name}`);
    for (const attribute of Object.values(tag.attributes)) {
      const namespace = attribute.uri || null;
      if (tag.uri === VML && droppedVmlAttributes.has(attribute.local))
        refuse(`${name}: ${tag.name} ${attribute.name}`);
      if (!isRelationshipReference(namespace, attribute.local)) continue;
      const needed = referenceKind(tag.uri || null, tag.local, namespace, attribute.local);
      const relationship = relationships.get(attribute.value);
      if (!needed || relationship?.kind !== needed)
        refuse(`${name}: ${tag.name} ${attribute.name}="${attribute.value}" names ${relationship?.kind ?? 'nothing'}`);
      used.add(attribute.value);
    }
  });
  return used;
}

/** Parses `bytes` as namespaced XML, calling `onElement` for each element; no document type, no processing instruction. */
function parse(bytes: Uint8Array | undefined, what: string, onElement: (tag: SaxesTagNS) => void): void {
  if (!bytes) return refuse(`${what} is missing`);
  const parser = new SaxesParser({ xmlns: true });
  parser.on('doctype', () => refuse(`${what} has a document type`));
  parser.on('processinginstruction', () => refuse(`${what} has a processing instruction`));
  parser.on('opentag', onElement);
  try {
    parser.write(strFromU8(bytes)).close();
  } catch (error) {
    if (error instanceof RebuildRefused) throw error;
    refuse(`${what} is not well-formed: ${String(error)}`);
  }
}

function readContentTypes(bytes: Uint8Array | undefined) {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  parse(bytes, '[Content_Types].xml', (tag) => {
    if (tag.uri !== CONTENT_TYPES) return;
    const value = (key: string) => tag.attributes[key]?.value ?? '';
    if (tag.local === 'Default') defaults.set(value('Extension').toLowerCase(), value('ContentType'));
    if (tag.local === 'Override') overrides.set(value('PartName').replace(/^\//, ''), value('ContentType'));
  });
  return {
    of: (name: string) => overrides.get(name) ?? defaults.get(name.slice(name.lastIndexOf('.') + 1).toLowerCase()),
  };
}

/** A part's relationships by id (none if it has no relationships part); a repeated id is refused. */
function readRelationships(bytes: Uint8Array | undefined, source: string): Map<string, ReadRelationship> {
  const relationships = new Map<string, ReadRelationship>();
  if (!bytes) return relationships;
  parse(bytes, relationshipsPartOf(source), (tag) => {
    if (tag.uri !== PACKAGE_RELATIONSHIPS || tag.local !== 'Relationship') return;
    const value = (key: string) => tag.attributes[key]?.value ?? '';
    if (relationships.has(value('Id'))) refuse(`${source} has two relationships ${value('Id')}`);
    relationships.set(value('Id'), {
      kind: relationshipName(value('Type')),
      target: value('Target'),
      external: value('TargetMode') === 'External',
    });
  });
  return relationships;
}

const relationshipsPartOf = (part: string) =>
  `${part.slice(0, part.lastIndexOf('/') + 1)}_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`;

/** The part an internal target names, from the root or from the source's folder; nothing encoded, no fragment. */
function partNamed(source: string, target: string, what: string): string {
  if (/[#?%\\]/.test(target)) refuse(what);
  return decodeURIComponent(new URL(target, `file:///${source}`).pathname.slice(1));
}

function isWebLink(target: string): boolean {
  try {
    return linkProtocols.has(new URL(target).protocol);
  } catch {
    return false;
  }
}
