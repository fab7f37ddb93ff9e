-- Signing in (issue 14). A session is signed in to an account while `account_id` is set and both
-- of its sign-in limits are in the future: `signed_in_idle_until` moves on with the buyer's own
-- actions (server/domain/signIn.ts); `signed_in_until` is the absolute limit counted from sign-in.
-- Past either, the session reads as a guest's: its basket and holds follow the hold rules, not
-- the sign-in.
ALTER TABLE sessions ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE SET NULL;
ALTER TABLE sessions ADD COLUMN signed_in_idle_until timestamptz;
ALTER TABLE sessions ADD COLUMN signed_in_until timestamptz;
ALTER TABLE sessions ADD CONSTRAINT sessions_sign_in_limits CHECK (
  (account_id IS NULL) = (signed_in_idle_until IS NULL)
  AND (account_id IS NULL) = (signed_in_until IS NULL)
);
CREATE INDEX sessions_account ON sessions (account_id) WHERE account_id IS NOT NULL;
