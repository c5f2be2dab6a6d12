import { describe, expect, it, vi } from 'vitest';
import handler, { config } from '../../../netlify/functions/contactform.ts';
import { CONTACT_ENDPOINT } from '../../../src/forms/contact/contact.ts';
import { createContactHandler, successMessages } from '../../../src/server/handlers.ts';
import type { ContactRecord } from '../../../src/server/submissions/record.ts';
import { jsonRequest, origin, validContact } from '../../../scripts/lib/sample-requests.ts';
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

const path = CONTACT_ENDPOINT;
const database = useFormsDatabase();

const send = (formData: unknown) => handler(jsonRequest(path, { form_data: formData }));

describe(`POST ${CONTACT_ENDPOINT}`, () => {
  it('is routed at the spec’s path for every method (the handler answers all but POST), rate-limited per visitor', () => {
    // Netlify reads `config` from the function's source, so the path there is a literal: the form's constant, written out.
    expect(CONTACT_ENDPOINT).toBe('/api/v1/client/contactform');
    expect(config).toEqual({
      path,
      rateLimit: { windowLimit: 5, windowSize: 60, aggregateBy: ['ip'] },
    });
  });

  it('stores a valid message as one record, counted for the day, and answers with a message to show', async () => {
    const response = await send(validContact());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: successMessages.contact });
    const records = await storedRecords<ContactRecord>(database.db);
    expect(records).toHaveLength(1);
    const [record] = records;
    const { honey: _honey, ...fields } = validContact();
    expect(record).toEqual({
      schemaVersion: 2,
      type: 'contact',
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // No SMTP_URL in tests: notifications are off, so none was attempted.
      notified: null,
      fields,
    });
    expect(await dailyCounts(database.db)).toEqual({ contact: 1 });
  });

  it('sets its own security headers', async () => {
    const response = await send(validContact());
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it.each([
    ['name', 'Name input is required'],
    ['email', 'Email input is required'],
    ['phone', 'Phone number input is required'],
    ['interest', 'Kindly add the your subject of interest'],
    ['msg', 'Message input is required'],
  ] as const)('refuses a message without %s (422, naming it) and stores nothing', async (field, message) => {
    const { [field]: _omitted, ...formData } = validContact();
    const response = await send(formData);
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toContain(`${field}: ${message}`);
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('names every field of the wrong type (422)', async () => {
    const response = await send({ ...validContact(), name: ['x'], msg: { text: 'hi' } });
    expect(response.status).toBe(422);
    expect(await messageOf(response)).toBe(
      'Please correct the following and send again. name: Name must be text; msg: Message must be text.',
    );
  });

  it.each([
    ['no form_data', { name: 'x' }],
    ['form_data that is a list', { form_data: [1, 2] }],
    ['form_data that is text', { form_data: 'hello' }],
    ['a JSON list', [validContact()]],
  ])('refuses a body with %s (400)', async (_what, body) => {
    const response = await handler(jsonRequest(path, body));
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/form_data/);
  });

  it.each([
    ['malformed JSON', '{"form_data": {"name": "x",'],
    ['an empty body', ''],
  ])('refuses %s (400)', async (_what, body) => {
    const response = await handler(jsonRequest(path, body));
    expect(response.status).toBe(400);
  });

  it('refuses a body that is not JSON (415)', async () => {
    const response = await handler(
      jsonRequest(path, 'name=x&email=y', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
    expect(response.status).toBe(415);
    expect(await messageOf(response)).toMatch(/application\/json/);
  });

  it('refuses a body over 64 KB (413)', async () => {
    const response = await send({ ...validContact(), msg: 'x'.repeat(70 * 1024) });
    expect(response.status).toBe(413);
  });

  it('answers a filled honeypot as a success, and keeps it only as a honeypot hit', async () => {
    const response = await send({ ...validContact(), honey: 'I am a bot' });
    expect(response.status).toBe(200);
    expect(await messageOf(response)).toBe(successMessages.contact);
    expect(await storedRecords(database.db)).toEqual([]);
    expect(await honeypotHits(database.db)).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), form: 'contact' }),
    ]);
    expect(await dailyCounts(database.db)).toEqual({ 'contact-honeypot': 1 });
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with 405 and Allow: POST', async (method) => {
    const response = await handler(new Request(new URL(path, origin), { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await messageOf(response)).toMatch(/POST/);
  });

  it('answers 500 with a reference and the firm’s phone when storing fails, and stores nothing', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const failing = createContactHandler({
      db: failingBeforeCommit(database.db),
      log: (entry) => logged.push(entry),
    });
    const response = await failing(jsonRequest(path, { form_data: validContact() }), { requestId: 'req-1' });
    expect(response.status).toBe(500);
    const message = await messageOf(response);
    expect(message).toContain('0722 514 380');
    const failure = logged.find((entry) => entry.reference);
    expect(failure).toMatchObject({ form: 'contact', requestId: 'req-1', what: 'save your message' });
    expect(message).toContain(String(failure!.reference));
    expect(await isEmpty(database.db)).toBe(true);
  });

  it.each([
    ['refuses connections', refusingDatabase],
    ['does not answer in time', () => silentDatabase()],
  ])('answers 503 asking to try again shortly when the database %s, e-mails nobody, and logs it', async (_what, db) => {
    const logged: Array<Record<string, unknown>> = [];
    const notify = vi.fn(async () => {});
    const unavailable = createContactHandler({ db: db(), notify, log: (entry) => logged.push(entry) });
    const response = await unavailable(jsonRequest(path, { form_data: validContact() }), { requestId: 'req-2' });
    expect(response.status).toBe(503);
    expect(await messageOf(response)).toMatch(/try again/i);
    expect(notify).not.toHaveBeenCalled();
    expect(logged).toContainEqual(expect.objectContaining({ form: 'contact', requestId: 'req-2' }));
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('stores 30 messages sent at once as 30 records', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send({ ...validContact(), name: `Sender ${i}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    const records = await storedRecords<ContactRecord>(database.db, 'contact');
    expect(new Set(records.map((record) => record.fields.name)).size).toBe(30);
    expect(await dailyCounts(database.db)).toEqual({ contact: 30 });
  });
});
