-- Single-use promo codes (issue 24): a code marked single_use is redeemed by exactly one confirmed
-- order, ever. The shape of the vouchers' reservations (0031): the pay attempt reserves the code in
-- the transaction that writes it, its sale spends it, and an attempt that fails gives it back in
-- the statement that fails it (the trigger below), whichever flow fails it.
CREATE TABLE promo_redemptions (
  -- One code per attempt: the code its hold was made with.
  order_id uuid PRIMARY KEY REFERENCES orders (id),
  promo_code text NOT NULL REFERENCES promo_codes (code),
  status text NOT NULL CHECK (status IN ('reserved', 'spent', 'returned')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- At most one live claim on a code, whatever the application does: the one attempt reserving
-- it, or the one order that spent it. (Only single-use codes get rows at all.)
CREATE UNIQUE INDEX promo_redemptions_one_live ON promo_redemptions (promo_code)
  WHERE status IN ('reserved', 'spent');

-- An attempt that fails (declined, refused, timed out, hold lost, superseded by a newer attempt,
-- its hold released, settled by the sweep) gives its code back: no failure path can forget to.
CREATE FUNCTION return_promo_redemption() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE promo_redemptions SET status = 'returned', updated_at = now()
  WHERE order_id = NEW.id AND status = 'reserved';
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_return_promo AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'failed')
  EXECUTE FUNCTION return_promo_redemption();
