// A consultation request with a chosen time: held and stored with it in one
// transaction; the same time asked for again, even at the same instant, is
// refused with 409; a time not offered, or one without a place, with 422; and
// the slots endpoint answers only GET for a place the form offers.
import { describe, expect, it } from 'vitest';
import slotsFunction, { config as slotsConfig } from '../../../netlify/functions/slots.ts';
import { CONSULTATION_ENDPOINT } from '../../../src/forms/consultation/consultation.ts';
import { TIME_TAKEN } from '../../../src/server/bookings/chosen-time.ts';
import { createSlotsHandler } from '../../../src/server/bookings/slots-endpoint.ts';
import { createConsultationHandler } from '../../../src/server/handlers.ts';
import type { ConsultationRecord } from '../../../src/server/submissions/record.ts';
import { jsonRequest, origin, validConsultation } from '../../../scripts/lib/sample-requests.ts';
import { messageOf } from '../../support/requests.ts';
import {
  dailyCounts,
  failingBeforeCommit,
  heldTimes,
  isEmpty,
  refusingDatabase,
  storedRecords,
  useFormsDatabase,
} from '../../support/stored-enquiries.ts';

const database = useFormsDatabase();
/** Friday 27 November 2026, 10:00 in Nairobi. */
const NOW = new Date('2026-11-27T07:00:00Z');
const MONDAY_0830 = '2026-11-30T08:30:00+03:00';

const consultations = (deps = {}) =>
  createConsultationHandler({
    db: database.db,
    now: () => NOW,
    notify: async () => {},
    log: () => {},
    ...deps,
  });
const slots = (request: Request) => createSlotsHandler({ db: database.db, now: () => NOW, log: () => {} })(request);

const ask = (slot: unknown, changes: Record<string, unknown> = { meeting_place: 'nairobi' }, lang = 'en') =>
  consultations()(
    jsonRequest(CONSULTATION_ENDPOINT, { form_data: { ...validConsultation(), ...changes, slot }, lang }),
  );
const free = async (place = 'nairobi') =>
  (
    (await (await slots(new Request(`${origin}/api/v1/client/slots?place=${place}`))).json()) as {
      slots: { start: string }[];
    }
  ).slots.map((slot) => slot.start);

describe('a consultation request with a chosen time', () => {
  it('is stored with the time, held for it', async () => {
    expect(await free()).toContain(MONDAY_0830);
    const response = await ask(MONDAY_0830);
    expect(response.status, await messageOf(response.clone())).toBe(200);
    const [record] = await storedRecords<ConsultationRecord>(database.db);
    expect(record!.fields).toMatchObject({ meeting_place: 'nairobi', slot: MONDAY_0830 });
    expect(await heldTimes(database.db)).toEqual([
      { place: 'nairobi', start_at: new Date(MONDAY_0830), submission_id: record!.id, state: 'held' },
    ]);
  });

  it('is refused with 409 when another request holds the time, in the page’s language, and nothing is stored', async () => {
    expect((await ask(MONDAY_0830)).status).toBe(200);
    const second = await ask(MONDAY_0830, { meeting_place: 'nairobi' }, 'sw');
    expect(second.status).toBe(409);
    expect(await messageOf(second)).toBe(TIME_TAKEN.sw);
    expect(await storedRecords(database.db)).toHaveLength(1);
    // The refused request's count was rolled back with it.
    expect(await dailyCounts(database.db)).toEqual({ consultation: 1 });
    expect((await ask(MONDAY_0830, { meeting_place: 'kakamega' })).status).toBe(200);
  });

  it('of 20 requests for one time at once, stores one with its hold and refuses nineteen with 409', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => ask(MONDAY_0830)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const response of responses.filter(({ status }) => status === 409))
      expect(await messageOf(response)).toBe(TIME_TAKEN.en);
    const records = await storedRecords(database.db);
    expect(records).toHaveLength(1);
    expect(await heldTimes(database.db)).toEqual([expect.objectContaining({ submission_id: records[0]!.id })]);
    expect(await dailyCounts(database.db)).toEqual({ consultation: 1 });
  });

  it('takes a time whose hold lapsed unanswered, in the same transaction', async () => {
    expect((await ask(MONDAY_0830)).status).toBe(200);
    const [first] = await storedRecords(database.db);
    // Move the first hold's lapse into the past, as if staff never answered it.
    await database.db.query(`UPDATE holds SET lapses_at = $1`, [new Date(NOW.getTime() - 1000)]);
    expect((await ask(MONDAY_0830)).status).toBe(200);
    const holders = (await heldTimes(database.db)).map(({ submission_id }) => submission_id);
    expect(holders).toHaveLength(1);
    expect(holders[0]).not.toBe(first!.id);
  });

  it('is refused with 422 for a time not offered or not a time, or without a place, and nothing is stored', async () => {
    for (const [slot, changes] of [
      ['2026-11-29T09:00:00+03:00', { meeting_place: 'nairobi' }], // a Sunday
      ['2026-11-28T09:00:00+03:00', { meeting_place: 'kakamega' }], // Kakamega is closed on Saturdays
      ['2026-11-30T05:30:00Z', { meeting_place: 'nairobi' }],
      ['next monday', { meeting_place: 'nairobi' }],
      [MONDAY_0830, { meeting_place: '' }],
    ] as const) {
      const response = await ask(slot, changes);
      expect(response.status, `${slot} ${JSON.stringify(changes)}`).toBe(422);
      expect(await messageOf(response)).toMatch(/time|where to meet/i);
    }
    expect(await isEmpty(database.db)).toBe(true);
  });

  it('without a time is stored as before, holding nothing', async () => {
    expect((await ask(undefined)).status).toBe(200);
    expect((await ask('')).status).toBe(200);
    expect(await storedRecords(database.db)).toHaveLength(2);
    expect(await heldTimes(database.db)).toEqual([]);
  });

  it('holds nothing when the request cannot be stored', async () => {
    const response = await consultations({ db: failingBeforeCommit(database.db) })(
      jsonRequest(CONSULTATION_ENDPOINT, {
        form_data: { ...validConsultation(), meeting_place: 'nairobi', slot: MONDAY_0830 },
      }),
    );
    expect(response.status).toBe(500);
    expect(await isEmpty(database.db)).toBe(true);
    expect((await ask(MONDAY_0830)).status).toBe(200);
  });
});

describe('GET /api/v1/client/slots', () => {
  it('is routed at its path, rate-limited per visitor', () => {
    expect(slotsConfig).toMatchObject({ path: '/api/v1/client/slots', rateLimit: { aggregateBy: ['ip'] } });
  });

  it('lists a place’s free times with a few seconds’ cache', async () => {
    const response = await slots(new Request(`${origin}/api/v1/client/slots?place=kakamega`));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=5');
    const body = (await response.json()) as { slots: Array<{ start: string; end: string }> };
    expect(body.slots[0]).toEqual({ start: MONDAY_0830, end: '2026-11-30T09:15:00+03:00' });
  });

  it('answers 400 with a message for a place the form does not offer, or none', async () => {
    for (const query of ['?place=mombasa', '?place=', '', '?place=__proto__']) {
      const response = await slotsFunction(new Request(`${origin}/api/v1/client/slots${query}`));
      expect(response.status, query).toBe(400);
      expect(await messageOf(response)).toMatch(/nairobi, kakamega, video, phone/);
    }
  });

  it('answers 503 with a message, and logs, when the database is unavailable', async () => {
    const logged: unknown[] = [];
    const broken = createSlotsHandler({
      db: refusingDatabase(),
      now: () => NOW,
      log: (entry) => logged.push(entry),
    });
    const response = await broken(new Request(`${origin}/api/v1/client/slots?place=video`));
    expect(response.status).toBe(503);
    expect(await messageOf(response)).toMatch(/without a time/);
    expect(logged).toEqual([expect.objectContaining({ what: 'list the free consultation times', place: 'video' })]);
  });

  it('answers 405 to anything but GET', async () => {
    const response = await slots(new Request(`${origin}/api/v1/client/slots?place=video`, { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
