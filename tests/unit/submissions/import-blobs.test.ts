// `npm run submissions -- import-blobs` copies what a site running the version
// before Netlify Database kept in Blobs: the Blobs here are written in that
// version's key layout (contact/{id}, consultation/{id},
// application/{id}/record and files/…, honeypot/{id}, erasures/{id},
// settings/…), then copied; `find --email` finds each person's records; a
// second run copies nothing; nothing is deleted from Blobs.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validApplicationData, validConsultation, validContact } from '../../../scripts/lib/sample-requests.ts';
import { applicationFileFields } from '../../../src/forms/application/application.ts';
import type { UploadedDocument } from '../../../src/server/documents/uploads.ts';
import { newSubmissionId } from '../../../src/server/submissions/ids.ts';
import { applicationRecord, consultationRecord, contactRecord } from '../../../src/server/submissions/record.ts';
import { submissionsToolPerTest, TOOL_NOW } from '../../support/submissions-tool.ts';

const tool = submissionsToolPerTest();
const { blobs, run, idsLeft } = tool;

const at = (minutes: number) => new Date(TOOL_NOW.getTime() - minutes * 60_000);
const meta = (minutes: number) => ({ id: newSubmissionId(at(minutes).getTime()), receivedAt: at(minutes) });

/** What the previous version's functions left in the store "submissions"; the ids. */
async function oldSiteBlobs() {
  const store = blobs.store();
  const contact = contactRecord({ ...validContact(), honey: '' }, meta(30));
  const notified = { at: at(29).toISOString(), attempts: 1, lastError: null, lastAttemptAt: at(29).toISOString() };
  await store.setJSON(`contact/${contact.id}`, { ...contact, notified });
  const consultation = consultationRecord(
    { ...validConsultation(), email: 'Wanjiru@Example.co.ke', honey: '' } as Parameters<typeof consultationRecord>[0],
    meta(20),
  );
  await store.setJSON(`consultation/${consultation.id}`, consultation);
  const bytes = '%PDF-1.7 a document';
  const documents: UploadedDocument[] = applicationFileFields.map((field) => ({
    field,
    partFilename: `${field}.pdf`,
    size: bytes.length,
    detectedType: { ext: 'pdf', mime: 'application/pdf' },
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: Buffer.from(bytes),
  }));
  const data = validApplicationData() as unknown as Parameters<typeof applicationRecord>[0];
  const application = applicationRecord(data, documents, meta(10));
  for (const file of application.files) await store.set(file.key, bytes);
  await store.setJSON(`application/${application.id}/record`, application);
  const hit = newSubmissionId(at(5).getTime());
  await store.setJSON(`honeypot/${hit}`, {
    schemaVersion: 1,
    id: hit,
    form: 'contact',
    receivedAt: at(5).toISOString(),
    data: { name: 'Bot' },
  });
  const note = newSubmissionId(at(60).getTime());
  await store.setJSON(`erasures/${note}`, {
    schemaVersion: 1,
    erasedAt: at(60).toISOString(),
    counts: { contact: 1, consultation: 0, application: 0 },
    documents: 0,
    emailHmac: 'a'.repeat(64),
  });
  await store.set('settings/erasure-hash-key', 'the-old-hash-key');
  await store.set('settings/document-link-secret', 'the-old-link-secret');
  // Not a record: a key the importer leaves alone.
  await store.set('idempotency/contact/abc', '{}');
  return { contact: contact.id, consultation: consultation.id, application: application.id, hit, note };
}

describe('import-blobs', () => {
  it('copies every record of the old layout into the database, and find --email then finds each person’s', async () => {
    const ids = await oldSiteBlobs();
    const before = await blobs.keys();
    const first = await run(['import-blobs']);
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')).toEqual([
      'submissions:',
      '  applications: copied 1, already there 0',
      '  consultation requests: copied 1, already there 0',
      '  contact messages: copied 1, already there 0',
      '  erasure notes: copied 1, already there 0',
      '  honeypot hits: copied 1, already there 0',
      '  settings: copied 2, already there 0',
      'bookings:',
      '  nothing found',
      'alerts:',
      '  nothing found',
      'Every record found was copied or was there already. Nothing was deleted from Blobs.',
    ]);
    expect(await blobs.keys()).toEqual(before);
    expect(await idsLeft()).toEqual([ids.contact, ids.consultation, ids.application].sort());

    const wanjiru = await run(['find', '--email', 'wanjiru@example.co.ke', '--json']);
    const found = (JSON.parse(wanjiru.stdout) as { submissions: Array<{ id: string; notified: unknown }> }).submissions;
    expect(found.map((row) => row.id)).toEqual([ids.consultation, ids.contact]);
    expect(found[1]!.notified).toMatchObject({ at: at(29).toISOString(), attempts: 1 });
    const applicant = await run(['find', '--email', 'achieng@example.com', '--json']);
    expect((JSON.parse(applicant.stdout) as { submissions: Array<{ id: string }> }).submissions).toEqual([
      expect.objectContaining({ id: ids.application }),
    ]);
    // Its documents stay where they were, and the record names them there.
    const shown = JSON.parse((await run(['show', ids.application, '--json'])).stdout) as {
      files: Array<{ key: string }>;
    };
    for (const file of shown.files) expect(await blobs.store().get(file.key)).not.toBeNull();
    expect((await run(['honeypot', ids.hit])).stdout).toContain('"Bot"');
    const { db } = tool.database;
    expect(await db.query(`SELECT name, value FROM settings ORDER BY name`)).toEqual([
      { name: 'document-link-secret', value: 'the-old-link-secret' },
      { name: 'erasure-hash-key', value: 'the-old-hash-key' },
    ]);
    expect(await db.query(`SELECT id, documents FROM erasures`)).toEqual([{ id: ids.note, documents: 0 }]);
  });

  it('copies nothing twice: a second run counts what is there already', async () => {
    await oldSiteBlobs();
    await run(['import-blobs']);
    const again = await run(['import-blobs']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('  contact messages: copied 0, already there 1');
    expect(again.stdout).toContain('  settings: copied 0, already there 2');
    expect(again.stdout).not.toMatch(/copied [1-9]/);
    expect(await idsLeft()).toHaveLength(3);
  });

  it('names each key it could not copy, with why, copies the rest and exits with 1', async () => {
    const ids = await oldSiteBlobs();
    await blobs.store().setJSON('contact/01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH', { not: 'a record' });
    const result = await run(['import-blobs']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  could not copy contact/01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH: contact/01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH does not hold a submission record',
    );
    expect(result.stdout).toContain('1 could not be copied (above, with why); nothing was deleted from Blobs.');
    expect(await idsLeft()).toEqual([ids.contact, ids.consultation, ids.application].sort());
  });
});
