-- A note of each erasure of a person's data (`npm run submissions -- erase`):
-- when, and how much of each kind, never what or whose. The address is kept
-- only as its HMAC-SHA256 under a key of this database's own (the `settings`
-- row 'erasure-hash-key', made at random on first use), so a later request
-- from the same address can be shown to have been acted on, and nothing else.
-- A note is deleted by the retention run after ERASURE_RECORD_DAYS
-- (src/server/submissions/erasures.ts). Why: docs/architecture.md, "Erasures".
CREATE TABLE erasures (
  -- A ULID: sorts by when the erasure was made.
  id text PRIMARY KEY,
  erased_at timestamptz NOT NULL,
  -- Submissions erased by type, and the person's article alerts when they had any.
  counts jsonb NOT NULL,
  -- Documents erased with the applications.
  documents integer NOT NULL,
  email_hmac text NOT NULL
);

CREATE INDEX erasures_email_hmac ON erasures (email_hmac);
CREATE INDEX erasures_erased_at ON erasures (erased_at);
