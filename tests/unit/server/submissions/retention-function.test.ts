// The daily retention function deletes what is past the periods it is set
// to, from this deploy's database and its documents from Blobs, and logs ids
// and counts (never a name or an address), also when its run was cut short by
// the time limit, a call that hung or a database that became unavailable
// (the next run goes on). Clocks are fixed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import retention, { config } from '../../../../netlify/functions/retention.ts';
import type { Database } from '../../../../src/server/db/database.ts';
import { DatabaseUnavailable } from '../../../../src/server/db/unavailable.ts';
import { DEFAULT_RETENTION_DAYS } from '../../../../src/lib/privacy.ts';
import { createRetentionHandler, type RetentionDeps } from '../../../../src/server/submissions/retention-handler.ts';
import { PURGE_BATCH } from '../../../../src/server/submissions/retention.ts';
import { useTestDatabase } from '../../../support/database.ts';
import { localBlobsPerTest } from '../../../support/local-blobs-per-test.ts';
import { contactsInBulk, storedAt } from '../../../support/stored-at.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date('2027-11-22T09:00:00.000Z');
const ago = (ms: number, now = NOW) => new Date(now.getTime() - ms);
const periods = { ...DEFAULT_RETENTION_DAYS };

const blobs = localBlobsPerTest();
const database = useTestDatabase();
const { submit, storeContact, idsLeft, filesWith } = storedAt(blobs, database);
afterEach(() => vi.unstubAllEnvs());

/** The handler on the test's database and store, with its logs collected. */
function handler(deps: RetentionDeps = {}) {
  const logged: Array<Record<string, unknown>> = [];
  const errors: Array<Record<string, unknown>> = [];
  const run = createRetentionHandler({
    db: database.db,
    openFiles: () => blobs.store(),
    now: () => NOW,
    periods: () => periods,
    log: (entry) => logged.push(entry),
    logError: (entry) => errors.push(entry),
    ...deps,
  });
  return { run, logged, errors };
}

describe('the daily retention function', () => {
  it('runs once a day', () => {
    expect(config).toEqual({ schedule: '@daily' });
  });

  it('deletes what is past the default periods from this deploy’s database and logs ids and counts, never names or addresses', async () => {
    const now = new Date();
    const old = await submit('application', ago(366 * DAY, now));
    const fresh = await submit('application', ago(364 * DAY, now));
    vi.stubEnv('NETLIFY_DB_URL', database.url);
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    try {
      expect((await retention()).status).toBe(204);
    } finally {
      vi.restoreAllMocks();
    }
    expect(await idsLeft()).toEqual([fresh]);
    const entry = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => 'counts' in line)!;
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
    vi.stubEnv('RETENTION_APPLICATION_DAYS', '30');
    vi.stubEnv('RETENTION_ENQUIRY_DAYS', '60');
    const { run, logged } = handler({ periods: undefined });
    expect((await run()).status).toBe(204);
    expect(logged[0]).toMatchObject({ periodsInDays: { application: 30, enquiry: 60 } });
    expect((logged[0]!.deleted as Array<{ id: string }>).map((item) => item.id).sort()).toEqual(
      [application, contact].sort(),
    );
    expect(await idsLeft()).toEqual([keptContact]);
  });

  it('says in its log when it stopped at the time limit, leaving the rest to the next run', async () => {
    await contactsInBulk(database.db, ago(800 * DAY), PURGE_BATCH + 1);
    const { run, logged } = handler({ deadlineMs: 0 });
    expect((await run()).status).toBe(204);
    expect(logged[0]).toMatchObject({
      what: expect.stringContaining('the next run deletes the rest'),
      complete: false,
      counts: { contact: PURGE_BATCH },
    });
    expect(await idsLeft()).toHaveLength(1);
  });

  it('logs what it deleted so far when a call hangs, before Netlify would stop the function', async () => {
    const application = await submit('application', ago(800 * DAY));
    const { run, logged, errors } = handler({
      openFiles: () => filesWith({ delete: () => new Promise(() => {}) }),
      runLimitMs: 500,
    });
    const started = performance.now();
    expect((await run()).status).toBe(500);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(logged).toEqual([
      expect.objectContaining({
        what: expect.stringContaining('stopped waiting for the database'),
        complete: false,
      }),
    ]);
    expect(errors[0]).toMatchObject({ what: expect.stringContaining('a call is hanging') });
    expect(await idsLeft()).not.toContain(application);
  });

  it('stops when the database becomes unavailable, logs what it did, and the next run deletes the rest', async () => {
    const contacts = [await storeContact(ago(800 * DAY)), await storeContact(ago(801 * DAY))];
    const application = await submit('application', ago(800 * DAY));
    const { db } = database;
    // Answers the contacts' batch, then stops answering.
    let answered = 0;
    const failing: Database = {
      query: (text, params) =>
        answered++ < 1 ? db.query(text, params) : Promise.reject(new DatabaseUnavailable('no answer in 5000 ms')),
      transaction: () => Promise.reject(new DatabaseUnavailable('no answer in 5000 ms')),
    };
    const first = handler({ db: failing, periods: () => periods });
    expect((await first.run()).status).toBe(500);
    expect(first.errors).toContainEqual(
      expect.objectContaining({
        what: 'retention: the database is unavailable, so the run stopped; the next run goes on',
        detail: 'no answer in 5000 ms',
      }),
    );
    expect(first.logged[0]).toMatchObject({ complete: false });
    const deletedFirst = (first.logged[0]!.deleted as unknown[]).length;
    expect(await idsLeft()).toHaveLength(3 - deletedFirst);

    const next = handler();
    expect((await next.run()).status).toBe(204);
    expect(await idsLeft()).toEqual([]);
    expect([...contacts, application]).toHaveLength(3);
  });

  it('refuses a retention period that is not a whole number of days, and deletes nothing', async () => {
    await submit('application', ago(400 * DAY));
    vi.stubEnv('RETENTION_APPLICATION_DAYS', '0');
    const { run, errors } = handler({ periods: undefined });
    expect((await run()).status).toBe(500);
    expect(String(errors[0]?.detail)).toContain('RETENTION_APPLICATION_DAYS must be a whole number of days');
    expect(await idsLeft()).toHaveLength(1);
  });
});
