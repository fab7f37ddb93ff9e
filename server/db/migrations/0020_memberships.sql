-- Members (issue 14): the profile's phone and home address, memberships per account, the ATG+
-- purchase attempts, and the schemes' prices and the venues' own wording for them.

-- The profile: names, email and marketing opt-in are the account's already.
ALTER TABLE accounts ADD COLUMN phone text CHECK (phone IS NULL OR length(phone) BETWEEN 1 AND 30);
-- The checkout's address shape (contract/api/checkout.ts addressSchema), checked by the API.
ALTER TABLE accounts ADD COLUMN address jsonb;

-- What each scheme gives, in the shop's words (a venue may word it its own way, below).
ALTER TABLE membership_schemes ADD COLUMN benefits text[] NOT NULL DEFAULT '{}';
-- A paid scheme's yearly price per currency; a scheme without a row is free (Access).
CREATE TABLE membership_prices (
  scheme text NOT NULL REFERENCES membership_schemes (slug),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  amount integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (scheme, currency)
);
CREATE TABLE venue_membership_wording (
  venue_slug text NOT NULL REFERENCES venues (slug),
  scheme text NOT NULL REFERENCES membership_schemes (slug),
  name text NOT NULL,
  summary text NOT NULL,
  benefits text[] NOT NULL,
  PRIMARY KEY (venue_slug, scheme)
);

-- One row per account and scheme: joining again after a lapse or cancellation starts the same
-- row afresh (the member keeps their number).
CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  scheme text NOT NULL REFERENCES membership_schemes (slug),
  number text NOT NULL UNIQUE,
  started_at timestamptz NOT NULL,
  -- The benefits hold until this instant: the end of the paid term (ATG+), the moment an Access
  -- membership was cancelled; NULL while an Access membership runs (it has no term).
  benefits_until timestamptz,
  auto_renew boolean NOT NULL DEFAULT false,
  cancelled_at timestamptz,
  -- Access: what the member showed (kind and reference as typed, normalised); never for ATG+.
  evidence_kind text,
  evidence_reference text,
  CHECK ((evidence_kind IS NULL) = (evidence_reference IS NULL)),
  UNIQUE (account_id, scheme)
);

-- ATG+ purchase attempts (one per Idempotency-Key of a session), paid through the payment
-- service like an order; the membership starts in the transaction that confirms the attempt.
CREATE TABLE membership_purchases (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  session_id uuid NOT NULL,
  idempotency_key text NOT NULL,
  scheme text NOT NULL REFERENCES membership_schemes (slug),
  venue_slug text NOT NULL REFERENCES venues (slug),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'failed')),
  failure text CHECK (failure IN ('declined', 'timed_out', 'refused', 'abandoned')),
  payment_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  UNIQUE (session_id, idempotency_key)
);
-- One attempt at a time per account: a second click with another key cannot pay twice.
CREATE UNIQUE INDEX membership_purchases_one_pending
  ON membership_purchases (account_id) WHERE status = 'pending';

-- The outbox carries the membership confirmation too. The kinds allowed so far (0019 may have
-- added its own) are kept and this one appended, whatever order the branches merged in.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(m[1]) INTO kinds
  FROM pg_constraint c,
       regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
  WHERE c.conname = 'email_outbox_kind_check' AND c.conrelid = 'email_outbox'::regclass;
  EXECUTE 'ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check';
  EXECUTE format(
    'ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind = ANY (%L::text[]))',
    array_append(kinds, 'membership_confirmation'));
END $$;
