-- Which passkey began each session, so that removing or revoking a passkey ends
-- the sessions it began (a lost phone's), not only future sign-ins with it.
ALTER TABLE staff_sessions ADD COLUMN passkey_id text;
CREATE INDEX staff_sessions_by_passkey ON staff_sessions (passkey_id) WHERE ended_at IS NULL;
