// How the form islands send: the JSON and multipart helpers (src/lib/form-submit.ts)
// and the application's multipart body (src/lib/application-request.ts), which the
// pupillage-application function must read back exactly as sent.
import { describe, expect, it, vi } from 'vitest';
import { applicationFileFields, validateApplication, type ApplicationData } from '../../../src/forms/application.ts';
import {
  APPLICATION_ENDPOINT,
  applicationFormData,
  applicationNotSentMessage,
} from '../../../src/lib/application-request.ts';
import {
  messageFromBody,
  postJson,
  newIdempotencyKey,
  postMultipart,
  SENT_STATE_MS,
  uploadPercent,
  type UploadRequest,
} from '../../../src/lib/form-submit.ts';
import { readApplicationUpload } from '../../../src/server/documents/uploads.ts';
import { site } from '../../../src/site.config.ts';
import { origin, validApplicationData, validApplicationFiles } from '../../../scripts/lib/sample-requests.ts';
import { SPEC_APPLICATION_DATA_KEYS } from '../../support/requests.ts';

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
    const outcome = await postJson('/api/v1/client/contactform', { form_data: { name: 'A' } }, fetchImpl);
    expect(outcome).toEqual({ ok: true, status: 200, message: 'Received.' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/client/contactform');
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

describe('the application’s multipart body', () => {
  const files = validApplicationFiles();
  const browserFiles = Object.fromEntries(
    applicationFileFields.map((field) => [
      field,
      new File([new Uint8Array(files[field].bytes)], files[field].name, { type: files[field].type ?? '' }),
    ]),
  ) as Record<(typeof applicationFileFields)[number], File>;

  function validData(): ApplicationData {
    const result = validateApplication(validApplicationData(files));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  it('holds a data part, then the four documents as uploaded_files in the order cv, kcse, ksl, llb', () => {
    const body = applicationFormData(validData(), browserFiles);
    const parts = [...body.entries()];
    expect(parts.map(([name]) => name)).toEqual(['data', ...applicationFileFields.map(() => 'uploaded_files')]);
    expect(parts.slice(1).map(([, value]) => (value as File).name)).toEqual([
      'cv.docx',
      'kcse.png',
      'ksl-admission.pdf',
      'llb.jpg',
    ]);
    const data = JSON.parse(parts[0]![1] as string) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([...SPEC_APPLICATION_DATA_KEYS]);
    expect(data).toMatchObject({
      fullname: 'Achieng Njeri Mwangi',
      confirmation: true,
      honey: '',
      cv_file: 'cv.docx',
      kcse_file: 'kcse.png',
      ksl_file: 'ksl-admission.pdf',
      llb_degree_file: 'llb.jpg',
    });
  });

  it('is read back by the pupillage-application function exactly as sent', async () => {
    const encoded = new Response(applicationFormData(validData(), browserFiles));
    const request = new Request(new URL(APPLICATION_ENDPOINT, origin), {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')! },
      body: new Uint8Array(await encoded.arrayBuffer()),
    });
    const upload = await readApplicationUpload(request);
    expect(upload.missing).toEqual([]);
    expect(upload.data).toEqual(JSON.parse(JSON.stringify(validData())));
    expect(
      upload.documents.map((document) => [
        document.field,
        Buffer.compare(document.bytes, Buffer.from(files[document.field].bytes)),
      ]),
    ).toEqual(applicationFileFields.map((field) => [field, 0]));
  });
});

describe('when an application was not sent and the server said nothing', () => {
  it('a lost connection is named, with the firm’s phone number', () => {
    const message = applicationNotSentMessage(0);
    expect(message).toContain('connection');
    expect(message).toContain(site.phones.local);
    expect(message).toContain('still here');
  });

  it('a rate limit asks the person to wait', () => {
    expect(applicationNotSentMessage(429)).toContain('wait a minute');
  });

  it('any other failure gives its status code', () => {
    expect(applicationNotSentMessage(502)).toContain('error 502');
  });
});

describe('phone numbers in a number input', () => {
  it('the examples the messages give are what a number input holds, and are accepted', async () => {
    const { phoneDigitsOnly, phoneField } = await import('../../../src/forms/shared.ts');
    const v = await import('valibot');
    const schema = phoneField('required');
    const examples = phoneDigitsOnly.match(/\d{7,}/g)!;
    expect(examples).toEqual(['0722514380', '254722514380']);
    for (const example of examples) expect(v.safeParse(schema, example).success).toBe(true);
    const tooShort = v.safeParse(schema, '254722');
    expect(tooShort.success).toBe(false);
    expect(tooShort.issues?.[0]?.message).toMatch(/^Enter a valid phone number of 7 to 15 digits, e\.g\. 0722514380/);
  });
});
