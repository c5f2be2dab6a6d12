// An application sent again with the same Idempotency-Key (its answer was lost
// on a dropped connection) is stored and notified once, and answered as the
// first; sent again with other content, it is refused, never silently dropped.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applicationFileFields } from '../../../../src/forms/application/application.ts';
import { successMessages } from '../../../../src/server/handlers.ts';
import { createApplicationHandler, type ApplicationHandlerDeps } from '../../../../src/server/application-handler.ts';
import {
  claimIdempotencyKey,
  IDEMPOTENCY_WINDOW_MS,
  PENDING_CLAIM_MS,
} from '../../../../src/server/submissions/idempotency.ts';
import { createNotifier } from '../../../../src/server/notify/sending.ts';
import type { Database } from '../../../../src/server/db/database.ts';
import { isUniqueViolation } from '../../../../src/server/db/unavailable.ts';
import { pdfBytes } from '../../../../scripts/lib/sample-documents.ts';
import {
  applicationRequest,
  validApplicationData,
  validApplicationFiles,
  type UploadFile,
} from '../../../../scripts/lib/sample-requests.ts';
import { storedApplicationsPerTest } from '../../../support/stored-applications.ts';
import { messageOf } from '../../../support/requests.ts';
import { countingMailer } from '../../../support/counting-mailer.ts';
import { testNotificationSettings } from '../../../support/notification-settings.ts';
import { smtpServerPerTest } from '../../../support/smtp-per-test.ts';
import { disarmInProcess, rebuiltCopy } from '../../../support/rebuilt-documents.ts';

const stored = storedApplicationsPerTest();
const db = () => stored.database.db;
const smtp = smtpServerPerTest();
const KEY = 'b6f1c2d0-3e4a-4f5b-9c8d-7e6f5a4b3c2d';
const FIRST = new Date('2026-11-23T07:00:00Z');

function handlerAt(now: Date, deps: ApplicationHandlerDeps = {}) {
  const log = () => {};
  const settings = () => testNotificationSettings(smtp.url);
  return createApplicationHandler({
    db: db(),
    now: () => now,
    log,
    notify: createNotifier({ settings, log }),
    disarm: disarmInProcess,
    ...deps,
  });
}

const send = (
  handler: ReturnType<typeof handlerAt>,
  key: string | null = KEY,
  content: { data?: Record<string, unknown>; files?: UploadFile[] } = {},
) => applicationRequest({ ...content, headers: key ? { 'Idempotency-Key': key } : {} }).then(handler);
const storedApplications = stored.records;
const storedRecords = stored.records;
/** The claims kept, as rows. */
const claims = () =>
  db().query<Record<string, unknown>>(
    `SELECT form, key_hash, state, digest, submission_id, claimed_at FROM idempotency_keys`,
  );
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const LATER = new Date(FIRST.getTime() + 90_000);

/** The sample documents, the KSL proof swapped for a different PDF. */
const withKslSwapped = () => {
  const files = {
    ...validApplicationFiles(),
    ksl_file: { name: 'ksl-admission.pdf', bytes: pdfBytes('corrected ksl'), type: 'application/pdf' },
  };
  return applicationFileFields.map((field) => files[field]);
};
const alreadyReceived = /already received your application from this form.*reload the page and apply again/;

describe('an application sent again with the same Idempotency-Key', () => {
  it('is stored and notified once, and answered with the same success message', async () => {
    const mailer = countingMailer(testNotificationSettings(smtp.url).mailer!);
    const notify = createNotifier({ settings: () => testNotificationSettings(smtp.url, { mailer }), log: () => {} });
    const first = await send(handlerAt(FIRST, { notify }));
    const again = await send(handlerAt(new Date(FIRST.getTime() + 90_000), { notify }));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await messageOf(again)).toBe(successMessages.application);
    expect(await storedApplications()).toHaveLength(1);
    // Every e-mail either request asked for has been sent (or has failed) by now: none is still on its way.
    expect(await mailer.settled()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('with a document swapped gets a 409 telling them to reload, and the stored application stays as it was', async () => {
    await send(handlerAt(FIRST));
    const [before] = await storedRecords();
    const swapped = await send(handlerAt(LATER), KEY, { files: withKslSwapped() });
    expect(swapped.status).toBe(409);
    expect(await messageOf(swapped)).toMatch(alreadyReceived);
    expect(await storedRecords()).toEqual([before]);
    expect(before!.files.find((file) => file.field === 'ksl_file')!.sha256).toBe(
      sha256(await rebuiltCopy(validApplicationFiles().ksl_file)),
    );
    expect(smtp.messages).toHaveLength(1);
  });

  it('with a field changed gets the same 409, and nothing more is stored', async () => {
    await send(handlerAt(FIRST));
    const changed = await send(handlerAt(LATER), KEY, {
      data: { ...validApplicationData(), university: 'Moi University' },
    });
    expect(changed.status).toBe(409);
    expect(await messageOf(changed)).toMatch(alreadyReceived);
    expect((await storedRecords()).map((record) => record.fields.university)).toEqual(['University of Nairobi']);
  });

  it('is stored anew after 24 hours, and a different key or no key is another application', async () => {
    await send(handlerAt(FIRST));
    await send(handlerAt(new Date(FIRST.getTime() + IDEMPOTENCY_WINDOW_MS + 1000)));
    await send(handlerAt(FIRST), 'another-form-fill-key-1234');
    await send(handlerAt(FIRST), null);
    await send(handlerAt(FIRST), null);
    expect(await storedApplications()).toHaveLength(5);
  });

  it('gets a 409 while the first is still being stored, and goes through once that request has died', async () => {
    await claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), FIRST);
    const meanwhile = await send(handlerAt(new Date(FIRST.getTime() + 5_000)));
    expect(meanwhile.status).toBe(409);
    expect(await messageOf(meanwhile)).toMatch(/still being received/);
    expect(await storedApplications()).toHaveLength(0);
    const later = await send(handlerAt(new Date(FIRST.getTime() + PENDING_CLAIM_MS + 1000)));
    expect(later.status).toBe(200);
    expect(await storedApplications()).toHaveLength(1);
  });

  it('is stored when the first attempt failed to store, as the first was never kept', async () => {
    let transactions = 0;
    const outage: Database = {
      query: db().query,
      transaction: (work) =>
        transactions++ === 0 ? db().transaction(work) : Promise.reject(new Error('simulated fault')),
    };
    expect((await send(handlerAt(FIRST, { db: outage }))).status).toBe(500);
    expect(await claims()).toEqual([]);
    expect((await send(handlerAt(FIRST))).status).toBe(200);
    expect(await storedApplications()).toHaveLength(1);
  });

  it('with a malformed key is refused with 400 before anything is stored', async () => {
    const response = await send(handlerAt(FIRST), 'short');
    expect(response.status).toBe(400);
    expect(await messageOf(response)).toMatch(/Idempotency-Key header must be 16 to 128/);
    await stored.expectNothingStored();
  });

  it('never keeps the key itself, only its hash, nor anything the applicant sent, only a digest of it', async () => {
    await send(handlerAt(FIRST));
    const [record] = await storedRecords();
    expect(await claims()).toEqual([
      {
        form: 'application',
        key_hash: sha256(new TextEncoder().encode(KEY)),
        state: 'stored',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        submission_id: record!.id,
        claimed_at: FIRST,
      },
    ]);
    expect(JSON.stringify(await claims())).not.toContain(KEY);
  });
});

describe('an idempotency claim in the database', () => {
  const claimRow = (claimedAt: Date) =>
    db().query(
      `INSERT INTO idempotency_keys (form, key_hash, state, digest, claimed_at) VALUES ('application', 'k', 'pending', 'd', $1)`,
      [claimedAt],
    );

  it('is refused a second row for one form and key by the primary key alone', async () => {
    await claimRow(FIRST);
    const second = await claimRow(LATER).catch((error: unknown) => error);
    expect(isUniqueViolation(second, 'idempotency_keys_pkey')).toBe(true);
  });

  it('of a request that died is taken over by one of two repeats at once; the other is told it is still being received', async () => {
    await claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), FIRST);
    const later = new Date(FIRST.getTime() + PENDING_CLAIM_MS + 1000);
    const outcomes = await Promise.allSettled([
      claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), later),
      claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), new Date(later.getTime() + 1)),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(String((refused as PromiseRejectedResult).reason)).toMatch(/still being received/);
  });

  it('taken over while its request was still storing makes that request store nothing', async () => {
    const first = await claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), FIRST);
    await claimIdempotencyKey(db(), 'application', KEY, 'a'.repeat(64), LATER);
    if (first.kind !== 'new') throw new Error('the first claim should be new');
    await expect(db().transaction((tx) => first.stored(tx, 'an-id'))).rejects.toThrow(/still being received/);
    expect(await claims()).toMatchObject([{ state: 'pending', claimed_at: LATER }]);
  });
});
