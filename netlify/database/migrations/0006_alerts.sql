-- Article alerts and the publish webhook's deliveries (src/server/alerts/,
-- src/server/content-webhook/). A person is found by `email_normalised`
-- (trimmed, lower case); `address_key`, the HMAC of that address with the
-- site's link secret, is what the confirm and unsubscribe links carry, and all
-- that names a person in consents and sends once their address is no longer
-- kept. Why: docs/architecture.md, "Article alerts" and "The publish webhook".

-- A request waiting for its confirmation: one per address, the newest replacing the last.
CREATE TABLE alert_requests (
  address_key text PRIMARY KEY,
  email text NOT NULL,
  email_normalised text NOT NULL,
  -- The request's id: the confirmation link names it, so only the newest request's link confirms.
  request text NOT NULL,
  lang text NOT NULL,
  categories text[] NOT NULL,
  requested_at timestamptz NOT NULL,
  notice_version text NOT NULL,
  mail_sent_at timestamptz,
  mail_attempts integer NOT NULL DEFAULT 0,
  mail_last_error text
);
CREATE INDEX alert_requests_email ON alert_requests (email_normalised);
CREATE INDEX alert_requests_requested_at ON alert_requests (requested_at);

CREATE TABLE alert_subscribers (
  address_key text PRIMARY KEY,
  email text NOT NULL,
  email_normalised text NOT NULL,
  lang text NOT NULL,
  confirmed_at timestamptz NOT NULL,
  -- The request whose confirmation this is.
  request text NOT NULL,
  notice_version text NOT NULL
);
CREATE INDEX alert_subscribers_email ON alert_subscribers (email_normalised);

-- A subscriber's membership of a category's list: what a send reads.
CREATE TABLE alert_memberships (
  subscriber text NOT NULL REFERENCES alert_subscribers (address_key) ON DELETE CASCADE,
  category text NOT NULL,
  CONSTRAINT alert_memberships_once UNIQUE (subscriber, category)
);
CREATE INDEX alert_memberships_category ON alert_memberships (category);

-- Each consent given or withdrawn (the Data Protection Act 2019, s. 32): appended, never changed.
CREATE TABLE alert_consents (
  -- A ULID: sorts by when it was recorded.
  id text PRIMARY KEY,
  address_key text NOT NULL,
  event text NOT NULL CHECK (event IN ('given', 'withdrawn')),
  at timestamptz NOT NULL,
  categories text[] NOT NULL,
  lang text NOT NULL,
  notice_version text NOT NULL,
  by text NOT NULL
);
CREATE INDEX alert_consents_address ON alert_consents (address_key);

CREATE FUNCTION alert_consents_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a consent record is never changed';
END;
$$;
CREATE TRIGGER alert_consents_append_only BEFORE UPDATE ON alert_consents
  FOR EACH ROW EXECUTE FUNCTION alert_consents_unchanged();

-- One article's alert, from its first publish on: the key is the article, so a
-- republish, an edit or a retried delivery queues nothing more.
CREATE TABLE alert_articles (
  ref text CONSTRAINT alert_articles_first_publish PRIMARY KEY,
  slug text NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'cancelled', 'expired')),
  queued_at timestamptz NOT NULL,
  -- What the live page says of the article, once it answers.
  article jsonb,
  live_at timestamptz,
  failed_runs integer NOT NULL DEFAULT 0,
  not_before timestamptz,
  ended_at timestamptz,
  sent integer,
  -- Taken by a send-alerts run (FOR UPDATE SKIP LOCKED) until then, so overlapping runs share the work.
  claimed_until timestamptz
);
CREATE INDEX alert_articles_due ON alert_articles (queued_at) WHERE state IN ('queued', 'sending');

-- One send of an article to a subscriber, claimed before its e-mail goes: never twice.
CREATE TABLE alert_sends (
  article text NOT NULL REFERENCES alert_articles (ref) ON DELETE CASCADE,
  subscriber text NOT NULL,
  state text NOT NULL CHECK (state IN ('sending', 'sent', 'skipped', 'unknown')),
  at timestamptz NOT NULL,
  error text,
  CONSTRAINT alert_sends_once PRIMARY KEY (article, subscriber)
);
CREATE INDEX alert_sends_subscriber ON alert_sends (subscriber);

-- The publish webhook's deliveries that started a build, kept briefly, so a retry starts nothing more.
CREATE TABLE webhook_deliveries (
  key text PRIMARY KEY,
  received_at timestamptz NOT NULL,
  title text NOT NULL
);
CREATE INDEX webhook_deliveries_received_at ON webhook_deliveries (received_at);
