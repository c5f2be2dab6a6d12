-- The staff desk's people and their access (src/server/desk/): passkeys only,
-- no passwords. A person is invited by e-mail with a role; an invitation is
-- used once; a session is a random token of which only the SHA-256 is kept.

CREATE TABLE staff_people (
  id text PRIMARY KEY,
  -- Normalised (trimmed, lower case), as submissions' e-mail column.
  email text NOT NULL CONSTRAINT staff_people_one_per_address UNIQUE,
  role text NOT NULL CHECK (role IN ('partner', 'staff')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The person who invited them; null for the first partner, invited by the staff tool.
  invited_by text,
  revoked_at timestamptz
);

-- A passkey: the credential's id and public key as the authenticator made them.
CREATE TABLE staff_passkeys (
  id text PRIMARY KEY,
  person_id text NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX staff_passkeys_by_person ON staff_passkeys (person_id);

-- An invitation: the link carries its id and a signature; it is used once, within 24 hours.
CREATE TABLE staff_invitations (
  id text PRIMARY KEY,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('partner', 'staff')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- A WebAuthn challenge, answered once within a few minutes: for a registration it names the
-- invitation or the person adding a passkey; for a sign-in, nobody (the passkey says who).
CREATE TABLE staff_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  invitation_id text REFERENCES staff_invitations (id) ON DELETE CASCADE,
  person_id text REFERENCES staff_people (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  person_id text NOT NULL REFERENCES staff_people (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_by_person ON staff_sessions (person_id);

-- Sign-in attempts per address of origin (hashed), for the rate limit.
CREATE TABLE staff_sign_in_attempts (
  source text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sign_in_attempts_by_source ON staff_sign_in_attempts (source, at);

-- Who did what on the desk, and when: append-only.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  person_id text,
  person_email text,
  action text NOT NULL,
  subject text NOT NULL DEFAULT '',
  detail jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_by_time ON audit_events (at DESC);

CREATE FUNCTION audit_events_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an audit event is never changed';
END;
$$;
CREATE TRIGGER audit_events_append_only BEFORE UPDATE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_unchanged();
