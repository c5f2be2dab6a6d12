// Active content in a PDF: a name that means a script, a program to start or a
// file inside, wherever a viewer could read it. What is checked:
// - every name outside stream data, in the file as it is, `#xx` escapes decoded
//   (/J#61vaScript is /JavaScript) — in strings and comments too, erring towards
//   refusing;
// - every name of every object the file declares, wherever its header stands
//   (even inside another stream's data, where the xref table may still point),
//   its header read as the standard reads it: comments are white space, so
//   `6 0 %c\nobj` declares object 6 (pdf-syntax.ts);
// - every name inside object streams (PDF 1.5+, where dictionaries sit
//   compressed), once their filters are undone (pdf-filters.ts): Flate, with
//   predictors, ASCIIHex and ASCII85.
// Whatever this reading cannot account for makes the file unreadable, so it is
// refused rather than passed: an object stream it cannot decode (other filters,
// corrupt data, encryption, an /ObjStm type it found outside one), an `obj`
// keyword that heads no object it could read, a stream with no end, more
// objects or decoded bytes than any CV or certificate holds, or running out of
// time (budget.ts).
//
// The cost grows with the file, not its square: headers are found in one pass,
// stream ends by one search for every `endstream`, each object is read once
// (objects declared within objects share one bound on bytes read), and object
// streams may not decode more input than the file holds.
//
// Other streams (page content, images, fonts) are not looked into: a viewer never
// reads a dictionary from them, and names found by chance in compressed bytes
// would refuse honest scans.
import type { CheckBudget } from './budget.ts';
import { decodeStream } from './pdf-filters.ts';
import {
  addNamesOf,
  keywordPositions,
  namesIn,
  objectHeaders,
  PdfSyntaxError,
  readObject,
  streamDataStart,
  type PdfValue,
} from './pdf-syntax.ts';

/**
 * Scripts (JavaScript, JS), starting programs (Launch), attached files
 * (EmbeddedFile, the EmbeddedFiles name tree, and EF, the key through which every
 * attachment is reached), XML forms whose scripts sit in XML (XFA) and embedded
 * Flash or 3D (RichMedia).
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'XFA', 'RichMedia']);

/** Far more than a CV or a scanned certificate declares (a 40-page report has a few thousand). */
const MAX_OBJECTS = 100_000;
/** Objects declared inside strings or other objects are read again: all reading together stays within this many times the file. */
const READ_FACTOR = 2;
const MAX_OBJECT_STREAM_BYTES = 32 * 1024 * 1024;
const CHECK_EVERY_OBJECTS = 1024;

interface Stream {
  dictionary: Map<string, PdfValue>;
  /** Where its header's `obj` keyword and its dictionary's end stand. */
  header: number;
  dictionaryEnd: number;
  start: number;
}

class Unreadable extends Error {}

export function pdfHasActiveContent(bytes: Uint8Array, budget: CheckBudget): boolean {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = file.toString('latin1');
  const names = new Set<string>();
  const endstreams = keywordPositions(file, 'endstream');
  const objects = readObjects(file, names, endstreams, budget);
  const streams = objects.streams.map((stream) => ({
    ...stream,
    end: dataEnd(file, stream, objects.numbers, endstreams),
  }));
  const streamData = new Ranges(streams.map(({ start, end }) => [start, end]));

  // An obj keyword without a header inside stream data is no object to any viewer: a few bytes of an image, say.
  for (const keyword of objects.unaccounted) {
    if (!streamData.contains(keyword)) throw new Unreadable(`an obj keyword at byte ${keyword} that heads no object`);
  }
  budget.check();
  for (const [segment, offset] of streamData.gaps(text))
    for (const { name } of namesIn(segment, offset)) names.add(name);
  if (hasActiveName(names)) return true;

  const objectStreams = streams.filter(isObjectStream);
  if (objectStreams.length > 0 && names.has('Encrypt'))
    throw new Unreadable('an encrypted object stream, which we cannot look into');
  // We know to decode a stream only where its type stands directly in its dictionary.
  const objectStreamDictionaries = new Ranges(
    objectStreams.map(({ header, dictionaryEnd }) => [header, dictionaryEnd]),
  );
  for (const { name, position } of namesIn(text)) {
    if (name === 'ObjStm' && !objectStreamDictionaries.contains(position)) {
      throw new Unreadable(`an /ObjStm type at byte ${position} outside any object stream we could decode`);
    }
  }
  let inputLeft = file.length;
  let outputLeft = MAX_OBJECT_STREAM_BYTES;
  for (const stream of objectStreams) {
    inputLeft -= stream.end - stream.start;
    if (inputLeft < 0) throw new Unreadable('object streams that overlap');
    const decoded = decodeStream(file.subarray(stream.start, stream.end), stream.dictionary, outputLeft, budget);
    outputLeft -= decoded.length;
    for (const { name } of namesIn(decoded.toString('latin1'))) if (ACTIVE_NAMES.has(name)) return true;
  }
  return false;
}

function hasActiveName(names: Iterable<string>): boolean {
  for (const name of names) if (ACTIVE_NAMES.has(name)) return true;
  return false;
}

/**
 * Reads the object after every header, adding its names to `names`. Returns
 * the streams, the objects that are plain numbers (stream lengths), and the
 * `obj` keywords that head nothing readable.
 */
function readObjects(file: Buffer, names: Set<string>, endstreams: readonly number[], budget: CheckBudget) {
  const headers = objectHeaders(file, budget);
  const keywords = keywordPositions(file, 'obj');
  if (keywords.length > MAX_OBJECTS) throw new Unreadable(`more than ${MAX_OBJECTS} objects`);
  const streams: Stream[] = [];
  const numbers = new Map<number, number>();
  const unaccounted: number[] = [];
  let bytesLeft = READ_FACTOR * file.length;
  keywords.forEach((keyword, index) => {
    if (index % CHECK_EVERY_OBJECTS === 0) budget.check();
    const objectNumber = headers.get(keyword);
    if (objectNumber === undefined) {
      unaccounted.push(keyword);
      return;
    }
    const start = keyword + 3;
    let object: ReturnType<typeof readObject>;
    try {
      object = readObject(file, start);
    } catch (error) {
      if (!(error instanceof PdfSyntaxError)) throw error;
      bytesLeft -= error.position - start;
      unaccounted.push(keyword);
      return;
    }
    bytesLeft -= object.end - start;
    if (bytesLeft < 0) throw new Unreadable('objects declared within objects, over and over');
    addNamesOf(object.value, names);
    if (object.value.kind === 'number') numbers.set(objectNumber, object.value.value);
    if (object.value.kind === 'dictionary') {
      const dataStart = streamDataStart(file, object.end);
      if (dataStart === undefined) return;
      // Known at once, whatever its Length says: either way its data would end at an endstream after it.
      if (firstAtOrAfter(endstreams, dataStart) === endstreams.length)
        throw new Unreadable(`a stream at byte ${dataStart} with no end`);
      streams.push({ dictionary: object.value.entries, header: keyword, dictionaryEnd: object.end, start: dataStart });
    }
  });
  if (bytesLeft < 0) throw new Unreadable('objects declared within objects, over and over');
  return { streams, numbers, unaccounted };
}

/**
 * By the stream's Length (direct, or an object holding a number) if `endstream`
 * follows there, else the first `endstream` after its start. A stream with no
 * end is no stream a viewer could read either.
 */
function dataEnd(file: Buffer, stream: Stream, numbers: Map<number, number>, endstreams: readonly number[]): number {
  const length = stream.dictionary.get('Length');
  const value =
    length?.kind === 'number'
      ? length.value
      : length?.kind === 'reference'
        ? numbers.get(length.objectNumber)
        : undefined;
  if (value !== undefined && Number.isInteger(value) && value >= 0 && stream.start + value <= file.length) {
    const after = file.toString('latin1', stream.start + value, Math.min(stream.start + value + 32, file.length));
    if (/^[\0\t\n\f\r ]*endstream/.test(after)) return stream.start + value;
  }
  const next = endstreams[firstAtOrAfter(endstreams, stream.start)];
  if (next === undefined) throw new Unreadable(`a stream at byte ${stream.start} with no end`);
  return next;
}

/** The index of the first of the ascending `positions` at or after `position` (binary search). */
function firstAtOrAfter(positions: readonly number[], position: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positions[middle]! < position) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Stretches of the file, merged where they overlap, for asking what lies inside them in logarithmic time. */
class Ranges {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(ranges: ReadonlyArray<[number, number]>) {
    for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
      const last = this.ends.length - 1;
      if (last >= 0 && start <= this.ends[last]!) this.ends[last] = Math.max(this.ends[last]!, end);
      else {
        this.starts.push(start);
        this.ends.push(end);
      }
    }
  }

  contains(position: number): boolean {
    const index = firstAtOrAfter(this.ends, position + 1);
    return index < this.starts.length && this.starts[index]! <= position;
  }

  /** The text between the ranges, with where each piece starts. */
  *gaps(text: string): Generator<[string, number]> {
    let from = 0;
    for (let i = 0; i < this.starts.length; i++) {
      if (this.starts[i]! > from) yield [text.slice(from, this.starts[i]), from];
      from = this.ends[i]!;
    }
    yield [text.slice(from), from];
  }
}

function isObjectStream(stream: Stream): boolean {
  const type = stream.dictionary.get('Type');
  return stream.dictionary.has('First') || (type?.kind === 'name' && type.name === 'ObjStm');
}
