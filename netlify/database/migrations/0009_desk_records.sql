-- What staff do with a record on the desk (src/server/desk/records.ts): its
-- status, an application's own stage, who it is assigned to, their notes and
-- every change, who and when. All of it goes with its submission (an erasure,
-- the retention run): ON DELETE CASCADE.

CREATE TABLE desk_states (
  submission_id text PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in progress', 'answered', 'closed', 'spam')),
  applicant_status text CHECK (applicant_status IN ('received', 'shortlisted', 'interview', 'declined', 'offered')),
  assigned_to text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX desk_states_by_status ON desk_states (status);

CREATE TABLE desk_notes (
  id bigserial PRIMARY KEY,
  submission_id text NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  person_email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  text text NOT NULL
);
CREATE INDEX desk_notes_of_record ON desk_notes (submission_id, at);

CREATE TABLE desk_changes (
  id bigserial PRIMARY KEY,
  submission_id text NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
  person_email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  what text NOT NULL,
  from_value text,
  to_value text
);
CREATE INDEX desk_changes_of_record ON desk_changes (submission_id, at);

-- What the inbox's search reads: the person's name, address and phone's digits, in lower case.
ALTER TABLE submissions ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(coalesce(record -> 'fields' ->> 'name', record -> 'fields' ->> 'fullname', '')) || ' ' || email || ' ' ||
  regexp_replace(coalesce(record -> 'fields' ->> 'phone', ''), '[^0-9]', '', 'g')
) STORED;
