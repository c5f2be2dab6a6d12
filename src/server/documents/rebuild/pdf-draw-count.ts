// How much drawing a page asks of a viewer: how many times it reaches an
// XObject, and how many bytes of content it has interpreted. Each `Do` counts
// once, and a form XObject adds its own content and what that draws, each
// time it is drawn, so forms nested n deep that each draw the next k times
// count k^n. A form that draws itself, however indirectly, would never end and
// is refused. What each content stream draws comes from its rewriting
// (pdf-content.ts, through pdf-bounds.ts).
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import { RebuildRefused } from './refusal.ts';

/**
 * XObjects drawn on a page. The corpus' most is 6 (a ReportLab guide's page);
 * MuPDF took 4.8 s to draw one small form 100,000 times (two shared cores), so
 * 10,000 keeps a page to about half a second, 1,600 times the corpus' most.
 */
export const MAX_DRAWS_PER_PAGE = 10_000;
/**
 * Content a page's drawing interprets, a form's counted each time it is drawn.
 * The corpus' most is 0.22 MiB (a Ghostscript vignette's page); MuPDF took
 * 8.3 s for 16 MiB of short strokes and 1.4 s for 4 MiB, so 4 MiB it is.
 */
export const MAX_CONTENT_BYTES_PER_PAGE = 4 * 1024 * 1024;

/** A content stream as rewritten: the names its `Do` operators draw, and its length. */
export interface Drawn {
  draws: readonly string[];
  bytes: number;
}

export interface Drawing {
  draws: number;
  bytes: number;
}

export class DrawCounter {
  private readonly context: PDFContext;
  /** Each content stream, by its reference in the copy. */
  private readonly drawn: ReadonlyMap<PDFRef, Drawn>;
  /** Each form's drawing, by the resources it draws with (its own, or its drawer's if it has none). */
  private readonly forms = new Map<PDFDict | undefined, Map<PDFRef, Drawing>>();
  private readonly names = new WeakMap<PDFDict, Map<string, unknown>>();

  constructor(context: PDFContext, drawn: ReadonlyMap<PDFRef, Drawn>) {
    this.context = context;
    this.drawn = drawn;
  }

  /** Refuses the page if it draws or interprets more than the bounds above; answers how much it does. */
  page(content: Drawn, resources: PDFDict | undefined, page: number): Drawing {
    return this.through(content, resources, new Set(), page);
  }

  private through(content: Drawn, resources: PDFDict | undefined, drawing: Set<PDFRef>, page: number): Drawing {
    const total = { draws: 0, bytes: content.bytes };
    for (const name of content.draws) {
      const ref = this.xObjects(resources).get(name);
      if (!(ref instanceof PDFRef)) continue;
      const stream = this.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      total.draws += 1;
      if (stream.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form')) {
        const form = this.form(ref, stream.dict, resources, drawing, page);
        total.draws += form.draws;
        total.bytes += form.bytes;
      }
      if (total.draws > MAX_DRAWS_PER_PAGE)
        throw new RebuildRefused(
          'tooComplex',
          `page ${page} draws its pictures and forms more than ${MAX_DRAWS_PER_PAGE.toLocaleString('en')} times (forms drawing forms)`,
        );
      if (total.bytes > MAX_CONTENT_BYTES_PER_PAGE)
        throw new RebuildRefused(
          'tooComplex',
          `page ${page} interprets more than ${MAX_CONTENT_BYTES_PER_PAGE / 1024 / 1024} MiB of drawing operators (its forms counted each time drawn)`,
        );
    }
    if (total.bytes > MAX_CONTENT_BYTES_PER_PAGE)
      throw new RebuildRefused(
        'tooComplex',
        `page ${page} interprets more than ${MAX_CONTENT_BYTES_PER_PAGE / 1024 / 1024} MiB of drawing operators`,
      );
    return total;
  }

  private form(
    ref: PDFRef,
    dict: PDFDict,
    resources: PDFDict | undefined,
    drawing: Set<PDFRef>,
    page: number,
  ): Drawing {
    if (drawing.has(ref))
      throw new RebuildRefused('tooComplex', `page ${page} has a form that draws itself (${ref.toString()})`);
    const own = dict.lookup(PDFName.of('Resources'));
    const drawsWith = own instanceof PDFDict ? own : resources; // a form without resources uses its drawer's
    let known = this.forms.get(drawsWith);
    if (!known) this.forms.set(drawsWith, (known = new Map()));
    const counted = known.get(ref);
    if (counted) return counted;
    drawing.add(ref);
    const result = this.through(this.drawn.get(ref) ?? { draws: [], bytes: 0 }, drawsWith, drawing, page);
    drawing.delete(ref);
    known.set(ref, result);
    return result;
  }

  /** A resource dictionary's XObjects by their names as the content writes them (#xx undone). */
  private xObjects(resources: PDFDict | undefined): Map<string, unknown> {
    const xObjects = resources?.lookup(PDFName.of('XObject'));
    if (!(xObjects instanceof PDFDict)) return new Map();
    let names = this.names.get(xObjects);
    if (!names) {
      names = new Map([...xObjects.entries()].map(([key, value]) => [key.decodeText(), value]));
      this.names.set(xObjects, names);
    }
    return names;
  }
}
