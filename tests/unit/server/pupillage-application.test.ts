import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import handler, { config } from '../../../netlify/functions/pupillage-application.ts';
import { APPLICATION_ENDPOINT, applicationFileFields } from '../../../src/forms/application/application.ts';
import { PRIVACY_NOTICE_VERSION } from '../../../src/lib/privacy.ts';
import { successMessages } from '../../../src/server/handlers.ts';
import { createApplicationHandler } from '../../../src/server/application-handler.ts';
import { DatabaseUnavailable } from '../../../src/server/db/unavailable.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { docxBytes, pdfBytes } from '../../../scripts/lib/sample-documents.ts';
import {
  applicationRequest,
  origin,
  validApplicationData,
  validApplicationFiles,
} from '../../../scripts/lib/sample-requests.ts';
import { failingStore } from '../../support/blobs.ts';
import { storedApplicationsPerTest } from '../../support/stored-applications.ts';
import { honeypotHits } from '../../support/stored-enquiries.ts';
import { elfBytes, exeBytes, cfbBytes } from '../../support/files.ts';
import { applicationFilesWith, messageOf, rawMultipartRequest } from '../../support/requests.ts';
import { disarmInProcess, rebuiltCopy } from '../../support/rebuilt-documents.ts';

const stored = storedApplicationsPerTest();
const { blobs, database, expectNothingStored } = stored;

const sha256 = (bytes: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(new Uint8Array(bytes instanceof ArrayBuffer ? bytes : bytes))
    .digest('hex');

/** The test database, whose record transaction (after the daily limit's first look) fails with `error`. */
function transactionsFailing(error: Error): Database {
  let transactions = 0;
  return {
    query: (text, params) => database.db.query(text, params),
    transaction: (work) => (transactions++ === 0 ? database.db.transaction(work) : Promise.reject(error)),
  };
}

describe(`POST ${APPLICATION_ENDPOINT}`, () => {
  it('is routed at the spec’s path for every method (the handler answers all but POST), rate-limited per visitor', () => {
    // Netlify reads `config` from the function's source, so the path there is a literal: the form's constant, written out.
    expect(APPLICATION_ENDPOINT).toBe('/api/v1/client/pupillage-application');
    expect(config).toMatchObject({
      path: APPLICATION_ENDPOINT,
      rateLimit: { aggregateBy: ['ip'] },
    });
    expect(config).not.toHaveProperty('method');
  });

  it('stores a complete application, a rebuilt copy of each of its four documents, and thanks the applicant', async () => {
    const files = validApplicationFiles();
    const response = await handler(await applicationRequest());
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.application);

    const record = await stored.onlyRecord();
    expect(record.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(await stored.documentKeys()).toHaveLength(4);
    expect(record).toMatchObject({
      schemaVersion: 2,
      type: 'application',
      fields: { fullname: 'Achieng Njeri Mwangi', work_location: 'Kakamega', dob: '2000-02-29' },
      notified: null,
      consent: { confirmed: true, privacyNoticeVersion: PRIVACY_NOTICE_VERSION },
    });
    expect(new Date(record.receivedAt).toISOString()).toBe(record.receivedAt);
    expect(record.consent.privacyConsentAt).toBe(record.receivedAt);
    expect(record.fields).not.toHaveProperty('privacy_consent');
    expect(record.fields).not.toHaveProperty('honey');
    expect(record.fields).not.toHaveProperty('cv_file');
    expect(record.files.map((file) => file.field)).toEqual([...applicationFileFields]);

    for (const info of record.files) {
      const uploaded = files[info.field];
      const copy = await rebuiltCopy(uploaded);
      expect(info).toMatchObject({
        originalName: uploaded.name,
        size: copy.length,
        key: `application/${record.id}/files/${info.field}`,
      });
      const stored = await blobs.store().get(info.key, { type: 'arrayBuffer' });
      expect(sha256(stored)).toBe(sha256(copy));
      expect(info.sha256).toBe(sha256(copy));
    }
    expect(record.files.map((file) => file.detectedType.mime)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/png',
      'application/pdf',
      'image/jpeg',
    ]);
  });

  it('refuses a Word 97–2003 CV (415), telling the applicant to save it as PDF or .docx, and stores nothing', async () => {
    const response = await handler(
      await applicationRequest({ files: applicationFilesWith({ cv_file: { name: 'cv.doc', bytes: cfbBytes() } }) }),
    );
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toBe(
      'The CV (cv_file, cv.doc) is in the older Word 97–2003 format (.doc), which we do not accept. ' +
        'Please open it in Word and save it as PDF or Word (.docx) (File › Save As), and send it again.',
    );
    await expectNothingStored();
  });

  it('answers with the functions’ security headers', async () => {
    const response = await handler(await applicationRequest());
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
  });

  it.each([
    'fullname',
    'email',
    'phone',
    'country',
    'gender',
    'identification',
    'work_location',
    'dob',
    'year_of_enrollment',
    'university',
    'kcse_school',
    'english',
    'why_join',
    'cv_file',
    'kcse_file',
    'ksl_file',
    'llb_degree_file',
  ])('refuses an application without %s (422, naming it) and stores nothing', async (field) => {
    const data: Record<string, unknown> = validApplicationData();
    delete data[field];
    const response = await handler(await applicationRequest({ data }));
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain(`${field}: This input is required`);
    await expectNothingStored();
  });

  it('refuses an application without the declaration ticked', async () => {
    const response = await handler(
      await applicationRequest({ data: { ...validApplicationData(), confirmation: false } }),
    );
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain('confirmation: Please check this box');
  });

  it('names each field of the wrong type (422)', async () => {
    const response = await handler(
      await applicationRequest({ data: { ...validApplicationData(), fullname: 42, university: { name: 'UoN' } } }),
    );
    expect(response.status).toBe(422);
    const message = await messageOf(response);
    expect(message).toContain('fullname: Full name must be text');
    expect(message).toContain('university: University must be text');
  });

  it('asks for the documents that were not sent (422)', async () => {
    const response = await handler(await applicationRequest({ files: applicationFilesWith().slice(0, 3) }));
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain('llb_degree_file: This input is required');
    await expectNothingStored();
  });

  it('treats an empty file input as a missing document (422)', async () => {
    const response = await handler(
      await applicationRequest({ files: applicationFilesWith({ kcse_file: { name: '', bytes: new Uint8Array(0) } }) }),
    );
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain('kcse_file: This input is required');
  });

  it('refuses a fifth file with a clear message (400) and stores nothing', async () => {
    const files = [...applicationFilesWith(), { name: 'extra.pdf', bytes: pdfBytes() }];
    const response = await handler(await applicationRequest({ files }));
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/Too many files: an application has exactly four/);
    await expectNothingStored();
  });

  it.each([
    ['a Linux executable named cv.pdf', 'cv_file', { name: 'cv.pdf', bytes: elfBytes(), type: 'application/pdf' }],
    ['a Windows executable named kcse.jpg', 'kcse_file', { name: 'kcse.jpg', bytes: exeBytes(), type: 'image/jpeg' }],
    [
      'a Word file as a certificate',
      'llb_degree_file',
      { name: 'llb.pdf', bytes: docxBytes(), type: 'application/pdf' },
    ],
    ['a text file named cv.pdf', 'cv_file', { name: 'cv.pdf', bytes: new TextEncoder().encode('just text') }],
  ] as const)('refuses %s by its bytes (415) and stores nothing', async (_what, field, file) => {
    const response = await handler(await applicationRequest({ files: applicationFilesWith({ [field]: file }) }));
    expect(response.status).toBe(415);
    const message = await messageOf(response);
    expect(message).toContain(field);
    expect(message).toMatch(
      field === 'cv_file' ? /must be a PDF or Word \(\.docx\) file/ : /must be a PDF, JPEG or PNG file/,
    );
    await expectNothingStored();
  });

  it('keeps a hostile file name out of the storage keys and stores a clean version of it', async () => {
    const hostile = '../../etc/passwd\r\n.pdf';
    const files = validApplicationFiles();
    files.cv_file = { name: hostile, bytes: pdfBytes('cv'), type: 'application/pdf' };
    const response = await handler(
      await applicationRequest({
        data: validApplicationData(files),
        files: applicationFileFields.map((field) => files[field]),
      }),
    );
    expect(response.status).toBe(200);
    const keys = await stored.documentKeys();
    expect(keys).toHaveLength(4);
    for (const key of keys) {
      expect(key).toMatch(/^application\/[0-9A-Z]{26}\/files\/(cv_file|kcse_file|ksl_file|llb_degree_file)$/);
    }
    const record = await stored.onlyRecord();
    expect(record.files[0]).toMatchObject({ field: 'cv_file', originalName: 'passwd.pdf' });
  });

  it('answers a filled honeypot as a success, and keeps it only as a honeypot hit', async () => {
    const response = await handler(
      await applicationRequest({ data: { ...validApplicationData(), honey: 'http://spam.example' } }),
    );
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.application);
    expect(await stored.records()).toEqual([]);
    expect(await stored.documentKeys()).toEqual([]);
    expect(await honeypotHits(database.db)).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), form: 'application' }),
    ]);
  });

  it('refuses GET with 405 and Allow: POST', async () => {
    const response = await handler(new Request(new URL(APPLICATION_ENDPOINT, origin)));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(typeof (await messageOf(response))).toBe('string');
  });

  it('refuses a body that is not multipart/form-data (415)', async () => {
    const response = await handler(
      new Request(new URL(APPLICATION_ENDPOINT, origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(validApplicationData()),
      }),
    );
    expect(response.status).toBe(415);
  });

  it.each([
    [
      'no boundary',
      new Request(new URL('/x', origin), {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data' },
        body: 'x',
      }),
    ],
    [
      'a body cut short',
      rawMultipartRequest('--test-boundary\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"fullname":'),
    ],
    ['a body that is not multipart at all', rawMultipartRequest('hello world')],
    [
      'a data part that is not JSON',
      rawMultipartRequest(
        '--test-boundary\r\nContent-Disposition: form-data; name="data"\r\n\r\n{not json\r\n--test-boundary--\r\n',
      ),
    ],
    [
      'a data part that is a JSON list',
      rawMultipartRequest(
        '--test-boundary\r\nContent-Disposition: form-data; name="data"\r\n\r\n[1,2]\r\n--test-boundary--\r\n',
      ),
    ],
    [
      'no data part',
      rawMultipartRequest(
        '--test-boundary\r\nContent-Disposition: form-data; name="uploaded_files"; filename="cv.pdf"\r\n\r\n%PDF-1.4\r\n--test-boundary--\r\n',
      ),
    ],
    [
      'an unexpected field',
      rawMultipartRequest(
        '--test-boundary\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nA\r\n--test-boundary--\r\n',
      ),
    ],
  ])('refuses malformed multipart: %s (400)', async (_what, request) => {
    const response = await handler(request);
    expect(response.status).toBe(400);
    expect((await messageOf(response)).length).toBeGreaterThan(10);
    await expectNothingStored();
  });

  it('answers 500 quoting a reference and the firm’s phone when the record cannot be stored, leaving neither record nor documents', async () => {
    const logged: Array<Record<string, unknown>> = [];
    let notified = 0;
    const files = failingStore(blobs.store(), () => false);
    const failOnRecord = createApplicationHandler({
      db: transactionsFailing(new Error('simulated fault in the record’s transaction')),
      openFiles: () => files,
      notify: async () => void notified++,
      log: (entry) => logged.push(entry),
    });
    const response = await failOnRecord(await applicationRequest());
    expect(response.status).toBe(500);
    const message = await messageOf(response);
    expect(message).toMatch(/reference E-[0-9A-F]{10}/);
    expect(message).toContain('0722 514 380');
    expect(message).toMatch(/try again/);
    expect(logged).toHaveLength(1);
    expect(message).toContain(String(logged[0]!.reference));
    expect(notified).toBe(0);
    // The documents were written first, and deleted again when the record could not be committed.
    expect(files.calls.map((call) => call.operation)).toEqual([...Array(4).fill('set'), ...Array(4).fill('delete')]);
    await expectNothingStored();
  });

  it('answers 503 asking to try again shortly when the database is unavailable, storing and e-mailing nothing', async () => {
    let notified = 0;
    const send = createApplicationHandler({
      db: transactionsFailing(new DatabaseUnavailable('The database did not answer within 5000 ms')),
      notify: async () => void notified++,
      log: () => {},
    });
    const response = await send(await applicationRequest({ headers: { 'Idempotency-Key': 'a-form-fill-key-0001' } }));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await messageOf(response)).toMatch(/try again/i);
    expect(notified).toBe(0);
    await expectNothingStored();
  });

  it('removes the documents already written when one of them fails to store, and keeps no record', async () => {
    const files = failingStore(blobs.store(), (operation, key) => operation === 'set' && key.endsWith('/ksl_file'));
    const response = await createApplicationHandler({ openFiles: () => files, log: () => {} })(
      await applicationRequest(),
    );
    expect(response.status).toBe(500);
    expect(files.calls.filter((call) => call.operation === 'set')).toHaveLength(4);
    await expectNothingStored();
  });

  it('stores 30 applications sent at once as 30 records', async () => {
    // 120 documents at once would queue for this process's two rebuild workers; the store is what is tested here.
    const storing = createApplicationHandler({
      notify: async () => {},
      disarm: disarmInProcess,
    });
    const responses = await Promise.all(Array.from({ length: 30 }, async () => storing(await applicationRequest())));
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    expect(await stored.records()).toHaveLength(30);
    expect(await stored.documentKeys()).toHaveLength(120);
  });
});
