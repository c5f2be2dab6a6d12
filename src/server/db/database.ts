// The records' database: Netlify Database (Postgres), reached through
// `@netlify/database` — on Netlify the deploy's own branch, under `npm start`
// and the tests the embedded Postgres of @netlify/dev. Code that keeps records
// takes a Database (so a test hands in its own) and speaks SQL through it:
// single statements with `query`, anything that must hold together with
// `transaction`, which commits or leaves nothing. A database that cannot be
// reached or answer in time becomes DatabaseUnavailable (unavailable.ts); the
// schema is netlify/database/migrations/. Why: docs/architecture.md, "Records".
import { getConnectionString, getDatabase } from '@netlify/database';
import { DatabaseUnavailable, isUnavailable } from './unavailable.ts';

/** Something SQL can be sent to: the database, or one transaction of it. */
export interface Queryable {
  /** The rows `text` returns, with `params` bound to $1, $2…; never build `text` from input. */
  query<Row extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: committed when it returns, rolled back (nothing kept) when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** What the pools of `pg` and of Neon's serverless driver have in common, as used here. */
interface PoolClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  release(destroy?: boolean | Error): void;
}
export interface Pool {
  connect(): Promise<PoolClient>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** How long one statement, or one whole transaction, may take before the database counts as unavailable. */
const DATABASE_DEADLINE_MS = 5_000;

/** `promise`, or DatabaseUnavailable once `ms` have passed; `onLate` runs then (to drop the connection). */
function withDeadline<T>(promise: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new DatabaseUnavailable(`The database did not answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A connection's error as thrown here: DatabaseUnavailable when it is the database's state, else as it was. */
const classify = (error: unknown) =>
  error instanceof DatabaseUnavailable || !isUnavailable(error)
    ? error
    : new DatabaseUnavailable('The database could not be reached', { cause: error });

/** A Database over `pool`; every statement and transaction is bounded by `deadlineMs`. */
export function databaseOver(pool: Pool, deadlineMs: number = DATABASE_DEADLINE_MS): Database {
  // An idle connection the server closed is an event, not a crash: the pool replaces it on the next use.
  pool.on('error', () => undefined);
  const onClient = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    let client: PoolClient | undefined;
    let dropped = false;
    // A late connection or transaction is dropped, not returned to the pool: the server then rolls it back.
    const drop = () => {
      dropped = true;
      client?.release(true);
    };
    try {
      const run = async () => {
        client = await pool.connect();
        if (dropped) {
          client.release(true);
          throw new DatabaseUnavailable('The database did not answer in time');
        }
        return work(client);
      };
      const result = await withDeadline(run(), deadlineMs, drop);
      client?.release();
      return result;
    } catch (error) {
      if (client && !dropped) client.release(isUnavailable(error) ? true : undefined);
      throw classify(error);
    }
  };
  const queryOn =
    (client: PoolClient) =>
    async <Row extends object>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, [...params])).rows as Row[];
  return {
    query: (text, params) => onClient((client) => queryOn(client)(text, params)),
    transaction: (work) =>
      onClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await work({ query: queryOn(client) });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
  };
}

let opened: { connectionString: string; database: Database } | undefined;

/**
 * This deploy's database, from the environment Netlify (or `npm start`) sets:
 * one pool per process (a function's instance), opened on first use.
 */
export function openDatabase(): Database {
  const connectionString = getConnectionString();
  if (opened?.connectionString !== connectionString)
    opened = { connectionString, database: databaseOver(getDatabase().pool as Pool) };
  return opened.database;
}
