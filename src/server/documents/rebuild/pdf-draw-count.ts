// How many times a page's drawing reaches an XObject: each `Do` counts once,
// and a form XObject counts once plus what its own content draws, so forms
// nested n deep that each draw the next k times count k^n. A form that draws
// itself, however indirectly, would never end and is refused. The names each
// content stream draws come from its rewriting (pdf-content.ts).
import { PDFDict, PDFName, PDFRawStream, PDFRef, type PDFContext } from '@cantoo/pdf-lib';
import { RebuildRefused } from './refusal.ts';

/**
 * Draws of XObjects on a page. The corpus' most is 2,117 (a manual's page of
 * glyph pictures); a viewer draws a simple form in microseconds, so 100,000
 * keeps a page under a second while leaving honest pages 40 times the room.
 */
export const MAX_DRAWS_PER_PAGE = 100_000;

export class DrawCounter {
  private readonly context: PDFContext;
  /** What each content stream draws, by its reference in the copy. */
  private readonly drawn: ReadonlyMap<PDFRef, readonly string[]>;
  /** Draws through each form, by the resources it draws with (its own, or its drawer's if it has none). */
  private readonly forms = new Map<PDFDict | undefined, Map<PDFRef, number>>();
  private readonly names = new WeakMap<PDFDict, Map<string, unknown>>();

  constructor(context: PDFContext, drawn: ReadonlyMap<PDFRef, readonly string[]>) {
    this.context = context;
    this.drawn = drawn;
  }

  /** Refuses the page if it draws more than MAX_DRAWS_PER_PAGE times; answers how many. */
  page(draws: readonly string[], resources: PDFDict | undefined, page: number): number {
    return this.through(draws, resources, new Set(), page);
  }

  private through(
    draws: readonly string[],
    resources: PDFDict | undefined,
    drawing: Set<PDFRef>,
    page: number,
  ): number {
    let total = 0;
    for (const name of draws) {
      const ref = this.xObjects(resources).get(name);
      if (!(ref instanceof PDFRef)) continue;
      const stream = this.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      total += 1;
      if (stream.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form'))
        total += this.form(ref, stream.dict, resources, drawing, page);
      if (total > MAX_DRAWS_PER_PAGE)
        throw new RebuildRefused(
          'tooComplex',
          `page ${page} draws its pictures and forms more than ${MAX_DRAWS_PER_PAGE.toLocaleString('en')} times (forms drawing forms)`,
        );
    }
    return total;
  }

  private form(ref: PDFRef, dict: PDFDict, resources: PDFDict | undefined, drawing: Set<PDFRef>, page: number): number {
    if (drawing.has(ref))
      throw new RebuildRefused('tooComplex', `page ${page} has a form that draws itself (${ref.toString()})`);
    const own = dict.lookup(PDFName.of('Resources'));
    const drawsWith = own instanceof PDFDict ? own : resources; // a form without resources uses its drawer's
    let known = this.forms.get(drawsWith);
    if (!known) this.forms.set(drawsWith, (known = new Map()));
    const count = known.get(ref);
    if (count !== undefined) return count;
    drawing.add(ref);
    const draws = this.through(this.drawn.get(ref) ?? [], drawsWith, drawing, page);
    drawing.delete(ref);
    known.set(ref, draws);
    return draws;
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
