-- Customer accounts (issue 5): a guest who has just bought turns the order into an account from
-- the confirmation page. Signing in and memberships come with the accounts issue.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- As the buyer typed it on the order; unique whatever its letter case (index below).
  email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  first_name text NOT NULL,
  last_name text NOT NULL,
  -- scrypt with its parameters and salt (server/domain/passwordHash.ts). The password itself is
  -- never stored, in this table or any other.
  password_hash text NOT NULL CHECK (password_hash LIKE '$scrypt$%'),
  -- Emails about shows and offers to the account holder: only ever true by the holder's choice.
  marketing_opt_in boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The email typed on an order proves nothing: the account is the mailbox owner's only once
  -- its activation link (sent there) was opened. Until then a later sign-up replaces it.
  verified_at timestamptz,
  -- The activation link's one-time token as a SHA-256 (base64url); the token itself is only in
  -- the email. Cleared when used, so a link opens once.
  verification_token_hash text UNIQUE,
  verification_expires_at timestamptz,
  CHECK ((verification_token_hash IS NULL) = (verification_expires_at IS NULL)),
  CHECK (verified_at IS NULL OR verification_token_hash IS NULL)
);
-- "Jane@Example.com" and "jane@example.com" are one mailbox as far as people are concerned, so
-- one account; the database, not a read-then-insert, refuses the second.
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

-- The order an account was made from belongs to it (later: every order made signed in). An
-- unverified account that a later sign-up replaces takes none of its orders with it.
ALTER TABLE orders ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX orders_account ON orders (account_id) WHERE account_id IS NOT NULL;

-- The outbox also carries the activation email. It has no order_id: a buyer may ask again from
-- the same order (a new link replaces the old), which the one-per-order index would refuse.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check
  CHECK (kind IN ('order_confirmation', 'account_activation'));
