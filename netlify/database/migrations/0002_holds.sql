-- A consultation time held for the request that chose it, or booked once staff
-- confirmed it. One row per place and start, by the constraint: of any number
-- of requests for one time, even at the same instant, one row is stored and
-- the others are refused by the database, not by code. A hold staff have not
-- answered lapses at `lapses_at` (the time is free again: the next request
-- deletes the lapsed row and takes it in the same transaction); a confirmed one
-- stays. The row names the request, never the visitor; it goes with it.
CREATE TABLE holds (
  place text NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  state text NOT NULL CHECK (state IN ('held', 'confirmed')),
  submission_id text NOT NULL UNIQUE REFERENCES submissions (id) ON DELETE CASCADE,
  held_at timestamptz NOT NULL,
  lapses_at timestamptz NOT NULL,
  CONSTRAINT holds_one_per_time PRIMARY KEY (place, start_at)
);
