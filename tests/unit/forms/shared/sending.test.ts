// How the form islands send: the JSON and multipart helpers
// (src/forms/shared/sending.ts). The application's multipart body is tested in
// tests/unit/forms/application/request.test.ts.
import { describe, expect, it, vi } from 'vitest';
import {
  messageFromBody,
  postJson,
  newIdempotencyKey,
  postMultipart,
  SENT_STATE_MS,
  uploadPercent,
  type UploadRequest,
} from '../../../../src/forms/shared/sending.ts';
import { CONTACT_ENDPOINT } from '../../../../src/forms/contact/contact.ts';

describe('the contact and consultation buttons', () => {
  it('show "Sent" for the spec’s 5000 ms', () => {
    expect(SENT_STATE_MS).toBe(5000);
  });
});

describe('reading the message of an answer', () => {
  it.each([
    ['{"message":"Thank you."}', 'Thank you.'],
    ['{"message":"  padded  "}', 'padded'],
    ['{"message":""}', null],
    ['{"message":42}', null],
    ['{"other":"x"}', null],
    ['[]', null],
    ['<html>Bad gateway</html>', null],
    ['', null],
  ])('%j gives %j', (body, expected) => {
    expect(messageFromBody(body)).toBe(expected);
  });
});

describe('posting JSON', () => {
  it('sends the body as JSON and returns the server’s message on success', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"message":"Received."}', { status: 200 }));
    const outcome = await postJson(CONTACT_ENDPOINT, { form_data: { name: 'A' } }, fetchImpl);
    expect(outcome).toEqual({ ok: true, status: 200, message: 'Received.' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CONTACT_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ form_data: { name: 'A' } });
  });

  it('reports a non-2xx answer with its message, if any', async () => {
    const failing = async () => new Response('{"message":"Sorry (reference E-1)."}', { status: 500 });
    expect(await postJson('/x', {}, failing)).toEqual({ ok: false, status: 500, message: 'Sorry (reference E-1).' });
    const proxy = async () => new Response('<h1>Bad gateway</h1>', { status: 502 });
    expect(await postJson('/x', {}, proxy)).toEqual({ ok: false, status: 502, message: null });
  });

  it('turns a network failure into a failed outcome instead of throwing', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await postJson('/x', {}, offline)).toEqual({ ok: false, status: 0, message: null });
  });
});

/** A stand-in for XMLHttpRequest that answers when told to. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function fakeUpload() {
  const request = new FakeRequest();
  return { request, createRequest: () => request as unknown as UploadRequest };
}

describe('posting multipart with progress', () => {
  it('POSTs the form data, reports progress and returns the server’s message', async () => {
    const { request, createRequest } = fakeUpload();
    const progress: Array<number | null> = [];
    const body = new FormData();
    const sent = postMultipart('/upload', body, { createRequest, onProgress: (p) => progress.push(uploadPercent(p)) });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/upload');
    expect(request.body).toBe(body);
    // No Content-Type of our own: the browser writes it with the multipart boundary.
    expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain('content-type');
    request.progress(0, 400);
    request.progress(150, 400);
    request.progress(400, 400);
    request.progress(10, 0, false);
    request.answer(200, '{"message":"Thank you for applying."}');
    expect(await sent).toEqual({ ok: true, status: 200, message: 'Thank you for applying.' });
    expect(progress).toEqual([0, 37, 100, null]);
  });

  it('returns the server’s message of a refused upload', async () => {
    const { request, createRequest } = fakeUpload();
    const sent = postMultipart('/upload', new FormData(), { createRequest });
    request.answer(415, '{"message":"The CV (cv_file, cv.pdf) must be a PDF or Word (.docx) file."}');
    expect(await sent).toEqual({
      ok: false,
      status: 415,
      message: 'The CV (cv_file, cv.pdf) must be a PDF or Word (.docx) file.',
    });
  });

  it('sends the form fill’s idempotency key, the same on every retry, when given one', async () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(newIdempotencyKey()).not.toBe(key);
    for (let attempt = 0; attempt < 2; attempt++) {
      const { request, createRequest } = fakeUpload();
      const sent = postMultipart('/upload', new FormData(), { createRequest, idempotencyKey: key });
      expect(request.headers['Idempotency-Key']).toBe(key);
      request.onerror?.();
      await sent;
    }
    const { request, createRequest } = fakeUpload();
    void postMultipart('/upload', new FormData(), { createRequest });
    expect(request.headers['Idempotency-Key']).toBeUndefined();
  });

  it.each(['onerror', 'onabort', 'ontimeout'] as const)('treats %s as a request that never arrived', async (event) => {
    const { request, createRequest } = fakeUpload();
    const sent = postMultipart('/upload', new FormData(), { createRequest });
    request[event]?.();
    expect(await sent).toEqual({ ok: false, status: 0, message: null });
  });
});
