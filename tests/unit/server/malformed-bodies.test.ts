// Property-based: whatever bytes arrive, each form function answers a 4xx JSON
// { message }, never a 5xx, and stores nothing. The bodies, each broken by
// construction, come from tests/support/malformed-bodies.ts; a filled honeypot
// is never generated, since it is answered 200 on purpose.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { APPLICATION_ENDPOINT } from '../../../src/forms/application/application.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { createConsultationHandler, createContactHandler, type FormHandler } from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import {
  applicationRequest,
  origin,
  validApplicationData,
  validConsultation,
  validContact,
} from '../../../scripts/lib/sample-requests.ts';
import { localBlobsPerTest } from '../../support/local-blobs-per-test.ts';
import { isEmpty, useFormsDatabase } from '../../support/stored-enquiries.ts';
import {
  malformedJsonBodies,
  multipartSample,
  notJsonContentType,
  show,
  truncatedApplications,
  utf8,
  type Sample,
} from '../../support/malformed-bodies.ts';

const RUNS = 1_000;
const database = useFormsDatabase();
// An application's documents are files in Blobs.
const blobs = localBlobsPerTest();

function request(path: string, { contentType, body }: Sample): Request {
  return new Request(new URL(path, origin), {
    method: 'POST',
    headers: contentType === undefined ? {} : { 'content-type': contentType },
    body: new Uint8Array(body),
  });
}

async function expectRefusedAndNothingStored(handler: FormHandler, path: string, samples: fc.Arbitrary<Sample>) {
  await fc.assert(
    fc.asyncProperty(samples, async (sample) => {
      const response = await handler(request(path, sample));
      const answer = await response.text();
      expect(response.status, `${answer}\n${show(sample)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${answer}\n${show(sample)}`).toBeLessThan(500);
      expect(JSON.parse(answer), show(sample)).toEqual({ message: expect.any(String) });
      expect(await isEmpty(database.db), show(sample)).toBe(true);
      expect(await blobs.keys(), show(sample)).toEqual([]);
    }),
    { numRuns: RUNS },
  );
}

// Bad input is the sender's doing: it never reaches the error log.
const depsLoggingTo = (logged: unknown[]) => ({
  db: database.db,
  notify: async () => {},
  log: (entry: Record<string, unknown>) => void logged.push(entry),
});

describe('malformed bodies', { timeout: 60_000 }, () => {
  it('get the contact form a 4xx JSON message and store nothing, whatever their shape', async () => {
    const logged: unknown[] = [];
    const handler = createContactHandler(depsLoggingTo(logged));
    await expectRefusedAndNothingStored(
      handler,
      CONTACT_ENDPOINT,
      malformedJsonBodies(validContact(), ['name', 'email', 'phone', 'interest', 'msg']),
    );
    expect(logged).toEqual([]);
  });

  it('get the consultation form a 4xx JSON message and store nothing, whatever their shape', async () => {
    const logged: unknown[] = [];
    const handler = createConsultationHandler(depsLoggingTo(logged));
    await expectRefusedAndNothingStored(
      handler,
      CONSULTATION_ENDPOINT,
      malformedJsonBodies(validConsultation(), ['practice', 'name', 'email']),
    );
    expect(logged).toEqual([]);
  });

  it('get the application form a 4xx JSON message and store nothing, whatever their parts, names, boundaries or sizes', async () => {
    const logged: unknown[] = [];
    const handler = createApplicationHandler(depsLoggingTo(logged));
    const valid = await applicationRequest();
    const validSample: Sample = {
      contentType: valid.headers.get('content-type')!,
      body: new Uint8Array(await valid.arrayBuffer()),
    };
    const validData = utf8(JSON.stringify(validApplicationData()));
    await expectRefusedAndNothingStored(
      handler,
      APPLICATION_ENDPOINT,
      fc.oneof(
        { weight: 6, arbitrary: multipartSample },
        { weight: 2, arbitrary: truncatedApplications(validSample) },
        // A valid application sent as something other than multipart/form-data.
        {
          weight: 1,
          arbitrary: notJsonContentType
            .filter((type) => !/^\s*multipart\/form-data/i.test(type ?? ''))
            .map((contentType) => ({ contentType, body: validSample.body })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('application/json', 'text/plain')
            .map((contentType) => ({ contentType, body: validData })),
        },
      ),
    );
    expect(logged).toEqual([]);
  });
});
