// Request bodies no form function may accept, for the property-based test of
// malformed bodies (tests/unit/server/malformed-bodies.test.ts): JSON bodies
// for the enquiry forms and multipart bodies for the application, each broken
// by construction (a required field broken, the framing cut or wrong, the
// content type wrong) or filtered from ever parsing as a form, so no valid
// submission can slip in; a filled honeypot is never generated either.
import fc from 'fast-check';
import { MAX_DATA_BYTES, MAX_FILE_BYTES } from '../../src/forms/application/application.ts';
import { isPlainObject } from '../../src/forms/shared/fields.ts';
import { MAX_JSON_BODY_BYTES } from '../../src/server/http/json-body.ts';
import { docxBytes, jpegBytes, pdfBytes, pngBytes } from '../../scripts/lib/sample-documents.ts';
import { validApplicationData } from '../../scripts/lib/sample-requests.ts';
import { SPEC_REQUIRED_APPLICATION_FIELDS } from './requests.ts';

export interface Sample {
  contentType: string | undefined;
  body: Uint8Array;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);
const json = (text: string, contentType = 'application/json'): Sample => ({ contentType, body: utf8(text) });
export const show = ({ contentType, body }: Sample) =>
  `Content-Type: ${String(contentType)}\n${Buffer.from(body).toString('latin1').slice(0, 2_000)}`;

/** Whether bytes read, in any charset a sender might claim, as a JSON object: the one shape that could be a form. */
function readsAsJsonObject(bytes: Uint8Array): boolean {
  return (['utf8', 'latin1', 'utf16le'] as const).some((encoding) => {
    try {
      return isPlainObject(JSON.parse(Buffer.from(bytes).toString(encoding)));
    } catch {
      return false;
    }
  });
}

const hasFormDataObject = (value: unknown) => isPlainObject(value) && isPlainObject(value.form_data);

/** Printable header text with the odd Latin-1 character, as a sender could put in a header. */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), maxLength });

/** Values no required field accepts: missing, empty, blank, or not text at all. */
const brokenValue = fc.constantFrom<unknown>(
  undefined,
  null,
  '',
  '   ',
  '\t\n',
  true,
  false,
  0,
  42,
  [],
  ['x'],
  {},
  { value: 'x' },
);
/** A honeypot left as a person leaves it. */
const emptyHoney = fc.constantFrom<unknown>(undefined, '', null, '  ');

/**
 * A form as a sender might garble it: the valid sample with some fields
 * replaced by any JSON, a few unknown keys, and one required field broken.
 */
function formWithABrokenField(valid: Record<string, unknown>, required: readonly string[]) {
  const replaceable = Object.keys(valid).filter((key) => key !== 'honey');
  return fc
    .record({
      unknownKeys: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      replaced: fc.dictionary(fc.constantFrom(...replaceable), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      broken: fc.constantFrom(...required),
      brokenTo: brokenValue,
      honey: emptyHoney,
    })
    .map(({ unknownKeys, replaced, broken, brokenTo, honey }) => {
      const form: Record<string, unknown> = { ...unknownKeys, ...valid, ...replaced };
      delete form.honey;
      if (honey !== undefined) form.honey = honey;
      delete form[broken];
      if (brokenTo !== undefined) form[broken] = brokenTo;
      return form;
    });
}

/** Content types other than JSON, near misses included. */
export const notJsonContentType = fc
  .oneof(
    fc.constantFrom(
      'text/plain',
      'text/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonx',
      'application/ld+json',
      'application/json-seq',
      'json',
      '',
      undefined,
    ),
    headerText(40),
  )
  .filter((type) => (type ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json');

const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
);

export function malformedJsonBodies(valid: Record<string, unknown>, required: readonly string[]): fc.Arbitrary<Sample> {
  const validText = JSON.stringify({ form_data: valid });
  const validBytes = utf8(validText);
  return fc.oneof(
    // A near-valid form with one required field broken, under any JSON content type.
    fc
      .tuple(
        formWithABrokenField(valid, required),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
        jsonContentType,
      )
      .map(([form, extra, type]) => json(JSON.stringify({ ...extra, form_data: form }), type)),
    // Any JSON that is not { "form_data": { … } }.
    fc
      .jsonValue({ maxDepth: 4 })
      .filter((value) => !hasFormDataObject(value))
      .map((value) => json(JSON.stringify(value))),
    // form_data that is not an object.
    fc
      .jsonValue({ maxDepth: 2 })
      .filter((value) => !isPlainObject(value))
      .map((value) => json(JSON.stringify({ form_data: value }))),
    // A valid form cut short: no strict prefix of a JSON object is JSON.
    fc.nat({ max: validText.length - 1 }).map((length) => json(validText.slice(0, length))),
    // A valid form with a byte that is not UTF-8.
    fc.tuple(fc.nat({ max: validBytes.length }), fc.constantFrom(0xff, 0xfe, 0xc3, 0x80, 0xed)).map(([at, byte]) => ({
      contentType: 'application/json',
      body: Buffer.concat([validBytes.subarray(0, at), Buffer.from([byte]), validBytes.subarray(at)]),
    })),
    // A valid form sent as something other than JSON.
    notJsonContentType.map((contentType) => ({ contentType, body: validBytes })),
    // Bytes, and blank text.
    fc
      .uint8Array({ maxLength: 200 })
      .filter((bytes) => !readsAsJsonObject(bytes))
      .map((body) => ({ contentType: 'application/json', body })),
    fc.constantFrom('', ' ', '\r\n\t').map((text) => json(text)),
    // Nesting deep enough to trouble a recursive reader.
    fc
      .integer({ min: 1, max: 10_000 })
      .map((depth) => json(`{"form_data":{"name":${'['.repeat(depth)}${']'.repeat(depth)}}}`)),
    // A valid form padded past the size limit.
    fc
      .integer({ min: 1, max: 256 })
      .map((excess) => json(validText + ' '.repeat(MAX_JSON_BODY_BYTES - validBytes.length + excess))),
  );
}

// --- multipart ------------------------------------------------------------------

// Oddities are mixed in sparingly, so that most bodies get far enough to meet the later checks.
const mostly = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: usual }, { weight: 1, arbitrary: odd });
const seldom = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: odd });
const rarely = <T>(odd: fc.Arbitrary<T>) => seldom(fc.constant(undefined), odd);

const boundaryChars = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ";
const boundary = seldom(
  fc.stringMatching(/^[0-9A-Za-z-]{1,70}$/),
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...boundaryChars), minLength: 1, maxLength: 72 }),
    fc.constantFrom('--', '"quoted"', 'a;b', 'x'.repeat(71)),
  ),
);

const oddName = fc.oneof(
  fc.constantFrom(
    '',
    '; name=""',
    '; name=data',
    '; name',
    '; name="data"; name="x"',
    "; name*=utf-8''data",
    "; name*=x-bogus''%FF%FE",
  ),
  fc.string({ maxLength: 20 }).map((name) => `; name="${name}"`),
);
const filename = fc.oneof(
  fc.constantFrom(
    '',
    '; filename=""',
    '; filename="cv.pdf"',
    '; filename="../../etc/passwd"',
    '; filename="C:\\\\docs\\\\cv.pdf"',
    "; filename*=UTF-8''%E2%82%AC%20cv.pdf",
    "; filename*=bogus''%ZZ",
    '; filename=".."',
  ),
  fc.string({ maxLength: 30 }).map((name) => `; filename="${name}"`),
);
const partContentType = fc.constantFrom(
  'application/pdf',
  'application/octet-stream',
  'text/plain; charset=utf-8',
  'text/plain; charset=bogus',
  'text/plain; charset=utf-16le',
  'image/png',
  'x',
);

/** Part headers as a careless or hostile sender writes them: any disposition, name, filename and extra lines. */
const oddPartHeaders = fc
  .record({
    disposition: fc.option(
      fc
        .tuple(fc.constantFrom('form-data', 'FORM-DATA', 'attachment', 'inline', ''), oddName, filename)
        .map(([type, name, file]) => `Content-Disposition: ${type}${name}${file}`),
      { nil: undefined, freq: 4 },
    ),
    contentType: fc.option(partContentType, { nil: undefined, freq: 2 }),
    transferEncoding: rarely(fc.constantFrom('base64', 'quoted-printable', '8bit')),
    oddLine: rarely(fc.oneof(headerText(40), fc.constant('X-No-Colon'))),
  })
  .map(({ disposition, contentType, transferEncoding, oddLine }) =>
    [
      disposition,
      contentType && `Content-Type: ${contentType}`,
      transferEncoding && `Content-Transfer-Encoding: ${transferEncoding}`,
      oddLine,
    ].filter((line): line is string => line !== undefined),
  );

const fixtureFiles = [pdfBytes(), pngBytes(), jpegBytes(), docxBytes()];
const brokenApplicationData = formWithABrokenField(validApplicationData(), SPEC_REQUIRED_APPLICATION_FIELDS).map(
  (data) => utf8(JSON.stringify(data)),
);
const oddPartBody = fc.oneof(
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((value) => !isPlainObject(value))
    .map((value) => utf8(JSON.stringify(value))),
  fc.uint8Array({ maxLength: 300 }).filter((bytes) => !readsAsJsonObject(bytes)),
  fc.constant(new Uint8Array(0)),
);
const documentBytes = mostly(
  fc.constantFrom(...fixtureFiles),
  fc.oneof(
    fc.tuple(fc.constantFrom(...fixtureFiles), fc.nat()).map(([file, cut]) => file.subarray(0, cut % file.length)),
    oddPartBody,
    fc.constant(new Uint8Array(MAX_FILE_BYTES + 1)),
  ),
);

type Part = [headers: string[], body: Uint8Array];
const dataPart: fc.Arbitrary<Part> = fc.tuple(
  mostly(fc.constant(['Content-Disposition: form-data; name="data"']), oddPartHeaders),
  mostly(brokenApplicationData, fc.oneof(oddPartBody, fc.constant(utf8(' '.repeat(MAX_DATA_BYTES + 1))))),
);
const filePart: fc.Arbitrary<Part> = fc.tuple(
  mostly(
    fc
      .tuple(filename, fc.option(partContentType, { nil: undefined }))
      .map(([file, type]) =>
        [`Content-Disposition: form-data; name="uploaded_files"${file}`, type && `Content-Type: ${type}`].filter(
          (line): line is string => line !== undefined,
        ),
      ),
    oddPartHeaders,
  ),
  documentBytes,
);
const oddPart: fc.Arbitrary<Part> = fc.tuple(
  oddPartHeaders,
  fc.oneof(brokenApplicationData, oddPartBody, documentBytes),
);
const parts = fc.oneof(
  // In the form's order: the data, then up to five documents.
  fc.tuple(dataPart, fc.array(filePart, { maxLength: 5 })).map(([data, files]) => [data, ...files]),
  // Any parts in any order.
  fc.array(fc.oneof(dataPart, filePart, oddPart), { maxLength: 7 }),
);

/** A multipart body written from its parts, with the framing now and then varied or broken. */
export const multipartSample: fc.Arbitrary<Sample> = fc
  .record({
    bodyBoundary: boundary,
    headerBoundary: rarely(boundary),
    contentType: seldom(
      fc.constant((b: string) => `multipart/form-data; boundary=${b}`),
      fc.constantFrom(
        (b: string) => `multipart/form-data; boundary="${b}"`,
        (b: string) => `Multipart/Form-Data; charset=utf-8; boundary=${b}`,
        () => 'multipart/form-data',
        () => 'multipart/form-data; boundary=',
        (b: string) => `multipart/mixed; boundary=${b}`,
        (b: string) => `multipart/form-data; boundary=${b}; boundary=other`,
      ),
    ),
    parts,
    lineBreak: seldom(fc.constant('\r\n'), fc.constant('\n')),
    preamble: seldom(fc.constant(''), fc.constantFrom('preamble\r\n', '\r\n')),
    closing: seldom(fc.constant('--\r\n'), fc.constantFrom('--', '', '\r\n', '-', '--\r\nepilogue')),
    cut: rarely(fc.nat()),
  })
  .map(({ bodyBoundary, headerBoundary, contentType, parts, lineBreak, preamble, closing, cut }) => {
    const chunks: Uint8Array[] = [utf8(preamble)];
    for (const [headers, body] of parts) {
      chunks.push(
        utf8(`--${bodyBoundary}${lineBreak}${headers.map((line) => line + lineBreak).join('')}${lineBreak}`),
        body,
        utf8(lineBreak),
      );
    }
    chunks.push(utf8(`--${bodyBoundary}${closing}`));
    const whole = Buffer.concat(chunks);
    return {
      contentType: contentType(headerBoundary ?? bodyBoundary),
      body: cut === undefined ? whole : whole.subarray(0, cut % (whole.length + 1)),
    };
  });

/** A valid application cut anywhere before its closing delimiter, so its parse can never complete. */
export function truncatedApplications(valid: Sample): fc.Arbitrary<Sample> {
  const closingBoundary = `\r\n--${/boundary=(.+)$/.exec(valid.contentType!)![1]}--`;
  const closingAt = Buffer.from(valid.body).lastIndexOf(closingBoundary);
  return fc
    .nat({ max: closingAt - 1 })
    .map((length) => ({ contentType: valid.contentType, body: valid.body.subarray(0, length) }));
}
