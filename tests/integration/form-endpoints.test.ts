// The three form endpoints as `npm start` serves them (scripts/serve.ts: the real
// functions behind Netlify's own routing, the embedded database, Blobs on local
// disk): any method but POST is answered 405 by the function, not with the
// site's 404 page; a post from another site is refused 403 and nothing of it is
// stored; the site's own post is stored as a row, never as a blob; a
// consultation's chosen time is held and no longer listed as free. Served from
// a project folder of this file's own, so its database and Blobs start empty:
// never those `npm start` keeps, nor its daily counts.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_ENDPOINT as application } from '../../src/forms/application/application.ts';
import { CONSULTATION_ENDPOINT as consultation } from '../../src/forms/consultation/consultation.ts';
import { CONTACT_ENDPOINT as contact } from '../../src/forms/contact/contact.ts';
import {
  applicationRequest,
  validApplicationData,
  validConsultation,
  validContact,
} from '../../scripts/lib/sample-requests.ts';
import { startServe, type RunningServer } from '../../scripts/lib/serve-process.ts';
import { servedDatabase } from '../support/database.ts';
import { functionsOnlyProject } from '../support/functions-only-project.ts';
import { enquirySuccessMessages } from '../../src/server/handlers.ts';
import { closedReason, weekdayOf } from '../../src/lib/bookings/calendar.ts';

let root: string;
beforeAll(async () => {
  root = await functionsOnlyProject('form-endpoints-');
});
afterAll(() => rm(root, { recursive: true, force: true }));
// Where scripts/serve.ts keeps the Blobs of the project it serves.
const storedBlobs = () => join(root, '.netlify/blobs-serve/entries');
// Starting the server builds the site's functions, and each one's first call waits for its build.
const TIMEOUT = 120_000;

/** The records in the served database whose text holds `marker`: the tests share it, so each submission carries its own. */
async function recordsHolding(marker: string): Promise<Array<{ id: string; type: string; record: unknown }>> {
  const db = servedDatabase(root);
  try {
    return await db.query(`SELECT id, type, record FROM submissions WHERE strpos(record::text, $1) > 0`, [marker]);
  } finally {
    await db.close();
  }
}

/** Whether `marker` was stored anywhere: as a record's row, or in any blob. */
async function isStored(marker: string): Promise<boolean> {
  return (await recordsHolding(marker)).length > 0 || (await storesHolding(marker)).length > 0;
}

/** The stores (`site:<name>`) with a blob that holds `marker`. */
async function storesHolding(marker: string): Promise<string[]> {
  const entries = await readdir(storedBlobs(), { recursive: true, withFileTypes: true }).catch(() => []);
  const stores = new Set<string>();
  for (const entry of entries) {
    if (entry.isFile() && (await readFile(join(entry.parentPath, entry.name), 'utf8')).includes(marker)) {
      // entries/<site id>/<store>/<key…>
      stores.add(relative(storedBlobs(), entry.parentPath).split(sep)[1]!);
    }
  }
  return [...stores];
}

/** A valid submission to `path` whose text carries `marker`, as its page would send it. */
async function submission(path: string, marker: string): Promise<{ body: BodyInit; contentType: string }> {
  if (path === contact)
    return {
      body: JSON.stringify({ form_data: { ...validContact(), msg: `Please call me. ${marker}` } }),
      contentType: 'application/json',
    };
  if (path === consultation)
    return {
      body: JSON.stringify({ form_data: { ...validConsultation(), info: `A succession plan. ${marker}` } }),
      contentType: 'application/json',
    };
  const request = await applicationRequest({
    data: { ...validApplicationData(), why_join: `To learn estate planning. ${marker}` },
  });
  return { body: await request.arrayBuffer(), contentType: request.headers.get('content-type')! };
}

describe('the form endpoints, served as `npm start` serves them', { timeout: TIMEOUT }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServe(root);
  }, TIMEOUT);
  afterAll(() => server?.stop());

  const paths = [contact, consultation, application];

  it.each(paths.flatMap((path) => ['GET', 'PUT', 'DELETE'].map((method) => [method, path])))(
    'answers %s %s with 405 JSON and Allow: POST',
    async (method, path) => {
      const response = await fetch(`${server.url}${path}`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ message: expect.stringContaining('POST') });
    },
  );

  it.each(paths)('answers another site’s CORS preflight to %s with 405 and no CORS permission', async (path) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(405);
    expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it.each(paths)(
    'refuses a valid POST to %s from another site with 403 JSON, and stores nothing of it',
    async (path) => {
      const marker = `cross-site-${randomUUID()}`;
      const { body, contentType } = await submission(path, marker);
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, origin: 'https://evil.example' },
        body,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Forms can only be sent from this website.' });
      expect(await isStored(marker)).toBe(false);
    },
  );

  it('stores a valid contact message POSTed from the site’s own page', async () => {
    const marker = `same-origin-${randomUUID()}`;
    const { body, contentType } = await submission(contact, marker);
    const response = await fetch(`${server.url}${contact}`, {
      method: 'POST',
      headers: { 'content-type': contentType, origin: server.url, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await recordsHolding(marker)).toEqual([expect.objectContaining({ type: 'contact' })]);
    // A contact message's text is a record: never written to Blobs.
    expect(await storesHolding(marker)).toEqual([]);
  });

  it('answers a consultation request from the Kiswahili page in Kiswahili, and stores it with its new fields', async () => {
    const marker = `kiswahili-${randomUUID()}`;
    const send = (formData: Record<string, unknown>) =>
      fetch(`${server.url}${consultation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ form_data: formData, lang: 'sw' }),
      });
    const { name: _name, ...withoutName } = validConsultation();
    const refused = await send(withoutName);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: 'Tafadhali rekebisha yafuatayo kisha utume tena. name: Jina linahitajika.',
    });

    const response = await send({
      ...validConsultation(),
      info: `Mpango wa urithi. ${marker}`,
      phone: '0722 514 380',
      contact_method: 'phone',
      meeting_place: 'nairobi',
      preferred_times: ['saturday-mornings'],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ message: enquirySuccessMessages.sw.consultation });
    const [stored] = await recordsHolding(marker);
    expect(stored!.record).toMatchObject({
      type: 'consultation',
      language: 'sw',
      fields: {
        phone: '+254722514380',
        contact_method: 'phone',
        meeting_place: 'nairobi',
        preferred_times: ['saturday-mornings'],
      },
    });
  });

  describe('a consultation with a chosen time (GET /api/v1/client/slots)', () => {
    const free = async (place: string) => {
      const response = await fetch(`${server.url}/api/v1/client/slots?place=${place}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { slots: Array<{ start: string; end: string }> }).slots;
    };
    const request = (place: string, slot: string) =>
      fetch(`${server.url}${consultation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ form_data: { ...validConsultation(), meeting_place: place, slot } }),
      });

    it('lists future times inside the place’s hours, none on a Sunday or a public holiday', async () => {
      const now = new Date();
      const slots = await free('nairobi');
      expect(slots.length).toBeGreaterThan(20);
      for (const { start, end } of slots) {
        expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+03:00$/);
        expect(new Date(start).getTime()).toBeGreaterThan(now.getTime());
        expect(new Date(end).getTime() - new Date(start).getTime()).toBe(45 * 60_000);
        const day = start.slice(0, 10);
        expect(weekdayOf(day), start).not.toBe(0);
        expect(closedReason(day), start).toBeUndefined();
        const [from, to] = [start.slice(11, 16), end.slice(11, 16)];
        const saturday = weekdayOf(day) === 6;
        expect(from >= (saturday ? '09:00' : '08:30') && to <= (saturday ? '12:00' : '16:30'), start).toBe(true);
      }
    });

    it('holds a time a request takes, which is then no longer listed; a second request for it gets 409', async () => {
      const [slot] = await free('kakamega');
      const first = await request('kakamega', slot!.start);
      expect(first.status, await first.clone().text()).toBe(200);
      expect((await free('kakamega')).map(({ start }) => start)).not.toContain(slot!.start);
      const second = await request('kakamega', slot!.start);
      expect(second.status).toBe(409);
      expect(((await second.json()) as { message: string }).message).toMatch(/someone has just taken that time/);
    });

    it('holds a time for exactly one of 20 requests sent for it at once; the others get 409', async () => {
      const [slot] = await free('video');
      const statuses = await Promise.all(
        Array.from({ length: 20 }, async () => (await request('video', slot!.start)).status),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      const db = servedDatabase(root);
      try {
        const holds = await db.query<{ submission_id: string }>(
          `SELECT submission_id FROM holds WHERE place = 'video' AND start_at = $1`,
          [slot!.start],
        );
        expect(holds).toHaveLength(1);
        const [record] = await db.query(`SELECT id FROM submissions WHERE id = $1`, [holds[0]!.submission_id]);
        expect(record).toBeDefined();
      } finally {
        await db.close();
      }
    });

    it('refuses a made-up time with 422, and a place it does not know with 400', async () => {
      const response = await request('nairobi', '2026-12-25T03:00:00+03:00');
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toMatch(/not one we offer/);
      expect((await fetch(`${server.url}/api/v1/client/slots?place=mombasa`)).status).toBe(400);
    });
  });
});

describe('a deploy preview’s form endpoints (CONTEXT=deploy-preview npm start)', { timeout: TIMEOUT }, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServe(root, { CONTEXT: 'deploy-preview', NOTIFY_PREVIEW_TO: '' });
  }, TIMEOUT);
  afterAll(() => server?.stop());

  it('keeps a contact message in the preview’s database, never in a store of Blobs', async () => {
    const marker = `preview-${randomUUID()}`;
    const { body, contentType } = await submission(contact, marker);
    const response = await fetch(`${server.url}${contact}`, {
      method: 'POST',
      headers: { 'content-type': contentType, origin: server.url, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await recordsHolding(marker)).toHaveLength(1);
    expect(await storesHolding(marker)).toEqual([]);
  });
});
