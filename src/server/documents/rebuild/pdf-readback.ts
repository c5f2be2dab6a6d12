// A rebuilt PDF read back before anyone may open it: pdf.js (Firefox's reader,
// not the library that wrote the copy) must find the pages written and nothing
// that acts — no script, action, annotation, attachment or form field — and a
// fresh parse of the copy's bytes must find a catalog and pages holding only the
// keys the rebuild writes, and numbers under every key the allowlist keeps as
// numbers (a font's /FontMatrix among them). A writer's
// mistake then refuses the document instead of reaching staff. Why two readers
// and what each sees: docs/documents.md, "Read back".
import { PDFArray, PDFDict, PDFDocument, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from '@cantoo/pdf-lib';
import { createRequire } from 'node:module';
import { kinds } from './pdf-allowlist.ts';
import { RebuildRefused } from './refusal.ts';

/**
 * pdf.js, loaded when a PDF is first read back (a worker rebuilding a .docx or a picture
 * never loads it). Its parser runs in this thread, already a worker that can be killed,
 * from this import rather than from a file pdf.js would look for beside a function's bundle.
 */
async function loadPdfJs() {
  // pdf.js's display layer makes a DOMMatrix as it loads, taken from @napi-rs/canvas in Node; a function's
  // bundle lacks that optional native package, and the read-back never draws, so a bare class stands in.
  const globals = globalThis as { DOMMatrix?: unknown; pdfjsWorker?: unknown };
  if (!globals.DOMMatrix) {
    try {
      globals.DOMMatrix = (createRequire(import.meta.url)('@napi-rs/canvas') as { DOMMatrix: unknown }).DOMMatrix;
    } catch {
      globals.DOMMatrix = class DOMMatrix {};
    }
  }
  const [api, parser] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  ]);
  globals.pdfjsWorker = parser;
  return api;
}

/** What the rebuild writes in a catalog and a page: anything else (/OpenAction, /AA, /Annots …) was not its doing. */
const catalogKeys = new Set(['Type', 'Pages']);
const pageKeys = new Set([...Object.keys(kinds.page.keys), 'Type', 'Parent']);

/**
 * Keys whose value maps names of the sender's choosing (resources, a Type 3 font's glyphs) to objects:
 * a glyph may be called /N. The copier writes these maps in place, never as objects of their own.
 */
const mapKeys = new Set(
  Object.values(kinds).flatMap((kind) =>
    Object.entries(kind.keys)
      .filter(([, rule]) => typeof rule === 'object' && 'each' in rule)
      .map(([key]) => key),
  ),
);

/** Keys the allowlist keeps only as numbers, wherever they stand (K is a number in one kind, a boolean in another). */
const numberKeys = (() => {
  const rules = Object.values(kinds).flatMap((kind) => Object.entries(kind.keys));
  const others = new Set(rules.filter(([, rule]) => rule !== 'numbers').map(([key]) => key));
  return new Set(rules.filter(([key, rule]) => rule === 'numbers' && !others.has(key)).map(([key]) => key));
})();

const refuse = (what: string) => {
  throw new RebuildRefused('activeContent', `the rebuilt copy read back with ${what}`);
};

/** Resolves when `copy` holds only what the allowlist permits; throws RebuildRefused otherwise. */
export async function readBackPdf(copy: Uint8Array): Promise<void> {
  const pages = await checkStructure(copy);
  await readWithPdfJs(copy, pages);
}

async function readWithPdfJs(copy: Uint8Array, pages: number): Promise<void> {
  const { getDocument } = await loadPdfJs();
  const loading = getDocument({
    data: new Uint8Array(copy), // a copy: pdf.js takes over the buffer it is given
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let document;
  try {
    document = await loading.promise;
  } catch (error) {
    throw new RebuildRefused('unreadable', `the rebuilt copy could not be read back: ${String(error)}`);
  }
  try {
    if (document.numPages !== pages) refuse(`${document.numPages} pages instead of ${pages}`);
    if (document.isPureXfa) refuse('an XFA form');
    if (await document.hasJSActions()) refuse('a script');
    if (await document.getJSActions()) refuse('a script');
    if (await document.getOpenAction()) refuse('an open action');
    if (await document.getAttachments()) refuse('an attachment');
    if (await document.getFieldObjects()) refuse('a form field');
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      if ((await page.getAnnotations({ intent: 'any' })).length > 0) refuse(`an annotation on page ${number}`);
      if (await page.getJSActions()) refuse(`a script on page ${number}`);
    }
  } finally {
    await loading.destroy();
  }
}

/**
 * pdf.js hands fonts over with their matrix already checked (a wrong one becomes the identity)
 * and an open action only if it goes to a destination, so it cannot show what the dictionaries
 * hold: the copy's bytes are parsed again for that. Returns the pages found, which pdf.js must find too.
 */
async function checkStructure(copy: Uint8Array): Promise<number> {
  let parsed: PDFDocument;
  try {
    parsed = await PDFDocument.load(copy, {
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch (error) {
    throw new RebuildRefused('unreadable', `the rebuilt copy could not be parsed again: ${String(error)}`);
  }
  const isNumbers = (value: PDFObject): boolean =>
    value instanceof PDFNumber || (value instanceof PDFArray && value.asArray().every(isNumbers));
  const visit = (value: PDFObject, isMap = false): void => {
    if (value instanceof PDFArray) value.asArray().forEach((element) => visit(element));
    const dictionary = value instanceof PDFRawStream ? value.dict : value;
    if (!(dictionary instanceof PDFDict)) return;
    for (const [key, entry] of dictionary.entries()) {
      const name = key.asString().slice(1);
      const resolved = entry instanceof PDFRef ? parsed.context.lookup(entry) : entry;
      if (!isMap && numberKeys.has(name) && !(resolved && isNumbers(resolved))) refuse(`/${name} that is not a number`);
      visit(entry, !isMap && mapKeys.has(name));
    }
  };
  const onlyKeys = (dictionary: PDFDict, allowed: ReadonlySet<string>, where: string) => {
    for (const key of dictionary.keys())
      if (!allowed.has(key.asString().slice(1))) refuse(`${key.asString()} in ${where}`);
  };
  onlyKeys(parsed.catalog, catalogKeys, 'its catalog');
  const pages = parsed.getPages();
  pages.forEach((page, i) => onlyKeys(page.node, pageKeys, `page ${i + 1}`));
  for (const [, object] of parsed.context.enumerateIndirectObjects()) visit(object);
  return pages.length;
}
