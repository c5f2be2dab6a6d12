import { describe, expect, it } from 'vitest';
import { extractFormData, readJsonBody } from '../../../../src/server/http/json-body.ts';
import { HttpError } from '../../../../src/server/http/responses.ts';

const post = (body: BodyInit, type = 'application/json; charset=utf-8') =>
  new Request('http://localhost/api', { method: 'POST', headers: { 'content-type': type }, body });

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.status : 500;
  }
};

describe('reading a JSON form body', () => {
  it('parses JSON sent with a charset', async () => {
    await expect(readJsonBody(post('{"form_data":{"name":"Amina"}}'))).resolves.toEqual({
      form_data: { name: 'Amina' },
    });
  });

  it('refuses other content types with 415', async () => {
    expect(await statusOf(readJsonBody(post('{}', 'text/plain')))).toBe(415);
    expect(await statusOf(readJsonBody(new Request('http://localhost/api', { method: 'POST', body: '{}' })))).toBe(415);
  });

  it('refuses malformed JSON, bad UTF-8 and an empty body with 400', async () => {
    expect(await statusOf(readJsonBody(post('{"a":')))).toBe(400);
    expect(await statusOf(readJsonBody(post(new Uint8Array([0x7b, 0xff, 0x7d]))))).toBe(400);
    expect(await statusOf(readJsonBody(post('  ')))).toBe(400);
  });

  it('stops reading a streamed body once it passes the limit (413), even without Content-Length', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const request = new Request('http://localhost/api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await statusOf(readJsonBody(request, 64 * 1024))).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it('refuses a declared Content-Length over the limit before reading (413)', async () => {
    const request = new Request('http://localhost/api', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '999999' },
      body: '{}',
    });
    expect(await statusOf(readJsonBody(request))).toBe(413);
  });

  it('takes form_data out of the body, or refuses the shape with 400', () => {
    expect(extractFormData({ form_data: { a: 1 } })).toEqual({ a: 1 });
    for (const body of [null, [], 'x', {}, { form_data: null }, { form_data: [] }]) {
      expect(() => extractFormData(body)).toThrow(HttpError);
    }
  });
});
