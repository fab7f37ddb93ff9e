-- Pay attempts nobody finishes (issue 11): the process died mid-payment, or the buyer never came
-- back from 3-D Secure. The reconciliation sweep settles them (domain/orders.ts
-- settleAbandonedAttempts) and claims each first, so two instances never both work one attempt;
-- a claim older than a minute belongs to a sweep that died and may be taken again.
ALTER TABLE orders ADD COLUMN settle_claimed_at timestamptz;
-- Unfinished attempts are few at any moment, however many orders were ever made.
CREATE INDEX orders_pending ON orders (created_at) WHERE status = 'pending';
-- Payments whose first answer was never recorded (status 'pending' past any provider call):
-- the sweep cancels those of failed attempts at the gateway, and they are few at any moment.
CREATE INDEX payments_unanswered ON payments (updated_at) WHERE status = 'pending';
