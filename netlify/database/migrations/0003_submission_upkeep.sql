-- What the form functions keep besides the submissions themselves.
--
-- daily_counts: how many submissions each counter stored on a day (Nairobi
-- time, 'YYYY-MM-DD'); a counter is a form's type, `<type>-honeypot`, or
-- `subscription`. A submission's increment commits with its record, so a
-- refused or failed one counts nothing. `alerted_at` is set once, by the
-- request that tells the firm the limit was reached (submissions/daily-limit.ts).
CREATE TABLE daily_counts (day text NOT NULL, counter text NOT NULL, count integer NOT NULL, alerted_at timestamptz, PRIMARY KEY (day, counter));

-- Submissions whose hidden honeypot field was filled: answered as a success,
-- never e-mailed, kept briefly so a real person caught by it can be found
-- (submissions/honeypot.ts). `documents` describes an application's files, never holds them.
CREATE TABLE honeypot_hits (id text PRIMARY KEY, form text NOT NULL, received_at timestamptz NOT NULL, data jsonb NOT NULL, documents jsonb);
CREATE INDEX honeypot_hits_received_at ON honeypot_hits (received_at);
