// The tables other parts of the records' move add in their own migrations
// (0003: daily_counts, honeypot_hits; 0004: idempotency_keys), as the retention
// run and the submissions tool use them: made here, empty, when this branch's
// migrations do not have them yet. Once they do, this only empties them.
import type { Queryable } from '../../src/server/db/database.ts';

const LATER_TABLES = `
CREATE TABLE IF NOT EXISTS idempotency_keys (form text NOT NULL, key_hash text NOT NULL, state text NOT NULL,
  digest text NOT NULL, submission_id text, claimed_at timestamptz NOT NULL, PRIMARY KEY (form, key_hash));
CREATE TABLE IF NOT EXISTS daily_counts (day text NOT NULL, counter text NOT NULL, count integer NOT NULL,
  alerted_at timestamptz, PRIMARY KEY (day, counter));
CREATE TABLE IF NOT EXISTS honeypot_hits (id text PRIMARY KEY, form text NOT NULL, received_at timestamptz NOT NULL,
  data jsonb, documents jsonb);
TRUNCATE idempotency_keys, daily_counts, honeypot_hits;
`;

/** Makes (if need be) and empties the tables of migrations 0003 and 0004. */
export async function withLaterTables(db: Queryable): Promise<void> {
  for (const statement of LATER_TABLES.split(';').map((text) => text.trim())) if (statement) await db.query(statement);
}
