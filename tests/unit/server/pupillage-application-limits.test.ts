// How big an application may be: each document at most 2 MB, all of them
// together at most 4 MB. A body over the limit is refused with 413, naming the
// file and the limit, before it is read when its declared length says so and
// as soon as it goes over when it does not; nothing of it is stored.
import { describe, expect, it } from 'vitest';
import handler from '../../../netlify/functions/pupillage-application.ts';
import { APPLICATION_ENDPOINT } from '../../../src/forms/application/application.ts';
import { pdfOfSize } from '../../../scripts/lib/sample-documents.ts';
import { applicationRequest, origin } from '../../../scripts/lib/sample-requests.ts';
import { storedApplicationsPerTest } from '../../support/stored-applications.ts';
import { applicationFilesWith, messageOf } from '../../support/requests.ts';

const MB = 1024 * 1024;
const { expectNothingStored } = storedApplicationsPerTest();

describe(`the size limits of POST ${APPLICATION_ENDPOINT}`, () => {
  it('refuses a 7 MB file (413), naming it and the limit', async () => {
    const response = await handler(
      await applicationRequest({
        files: applicationFilesWith({ ksl_file: { name: 'ksl-scan.pdf', bytes: pdfOfSize(7 * MB) } }),
      }),
    );
    expect(response.status).toBe(413);
    const message = await messageOf(response);
    expect(message).toContain('ksl_file, ksl-scan.pdf');
    expect(message).toContain('at most 2 MB');
    expect(message).toContain('Scan it again at 150–200 dpi, or photograph the page instead.');
    await expectNothingStored();
  });

  it('refuses a body whose declared length is over the limit before reading it (413)', async () => {
    const request = await applicationRequest({
      files: applicationFilesWith({ cv_file: { name: 'cv.pdf', bytes: pdfOfSize(7 * MB) } }),
    });
    const declared = new Request(request, {
      headers: { ...Object.fromEntries(request.headers), 'content-length': String(7 * MB) },
    });
    const response = await handler(declared);
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toMatch(/at most 4 MB, each at most 2 MB/);
  });

  it('accepts a file of exactly 2 MB', async () => {
    const response = await handler(
      await applicationRequest({
        files: applicationFilesWith({ cv_file: { name: 'cv.pdf', bytes: pdfOfSize(2 * MB) } }),
      }),
    );
    expect(response.status).toBe(200);
  });

  it('refuses files that are each allowed but together exceed 4 MB (413)', async () => {
    const response = await handler(
      await applicationRequest({
        files: applicationFilesWith({
          cv_file: { name: 'cv.pdf', bytes: pdfOfSize(2 * MB) },
          kcse_file: { name: 'kcse.pdf', bytes: pdfOfSize(2 * MB) },
          ksl_file: { name: 'ksl.pdf', bytes: pdfOfSize(100 * 1024) },
        }),
      }),
    );
    expect(response.status).toBe(413);
    expect(await messageOf(response)).toMatch(/together are larger than 4 MB/);
    await expectNothingStored();
  });

  it('stops reading as soon as the body is over its limit', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const boundary = 'stream-boundary';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="uploaded_files"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        sent += chunk.length;
        if (sent > 50 * MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request(new URL(APPLICATION_ENDPOINT, origin), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(3 * MB);
  });
});
