// Staff open an application's documents from the notification e-mail: each
// document has a signed link that expires; the function behind it serves the
// exact bytes stored (the rebuilt copy of what was uploaded) while its record is committed, and refuses
// anything else with a short 4xx.
import { describe, expect, it } from 'vitest';
import { applicationFileFields } from '../../../../src/forms/application/application.ts';
import { createDocumentHandler } from '../../../../src/server/documents/handler.ts';
import {
  GENERATED_SECRET_SETTING,
  checkDocumentLink,
  documentLinkSecret,
  documentLinks,
  signDocumentLink,
} from '../../../../src/server/documents/links.ts';
import { createApplicationHandler } from '../../../../src/server/application-handler.ts';
import { createNotifier } from '../../../../src/server/notify/sending.ts';
import type { ApplicationRecord } from '../../../../src/server/submissions/record.ts';
import { DatabaseUnavailable } from '../../../../src/server/db/unavailable.ts';
import { writeDocuments } from '../../../../src/server/submissions/store.ts';
import { applicationRequest, validApplicationFiles } from '../../../../scripts/lib/sample-requests.ts';
import { storedApplicationsPerTest } from '../../../support/stored-applications.ts';
import { disarmInProcess, rebuiltCopy } from '../../../support/rebuilt-documents.ts';
import { TEST_SITE_URL, testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';

const stored = storedApplicationsPerTest();
const { blobs } = stored;
const db = () => stored.database.db;
const smtp = smtpServerPerTest();
const ORIGIN = TEST_SITE_URL;
const RECEIVED = new Date('2026-11-23T07:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

// No DOCUMENT_LINK_SECRET: the secret is made once and kept in the database.
const settings = (days = 14) =>
  testNotificationSettings(smtp.url, {
    documentLinks: async () => ({ secret: await documentLinkSecret(db(), undefined), origin: ORIGIN, days }),
  });

/** The secret kept, as its row holds it. */
const keptSecret = async () =>
  (await db().query<{ value: unknown }>(`SELECT value FROM settings WHERE name = $1`, [GENERATED_SECRET_SETTING]))[0]
    ?.value;

/** Sends a valid application through the real handler and returns the links its notification carries. */
async function applyAndReadLinks(days = 14): Promise<{ record: ApplicationRecord; text: string; links: URL[] }> {
  const log = () => {};
  const handler = createApplicationHandler({
    db: db(),
    now: () => RECEIVED,
    log,
    notify: createNotifier({ settings: () => settings(days), log, now: () => RECEIVED }),
    disarm: disarmInProcess,
  });
  expect((await handler(await applicationRequest())).status).toBe(200);
  const [mail] = await smtp.waitFor(1);
  const record = await stored.onlyRecord();
  const links = [...mail!.text.matchAll(/https:\/\/\S+\/api\/v1\/documents\/\S+/g)].map((match) => new URL(match[0]));
  return { record, text: mail!.text, links };
}

const download = (
  url: URL,
  now = new Date(RECEIVED.getTime() + DAY),
  logAccess: (entry: Record<string, unknown>) => void = () => {},
) =>
  createDocumentHandler({ db: db(), openFiles: () => blobs.store(), now: () => now, log: () => {}, logAccess })(
    new Request(url),
  );

describe('the notification of an application', () => {
  it('carries one signed link per document on the site’s own origin, and says until when they work', async () => {
    const { record, text, links } = await applyAndReadLinks();
    expect(links.map((link) => link.pathname)).toEqual(
      applicationFileFields.map((field) => `/api/v1/documents/${record.id}/${field}`),
    );
    for (const link of links) {
      expect(link.origin).toBe(ORIGIN);
      expect(Number(link.searchParams.get('expires')) * 1000).toBe(RECEIVED.getTime() + 14 * DAY);
      expect(link.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    }
    expect(text).toContain('The links work until 7 December 2026');
    expect(text).toContain(`npm run submissions -- show ${record.id}`);
    expect(text).toContain(`npm run submissions -- export ${record.id}`);
    expect(await keptSecret()).toMatch(/^[\w-]{43}$/);
  });

  it('links to documents that download as exactly the copies stored, with their real type and a descriptive name', async () => {
    const { record, links } = await applyAndReadLinks();
    const uploaded = validApplicationFiles();
    const accessed: Array<Record<string, unknown>> = [];
    for (const [index, field] of applicationFileFields.entries()) {
      const response = await download(links[index]!, undefined, (entry) => void accessed.push(entry));
      expect(response.status, field).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(await rebuiltCopy(uploaded[field]));
      const file = record.files.find((candidate) => candidate.field === field)!;
      expect(response.headers.get('content-type')).toBe(file.detectedType.mime);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="[a-z-]+\.(docx|png|pdf|jpg)"$/,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(accessed).toEqual(
      applicationFileFields.map((field) => ({
        what: 'document downloaded through a signed link',
        submissionId: record.id,
        document: field,
      })),
    );
  });

  it('links that are altered, expired, or to a deleted application get a short plain 4xx and nothing else', async () => {
    const { record, links } = await applyAndReadLinks(2);
    const link = links[0]!;
    const refused = async (url: URL, status: number, message: string, now?: Date) => {
      const response = await download(url, now);
      expect(response.status, url.href).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect((await response.text()).trim()).toBe(message);
    };
    const altered = (change: (url: URL) => void) => {
      const url = new URL(link);
      change(url);
      return url;
    };
    const otherFirstCharacter = (signature: string) => `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await refused(
      altered((url) => url.searchParams.set('signature', otherFirstCharacter(url.searchParams.get('signature')!))),
      403,
      'This document link is not valid.',
    );
    await refused(
      altered((url) => url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400))),
      403,
      'This document link is not valid.',
    );
    await refused(
      altered((url) => (url.pathname = url.pathname.replace('cv_file', 'kcse_file'))),
      403,
      'This document link is not valid.',
    );
    await refused(
      altered((url) => url.searchParams.delete('signature')),
      400,
      'This is not a document link.',
    );
    await refused(link, 410, 'This document link has expired.', new Date(RECEIVED.getTime() + 2 * DAY + 1000));

    for (const key of await blobs.keys(`application/${record.id}/`)) await blobs.store().delete(key);
    await refused(link, 404, 'This document is no longer available.');
  });

  it('links to a document whose record is not committed get the same 404, though the file is in Blobs', async () => {
    const { record, links } = await applyAndReadLinks();
    await db().query(`DELETE FROM submissions WHERE id = $1`, [record.id]);
    expect(await stored.documentKeys()).toHaveLength(4);
    const response = await download(links[0]!);
    expect(response.status).toBe(404);
    expect((await response.text()).trim()).toBe('This document is no longer available.');

    // Documents written by a request whose record never committed, under a signed link: never served either.
    const orphanId = '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH';
    await writeDocuments(blobs.store(), orphanId, [
      { field: 'cv_file', bytes: new Uint8Array([37, 80, 68, 70]), mime: 'application/pdf', metadata: {} },
    ]);
    const { urls } = documentLinks(orphanId, { secret: String(await keptSecret()), origin: ORIGIN, days: 3 }, RECEIVED);
    expect((await download(new URL(urls.cv_file))).status).toBe(404);
  });
});

describe('a document link while the database is unavailable', () => {
  it('gets a short plain 503 asking to try again in a few minutes, and the fault is logged', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const unavailable = () => Promise.reject(new DatabaseUnavailable('The database could not be reached'));
    const { urls } = documentLinks(
      '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
      { secret: 'secret', origin: ORIGIN, days: 3 },
      RECEIVED,
    );
    const response = await createDocumentHandler({
      db: { query: unavailable, transaction: unavailable },
      openFiles: () => blobs.store(),
      log: (entry) => logged.push(entry),
    })(new Request(urls.cv_file));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await response.text()).trim()).toBe(
      'The document could not be read just now. Please try again in a few minutes.',
    );
    expect(logged).toEqual([{ what: 'serve a document', detail: 'The database could not be reached' }]);
  });
});

describe('document link signatures', () => {
  it('change with the submission, the document, the expiry and the secret', () => {
    const id = '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH';
    const base = signDocumentLink('secret', id, 'cv_file', 1_800_000_000);
    expect(signDocumentLink('secret', id, 'cv_file', 1_800_000_000)).toBe(base);
    expect(
      new Set([
        base,
        signDocumentLink('secret', '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XJ', 'cv_file', 1_800_000_000),
        signDocumentLink('secret', id, 'ksl_file', 1_800_000_000),
        signDocumentLink('secret', id, 'cv_file', 1_800_000_001),
        signDocumentLink('another', id, 'cv_file', 1_800_000_000),
      ]).size,
    ).toBe(5);
  });

  it('are only valid for this site’s secret, and only until they expire', () => {
    const { urls, expiresAt } = documentLinks(
      '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
      { secret: 'secret', origin: ORIGIN, days: 3 },
      RECEIVED,
    );
    expect(expiresAt).toEqual(new Date(RECEIVED.getTime() + 3 * DAY));
    const url = new URL(urls.ksl_file);
    expect(checkDocumentLink(url, 'secret', RECEIVED)).toEqual({
      ok: true,
      submissionId: '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
      field: 'ksl_file',
    });
    expect(checkDocumentLink(url, 'other-secret', RECEIVED)).toMatchObject({ ok: false, status: 403 });
    expect(checkDocumentLink(url, 'secret', expiresAt)).toMatchObject({ ok: false, status: 410 });
  });

  it('use DOCUMENT_LINK_SECRET when it is set, else one secret made once and kept', async () => {
    expect(await documentLinkSecret(db(), 'configured-secret')).toBe('configured-secret');
    expect(await keptSecret()).toBeUndefined();
    const [first, second] = await Promise.all([
      documentLinkSecret(db(), undefined),
      documentLinkSecret(db(), undefined),
    ]);
    expect(first).toBe(second);
    expect(await keptSecret()).toBe(first);
    expect(await documentLinkSecret(db(), undefined)).toBe(first);
  });
});
