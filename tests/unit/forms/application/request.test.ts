// The application's multipart body (src/forms/application/request.ts), which the
// pupillage-application function must read back exactly as sent, and what the
// form says when it was not sent.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_ENDPOINT,
  applicationFileFields,
  validateApplication,
  type ApplicationData,
} from '../../../../src/forms/application/application.ts';
import { applicationFormData, applicationNotSentMessage } from '../../../../src/forms/application/request.ts';
import { readApplicationUpload } from '../../../../src/server/documents/uploads.ts';
import { site } from '../../../../src/site.config.ts';
import { origin, validApplicationData, validApplicationFiles } from '../../../../scripts/lib/sample-requests.ts';
import { SPEC_APPLICATION_DATA_KEYS } from '../../../support/requests.ts';

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
