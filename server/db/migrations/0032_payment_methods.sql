-- More ways to pay (issue 15): a payment is made by card, by a wallet (Google Pay, Apple Pay: a
-- card the device holds, tokenised from the wallet's payload) or by PayPal (the buyer approves on
-- PayPal's page). Still no card number, security code, wallet payload or PayPal payer detail in
-- any table: only the method, the card's brand and last four digits, and the provider's refs.

-- How each payment was made; every payment before this one was by card.
ALTER TABLE payments
  ADD COLUMN method text NOT NULL DEFAULT 'card'
    CHECK (method IN ('card', 'google_pay', 'apple_pay', 'paypal'));
-- PayPal's Cancel declines with its own reason; PayPal's approval page is the payment's step.
ALTER TABLE payments DROP CONSTRAINT payments_decline_reason_check;
ALTER TABLE payments ADD CONSTRAINT payments_decline_reason_check
  CHECK (decline_reason IN ('declined', 'insufficient_funds', 'authentication_failed', 'cancelled'));
ALTER TABLE payments DROP CONSTRAINT payments_action_kind_check;
ALTER TABLE payments ADD CONSTRAINT payments_action_kind_check
  CHECK (action_kind IN ('device_data', 'challenge', 'approval'));
-- A PayPal payment shows no card.
ALTER TABLE payments ADD CONSTRAINT payments_paypal_has_no_card
  CHECK (method <> 'paypal' OR (card_brand IS NULL AND card_last4 IS NULL));

-- The sandbox gateway. Its vault keeps wallet tokens beside card tokens (the same few fields a
-- receipt shows), each marked with where it came from: a token pays only by its own method.
ALTER TABLE sandbox_card_tokens
  ADD COLUMN source text NOT NULL DEFAULT 'card'
    CHECK (source IN ('card', 'google_pay', 'apple_pay'));

-- Sandbox PayPal orders are sandbox payments without a card, at `approval_required` until the
-- buyer answers PayPal's page; `approval_result` is that answer (the first one counts).
ALTER TABLE sandbox_payments
  ADD COLUMN method text NOT NULL DEFAULT 'card'
    CHECK (method IN ('card', 'google_pay', 'apple_pay', 'paypal')),
  ADD COLUMN approval_result text
    CHECK (approval_result IN ('approved', 'cancelled', 'declining_account')),
  ALTER COLUMN brand DROP NOT NULL,
  ALTER COLUMN last4 DROP NOT NULL,
  ALTER COLUMN behaviour DROP NOT NULL,
  ADD CONSTRAINT sandbox_payments_card_by_method
    CHECK ((method = 'paypal') = (brand IS NULL AND last4 IS NULL AND behaviour IS NULL));
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_state_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_state_check
  CHECK (state IN ('processing', 'device_data_required', 'challenge_required',
    'approval_required', 'authorised', 'captured', 'refunded', 'voided', 'declined'));
ALTER TABLE sandbox_payments DROP CONSTRAINT sandbox_payments_decline_reason_check;
ALTER TABLE sandbox_payments ADD CONSTRAINT sandbox_payments_decline_reason_check
  CHECK (decline_reason IN ('declined', 'insufficient_funds', 'authentication_failed',
    'cancelled'));
