// A record says whether the firm was e-mailed about it. The form functions and
// `npm run submissions -- resend` both notify through notifyFirm(), so they
// record an attempt alike, even when the other records one at the same time.
import { describe, expect, it } from 'vitest';
import { validateContact } from '../../../../src/forms/contact/contact.ts';
import type { Mailer } from '../../../../src/server/notify/mail.ts';
import { notifyFirm } from '../../../../src/server/notify/sending.ts';
import { recordNotificationOutcome, saveEnquiry } from '../../../../src/server/submissions/save.ts';
import { contactRecord, type ContactRecord } from '../../../../src/server/submissions/record.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { storedRecords } from '../../../support/stored-enquiries.ts';

const database = useTestDatabase();
const RECEIVED = new Date('2026-11-22T07:15:00.000Z');
const DELIVERED_BY_THE_OTHER = new Date('2026-11-22T07:15:04.000Z');
const NOW = new Date('2026-11-22T09:00:00.000Z');

const delivering: Mailer = { send: async () => {} };
const failing: Mailer = { send: async () => Promise.reject(new Error('The mail server refused the message')) };

/** A contact record as a form function stores it. */
async function storedContact(): Promise<ContactRecord> {
  const result = validateContact(validContact());
  if (!result.ok) throw new Error('the test contact message is not valid');
  const record = contactRecord(result.data, { id: '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH', receivedAt: RECEIVED });
  await database.db.transaction((tx) => saveEnquiry(tx, record));
  return record;
}

const notify = (record: ContactRecord, mailer: Mailer) =>
  notifyFirm({ db: database.db, record }, testNotificationSettings(null, { mailer }), {
    signal: AbortSignal.timeout(2_000),
    now: () => NOW,
  });

const notifiedNow = async () => (await storedRecords(database.db))[0]?.notified;

describe('recording an attempt to notify the firm', () => {
  it('records a delivery on the record as it was stored', async () => {
    const record = await storedContact();
    const attempt = await notify(record, delivering);
    expect(attempt.recorded).toBe('saved');
    expect(await notifiedNow()).toEqual({
      at: NOW.toISOString(),
      attempts: 1,
      lastError: null,
      lastAttemptAt: NOW.toISOString(),
    });
  });

  it('adds to an attempt recorded meanwhile, so both count and an earlier delivery is not undone by a failure', async () => {
    const record = await storedContact();
    // The other side (resend, or the function) delivered and recorded it after this side read the record.
    await recordNotificationOutcome(database.db, record.id, { deliveredAt: DELIVERED_BY_THE_OTHER });

    const attempt = await notify(record, failing);
    expect(attempt.recorded).toBe('saved');
    expect(await notifiedNow()).toEqual({
      at: DELIVERED_BY_THE_OTHER.toISOString(),
      attempts: 2,
      lastError: 'The mail server refused the message',
      lastAttemptAt: NOW.toISOString(),
    });
  });

  it('counts two attempts recorded at once, each added to the other', async () => {
    const record = await storedContact();
    await Promise.all([
      recordNotificationOutcome(database.db, record.id, { deliveredAt: DELIVERED_BY_THE_OTHER }),
      recordNotificationOutcome(database.db, record.id, { error: 'timed out', failedAt: NOW }),
    ]);
    expect(await notifiedNow()).toMatchObject({ at: DELIVERED_BY_THE_OTHER.toISOString(), attempts: 2 });
  });

  it('never writes a record again that was deleted meanwhile (a person asked for their data to be erased)', async () => {
    const record = await storedContact();
    await database.db.query('DELETE FROM submissions WHERE id = $1', [record.id]);

    const attempt = await notify(record, delivering);
    expect(attempt.recorded).toBe('deleted');
    expect(await storedRecords(database.db)).toEqual([]);
  });
});
