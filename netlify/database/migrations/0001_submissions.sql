-- Every submission a form stored: a contact message, a consultation request or
-- a pupillage application. `record` is the record as src/server/submissions/record.ts
-- shapes it (fields, language, consent, the documents' descriptions), without
-- `notified`, which is a column of its own because the notify-pending runs
-- update it. An application's documents are files in Netlify Blobs under the
-- record's id. Why these columns: docs/architecture.md, "Records".
CREATE TABLE submissions (
  -- A ULID: sorts by arrival.
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('contact', 'consultation', 'application')),
  received_at timestamptz NOT NULL,
  -- The address the person gave, trimmed and in lower case: a data request finds their records by it.
  email text NOT NULL,
  record jsonb NOT NULL,
  -- Whether the firm was e-mailed (record.ts's NotificationStatus); null until an attempt ended.
  notified jsonb
);

CREATE INDEX submissions_email ON submissions (email);
CREATE INDEX submissions_newest_of_type ON submissions (type, received_at DESC);
CREATE INDEX submissions_received_at ON submissions (received_at);

-- The settings and secrets the functions act with, by name (submissions/site-settings.ts,
-- the document link secret, the erasure notes' hash key): one row each.
CREATE TABLE settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
