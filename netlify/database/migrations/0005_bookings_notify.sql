-- What staff and the notify-pending runs do with stored submissions.
--
-- booking_answers: staff's answer to a consultation request's chosen time
-- (bookings/answer-handler.ts). The primary key is the claim: of a retry, or a
-- confirm and a decline at once, one row is stored and only it acts.
CREATE TABLE booking_answers (
  submission_id text PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  answer text NOT NULL CHECK (answer IN ('confirm', 'decline')),
  answered_at timestamptz NOT NULL
);

-- booking_reminders: the day-before reminder of a booked consultation
-- (bookings/reminders.ts), claimed by its row before it is sent and the row
-- deleted if the send fails, so two runs at once send it once.
CREATE TABLE booking_reminders (
  submission_id text PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL
);

-- Until when a notify-pending run has taken a submission to send its
-- notification (notify/delivery.ts): taken with FOR UPDATE SKIP LOCKED, so
-- two runs at once never send one twice; a run that died frees it by the time.
ALTER TABLE submissions ADD COLUMN notify_claimed_until timestamptz;
CREATE INDEX submissions_undelivered ON submissions (received_at) WHERE (notified ->> 'at') IS NULL;

-- The days the stuck notifications were reported (notify/stuck-report.ts):
-- the primary key lets one run a day report them.
CREATE TABLE stuck_reports (
  day text PRIMARY KEY,
  reported_at timestamptz NOT NULL,
  ids jsonb NOT NULL
);
