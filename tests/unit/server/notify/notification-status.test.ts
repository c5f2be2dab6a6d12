// A record says whether the firm was e-mailed about it. The form functions and
// `npm run submissions -- resend` both notify through notifyFirm(), so they
// record an attempt alike, even when the other wrote to the record meanwhile.
import { describe, expect, it } from 'vitest';
import { validateContact } from '../../../../src/forms/contact/contact.ts';
import type { Mailer } from '../../../../src/server/notify/mail.ts';
import { notifyFirm } from '../../../../src/server/notify/sending.ts';
import { saveEnquiry } from '../../../../src/server/submissions/save.ts';
import { submissionKeys } from '../../../../src/server/submissions/store.ts';
import { contactRecord, type ContactRecord } from '../../../../src/server/submissions/record.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';

const blobs = localBlobsPerTest();
const RECEIVED = new Date('2026-11-22T07:15:00.000Z');
const DELIVERED_BY_THE_OTHER = '2026-11-22T07:15:04.000Z';
const NOW = new Date('2026-11-22T09:00:00.000Z');

const delivering: Mailer = { send: async () => {} };
const failing: Mailer = { send: async () => Promise.reject(new Error('The mail server refused the message')) };

/** A contact record as a form function stores it, with the ETag it was written with. */
async function storedContact() {
  const result = validateContact(validContact());
  if (!result.ok) throw new Error('the test contact message is not valid');
  const record = contactRecord(result.data, { id: '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH', receivedAt: RECEIVED });
  const { etag } = await saveEnquiry(blobs.store(), record);
  return { store: blobs.store(), key: submissionKeys.contact(record.id), record, etag };
}

const notify = (submission: Awaited<ReturnType<typeof storedContact>>, mailer: Mailer) =>
  notifyFirm(submission, testNotificationSettings(null, { mailer }), {
    signal: AbortSignal.timeout(2_000),
    now: () => NOW,
  });

const stored = async (key: string) => (await blobs.store().get(key, { type: 'json' })) as ContactRecord | null;

describe('recording an attempt to notify the firm', () => {
  it('records a delivery on the record as it was stored', async () => {
    const submission = await storedContact();
    const attempt = await notify(submission, delivering);
    expect(attempt.recorded).toBe('saved');
    expect((await stored(submission.key))?.notified).toEqual({
      at: NOW.toISOString(),
      attempts: 1,
      lastError: null,
      lastAttemptAt: NOW.toISOString(),
    });
  });

  it('adds to an attempt recorded meanwhile, so both count and an earlier delivery is not undone by a failure', async () => {
    const submission = await storedContact();
    // The other side (resend, or the function) delivered and recorded it after this side read the record.
    await blobs.store().setJSON(submission.key, {
      ...submission.record,
      notified: { at: DELIVERED_BY_THE_OTHER, attempts: 1, lastError: null },
    });

    const attempt = await notify(submission, failing);
    expect(attempt.recorded).toBe('saved');
    expect((await stored(submission.key))?.notified).toEqual({
      at: DELIVERED_BY_THE_OTHER,
      attempts: 2,
      lastError: 'The mail server refused the message',
      lastAttemptAt: NOW.toISOString(),
    });
  });

  it('never writes a record again that was deleted meanwhile (a person asked for their data to be erased)', async () => {
    const submission = await storedContact();
    await blobs.store().delete(submission.key);

    const attempt = await notify(submission, delivering);
    expect(attempt.recorded).toBe('deleted');
    expect(await stored(submission.key)).toBeNull();
  });
});
