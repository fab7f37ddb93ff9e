-- Password reset and change of email (issue 14). Each emailed link is a one-time token kept only
-- as its SHA-256 (base64url), like the activation link's: the token itself is only in the email.
-- A link is used by deleting its row, in the statement that reads it, so two clicks use it once.
CREATE TABLE account_links (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_change')),
  -- The address an email change moves the account to; it becomes the account's only once the
  -- link sent there has been opened.
  new_email text CHECK ((purpose = 'email_change') = (new_email IS NOT NULL)),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL CHECK (expires_at > created_at)
);
-- A new link of a purpose replaces the account's older ones; a reset or a password change
-- deletes them all.
CREATE INDEX account_links_account ON account_links (account_id, purpose);

-- The outbox also carries the reset link, the "you already have an account" answer to a sign-up
-- for a known address, the link that confirms a new email address and the notice to the old one.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_kind_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_kind_check CHECK (kind IN (
  'order_confirmation', 'account_activation', 'password_reset', 'account_exists',
  'email_change', 'email_change_notice'
));
