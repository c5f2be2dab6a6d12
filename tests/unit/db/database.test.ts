import { getDatabase } from '@netlify/database';
import { describe, expect, it } from 'vitest';
import { databaseOver, type Pool } from '../../../src/server/db/database.ts';
import { DatabaseUnavailable, isUniqueViolation } from '../../../src/server/db/unavailable.ts';
import { useTestDatabase } from '../../support/database.ts';

const database = useTestDatabase();

const settingsNamed = async (name: string) =>
  database.db.query<{ value: unknown }>('SELECT value FROM settings WHERE name = $1', [name]);

describe('the records database', () => {
  it('keeps what a transaction wrote once it commits', async () => {
    await database.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO settings (name, value) VALUES ($1, $2)`, ['a', { n: 1 }]);
    });
    expect(await settingsNamed('a')).toEqual([{ value: { n: 1 } }]);
  });

  it('keeps nothing of a transaction that failed part way', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO settings (name, value) VALUES ($1, $2)`, ['b', { n: 1 }]);
      await tx.query(`INSERT INTO settings (name, value) VALUES ($1, $2)`, ['b', { n: 2 }]);
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(isUniqueViolation(error, 'settings_pkey')).toBe(true);
    expect(await settingsNamed('b')).toEqual([]);
  });

  it('keeps two connections’ transactions apart in the embedded Postgres', async () => {
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = database.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO settings (name, value) VALUES ('first', '1')`);
      firstWrote();
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('the first one gives up');
    });
    await wrote;
    const second = database.db.transaction((tx) =>
      tx.query(`INSERT INTO settings (name, value) VALUES ('second', '2')`),
    );
    await expect(first).rejects.toThrow('gives up');
    await second;
    expect((await database.db.query<{ name: string }>('SELECT name FROM settings')).map(({ name }) => name)).toEqual([
      'second',
    ]);
  });

  it('counts a database that does not answer in time as unavailable, and drops its transaction', async () => {
    const impatient = databaseOver(getDatabase({ connectionString: database.url }).pool as Pool, 300);
    let release!: () => void;
    const held = database.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO settings (name, value) VALUES ('holder', '1')`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await impatient
      .transaction((tx) => tx.query(`INSERT INTO settings (name, value) VALUES ('late', '1')`))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseUnavailable);
    release();
    await held;
    expect((await database.db.query<{ name: string }>('SELECT name FROM settings')).map(({ name }) => name)).toEqual([
      'holder',
    ]);
  });

  it('counts a database it cannot connect to as unavailable', async () => {
    const nowhere = databaseOver(
      getDatabase({ connectionString: 'postgres://postgres@127.0.0.1:9/postgres' }).pool as Pool,
    );
    await expect(nowhere.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailable);
  });
});

describe('the embedded Postgres, when connections give up waiting', () => {
  it('serves the next transaction once the holder ends, though those waiting behind it were dropped', async () => {
    const impatient = databaseOver(getDatabase({ connectionString: database.url }).pool as Pool, 200);
    let release!: () => void;
    const held = database.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO settings (name, value) VALUES ('holder', '1')`);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        impatient.transaction((tx) => tx.query(`INSERT INTO settings (name, value) VALUES ($1, '1')`, [`late ${n}`])),
      ),
    );
    expect(waiting.map(({ status }) => status)).toEqual(['rejected', 'rejected', 'rejected']);
    release();
    await held;
    const patient = databaseOver(getDatabase({ connectionString: database.url }).pool as Pool, 2_000);
    expect(await patient.query<{ name: string }>('SELECT name FROM settings ORDER BY name')).toEqual([
      { name: 'holder' },
    ]);
  });
});
