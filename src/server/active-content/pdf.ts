// Active content in a PDF: a name that means a script, a program to start or a
// file inside, wherever a viewer could read it. What is checked:
// - every name outside stream data, in the file as it is, `#xx` escapes decoded
//   (/J#61vaScript is /JavaScript) — in strings and comments too, erring towards
//   refusing;
// - every name of every object the file declares (`12 0 obj`), even one placed
//   inside another stream's data, where a viewer that follows the xref table
//   would still find it;
// - every name inside object streams (PDF 1.5+, where dictionaries sit
//   compressed), once their filters are undone (pdf-filters.ts): Flate, with
//   predictors, ASCIIHex and ASCII85. An object stream we cannot decode — other
//   filters, corrupt data, encryption, or more than MAX_OBJECT_STREAM_BYTES in
//   all — makes the file unreadable.
// Other streams (page content, images, fonts) are not looked into: a viewer never
// reads a dictionary from them, and names found by chance in compressed bytes
// would refuse honest scans.
import { decodeStream } from './pdf-filters.ts';
import { namesIn, namesOf, PdfSyntaxError, readObject, streamDataStart, type PdfValue } from './pdf-syntax.ts';

/**
 * Scripts (JavaScript, JS), starting programs (Launch), attached files
 * (EmbeddedFile, the EmbeddedFiles name tree, and EF, the key through which every
 * attachment is reached), XML forms whose scripts sit in XML (XFA) and embedded
 * Flash or 3D (RichMedia).
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'XFA', 'RichMedia']);

const OBJECT_HEADER = /(?<!\d)(\d+)[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]*obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
const MAX_OBJECTS = 100_000;
/** Objects declared inside strings or other objects are read again; this bounds the reading in all. */
const MAX_BYTES_READ = 64 * 1024 * 1024;
const MAX_OBJECT_STREAM_BYTES = 32 * 1024 * 1024;

interface Stream {
  dictionary: Map<string, PdfValue>;
  start: number;
}

interface LocatedStream extends Stream {
  /** Where its data ends, as viewers find it: by its Length or, failing that, at the next `endstream`. */
  end: number | undefined;
}

export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = file.toString('latin1');
  const names = new Set<string>();
  const objects = readObjects(file, text, names);
  const streams = objects.streams.map((stream) => ({ ...stream, end: dataEnd(file, stream, objects.numbers) }));

  for (const segment of outsideStreamData(text, streams)) for (const name of namesIn(segment)) names.add(name);
  if (hasActiveName(names)) return true;

  const encrypted = names.has('Encrypt');
  let budget = MAX_OBJECT_STREAM_BYTES;
  for (const stream of streams.filter(isObjectStream)) {
    if (encrypted) throw new Error('an encrypted object stream, which we cannot look into');
    // Filters end their own data, so without a known end the rest of the file will do.
    const decoded = decodeStream(file.subarray(stream.start, stream.end ?? file.length), stream.dictionary, budget);
    budget -= decoded.length;
    if (hasActiveName(namesIn(decoded.toString('latin1')))) return true;
  }
  return false;
}

function hasActiveName(names: Iterable<string>): boolean {
  for (const name of names) if (ACTIVE_NAMES.has(name)) return true;
  return false;
}

/** Reads every declared object, adding its names to `names`; returns the streams and the objects that are plain numbers (stream lengths). */
function readObjects(file: Buffer, text: string, names: Set<string>) {
  const streams: Stream[] = [];
  const numbers = new Map<number, number>();
  let objects = 0;
  let bytesRead = 0;
  const countRead = (bytes: number) => {
    bytesRead += bytes;
    if (bytesRead > MAX_BYTES_READ) throw new Error('objects declared within objects, over and over');
  };
  for (const header of text.matchAll(OBJECT_HEADER)) {
    if (++objects > MAX_OBJECTS) throw new Error(`more than ${MAX_OBJECTS} objects`);
    const start = header.index + header[0].length;
    let object: ReturnType<typeof readObject>;
    try {
      object = readObject(file, start);
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error;
      countRead(error.position - start);
      continue; // not an object after all (a header in a string, or in binary data)
    }
    countRead(object.end - start);
    for (const name of namesOf(object.value)) names.add(name);
    if (object.value.kind === 'number') numbers.set(Number(header[1]), object.value.value);
    if (object.value.kind === 'dictionary') {
      const dataStart = streamDataStart(file, object.end);
      if (dataStart !== undefined) streams.push({ dictionary: object.value.entries, start: dataStart });
    }
  }
  return { streams, numbers };
}

/** By the stream's Length (direct, or an object holding a number) if `endstream` follows there, else the next `endstream`. */
function dataEnd(file: Buffer, stream: Stream, numbers: Map<number, number>): number | undefined {
  const length = stream.dictionary.get('Length');
  const value = length?.kind === 'number' ? length.value : length?.kind === 'reference' ? numbers.get(length.objectNumber) : undefined;
  if (value !== undefined && Number.isInteger(value) && value >= 0 && stream.start + value <= file.length) {
    const after = file.toString('latin1', stream.start + value, Math.min(stream.start + value + 32, file.length));
    if (/^[\0\t\n\f\r ]*endstream/.test(after)) return stream.start + value;
  }
  const endstream = file.indexOf('endstream', stream.start, 'latin1');
  return endstream < 0 ? undefined : endstream;
}

/** The file's text with every stream's data left out (a stream without an end leaves nothing out). */
function* outsideStreamData(text: string, streams: LocatedStream[]): Generator<string> {
  const ranges = streams
    .flatMap(({ start, end }) => (end === undefined ? [] : [[start, end] as const]))
    .sort((a, b) => a[0] - b[0]);
  let from = 0;
  for (const [start, end] of ranges) {
    if (start > from) yield text.slice(from, start);
    from = Math.max(from, end);
  }
  yield text.slice(from);
}

function isObjectStream(stream: Stream): boolean {
  const type = stream.dictionary.get('Type');
  return stream.dictionary.has('First') || (type?.kind === 'name' && type.name === 'ObjStm');
}
