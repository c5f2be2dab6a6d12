// Retention: submissions past their period are deleted from the database in
// batches by date, with their documents from Blobs; the daily run also deletes
// the lapsed rows of other tables and documents no record names. Overlapping
// runs never take one row twice. Clocks are fixed.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../../../src/lib/privacy.ts';
import { ERASURE_RECORD_DAYS } from '../../../../src/server/submissions/erasures.ts';
import { newSubmissionId } from '../../../../src/server/submissions/ids.ts';
import { ORPHAN_MARGIN_MS } from '../../../../src/server/submissions/retention-documents.ts';
import { PURGE_BATCH, purgeSubmissions, type PurgeOptions } from '../../../../src/server/submissions/retention.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { contactsInBulk, storedAt } from '../../../support/stored-at.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2027-11-22T09:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const periods = { ...DEFAULT_RETENTION_DAYS };

const blobs = localBlobsPerTest();
const database = useTestDatabase();
const { submit, storeContact, idsLeft, documentsLeft } = storedAt(blobs, database);

const purge = (options: Partial<PurgeOptions> = {}) =>
  purgeSubmissions(database.db, blobs.store(), { now: NOW, periods, dryRun: false, ...options });

const contactsFrom = (date: Date, count: number) => contactsInBulk(database.db, date, count);

describe('purging by the retention periods', () => {
  it('deletes applications older than 365 days and enquiries older than 730, with their documents, and keeps the rest', async () => {
    const oldApplication = await submit('application', ago(366 * DAY));
    const keptApplication = await submit('application', ago(365 * DAY));
    const oldContact = await submit('contact', ago(731 * DAY));
    const oldConsultation = await submit('consultation', ago(800 * DAY));
    const keptContact = await submit('contact', ago(400 * DAY));
    expect(await documentsLeft()).toHaveLength(8);

    const dry = await purge({ dryRun: true });
    expect(dry.expired.map((item) => item.id).sort()).toEqual([oldApplication, oldContact, oldConsultation].sort());
    expect(await idsLeft()).toHaveLength(5);

    const report = await purge();
    expect(report.counts).toEqual({ contact: 1, consultation: 1, application: 1 });
    expect(report.expired.find((item) => item.id === oldApplication)).toEqual({
      type: 'application',
      id: oldApplication,
      receivedAt: ago(366 * DAY).toISOString(),
      keys: 5,
    });
    expect(report.complete).toBe(true);
    // One exactly as old as its period is kept.
    expect(await idsLeft()).toEqual([keptApplication, keptContact].sort());
    expect((await documentsLeft()).every((key) => key.startsWith(`application/${keptApplication}/`))).toBe(true);
    expect(await documentsLeft()).toHaveLength(4);
  });

  it('only purges the types asked for', async () => {
    const contact = await storeContact(ago(900 * DAY));
    const application = await submit('application', ago(900 * DAY));
    expect((await purge({ types: ['application'] })).counts).toEqual({ contact: 0, consultation: 0, application: 1 });
    expect(await idsLeft()).toEqual([contact]);
    expect(application).not.toBe(contact);
  });
});

describe('a purge in batches, in bounded time', () => {
  it('deletes one batch per type past its deadline, and the next run goes on from what is left', async () => {
    await contactsFrom(ago(900 * DAY), PURGE_BATCH * 2 + 5);
    const application = await submit('application', ago(900 * DAY));
    const first = await purge({ deadlineMs: 0 });
    expect(first.counts).toEqual({ contact: PURGE_BATCH, consultation: 0, application: 1 });
    expect(first.complete).toBe(false);
    expect(first.expired.some((item) => item.id === application)).toBe(true);
    // The oldest go first.
    expect(first.expired.filter((item) => item.type === 'contact').map((item) => item.id)).toEqual(
      Array.from({ length: PURGE_BATCH }, (_, i) => `OLD${String(i + 1).padStart(23, '0')}`),
    );
    const second = await purge();
    expect(second.counts.contact).toBe(PURGE_BATCH + 5);
    expect(second.complete).toBe(true);
    expect(await idsLeft()).toEqual([]);
  });

  it('deletes what arrived before the cutoff and nothing from the cutoff on', async () => {
    // A second apart, from 5 seconds before the enquiries' cutoff: 4 before it, one on it, 5 after.
    await contactsFrom(ago(730 * DAY + 5_000), 10);
    const report = await purge();
    expect(report.counts.contact).toBe(4);
    expect(await idsLeft()).toEqual(Array.from({ length: 6 }, (_, i) => `OLD${String(i + 5).padStart(23, '0')}`));
  });

  it('never takes one row twice when two runs overlap: together they delete each lapsed row once', async () => {
    await contactsFrom(ago(900 * DAY), PURGE_BATCH * 3);
    const [one, two] = await Promise.all([purge(), purge()]);
    const ids = [...one!.expired, ...two!.expired].map((item) => item.id);
    expect(ids).toHaveLength(PURGE_BATCH * 3);
    expect(new Set(ids).size).toBe(PURGE_BATCH * 3);
    expect(await idsLeft()).toEqual([]);
  });
});

describe('the daily run’s extras', () => {
  it('deletes documents no record names once they are older than the margin, and keeps younger ones and records not yet imported', async () => {
    const files = blobs.store();
    const orphan = newSubmissionId(ago(ORPHAN_MARGIN_MS + 60_000).getTime());
    const writing = newSubmissionId(ago(ORPHAN_MARGIN_MS - 60_000).getTime());
    const notImported = newSubmissionId(ago(2 * DAY).getTime());
    const kept = await submit('application', ago(DAY));
    for (const id of [orphan, writing, notImported]) await files.set(`application/${id}/files/cv_file`, 'bytes');
    await files.setJSON(`application/${notImported}/record`, { id: notImported });

    const dry = await purge({ lapsed: true, dryRun: true });
    expect(dry.orphanDocuments).toBe(1);
    expect(await blobs.keys(`application/${orphan}/`)).toHaveLength(1);

    const report = await purge({ lapsed: true });
    expect(report.orphanDocuments).toBe(1);
    expect(await blobs.keys(`application/${orphan}/`)).toEqual([]);
    expect(await blobs.keys(`application/${writing}/`)).toHaveLength(1);
    expect(await blobs.keys(`application/${notImported}/`)).toHaveLength(2);
    expect(await blobs.keys(`application/${kept}/files/`)).toHaveLength(4);
  });

  it('deletes idempotency keys older than a day, counters of days gone, honeypot hits past 14 days, erasure notes and audit events past six years, only when asked', async () => {
    const { db } = database;
    await db.query(
      `INSERT INTO idempotency_keys (form, key_hash, state, digest, claimed_at)
       VALUES ('contact', 'old', 'stored', 'd', $1), ('contact', 'young', 'stored', 'd', $2)`,
      [ago(DAY + 1000), ago(DAY - 1000)],
    );
    await db.query(
      `INSERT INTO daily_counts (day, counter, count) VALUES ('2027-11-19', 'contact', 3), ('2027-11-20', 'contact', 2),
       ('2027-11-22', 'contact', 1)`,
    );
    await db.query(
      `INSERT INTO honeypot_hits (id, form, received_at, data) VALUES ('H1', 'contact', $1, '{}'), ('H2', 'contact', $2, '{}')`,
      [ago(15 * DAY), ago(13 * DAY)],
    );
    await db.query(
      `INSERT INTO erasures (id, erased_at, counts, documents, email_hmac) VALUES ('E1', $1, '{}', 0, 'h'), ('E2', $2, '{}', 0, 'h')`,
      [ago((ERASURE_RECORD_DAYS + 1) * DAY), ago((ERASURE_RECORD_DAYS - 1) * DAY)],
    );
    await db.query(
      `INSERT INTO audit_events (at, action, subject) VALUES ($1, 'record.open', 'OLD'), ($2, 'record.open', 'YOUNG')`,
      [ago((ERASURE_RECORD_DAYS + 1) * DAY), ago((ERASURE_RECORD_DAYS - 1) * DAY)],
    );
    const rowsLeft = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM idempotency_keys) + (SELECT count(*) FROM daily_counts)
                + (SELECT count(*) FROM honeypot_hits) + (SELECT count(*) FROM erasures)
                + (SELECT count(*) FROM audit_events) AS n`,
        )
      )[0]!.n;
    await purge();
    expect(Number(await rowsLeft())).toBe(11);
    const dry = await purge({ lapsed: true, dryRun: true });
    expect(dry.lapsed).toEqual({
      'idempotency keys': 1,
      'daily counters': 1,
      'honeypot hits': 1,
      'erasure notes': 1,
      'audit events': 1,
    });
    expect(Number(await rowsLeft())).toBe(11);

    const report = await purge({ lapsed: true });
    expect(report.lapsed).toEqual({
      'idempotency keys': 1,
      'daily counters': 1,
      'honeypot hits': 1,
      'erasure notes': 1,
      'audit events': 1,
    });
    expect(await db.query(`SELECT key_hash FROM idempotency_keys`)).toEqual([{ key_hash: 'young' }]);
    expect(await db.query(`SELECT day FROM daily_counts ORDER BY day`)).toEqual([
      { day: '2027-11-20' },
      { day: '2027-11-22' },
    ]);
    expect(await db.query(`SELECT id FROM honeypot_hits`)).toEqual([{ id: 'H2' }]);
    expect(await db.query(`SELECT id FROM erasures`)).toEqual([{ id: 'E2' }]);
    expect(await db.query(`SELECT subject FROM audit_events`)).toEqual([{ subject: 'YOUNG' }]);
  });
});
