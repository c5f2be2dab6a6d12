import { describe, expect, it } from 'vitest';
import { parseMultipart, type MultipartOptions } from '../../../../src/server/http/multipart.ts';
import { badRequest, HttpError } from '../../../../src/server/http/responses.ts';

const limits = {
  maxBodyBytes: 10_000,
  maxFiles: 2,
  maxFileBytes: 1_000,
  maxTotalFileBytes: 1_500,
  maxFields: 2,
  maxFieldBytes: 100,
  maxParts: 4,
};
const messages: MultipartOptions['messages'] = {
  notMultipart: 'not multipart',
  bodyTooLarge: 'body too large',
  tooManyFiles: 'too many files',
  tooManyFields: 'too many fields',
  tooManyParts: 'too many parts',
  totalTooLarge: 'total too large',
  fieldTooLarge: (name) => `field ${name} too large`,
  fileTooLarge: (index, filename) => `file ${index} ${filename} too large`,
};

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Uint8Array; type?: string };

function multipart(parts: Part[], boundary = 'b0undary'): Request {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.from(part.bytes),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Request('http://localhost/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: new Uint8Array(Buffer.concat(chunks)),
  });
}

const bytes = (size: number, fill = 0x61) => new Uint8Array(size).fill(fill);

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the parse to fail');
}

describe('streaming multipart parsing', () => {
  it('collects fields and files in order, byte for byte', async () => {
    const { fields, files } = await parseMultipart(
      multipart([
        { name: 'data', value: '{"a":1}' },
        { name: 'f', filename: '../../secret/one.bin', bytes: bytes(700, 1) },
        { name: 'f', filename: 'two.bin', bytes: bytes(700, 2) },
      ]),
      { limits, messages },
    );
    expect(fields).toEqual([{ name: 'data', value: '{"a":1}' }]);
    expect(files.map((file) => [file.index, file.fieldName, file.filename, file.bytes.length])).toEqual([
      [0, 'f', 'one.bin', 700],
      [1, 'f', 'two.bin', 700],
    ]);
    expect(files[1]!.bytes.every((byte) => byte === 2)).toBe(true);
  });

  it('accepts a file of exactly the per-file limit', async () => {
    const { files } = await parseMultipart(multipart([{ name: 'f', filename: 'a', bytes: bytes(1_000) }]), {
      limits,
      messages,
    });
    expect(files[0]!.bytes.length).toBe(1_000);
  });

  it.each([
    [
      'a file one byte over its limit',
      [{ name: 'f', filename: 'big.bin', bytes: bytes(1_001) }],
      413,
      'file 0 big.bin too large',
    ],
    [
      'files over their total',
      [
        { name: 'f', filename: 'a', bytes: bytes(900) },
        { name: 'f', filename: 'b', bytes: bytes(900) },
      ],
      413,
      'total too large',
    ],
    ['a field over its limit', [{ name: 'data', value: 'x'.repeat(101) }], 413, 'field data too large'],
    [
      'one file too many',
      [
        { name: 'f', filename: 'a', bytes: bytes(10) },
        { name: 'f', filename: 'b', bytes: bytes(10) },
        { name: 'f', filename: 'c', bytes: bytes(10) },
      ],
      400,
      'too many files',
    ],
    [
      'one field too many',
      [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
        { name: 'c', value: '3' },
      ],
      400,
      'too many fields',
    ],
  ] as const)('refuses %s', async (_what, parts, status, message) => {
    expect(await failure(parseMultipart(multipart([...parts]), { limits, messages }))).toEqual({ status, message });
  });

  it('refuses one part too many', async () => {
    const parts: Part[] = [
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: 'f', filename: 'a', bytes: bytes(10) },
      { name: 'f', filename: 'b', bytes: bytes(10) },
    ];
    const generous = { ...limits, maxFields: 3, maxFiles: 3 };
    expect((await parseMultipart(multipart(parts), { limits: generous, messages })).files).toHaveLength(2);
    const tooMany = [...parts, { name: 'c', value: '3' }];
    expect(await failure(parseMultipart(multipart(tooMany), { limits: generous, messages }))).toEqual({
      status: 400,
      message: 'too many parts',
    });
  });

  it('refuses a body over its limit as it streams (413)', async () => {
    const request = multipart([{ name: 'f', filename: 'a', bytes: bytes(900) }]);
    expect(await failure(parseMultipart(request, { limits: { ...limits, maxBodyBytes: 500 }, messages }))).toEqual({
      status: 413,
      message: 'body too large',
    });
  });

  it('refuses what is not multipart (415) and what is malformed (400)', async () => {
    const json = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await failure(parseMultipart(json, { limits, messages }))).status).toBe(415);
    const noBoundary = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect((await failure(parseMultipart(noBoundary, { limits, messages }))).status).toBe(400);
    const cut = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="a"; filename="x"\r\n\r\nabc',
    });
    expect(await failure(parseMultipart(cut, { limits, messages }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/malformed/),
    });
  });

  it.each([
    ['a field without a name', 'form-data'],
    ['a field with an empty name', 'form-data; name=""'],
    ['a file with only a filename', 'form-data; filename="cv.pdf"'],
    ['a file with an empty name', 'form-data; name=""; filename="cv.pdf"'],
  ])('refuses %s as malformed (400) before any callback sees it', async (_what, disposition) => {
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      body: `--zz\r\nContent-Disposition: ${disposition}\r\n\r\nabc\r\n--zz--\r\n`,
    });
    const seen: unknown[] = [];
    const parse = parseMultipart(request, {
      limits,
      messages,
      onField: (field) => seen.push(field),
      onFileStart: (...file) => seen.push(file),
    });
    expect(await failure(parse)).toEqual({
      status: 400,
      message: 'The upload could not be read: the multipart body is malformed (a part has no name).',
    });
    expect(seen).toEqual([]);
  });

  it('stops when a callback refuses a part, with the callback’s answer', async () => {
    const request = multipart([
      { name: 'data', value: '{}' },
      { name: 'f', filename: 'evil.exe', bytes: bytes(10) },
    ]);
    const refuse = parseMultipart(request, {
      limits,
      messages,
      onFile: async (file) => {
        throw new HttpError(415, `no ${file.filename}`);
      },
    });
    expect(await failure(refuse)).toEqual({ status: 415, message: 'no evil.exe' });
    const unexpected = parseMultipart(multipart([{ name: 'other', value: 'x' }]), {
      limits,
      messages,
      onField: () => {
        throw badRequest('unexpected field');
      },
    });
    expect(await failure(unexpected)).toEqual({ status: 400, message: 'unexpected field' });
  });
});
