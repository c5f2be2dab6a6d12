// Submissions are kept as long as the privacy notice says, and not a minute
// longer: a purge (the daily retention function's and `purge`'s) deletes
// exactly what is past its period, documents included, and never what is no
// submission of ours, in bounded time whatever the store holds. Clocks are
// fixed. The function itself: retention-function.test.ts.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS } from '../../../../src/lib/privacy.ts';
import { applicationFileFields } from '../../../../src/forms/application/application.ts';
import { GENERATED_SECRET_KEY } from '../../../../src/server/documents/links.ts';
import { ERASURE_RECORD_DAYS } from '../../../../src/server/submissions/erasures.ts';
import { claimIdempotencyKey } from '../../../../src/server/submissions/idempotency.ts';
import { newSubmissionId } from '../../../../src/server/submissions/ids.ts';
import { purgeSubmissions } from '../../../../src/server/submissions/retention.ts';
import { createRetentionHandler } from '../../../../src/server/submissions/retention-handler.ts';
import type { PurgeReport } from '../../../../src/server/submissions/retention-report.ts';
import { submissionKeys, type SubmissionType } from '../../../../src/server/submissions/store.ts';
import { contactRecord } from '../../../../src/server/submissions/record.ts';
import { validContact } from '../../../../scripts/lib/sample-requests.ts';
import { memoryStore, sampleSubmission, type MemoryStore } from '../../../../scripts/lib/memory-store.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { storedAt } from '../../../support/stored-at.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const NOW = new Date('2027-11-22T09:00:00.000Z');
const ago = (ms: number, now = NOW) => new Date(now.getTime() - ms);
const periods = { ...DEFAULT_RETENTION_DAYS };

const blobs = localBlobsPerTest();
const { submit, storeContact, idsLeft } = storedAt(blobs);

/** A submission received at `date`, straight into a store in memory; returns its id. */
function storeIn(memory: MemoryStore, type: SubmissionType, date: Date): string {
  const { id, blobs } = sampleSubmission(type, date);
  for (const [key, value] of blobs) memory.set(key, value);
  return id;
}

/** Stores an idempotency claim made at `date` for a stored application; returns its key. */
async function storeClaim(date: Date): Promise<string> {
  const before = new Set(await blobs.keys('idempotency/'));
  const claim = await claimIdempotencyKey(
    blobs.store(),
    'application',
    `retry-key-${date.getTime()}`,
    'a'.repeat(64),
    date,
  );
  if (claim.kind !== 'new') throw new Error('the claim should be new');
  await claim.stored(newSubmissionId(date.getTime()));
  return (await blobs.keys('idempotency/')).find((key) => !before.has(key))!;
}

describe('purging by the retention periods', () => {
  it('deletes applications older than 365 days and enquiries older than 730, with their files, and keeps the rest', async () => {
    const applicationOut = await submit('application', ago(365 * DAY + MINUTE));
    const applicationIn = await submit('application', ago(365 * DAY - MINUTE));
    const applicationOnTheDay = await submit('application', ago(365 * DAY));
    const contactOut = await submit('contact', ago(730 * DAY + MINUTE));
    const contactIn = await submit('contact', ago(730 * DAY - MINUTE));
    const consultationOut = await submit('consultation', ago(730 * DAY + MINUTE));
    // Past the application period but well inside the enquiry period.
    const consultationIn = await submit('consultation', ago(400 * DAY));

    const dryRun = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: true });
    expect(dryRun.expired.map((item) => item.id).sort()).toEqual([applicationOut, contactOut, consultationOut].sort());
    expect(dryRun.counts).toEqual({ contact: 1, consultation: 1, application: 1 });
    expect(dryRun.cutoffs).toEqual({
      contact: ago(730 * DAY).toISOString(),
      consultation: ago(730 * DAY).toISOString(),
      application: ago(365 * DAY).toISOString(),
    });
    expect(await idsLeft()).toHaveLength(7);

    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(report.expired.find((item) => item.id === applicationOut)).toMatchObject({ type: 'application', keys: 5 });
    expect(report.failed).toEqual([]);
    expect(await idsLeft()).toEqual([applicationIn, applicationOnTheDay, contactIn, consultationIn].sort());
    expect(await blobs.keys(`application/${applicationOut}/`)).toEqual([]);
    expect(await blobs.keys(`application/${applicationIn}/`)).toHaveLength(1 + applicationFileFields.length);

    // A second run a day later takes the one that has now passed its period too.
    const dayLater = await purgeSubmissions(blobs.store(), {
      now: new Date(NOW.getTime() + DAY),
      periods,
      dryRun: false,
    });
    expect(dayLater.expired.map((item) => item.id).sort()).toEqual(
      [applicationIn, applicationOnTheDay, contactIn].sort(),
    );
  });

  it('deletes documents left without a record once they are past the period', async () => {
    const oldId = newSubmissionId(ago(366 * DAY).getTime());
    const newId = newSubmissionId(ago(10 * DAY).getTime());
    for (const id of [oldId, newId]) await blobs.store().set(submissionKeys.applicationFile(id, 'cv_file'), 'orphan');
    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(report.expired).toEqual([
      { type: 'application', id: oldId, receivedAt: ago(366 * DAY).toISOString(), keys: 1 },
    ]);
    expect(await idsLeft()).toEqual([newId]);
  });

  it('only purges the types asked for', async () => {
    const contact = await submit('contact', ago(800 * DAY));
    await submit('application', ago(800 * DAY));
    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, types: ['application'], dryRun: false });
    expect(report.counts).toEqual({ contact: 0, consultation: 0, application: 1 });
    expect(await idsLeft()).toEqual([contact]);
  });
});

describe('what the purge never touches', () => {
  it('keeps the link secret, claims younger than a day and keys that are not submissions, and deletes older claims only when asked', async () => {
    const old = await storeContact(ago(800 * DAY));
    await blobs.store().set(GENERATED_SECRET_KEY, 'secret');
    await blobs.store().set('notes/readme', 'not a submission');
    await blobs
      .store()
      .setJSON(
        'contact/not-a-ulid',
        contactRecord({ ...validContact(), honey: '' }, { id: 'not-a-ulid', receivedAt: ago(900 * DAY) }),
      );
    const lapsedClaim = await storeClaim(ago(25 * HOUR));
    const freshClaim = await storeClaim(ago(23 * HOUR));
    const others = [GENERATED_SECRET_KEY, 'notes/readme', 'contact/not-a-ulid', freshClaim].sort();

    const byHand = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(byHand.expired.map((item) => item.id)).toEqual([old]);
    expect(byHand.claims).toEqual({ deleted: 0, failed: 0 });
    expect(await blobs.keys()).toEqual([...others, lapsedClaim].sort());

    const daily = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false, lapsedClaims: true });
    expect(daily.claims).toEqual({ deleted: 1, failed: 0 });
    expect(await blobs.keys()).toEqual(others);
  });

  it('keeps the notes of erasures for six years, deletes them after, and only in the daily job', async () => {
    const note = async (date: Date) => {
      const key = `erasures/${newSubmissionId(date.getTime())}`;
      await blobs.store().setJSON(key, { schemaVersion: 1, erasedAt: date.toISOString() });
      return key;
    };
    const kept = await note(ago(6 * 365 * DAY));
    const old = await note(ago(6 * 366 * DAY));
    await blobs.store().set('settings/erasure-hash-key', 'key');
    expect(ERASURE_RECORD_DAYS).toBeGreaterThanOrEqual(6 * 365 + 1);

    const byHand = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false, lapsedClaims: true });
    expect(byHand.erasureNotes).toEqual({ deleted: 0, failed: 0 });
    const logged: Array<Record<string, unknown>> = [];
    const daily = createRetentionHandler({
      openStore: () => blobs.store(),
      now: () => NOW,
      periods: () => periods,
      log: (entry) => logged.push(entry),
    });
    expect((await daily()).status).toBe(204);
    expect(logged[0]).toMatchObject({ erasureNotes: { deleted: 1, failed: 0 } });
    expect(await blobs.keys()).toEqual(['settings/erasure-hash-key', kept].sort());
    expect(await blobs.keys('erasures/')).not.toContain(old);
  });

  it('keeps a record that says it arrived inside its period, whatever the time in its id', async () => {
    const id = await storeContact(ago(10 * DAY), newSubmissionId(ago(800 * DAY).getTime()));
    const report = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(report.expired).toEqual([]);
    expect(await idsLeft()).toEqual([id]);
  });

  it('skips a record it cannot read, names it by id, and deletes the rest', async () => {
    const unreadable = newSubmissionId(ago(800 * DAY).getTime());
    await blobs.store().set(submissionKeys.contact(unreadable), '{ not json');
    await storeContact(ago(800 * DAY));
    const errors: Array<Record<string, unknown>> = [];
    const run = createRetentionHandler({
      openStore: () => blobs.store(),
      now: () => NOW,
      periods: () => periods,
      log: () => {},
      logError: (entry) => errors.push(entry),
    });
    expect((await run()).status).toBe(204);
    expect(await idsLeft()).toEqual([unreadable]);
    expect(errors).toEqual([
      expect.objectContaining({
        unreadable: [{ type: 'contact', id: unreadable, detail: expect.stringMatching(/JSON/i) }],
      }),
    ]);
  });
});

describe('a purge in bounded time', () => {
  it('stops at its deadline having started at least one deletion, and the next run goes on from what is left', async () => {
    const old = [
      await storeContact(ago(800 * DAY)),
      await storeContact(ago(900 * DAY)),
      await storeContact(ago(1000 * DAY)),
    ];
    const young = await storeContact(ago(10 * DAY));
    const first = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false, deadlineMs: 0 });
    expect(first).toMatchObject({ complete: false, counts: { contact: 1 } });
    const rest = await purgeSubmissions(blobs.store(), { now: NOW, periods, dryRun: false });
    expect(rest).toMatchObject({ complete: true, counts: { contact: 2 } });
    expect([...first.expired, ...rest.expired].map((item) => item.id).sort()).toEqual(old.sort());
    expect(await idsLeft()).toEqual([young]);
  });

  it('works through 5,000 stored messages in short runs, deleting exactly those past their period and nothing younger', async () => {
    // A store that lists 1,000 keys a page and answers each call after 2 ms: 2,500 deletions take
    // several runs of 300 ms, whatever the machine, and each run lists only what it reaches.
    const memory = memoryStore({ pageSize: 1_000, latencyMs: 2 });
    const deadlineMs = 300;
    // One message every 7 hours over four years: about half are past the 730 days.
    const times = Array.from({ length: 5_000 }, (_, i) => ago((i + 1) * 7 * HOUR));
    const ids = times.map((time) => storeIn(memory, 'contact', time));
    memory.set(GENERATED_SECRET_KEY, 'secret');
    const cutoff = ago(730 * DAY).getTime();
    const expected = ids.filter((_, i) => times[i]!.getTime() < cutoff);
    expect(expected.length).toBeGreaterThan(2_000);
    expect(expected.length).toBeLessThan(3_000);

    const runs: PurgeReport[] = [];
    do runs.push(await purgeSubmissions(memory.store, { now: NOW, periods, dryRun: false, deadlineMs }));
    while (!runs.at(-1)!.complete && runs.length < 200);

    expect(runs.length).toBeGreaterThan(1);
    expect(runs.at(-1)!.complete).toBe(true);
    for (const run of runs) {
      expect(run.failed).toEqual([]);
      expect(run.unreadable).toEqual([]);
      // Work started before the deadline finishes and nothing new starts after it.
      expect(run.elapsedMs).toBeLessThan(deadlineMs + 1_000);
    }
    // The last run lists the few left and the first young ones, and stops: never the 2,500 kept.
    expect(runs.at(-1)!.listed).toBeLessThanOrEqual(1_000);
    expect(runs.flatMap((run) => run.expired.map((item) => item.id)).sort()).toEqual(expected.sort());
    const kept = ids.filter((_, i) => times[i]!.getTime() >= cutoff);
    expect(memory.keys()).toEqual([...kept.map((id) => submissionKeys.contact(id)), GENERATED_SECRET_KEY].sort());
  });

  it('does not let 5,000 newer applications keep an expired contact message past one run', async () => {
    // Application keys sort before contact keys. A run that listed the whole store, a page of 1,000
    // keys for every call of 50 ms, and started its clock at its first deletion would delete the
    // expired applications (200 ms) and then page through the 25,000 keys of the new ones (1.2 s),
    // past its second, never reaching the contact message. Listed by its own prefix, the message is
    // the first key its type lists, and the applications' listing stops at the first new one.
    const memory = memoryStore({ pageSize: 1_000, latencyMs: 50 });
    const expiredApplications = Array.from({ length: 8 }, (_, i) =>
      storeIn(memory, 'application', ago((400 + i) * DAY)),
    );
    for (let i = 0; i < 5_000; i++) storeIn(memory, 'application', ago(i * 90 * MINUTE));
    const expiredContact = storeIn(memory, 'contact', ago(731 * DAY));
    const youngContact = storeIn(memory, 'contact', ago(729 * DAY));

    const run = await purgeSubmissions(memory.store, { now: NOW, periods, dryRun: false, deadlineMs: 1_000 });
    expect(run.counts).toEqual({ contact: 1, consultation: 0, application: 8 });
    expect(run.complete).toBe(true);
    expect(run.expired.map((item) => item.id).sort()).toEqual([...expiredApplications, expiredContact].sort());
    // The first page of applications, the two contact messages, no consultation: not the store.
    expect(run.listed).toBeLessThanOrEqual(1_002);
    expect(memory.keys('contact/')).toEqual([submissionKeys.contact(youngContact)]);
    expect(memory.keys('application/')).toHaveLength(5_000 * (1 + applicationFileFields.length));
  });

  it('counts listing in its time: a store that lists out of key order is read to the end only as far as the time allows', async () => {
    const memory = memoryStore({ pageSize: 5, latencyMs: 40, descending: true });
    const young = Array.from({ length: 50 }, (_, i) => storeIn(memory, 'contact', ago((i + 1) * DAY)));
    const old = storeIn(memory, 'contact', ago(800 * DAY));
    const outOfOrder = memory.store;

    const first = await purgeSubmissions(outOfOrder, { now: NOW, periods, dryRun: false, deadlineMs: 100 });
    expect(first).toMatchObject({ complete: false, unordered: true, counts: { contact: 0 } });
    expect(first.listed).toBeLessThan(30);
    expect(first.elapsedMs).toBeLessThan(100 + 500);

    // Without a time limit worth the name, the run reads every page, and still deletes only the old one.
    const whole = await purgeSubmissions(outOfOrder, { now: NOW, periods, dryRun: false, deadlineMs: 60_000 });
    expect(whole).toMatchObject({ complete: true, unordered: true, counts: { contact: 1 } });
    expect(whole.expired.map((item) => item.id)).toEqual([old]);
    expect(memory.keys()).toEqual(young.map((id) => submissionKeys.contact(id)).sort());
  });
});
