// The embedded Postgres of `npm start` and the tests: @netlify/dev's
// NetlifyDB (PGlite behind a Postgres wire-protocol server), changed where it
// departs from Postgres, and the project's migrations applied to it.
//
// PGlite is one session. NetlifyDB hands every connection's messages to it as
// they come, so two connections' transactions interleave: one's BEGIN, the
// other's INSERT, the first one's ROLLBACK undoing both. Postgres keeps each
// connection's transaction its own. So here a connection takes the session
// from its first message until the session is idle again (ReadyForQuery 'I'),
// others waiting their turn, and a connection that closes mid-transaction has
// it rolled back. Test: tests/unit/db/database.test.ts.
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Socket } from 'node:net';
import { NetlifyDB } from '@netlify/database-dev';
import { fromNodeSocket } from 'pg-gateway/node';

/** The project's schema, as Netlify applies it at deploy. */
const migrationsFolder = (projectRoot: string) => resolve(projectRoot, 'netlify/database/migrations');

interface Session {
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array>;
  exec(sql: string): Promise<unknown>;
}

/** One connection at a time in the session: the holder keeps it until its transaction (if any) has ended. */
class Turns {
  #holder: Socket | undefined;
  #waiting: Array<() => void> = [];

  async take(socket: Socket) {
    while (this.#holder !== undefined && this.#holder !== socket)
      await new Promise<void>((wake) => this.#waiting.push(wake));
    this.#holder = socket;
  }

  holds = (socket: Socket) => this.#holder === socket;

  giveBack(socket: Socket) {
    if (this.#holder !== socket) return;
    this.#holder = undefined;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const wake of waiting) wake();
  }
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction open

/** The transaction status of the last ReadyForQuery among the backend's messages, or undefined if there is none. */
function lastReadyStatus(answer: Uint8Array): number | undefined {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let status: number | undefined;
  for (let at = 0; at + 5 <= answer.length; at += 1 + view.getInt32(at + 1)) {
    if (answer[at] === READY_FOR_QUERY) status = answer[at + 5];
  }
  return status;
}

const applied = new WeakSet<object>();

/** Changes NetlifyDB, once per process, so that each connection's transaction is its own. */
export function withTransactionsApart() {
  type Server = { db?: Session; connections: Set<Socket>; logger: (...message: unknown[]) => void };
  const prototype = NetlifyDB.prototype as unknown as { handleConnection(this: Server, socket: Socket): void };
  if (applied.has(prototype)) return;
  applied.add(prototype);
  const turnsOf = new WeakMap<Session, Turns>();
  prototype.handleConnection = function (socket) {
    const session = this.db;
    if (!session) return;
    const turns = turnsOf.get(session) ?? new Turns();
    turnsOf.set(session, turns);
    this.connections.add(socket);
    // Each answer goes as soon as it is written, as a Postgres server sends it (Nagle's algorithm off).
    socket.setNoDelay(true);
    socket.on('close', () => {
      this.connections.delete(socket);
      if (!turns.holds(socket)) return;
      void session
        .exec('ROLLBACK')
        .catch(() => undefined)
        .finally(() => turns.giveBack(socket));
    });
    fromNodeSocket(socket, {
      serverVersion: '16.3 (NetlifyDB/pglite)',
      auth: { method: 'trust' },
      async onMessage(data, { isAuthenticated }) {
        if (!isAuthenticated) return;
        await turns.take(socket);
        // Closed while it waited its turn: its close passed unheard, and it must not keep the session.
        if (socket.destroyed) {
          turns.giveBack(socket);
          return;
        }
        const answer = await session.execProtocolRaw(data).catch((error: unknown) => {
          turns.giveBack(socket);
          throw error;
        });
        if (lastReadyStatus(answer) === IDLE) turns.giveBack(socket);
        return answer;
      },
    }).catch((error: unknown) => {
      if (error instanceof Error && error.message.includes('ECONNRESET')) return;
      this.logger('Unexpected connection error:', error);
    });
  };
}

/** The migrations' names in the order they apply: `NNNN_slug` of each `NNNN_slug.sql` or `NNNN_slug/`. */
function migrationNames(folder: string): string[] {
  return readdirSync(folder)
    .map((entry) => entry.replace(/\.sql$/, ''))
    .filter((name) => /^\d+_.+$/.test(name))
    .sort((a, b) => a.localeCompare(b));
}

/**
 * Applies the migrations not yet applied, one at a time, so a failing one is
 * reported by its name (and stops the caller). A project with no migrations
 * folder keeps no records (a test's fixture site): nothing to apply.
 */
export async function applyProjectMigrations(database: NetlifyDB, projectRoot: string): Promise<string[]> {
  const folder = migrationsFolder(projectRoot);
  if (!existsSync(folder)) return [];
  const applied: string[] = [];
  for (const name of migrationNames(folder)) {
    try {
      applied.push(...(await database.applyMigrations(folder, name)));
    } catch (error) {
      throw new Error(
        `A database migration in netlify/database/migrations failed, so nothing was served: ${name}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return applied;
}
