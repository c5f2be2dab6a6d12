// Documents built to stall the checks or slip past them (scripts/lib/hostile-documents.ts),
// and generated ones (fast-check): each is decided in bounded time, and what hides a
// script is never passed as clean. Timed checks run with no deadline of their own, so
// what they prove is that the reading is bounded, not that the deadline fires.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileTypes, MAX_FILE_BYTES } from '../../../../src/forms/application/application.ts';
import { CheckBudget } from '../../../../src/server/documents/active-content/budget.ts';
import { checkForActiveContent, type ContentCheck } from '../../../../src/server/documents/active-content.ts';
import {
  complexField,
  docxCarryingCode,
  docxWithBody,
  pdfsHidingScripts,
  simpleField,
  stallingDocx,
  stallingPdfs,
} from '../../../../scripts/lib/hostile-documents.ts';
import { javaScriptAction, objectStream, pdfOf, pdfStream } from '../../../../scripts/lib/pdf-objects.ts';
import { docxBytes, pdfBytes, zipBytes } from '../../../../scripts/lib/sample-documents.ts';

/** Far more than any check needs here: a check that comes near it is not linear. */
const DECIDED_WITHIN_MS = 2_000;
const unlimited = () => new CheckBudget(Number.POSITIVE_INFINITY);

async function timedCheck(mime: string, bytes: Uint8Array): Promise<{ verdict: ContentCheck; ms: number }> {
  const started = performance.now();
  const verdict = await checkForActiveContent(mime, bytes, unlimited());
  return { verdict, ms: performance.now() - started };
}

describe('PDFs built to stall the check', () => {
  const shapes = stallingPdfs();
  // Those the old reader took 22–66 s over and then passed, or answered with a 500.
  const neverClean = [
    'streams without an end',
    'object streams without an end',
    'object streams within object streams',
    'objects within strings within objects',
  ];

  it.each(Object.keys(shapes))('decides "%s" (2 MiB) within the budget, without a deadline', async (shape) => {
    const { verdict, ms } = await timedCheck(fileTypes.pdf.mime, shapes[shape]!);
    expect(ms).toBeLessThan(DECIDED_WITHIN_MS);
    if (neverClean.includes(shape)) expect(verdict).toBe('unreadable');
  });

  it('accepts 100,000 tiny objects, as many as a PDF may declare', async () => {
    expect((await timedCheck(fileTypes.pdf.mime, shapes['100,000 tiny objects']!)).verdict).toBe('clean');
  });
});

describe('.docx files built to stall the check', () => {
  const shapes = stallingDocx();
  it.each(Object.keys(shapes))('decides "%s" within the budget, without a deadline', async (shape) => {
    const { ms } = await timedCheck(fileTypes.docx.mime, shapes[shape]!);
    expect(ms).toBeLessThan(DECIDED_WITHIN_MS);
  });
});

describe('PDFs that hide a script', () => {
  const expected: Record<string, ContentCheck> = {
    'an object stream whose header has a comment before obj': 'activeContent',
    'an object stream whose header is all comments': 'activeContent',
    'an object stream whose header has no space before obj': 'activeContent',
    'an object stream inside another stream’s data': 'activeContent',
    'a script with comments in every place the standard allows': 'activeContent',
    'an action whose names are all #xx escapes': 'activeContent',
    'an obj keyword no header accounts for': 'unreadable',
  };
  const shapes = pdfsHidingScripts();

  it('covers every shape', () => {
    expect(Object.keys(shapes).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expected))('refuses %s', async (shape) => {
    expect(await checkForActiveContent(fileTypes.pdf.mime, shapes[shape]!)).toBe(expected[shape]);
  });

  it('refuses an object stream named only by an indirect /Type, which it cannot know to decode', async () => {
    const hidden = objectStream({ 5: javaScriptAction })
      .toString('latin1')
      .replace('/Type /ObjStm', '/Type 3 0 R')
      .replace(/\/First \d+/, '');
    const bytes = pdfOf(['<< /Type /Catalog /OpenAction 5 0 R >>', Buffer.from(hidden, 'latin1'), '/ObjStm']);
    expect(await checkForActiveContent(fileTypes.pdf.mime, bytes)).toBe('unreadable');
  });
});

describe('.docx files that embed or fetch something', () => {
  it.each(Object.entries(docxCarryingCode()))('refuses %s', async (_shape, bytes) => {
    expect(await checkForActiveContent(fileTypes.docx.mime, bytes)).toBe('activeContent');
  });

  it('accepts the fields of an ordinary CV: page numbers, a table of contents, hyperlinks (even to a page named "link")', async () => {
    const body =
      complexField([' PAGE ', ' \\* MERGEFORMAT ']) +
      complexField(['TOC \\o "1-3" \\h \\z \\u']) +
      complexField(['HYPERLINK "https://example.com/link" \\o "LINK"']) +
      simpleField(' NUMPAGES ') +
      complexField(['IF 1 = 1 "INCLUDEPICTURE as words in a result" ""']);
    expect(await checkForActiveContent(fileTypes.docx.mime, docxWithBody(body))).toBe('clean');
  });
});

it('refuses a PDF or .docx it could not decide before its deadline as unreadable', async () => {
  const spent = new CheckBudget(0, () => performance.now() + 1);
  expect(await checkForActiveContent(fileTypes.pdf.mime, pdfBytes(), spent)).toBe('unreadable');
  expect(await checkForActiveContent(fileTypes.docx.mime, docxBytes(), spent)).toBe('unreadable');
});

// ---------------------------------------------------------------------------
// Generated: pieces of PDF and WordprocessingML syntax, hostile and ordinary,
// repeated up to sizes as large as the form accepts.

const RUNS = 40;
const repeatedTo = (size: number, pieces: readonly string[]) => {
  const unit = pieces.join('');
  return unit.repeat(Math.ceil(size / Math.max(unit.length, 1))).slice(0, size);
};
const sizes = fc.oneof(fc.integer({ min: 1, max: 64 * 1024 }), fc.integer({ min: 64 * 1024, max: MAX_FILE_BYTES }));

const pdfPiece = fc.oneof(
  fc.constantFrom(
    '1 0 obj',
    '12 0 %c\nobj',
    '0obj',
    'endobj\n',
    'stream\n',
    '\nendstream',
    '<<',
    '>>',
    '[',
    ']',
    '(',
    ')',
    '\\',
    '<',
    '>',
    '%',
    '\n',
    '\r',
    ' ',
    '/Type/ObjStm',
    '/First 0',
    '/N 1',
    '/Filter/A85',
    '/Filter/AHx',
    '/Filter/FlateDecode',
    '/Length 5',
    '/Length 99999999',
    '/Length 5 0 R',
    '5 0 R',
    '#4A',
    '/J#61vaScript',
    '~>',
    'z',
    'trailer',
    'xref',
  ),
  fc.string({ maxLength: 8 }),
);

const xmlPiece = fc.oneof(
  fc.constantFrom(
    '<w:p>',
    '</w:p>',
    '<w:r>',
    '</w:r>',
    '<w:instrText>',
    '</w:instrText>',
    '<w:fldChar w:fldCharType="begin"/>',
    '<w:fldChar w:fldCharType="separate"/>',
    '<w:fldChar w:fldCharType="end"/>',
    '<w:fldSimple w:instr="PAGE">',
    '</w:fldSimple>',
    'PAGE',
    ' INCLUDEPICTURE ',
    '&#73;',
    '&amp;',
    '<![CDATA[',
    ']]>',
    '<!--',
    '-->',
    '<?pi?>',
    '"',
    "'",
    '<',
    '>',
    '&',
  ),
  fc.string({ maxLength: 8 }),
);

describe('generated hostile documents', () => {
  it('decides every generated PDF within the budget, without a deadline, and never throws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pdfPiece, { minLength: 1, maxLength: 30 }), sizes, async (pieces, size) => {
        const bytes = Buffer.from(`%PDF-1.7\n${repeatedTo(size, pieces)}`, 'latin1');
        const { ms } = await timedCheck(fileTypes.pdf.mime, bytes);
        expect(ms).toBeLessThan(DECIDED_WITHIN_MS);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('decides every generated .docx within the budget, without a deadline, and never throws', async () => {
    const parts = [
      '[Content_Types].xml',
      'word/document.xml',
      'word/_rels/document.xml.rels',
      'word/header1.xml',
      'word/footnotes.xml',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            name: fc.constantFrom(...parts),
            pieces: fc.array(xmlPiece, { minLength: 1, maxLength: 30 }),
            size: sizes,
            deflate: fc.boolean(),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (entries) => {
          const bytes = zipBytes(
            entries.map(({ name, pieces, size, deflate }) => ({
              name,
              content: repeatedTo(size * (deflate ? 4 : 1), pieces),
              deflate,
            })),
          );
          const { ms } = await timedCheck(fileTypes.docx.mime, bytes.subarray(0, MAX_FILE_BYTES));
          expect(ms).toBeLessThan(DECIDED_WITHIN_MS);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('never passes an object stream holding a script, whatever white space and comments its header has or wherever it stands', async () => {
    const separator = fc.array(
      fc.oneof(
        fc.constantFrom(' ', '\n', '\r\n', '\t', '\0', '\f'),
        fc.string({ maxLength: 12 }).map((text) => `%${text.replace(/[\r\n]/g, '')}\n`),
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        separator,
        fc.oneof(separator, fc.constant([])),
        fc.boolean(),
        async (first, second, insideAnotherStream) => {
          const header = `6${first.join('')}0${second.join('')}obj `;
          const object = Buffer.concat([
            Buffer.from(header, 'latin1'),
            objectStream({ 5: javaScriptAction }),
            Buffer.from('\nendobj\n'),
          ]);
          const bytes = pdfOf([
            '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
            '<< /Type /Pages /Kids [] /Count 0 >>',
            insideAnotherStream
              ? pdfStream('/Subtype /Image', object)
              : Buffer.concat([Buffer.from('<< >>\nendobj\n'), object.subarray(0, -'\nendobj\n'.length)]),
          ]);
          expect(await checkForActiveContent(fileTypes.pdf.mime, bytes)).not.toBe('clean');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never passes a fetching field, however its instruction is split across runs', async () => {
    const instruction = 'INCLUDEPICTURE "\\\\\\\\203.0.113.7\\\\s\\\\a.png"';
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: instruction.length - 1 }), { maxLength: 5 }),
        fc.boolean(),
        async (cuts, deflate) => {
          const points = [0, ...[...cuts].sort((a, b) => a - b), instruction.length];
          const runs = points.slice(1).map((end, i) => instruction.slice(points[i], end));
          const document = `<w:document xmlns:w="w"><w:body>${complexField(runs)}</w:body></w:document>`;
          const bytes = docxBytes([{ name: 'word/document.xml', content: document, deflate }]);
          expect(await checkForActiveContent(fileTypes.docx.mime, bytes)).toBe('activeContent');
        },
      ),
      { numRuns: 100 },
    );
  });
});
