-- Card payments (issue 5). No table here ever holds a card number or a security code: the
-- sandbox gateway keeps only what a receipt shows (brand, last four digits, expiry), and the
-- payment service only what the gateway answered.

-- The payment service's own record of each payment attempt: one per (session, idempotency key),
-- so a replayed, retried or double-clicked pay request can never become a second charge.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  -- Not a foreign key: the record of a payment outlives the anonymous session that made it.
  session_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  provider text NOT NULL,
  -- The provider's id for the payment; NULL when the provider never answered (timed_out).
  provider_ref text,
  -- What the booking API pays for (a hold or an order), for reconciliation.
  reference text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  -- 'pending' until the provider first answers (a crash there leaves it for the rerun of the key).
  status text NOT NULL CHECK (status IN ('pending', 'action_required', 'authorised', 'captured',
    'refunded', 'voided', 'declined', 'timed_out')),
  -- How far along the payment is (server/payments/service.ts): answers that arrive out of order
  -- never move a payment back.
  progress smallint NOT NULL DEFAULT 0,
  decline_reason text CHECK (decline_reason IN ('declined', 'insufficient_funds',
    'authentication_failed')),
  card_brand text CHECK (card_brand IN ('visa', 'visa-debit', 'mastercard', 'amex')),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  -- The 3-D Secure step the browser must visit while status = 'action_required'.
  action_kind text CHECK (action_kind IN ('device_data', 'challenge')),
  action_url text,
  captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount BETWEEN 0 AND amount),
  refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount BETWEEN 0 AND captured_amount),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, idempotency_key),
  UNIQUE (provider, provider_ref),
  CHECK ((status = 'declined') = (decline_reason IS NOT NULL))
);
CREATE INDEX payments_reference ON payments (reference);

-- The built-in sandbox gateway (server/payments/sandbox). In production these rows would live
-- at the gateway; here they live beside the shop's so every instance sees the same gateway.

-- Card tokens: a hash of the token (it is a bearer credential) and what the sandbox needs to
-- play the test card's part. The number and security code are dropped once tokenised.
CREATE TABLE sandbox_card_tokens (
  token_hash text PRIMARY KEY,
  brand text NOT NULL CHECK (brand IN ('visa', 'visa-debit', 'mastercard', 'amex')),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expiry_month integer NOT NULL CHECK (expiry_month BETWEEN 1 AND 12),
  expiry_year integer NOT NULL,
  behaviour text NOT NULL CHECK (behaviour IN ('approve', 'challenge', 'decline',
    'insufficient_funds', 'timeout')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Single use: set by the payment that spent the token.
  used_at timestamptz
);
CREATE INDEX sandbox_card_tokens_expires ON sandbox_card_tokens (expires_at);

-- The sandbox's payments, one per merchant idempotency key (a real gateway dedupes the same way).
CREATE TABLE sandbox_payments (
  ref uuid PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  -- Digest of what the key asked for (token, amount, currency): the same key must ask the same.
  request_hash text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  behaviour text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  state text NOT NULL CHECK (state IN ('processing', 'device_data_required', 'challenge_required',
    'authorised', 'captured', 'refunded', 'voided', 'declined')),
  decline_reason text CHECK (decline_reason IN ('declined', 'insufficient_funds',
    'authentication_failed')),
  return_url text NOT NULL,
  -- Fraud-prevention data sent with the authorisation, and what device-data collection found.
  browser jsonb NOT NULL,
  device_data jsonb,
  device_data_at timestamptz,
  challenge_result text CHECK (challenge_result IN ('authenticated', 'failed')),
  -- Deadline of the step the buyer is asked to complete (device data, challenge).
  action_expires_at timestamptz,
  captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount BETWEEN 0 AND amount),
  refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount BETWEEN 0 AND captured_amount),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Refunds, one per idempotency key, so a retried refund is never paid out twice.
CREATE TABLE sandbox_refunds (
  idempotency_key text PRIMARY KEY,
  ref uuid NOT NULL REFERENCES sandbox_payments (ref),
  amount integer NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window request counters (rate limits), shared by every instance. `bucket` names the
-- limit and a digest of the client, never its address.
CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits > 0),
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
