import { describe, expect, it, vi } from 'vitest';
import handler, { config } from '../../../netlify/functions/inquiryform.ts';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { createConsultationHandler, successMessages } from '../../../src/server/handlers.ts';
import type { ConsultationRecord } from '../../../src/server/submissions/record.ts';
import { jsonRequest, origin, validConsultation } from '../../../scripts/lib/sample-requests.ts';
import { messageOf } from '../../support/requests.ts';
import {
  dailyCounts,
  failingBeforeCommit,
  honeypotHits,
  isEmpty,
  refusingDatabase,
  silentDatabase,
  storedRecords,
  useFormsDatabase,
} from '../../support/stored-enquiries.ts';

const path = CONSULTATION_ENDPOINT;
const database = useFormsDatabase();

const send = (formData: unknown) => handler(jsonRequest(path, { form_data: formData }));

describe(`POST ${CONSULTATION_ENDPOINT}`, () => {
  it('is routed at the spec’s path for every method (the handler answers all but POST), rate-limited per visitor', () => {
    // Netlify reads `config` from the function's source, so the path there is a literal: the form's constant, written out.
    expect(CONSULTATION_ENDPOINT).toBe('/api/v1/client/inquiryform');
    expect(config).toMatchObject({ path, rateLimit: { aggregateBy: ['ip'] } });
    expect(config).not.toHaveProperty('method');
  });

  it('stores a valid consultation request and answers with a message to show', async () => {
    const response = await send(validConsultation());
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.consultation);
    const records = await storedRecords<ConsultationRecord>(database.db);
    const { honey: _honey, ...fields } = validConsultation();
    expect(records).toEqual([
      expect.objectContaining({ schemaVersion: 2, type: 'consultation', notified: null, fields }),
    ]);
    expect(await dailyCounts(database.db)).toEqual({ consultation: 1 });
  });

  it('accepts a request without additional information', async () => {
    const { info: _info, ...formData } = validConsultation();
    expect((await send(formData)).status).toBe(200);
  });

  it.each([
    ['name', 'Name input is required'],
    ['email', 'Email input is required'],
    ['practice', 'Practice area is required'],
  ] as const)('refuses a request without %s (422, naming it)', async (field, message) => {
    const { [field]: _omitted, ...formData } = validConsultation();
    const response = await send(formData);
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain(`${field}: ${message}`);
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('refuses wrong types (422) and a wrong shape (400)', async () => {
    expect((await send({ ...validConsultation(), email: 7 })).status).toBe(422);
    expect((await handler(jsonRequest(path, { form: validConsultation() }))).status).toBe(400);
  });

  it('refuses malformed JSON (400) and other content types (415)', async () => {
    expect((await handler(jsonRequest(path, '{"form_data":'))).status).toBe(400);
    const text = jsonRequest(path, 'hello', { headers: { 'content-type': 'text/plain' } });
    expect((await handler(text)).status).toBe(415);
  });

  it('answers a filled honeypot as a success, and keeps it only as a honeypot hit', async () => {
    const response = await send({ ...validConsultation(), honey: 'x' });
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.consultation);
    expect(await storedRecords(database.db)).toEqual([]);
    expect(await honeypotHits(database.db)).toEqual([expect.objectContaining({ form: 'consultation' })]);
  });

  it('refuses GET with 405 and Allow: POST', async () => {
    const response = await handler(new Request(new URL(path, origin)));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 500 quoting a reference when storing fails, and stores nothing, not even its count', async () => {
    const failing = createConsultationHandler({
      db: failingBeforeCommit(database.db),
      log: () => {},
    });
    const response = await failing(jsonRequest(path, { form_data: validConsultation() }));
    expect(response.status).toBe(500);
    expect(await messageOf(response)).toMatch(/reference E-[0-9A-F]{10}.*0722 514 380/);
    expect(await isEmpty(database.db)).toBe(true);
  });

  it.each([
    ['refuses connections', refusingDatabase],
    ['does not answer in time', () => silentDatabase()],
  ])('answers 503 asking to try again shortly when the database %s, e-mails nobody, and logs it', async (_what, db) => {
    const logged: Array<Record<string, unknown>> = [];
    const notify = vi.fn(async () => {});
    const unavailable = createConsultationHandler({ db: db(), notify, log: (entry) => logged.push(entry) });
    const response = await unavailable(jsonRequest(path, { form_data: validConsultation() }), { requestId: 'req-3' });
    expect(response.status).toBe(503);
    expect(await messageOf(response)).toMatch(/try again/i);
    expect(notify).not.toHaveBeenCalled();
    expect(logged).toContainEqual(expect.objectContaining({ form: 'consultation', requestId: 'req-3' }));
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('stores 30 requests sent at once as 30 records', async () => {
    const responses = await Promise.all(Array.from({ length: 30 }, () => send(validConsultation())));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await storedRecords(database.db, 'consultation')).toHaveLength(30);
  });
});
