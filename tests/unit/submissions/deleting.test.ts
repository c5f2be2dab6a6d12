// Staff delete submissions with `npm run submissions`: one by its id (`delete`),
// or every one past its retention period or older than a number of days
// (`purge`), a dry run first, in bounded time, saying what it could not reach.
import { describe, expect, it } from 'vitest';
import { submissionsToolPerTest, testStores, TOOL_NOW } from '../../support/submissions-tool.ts';

const DAY = 24 * 60 * 60 * 1000;

const tool = submissionsToolPerTest();
const { blobs, run, submitAll, submissionKeysLeft } = tool;

describe('delete (a person asks for their data to be erased)', () => {
  it('shows what it would delete without --yes, and deletes the record and every document with it', async () => {
    const ids = await submitAll();
    const dry = await run(['delete', ids.application]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `Would delete the pupillage application ${ids.application} from Achieng Njeri Mwangi <achieng@example.com>`,
    );
    expect(dry.stdout).toContain('5 stored items');
    expect(await blobs.keys(`application/${ids.application}/`)).toHaveLength(5);

    const done = await run(['delete', ids.application, '--yes']);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('remove the notification e-mail from the mailbox');
    expect(await blobs.keys(`application/${ids.application}/`)).toEqual([]);
    expect(await submissionKeysLeft()).toHaveLength(2);
    expect((await run(['show', ids.application])).code).toBe(1);
  });
});

describe('purge', () => {
  it('is a dry run without --yes, then deletes what is past its period or older than --older-than', async () => {
    const old = await submitAll(new Date(TOOL_NOW.getTime() - 400 * DAY));
    const recent = await submitAll(new Date(TOOL_NOW.getTime() - 40 * DAY));
    const dry = await run(['purge']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      '1 submission is past its retention period (applications 12 months, enquiries 24 months)',
    );
    expect(dry.stdout).toContain(old.application);
    expect(dry.stdout).toContain('Nothing was deleted: add --yes to delete them.');
    expect(await submissionKeysLeft()).toHaveLength(14);

    const byDays = await run(['purge', '--older-than', '30', '--type', 'contact', '--yes']);
    expect(byDays.stdout).toMatch(/^Deleted 2 submissions older than 30 days \(contact 2\):/);
    expect(await blobs.keys('contact/')).toEqual([]);

    const byPeriod = await run(['purge', '--yes']);
    expect(byPeriod.stdout).toContain(`Deleted 1 submission past its retention period`);
    const left = new Set((await submissionKeysLeft()).map((key) => key.split('/')[1]));
    expect([...left].sort()).toEqual([old.consultation, recent.consultation, recent.application].sort());
    expect((await run(['purge', '--older-than', 'soon'])).code).toBe(2);
  });

  it('stops at its time limit, says that more may be left, and the next run deletes the rest', async () => {
    await submitAll(new Date(TOOL_NOW.getTime() - 900 * DAY));
    await submitAll(new Date(TOOL_NOW.getTime() - 800 * DAY));
    // Past its time, a run still makes each type's first deletion, and no other.
    const first = await run(['purge', '--yes'], { purgeDeadlineMs: 0 });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Deleted 3 submissions past their retention period .*\(contact 1, consultation 1, application 1\)/,
    );
    expect(first.stdout).toMatch(
      /\nStopped at the time limit before looking at everything: run the command again to delete the rest\.$/,
    );

    const rest = await run(['purge', '--yes']);
    expect(rest.stdout).toMatch(/^Deleted 3 submissions past their retention period/);
    expect(rest.stdout).not.toContain('Stopped');
    expect(await submissionKeysLeft()).toEqual([]);
  });
  it('says which listing failed, deletes what it could reach, and exits with 1', async () => {
    const old = await submitAll(new Date(TOOL_NOW.getTime() - 800 * DAY));
    const store = blobs.store();
    const failing = new Proxy(store, {
      get(target, property) {
        if (property === 'list') {
          return (options?: { prefix?: string; paginate?: boolean }) =>
            options?.prefix === 'consultation/'
              ? (async function* () {
                  yield* [];
                  throw new Error('Netlify Blobs answered 503');
                })()
              : target.list(options as { paginate: true });
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const result = await run(['purge', '--yes'], {
      openStore: async () => testStores(blobs, { store: failing }),
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^Deleted 2 submissions .*\(contact 1, consultation 0, application 1\)/);
    expect(result.stdout).not.toContain('Stopped at the time limit');
    expect(result.stderr).toContain(
      'Could not list the keys under consultation/ (Netlify Blobs answered 503): run the command again for the rest.',
    );
    expect(await submissionKeysLeft()).toEqual([`consultation/${old.consultation}`]);
  });
});
