// The daily retention function deletes what is past the periods it is set
// to, in the firm's store and the previews', and logs ids and counts (never a
// name or an address), also when its run was cut short by the time limit, a
// listing that failed or a store call that hung. Clocks are fixed.
import { describe, expect, it } from 'vitest';
import retention, { config } from '../../../../netlify/functions/retention.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../../src/lib/privacy.ts';
import { createRetentionHandler } from '../../../../src/server/submissions/retention-handler.ts';
import { submissionKeys } from '../../../../src/server/submissions/store.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { storedAt } from '../../../support/stored-at.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2027-11-22T09:00:00.000Z');
const ago = (ms: number, now = NOW) => new Date(now.getTime() - ms);
const periods = { ...DEFAULT_RETENTION_DAYS };

const blobs = localBlobsPerTest();
const { submit, storeContact, idsLeft, storeWith } = storedAt(blobs);

describe('the daily retention function', () => {
  it('runs once a day', () => {
    expect(config).toEqual({ schedule: '@daily' });
  });

  it('deletes what is past the default periods and logs ids and counts, never names or addresses', async () => {
    const now = new Date();
    const old = await submit('application', ago(366 * DAY, now));
    const fresh = await submit('application', ago(364 * DAY, now));
    const lines: string[] = [];
    const originalLog = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect((await retention()).status).toBe(204);
    } finally {
      console.log = originalLog;
    }
    expect(await idsLeft()).toEqual([fresh]);
    // It purges the firm's store and, beside it, the one deploy previews write to.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry.store).sort()).toEqual(['submissions', 'submissions-preview']);
    const entry = entries.find((candidate) => candidate.store === 'submissions')!;
    expect(entry).toMatchObject({
      level: 'info',
      counts: { contact: 0, consultation: 0, application: 1 },
      deleted: [{ type: 'application', id: old }],
      periodsInDays: { application: 365, enquiry: 730 },
    });
    expect(lines.join('\n')).not.toMatch(/Achieng|@|30123456/);
  });

  it('uses RETENTION_APPLICATION_DAYS and RETENTION_ENQUIRY_DAYS when set', async () => {
    const application = await submit('application', ago(31 * DAY));
    const contact = await submit('contact', ago(61 * DAY));
    const keptContact = await submit('contact', ago(59 * DAY));
    const saved = { ...process.env };
    process.env.RETENTION_APPLICATION_DAYS = '30';
    process.env.RETENTION_ENQUIRY_DAYS = '60';
    try {
      const logged: Array<Record<string, unknown>> = [];
      const run = createRetentionHandler({
        openStore: () => blobs.store(),
        now: () => NOW,
        log: (entry) => logged.push(entry),
      });
      expect((await run()).status).toBe(204);
      expect(logged[0]).toMatchObject({ periodsInDays: { application: 30, enquiry: 60 } });
      expect((logged[0]!.deleted as Array<{ id: string }>).map((item) => item.id).sort()).toEqual(
        [application, contact].sort(),
      );
      expect(await idsLeft()).toEqual([keptContact]);
    } finally {
      process.env = saved;
    }
  });

  it('says in its log when it stopped at the time limit, leaving the rest to the next run', async () => {
    await storeContact(ago(800 * DAY));
    await storeContact(ago(900 * DAY));
    const logged: Array<Record<string, unknown>> = [];
    const run = createRetentionHandler({
      openStore: () => blobs.store(),
      now: () => NOW,
      periods: () => periods,
      deadlineMs: 0,
      log: (entry) => logged.push(entry),
    });
    expect((await run()).status).toBe(204);
    expect(logged[0]).toMatchObject({
      what: expect.stringContaining('the next run deletes the rest'),
      complete: false,
      counts: { contact: 1 },
    });
    expect(await idsLeft()).toHaveLength(1);
  });

  it('logs what it deleted when a listing fails part-way, and fails the run so it is noticed', async () => {
    const contact = await storeContact(ago(800 * DAY));
    const logged: Array<Record<string, unknown>> = [];
    const errors: Array<Record<string, unknown>> = [];
    const run = createRetentionHandler({
      openStore: () =>
        storeWith({
          list: (options: { prefix?: string; paginate?: boolean }) =>
            options.prefix === 'consultation/'
              ? (async function* () {
                  yield* [];
                  throw new Error('Netlify Blobs answered 503');
                })()
              : blobs.store().list(options as { paginate: true }),
        }),
      now: () => NOW,
      periods: () => periods,
      log: (entry) => logged.push(entry),
      logError: (entry) => errors.push(entry),
    });
    expect((await run()).status).toBe(500);
    expect(logged).toEqual([
      expect.objectContaining({ counts: { contact: 1, consultation: 0, application: 0 }, complete: false }),
    ]);
    expect(logged[0]!.deleted).toEqual([{ type: 'contact', id: contact }]);
    expect(errors).toEqual([
      expect.objectContaining({ listingErrors: [{ prefix: 'consultation/', detail: 'Netlify Blobs answered 503' }] }),
    ]);
  });

  it('logs what it deleted so far when a store call hangs, before Netlify would stop the function', async () => {
    const done = await storeContact(ago(900 * DAY));
    const hanging = await storeContact(ago(800 * DAY));
    const logged: Array<Record<string, unknown>> = [];
    const errors: Array<Record<string, unknown>> = [];
    const run = createRetentionHandler({
      openStore: () =>
        storeWith({
          delete: (key: string) =>
            key === submissionKeys.contact(hanging) ? new Promise(() => {}) : blobs.store().delete(key),
        }),
      now: () => NOW,
      periods: () => periods,
      runLimitMs: 500,
      log: (entry) => logged.push(entry),
      logError: (entry) => errors.push(entry),
    });
    const started = performance.now();
    expect((await run()).status).toBe(500);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(logged).toEqual([
      expect.objectContaining({
        what: expect.stringContaining('stopped waiting for the store'),
        counts: { contact: 1, consultation: 0, application: 0 },
        deleted: [{ type: 'contact', id: done }],
        complete: false,
      }),
    ]);
    expect(errors[0]).toMatchObject({ what: expect.stringContaining('a store call is hanging') });
  });

  it('refuses a retention period that is not a whole number of days, and deletes nothing', async () => {
    await submit('application', ago(400 * DAY));
    const saved = { ...process.env };
    process.env.RETENTION_APPLICATION_DAYS = '0';
    try {
      const errors: Array<Record<string, unknown>> = [];
      const run = createRetentionHandler({
        openStore: () => blobs.store(),
        now: () => NOW,
        log: () => {},
        logError: (entry) => errors.push(entry),
      });
      expect((await run()).status).toBe(500);
      expect(String(errors[0]?.detail)).toContain('RETENTION_APPLICATION_DAYS must be a whole number of days');
      expect(await idsLeft()).toHaveLength(1);
    } finally {
      process.env = saved;
    }
  });
});
