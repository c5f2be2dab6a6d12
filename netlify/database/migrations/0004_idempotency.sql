-- A form fill's Idempotency-Key, claimed by the request that carries it
-- (src/server/submissions/idempotency.ts): one row per form and key, by the
-- primary key, so of two requests with one key the second is refused by the
-- database. 'pending' while its request stores; 'stored' with the submission's
-- id, set in the transaction that stores the submission. The key itself is
-- never kept, only its SHA-256; `digest` is a SHA-256 of what was sent. A row
-- stands for a day (IDEMPOTENCY_WINDOW_MS); retention deletes older ones by
-- `claimed_at`.
CREATE TABLE idempotency_keys (form text NOT NULL, key_hash text NOT NULL, state text NOT NULL CHECK (state IN ('pending', 'stored')), digest text NOT NULL, submission_id text, claimed_at timestamptz NOT NULL, PRIMARY KEY (form, key_hash));
CREATE INDEX idempotency_keys_claimed_at ON idempotency_keys (claimed_at);
