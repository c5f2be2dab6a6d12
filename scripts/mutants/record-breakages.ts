// Deliberate breakages of the records' database and what keeps them (issue
// 50): the embedded Postgres, migrations, faults, and each rule the tables hold.
import { integration, unit, type Breakage } from './breakage.ts';

export const RECORD_BREAKAGES: readonly Breakage[] = [
  {
    name: "each connection's own transaction in the embedded Postgres",
    file: 'scripts/serve/embedded-database.ts',
    from: 'if (lastReadyStatus(answer) === IDLE) turns.giveBack(socket);',
    to: 'turns.giveBack(socket);',
    command: unit('tests/unit/db/database.test.ts'),
  },
  {
    name: 'a connection dropped while it waited keeps the embedded Postgres for ever',
    file: 'scripts/serve/embedded-database.ts',
    from: 'if (socket.destroyed) {\n          turns.giveBack(socket);\n          return;\n        }',
    to: '',
    command: unit('tests/unit/db/database.test.ts'),
  },
  {
    name: 'npm start stopping at a failing migration',
    file: 'scripts/serve.ts',
    from: 'console.error(`npm start: ${(error as Error).message}`);\n    process.exit(1);',
    to: 'console.error(`npm start: ${(error as Error).message}`);',
    command: integration('tests/integration/serve-database.test.ts'),
  },
  {
    name: 'a 503 to try again when the database is unavailable',
    file: 'src/server/http/responses.ts',
    from: 'if (isUnavailable(error)) return databaseUnavailable(error, options);',
    to: '',
    command: unit('tests/unit/db/unavailable.test.ts'),
  },
  {
    name: 'the retention run deletes records a day inside their period',
    file: 'src/server/submissions/retention.ts',
    from: 'SELECT id FROM submissions WHERE type = $1 AND received_at < $2',
    to: "SELECT id FROM submissions WHERE type = $1 AND received_at < $2::timestamptz + interval '1 day'",
    command: unit('tests/unit/server/submissions/retention.test.ts'),
  },
  {
    name: "an application's documents kept when its record could not be committed",
    file: 'src/server/submissions/save-application.ts',
    from: '    await written.remove();\n',
    to: '',
    command: unit('tests/unit/server/pupillage-application.test.ts'),
  },
  {
    name: 'a second claim of one Idempotency-Key let in, the primary key dropped',
    file: 'netlify/database/migrations/0004_idempotency.sql',
    from: ', PRIMARY KEY (form, key_hash));',
    to: ');',
    command: unit('tests/unit/server/submissions/idempotency.test.ts'),
  },
  {
    name: 'a notification taken by one run is taken again by another',
    file: 'src/server/notify/delivery.ts',
    from: 'AND (notify_claimed_until IS NULL OR notify_claimed_until < $1)',
    to: '',
    command: unit('tests/unit/server/notify/delivery.test.ts'),
  },
  {
    name: 'a notification falling due exactly at a run waits for the next',
    file: 'src/server/notify/pending.ts',
    from: "ELSE ${last} < ${windowEnds} AND ${last} + ${wait} - ${ms('$5')} <= $1",
    to: "ELSE ${last} < ${windowEnds} AND ${last} + ${wait} - ${ms('$5')} < $1",
    command: unit('tests/unit/server/notify/due-condition.test.ts'),
  },
];
