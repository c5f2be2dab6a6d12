// The copy bounded for whoever opens it: every stream a page reaches is
// decoded within what is left of the page's and the document's bounds (never
// past them: pdf-streams.ts), every content stream is written anew by us and
// compressed by us (pdf-content.ts), and the XObjects each page draws are
// counted through nested forms (pdf-draw-count.ts). Past a bound the document
// is refused as too complex. The bounds and why: docs/documents.md.
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFDocument } from '@cantoo/pdf-lib';
import { rewriteContent, type Budget } from './pdf-content.ts';
import { DrawCounter, MAX_CONTENT_BYTES_PER_PAGE, type Drawn } from './pdf-draw-count.ts';
import { decodeBounded, type FilterStep } from './pdf-streams.ts';
import { RebuildRefused } from './refusal.ts';

const MiB = 1024 * 1024;
/**
 * What one page's streams may unpack to: content, fonts, and each image's
 * pixels (width × height × components) or its decoded data, the larger. The corpus' heaviest page
 * unpacks to 36.3 MiB (a browser's page holding a 12-megapixel photo); an A4
 * page scanned in colour at 600 dpi is 99.6 MiB of pixels, so 128 MiB.
 */
const MAX_PAGE_BYTES = 128 * MiB;
/**
 * What a whole document's streams may unpack to, each counted once. The
 * corpus' most is that same page's 36.3 MiB (its 311-page manual: 3.4 MiB);
 * 256 MiB holds two pages at the page's bound, or nine colour scans at 300 dpi.
 */
const MAX_DOCUMENT_BYTES = 256 * MiB;
/** One image's pixels: the corpus' largest has 12.2 million; an A4 page at 600 dpi has 34.8 million. */
const MAX_IMAGE_PIXELS = 50_000_000;
/** Compression of the content streams we write: level 6 is zlib's default balance of size and time. */
const DEFLATE_LEVEL = 6;

const name = (value: unknown) => (value instanceof PDFName ? value.decodeText() : undefined);
const number = (value: unknown) => (value instanceof PDFNumber ? value.asNumber() : undefined);

/** What a copy asks of its viewer at most: the figures the bounds are chosen from (the bench reports them). */
export interface ViewerLoad {
  pageBytes: number;
  documentBytes: number;
  imagePixels: number;
  drawsPerPage: number;
  contentBytesPerPage: number;
}

/** Bounds every page of `copy` (the rebuilt document, before it is written), writing its content streams anew. */
export function boundForViewers(copy: PDFDocument): ViewerLoad {
  return new Bounds(copy).all();
}

class Bounds {
  private readonly copy: PDFDocument;
  private pageLeft = MAX_PAGE_BYTES;
  private documentLeft = MAX_DOCUMENT_BYTES;
  private pageNumber = 0;
  /** Bytes each stream unpacks to, counted against the document when first decoded. */
  private readonly costs = new Map<PDFRef, number>();
  /** What each content stream draws, and its length. */
  private readonly drawn = new Map<PDFRef, Drawn>();
  /** The streams each indirect object reaches (reachable). */
  private readonly reach = new Map<PDFRef, ReadonlyMap<PDFRef, boolean>>();
  /** The pages' content streams as copied, replaced by ours and so left out of the copy. */
  private readonly replaced = new Set<PDFRef>();

  constructor(copy: PDFDocument) {
    this.copy = copy;
  }

  private imagePixels = 0;

  all(): ViewerLoad {
    const counter = new DrawCounter(this.copy.context, this.drawn);
    const load = { pageBytes: 0, documentBytes: 0, imagePixels: 0, drawsPerPage: 0, contentBytesPerPage: 0 };
    for (const [index, page] of this.copy.getPages().entries()) {
      this.pageNumber = index + 1;
      this.pageLeft = MAX_PAGE_BYTES;
      const node = page.node;
      const content = this.pageContent(node);
      const resources = node.lookup(PDFName.of('Resources'));
      const dict = resources instanceof PDFDict ? resources : undefined;
      this.walk(dict, new Set());
      const drawing = counter.page(content, dict, this.pageNumber);
      load.drawsPerPage = Math.max(load.drawsPerPage, drawing.draws);
      load.contentBytesPerPage = Math.max(load.contentBytesPerPage, drawing.bytes);
      load.pageBytes = Math.max(load.pageBytes, MAX_PAGE_BYTES - this.pageLeft);
    }
    // Every object of the context is written, referred to or not; one also used as a glyph stays.
    for (const ref of this.replaced) if (!this.costs.has(ref)) this.copy.context.delete(ref);
    return { ...load, documentBytes: MAX_DOCUMENT_BYTES - this.documentLeft, imagePixels: this.imagePixels };
  }

  /** A budget for one stream's decoding: what is left of the page's and the document's bounds (and `cap`, for content). */
  private budget(cap = Number.POSITIVE_INFINITY): Budget & { used: number } {
    const limit = Math.min(this.pageLeft, this.documentLeft, cap);
    const page = this.pageNumber;
    const exceeded = (what: string): never => {
      const [scope, bound] =
        cap <= Math.min(this.pageLeft, this.documentLeft)
          ? [`page ${page}'s drawing operators`, cap]
          : this.pageLeft <= this.documentLeft
            ? [`page ${page}`, MAX_PAGE_BYTES]
            : ['the document', MAX_DOCUMENT_BYTES];
      throw new RebuildRefused(
        'tooComplex',
        `${scope} would unpack to more than ${bound / MiB} MiB (at ${what} on page ${page})`,
      );
    };
    const budget = {
      used: 0,
      remaining: () => limit - budget.used,
      exceeded,
      take(bytes: number, what: string) {
        if (bytes > budget.remaining()) exceeded(what);
        budget.used += bytes;
      },
      image: (width: number, height: number, components: number, bits: number, what: string, decoded: number) => {
        this.imagePixels = Math.max(this.imagePixels, width * height);
        if (width * height > MAX_IMAGE_PIXELS)
          throw new RebuildRefused(
            'tooComplex',
            `${what} on page ${page} has ${width}×${height} pixels, more than ${MAX_IMAGE_PIXELS.toLocaleString('en')}`,
          );
        // A viewer holds the pixels, or the data decoded for them: the larger is counted, not both.
        budget.take(Math.max(0, Math.ceil((width * components * bits) / 8) * height - decoded), what);
      },
    };
    return budget;
  }

  private charge(bytes: number, document: boolean): void {
    this.pageLeft -= bytes;
    if (document) this.documentLeft -= bytes;
  }

  /** The page's content streams decoded, joined and written anew as one; answers what it draws. */
  private pageContent(node: PDFDict): Drawn {
    const entry = node.get(PDFName.of('Contents'));
    const contents = entry instanceof PDFRef ? this.copy.context.lookup(entry) : entry;
    const streams = contents instanceof PDFArray ? contents.asArray() : entry ? [entry] : [];
    const budget = this.budget(MAX_CONTENT_BYTES_PER_PAGE);
    const parts: Uint8Array[] = [];
    for (const part of streams) {
      if (part instanceof PDFRef) this.replaced.add(part);
      const stream = part instanceof PDFRef ? this.copy.context.lookup(part) : part;
      if (!(stream instanceof PDFRawStream)) continue;
      const decoded = decodeBounded(stream.getContents(), filterSteps(stream.dict), budget.remaining());
      if (!decoded) return budget.exceeded('its content');
      if (decoded.codec) continue; // content behind an image codec draws nothing
      budget.take(decoded.bytes.length + 1, 'its content');
      parts.push(decoded.bytes, NEW_LINE);
    }
    const rewritten = rewriteContent(Buffer.concat(parts), budget);
    this.charge(budget.used, true);
    const dict = this.copy.context.obj({ Filter: 'FlateDecode' });
    node.set(
      PDFName.of('Contents'),
      this.copy.context.register(PDFRawStream.of(dict, deflateSync(rewritten.bytes, { level: DEFLATE_LEVEL }))),
    );
    return { draws: rewritten.draws, bytes: rewritten.bytes.length };
  }

  /** Every stream reachable from `value`, counted once on this page; `content` for a Type 3 glyph's procedure. */
  private walk(value: unknown, seen: Set<PDFRef>): void {
    for (const [ref, glyph] of this.reachable(value)) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const stream = this.copy.context.lookup(ref);
      if (stream instanceof PDFRawStream) this.stream(ref, stream, glyph);
    }
  }

  /**
   * The streams reachable from `value`, each with whether it is a glyph's
   * procedure; found once for each indirect object (pages share their fonts and
   * resources), each time by a search of its own, so a cycle hides nothing.
   */
  private reachable(value: unknown): ReadonlyMap<PDFRef, boolean> {
    const known = value instanceof PDFRef ? this.reach.get(value) : undefined;
    if (known) return known;
    const found = new Map<PDFRef, boolean>();
    const visited = new Set<PDFRef>();
    const visit = (entry: unknown, content: boolean): void => {
      if (entry instanceof PDFRef) {
        if (visited.has(entry)) return;
        visited.add(entry);
        const object = this.copy.context.lookup(entry);
        if (object instanceof PDFRawStream) {
          found.set(entry, content);
          visit(object.dict, false);
        } else visit(object, content);
      } else if (entry instanceof PDFDict) {
        for (const [key, element] of entry.entries()) visit(element, content || key === CHAR_PROCS);
      } else if (entry instanceof PDFArray) {
        for (const element of entry.asArray())
          if (element instanceof PDFRef || element instanceof PDFDict || element instanceof PDFArray)
            visit(element, content);
      }
    };
    visit(value, false);
    if (value instanceof PDFRef) this.reach.set(value, found);
    return found;
  }

  /** A stream's cost, counted against the document the first time and against each page that reaches it. */
  private stream(ref: PDFRef, stream: PDFRawStream, glyph: boolean): void {
    let cost = this.costs.get(ref);
    if (cost === undefined) {
      const dict = stream.dict;
      const isContent =
        glyph ||
        name(dict.lookup(PDFName.of('Subtype'))) === 'Form' ||
        number(dict.lookup(PDFName.of('PatternType'))) === 1;
      const budget = this.budget(isContent ? MAX_CONTENT_BYTES_PER_PAGE : undefined);
      const decoded = decodeBounded(stream.getContents(), filterSteps(dict), budget.remaining(), { exact: isContent });
      const what = describe(dict, ref);
      if (!decoded) return budget.exceeded(what);
      budget.take(decoded.bytes.length, what);
      if (name(dict.lookup(PDFName.of('Subtype'))) === 'Image') {
        const mask = dict.lookup(PDFName.of('ImageMask'))?.toString() === 'true';
        budget.image(
          number(dict.lookup(PDFName.of('Width'))) ?? 0,
          number(dict.lookup(PDFName.of('Height'))) ?? 0,
          mask ? 1 : componentsOf(dict.lookup(PDFName.of('ColorSpace'))),
          mask ? 1 : (number(dict.lookup(PDFName.of('BitsPerComponent'))) ?? 8),
          what,
          decoded.bytes.length,
        );
      }
      if (isContent) {
        const rewritten = rewriteContent(decoded.codec ? new Uint8Array() : decoded.bytes, budget);
        this.drawn.set(ref, { draws: rewritten.draws, bytes: rewritten.bytes.length });
        const copied = dict.clone(this.copy.context);
        for (const key of ['Filter', 'DecodeParms', 'Length']) copied.delete(PDFName.of(key));
        copied.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
        this.copy.context.assign(ref, PDFRawStream.of(copied, deflateSync(rewritten.bytes, { level: DEFLATE_LEVEL })));
      }
      cost = budget.used;
      this.costs.set(ref, cost);
      this.charge(cost, true);
    } else {
      if (cost > this.pageLeft) {
        const budget = this.budget();
        budget.take(cost, describe(stream.dict, ref));
      }
      this.charge(cost, false);
    }
  }
}

const NEW_LINE = Uint8Array.of(0x0a);
const CHAR_PROCS = PDFName.of('CharProcs');

/** A stream for the refusal's detail: an image, a form, or a stream, with its number in the copy. */
function describe(dict: PDFDict, ref: PDFRef): string {
  const subtype = name(dict.lookup(PDFName.of('Subtype')));
  const kind = subtype === 'Image' ? 'an image' : subtype === 'Form' ? 'a form' : 'a stream';
  return `${kind} (${ref.toString()})`;
}

/** A stream's /Filter and /DecodeParms (their numbers) as steps, in the order they are undone. */
function filterSteps(dict: PDFDict): FilterStep[] {
  const filter = dict.lookup(PDFName.of('Filter'));
  const parms = dict.lookup(PDFName.of('DecodeParms'));
  const names = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const parmsList = parms instanceof PDFArray ? parms.asArray() : [parms];
  return names.map((entry, index) => {
    const resolved = entry instanceof PDFRef ? dict.context.lookup(entry) : entry;
    const parm = parmsList[index];
    const parmDict = parm instanceof PDFRef ? dict.context.lookup(parm) : parm;
    const numbers: Record<string, number> = {};
    if (parmDict instanceof PDFDict)
      for (const [key, value] of parmDict.entries()) {
        const resolvedValue = value instanceof PDFRef ? dict.context.lookup(value) : value;
        if (resolvedValue instanceof PDFNumber) numbers[key.decodeText()] = resolvedValue.asNumber();
      }
    return { name: name(resolved) ?? '', parms: numbers };
  });
}

/** Components of an image's colour space; 4 (the most) where the space does not say. */
function componentsOf(space: unknown): number {
  if (space instanceof PDFName)
    return { DeviceGray: 1, CalGray: 1, DeviceRGB: 3, CalRGB: 3, Lab: 3 }[space.decodeText()] ?? 4;
  if (!(space instanceof PDFArray)) return 4;
  const family = name(space.lookup(0));
  if (family === 'Indexed' || family === 'Separation') return 1;
  if (family === 'DeviceN') {
    const names = space.lookup(1);
    return names instanceof PDFArray ? names.size() : 4;
  }
  if (family === 'ICCBased') {
    const profile = space.lookup(1);
    return (profile instanceof PDFRawStream && number(profile.dict.lookup(PDFName.of('N')))) || 4;
  }
  return componentsOf(space.lookup(0));
}
