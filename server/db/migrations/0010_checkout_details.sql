-- The buyer's checkout details on a hold (issue 5): how the tickets reach them and who they are.
-- Each step of the SPA saves its own part (PUT /holds/:id/details), so a reload or a back button
-- loses nothing; the pay request copies them into the order. They go with their hold (release,
-- or the sweep of an expired one), so no personal data outlives a basket that was never bought.
--
-- jsonb rather than columns: each part is validated as a whole by the API's contract
-- (contract/api/checkout.ts) and read back as a whole; nothing queries inside them.
CREATE TABLE checkout_details (
  hold_id uuid PRIMARY KEY REFERENCES holds (id) ON DELETE CASCADE,
  -- NULL: that step has not been saved yet.
  delivery jsonb,
  contact jsonb,
  -- Question id → answer; the venue's questions can change, so the answers are checked again
  -- against the venue's current questions when the order is paid.
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  consents jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (jsonb_typeof(answers) = 'object')
);

-- Emails to send (the order confirmation), written in the same transaction as what they
-- announce, so a confirmed order always has its email and a rolled-back one never does. A
-- dispatcher sends unsent rows when a mail transport is configured; without one the outbox is
-- the record (the dev viewer at /services/outbox shows it).
CREATE TABLE email_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- What the email is about, so one order gets one confirmation however often it is confirmed.
  kind text NOT NULL CHECK (kind IN ('order_confirmation')),
  -- Not a foreign key: the orders table comes in 0011, and an email's record should outlive
  -- whatever later happens to its order.
  order_id uuid,
  recipient text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  -- Delivery attempts so far; a dispatcher claims a row by moving next_attempt_at ahead (a
  -- lease), so two instances never send one email at once and a crash mid-send is retried.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- The transport's last refusal, for the operator (never a copy of the message).
  last_error text
);
CREATE UNIQUE INDEX email_outbox_order_kind ON email_outbox (order_id, kind) WHERE order_id IS NOT NULL;
CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX email_outbox_created ON email_outbox (created_at DESC);
