-- Gift vouchers and gift cards (issue 15): the box office's own ways to pay. A voucher is usable
-- at every venue of its region, in its currency, until the end of its expiry day.
--
-- Money safety lives here, not only in the code: `available` is the balance less what live pay
-- attempts have reserved, and the CHECKs make the database refuse an overspend (available below
-- zero), a reservation returned twice (available above balance) and a spend that was never
-- reserved (balance falling below available), whatever the application does.
CREATE TABLE vouchers (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('gift_voucher', 'gift_card')),
  region text NOT NULL,
  -- Normalised: upper-case letters and digits only (printed spaces and dashes removed).
  number text NOT NULL CHECK (number ~ '^[A-Z0-9]{1,64}$'),
  -- The redemption code (gift voucher) or access number (gift card) is never stored: only an
  -- HMAC-SHA-256 of it under the server's `voucher-code` key, bound to the voucher's id.
  code_hash text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  balance integer NOT NULL CHECK (balance >= 0),
  available integer NOT NULL,
  -- The last day it can be used, on the calendar of the venue where it is used.
  expires_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (region, number),
  CHECK (available >= 0),
  CHECK (available <= balance)
);

-- Vouchers applied to a hold, in the order they were applied (the order they are spent in).
-- Applying reserves nothing: the pay attempt does.
CREATE TABLE hold_vouchers (
  hold_id uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
  voucher_id uuid NOT NULL REFERENCES vouchers (id),
  applied_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (hold_id, voucher_id)
);
CREATE INDEX hold_vouchers_voucher ON hold_vouchers (voucher_id);

-- What a pay attempt takes from each voucher: reserved with the attempt, then spent by its sale
-- or returned when it fails. Each move is conditional on the status it leaves, so it happens once.
CREATE TABLE voucher_reservations (
  order_id uuid NOT NULL REFERENCES orders (id),
  voucher_id uuid NOT NULL REFERENCES vouchers (id),
  position integer NOT NULL CHECK (position >= 0),
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('reserved', 'spent', 'returned')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, voucher_id),
  UNIQUE (order_id, position)
);
CREATE INDEX voucher_reservations_live ON voucher_reservations (voucher_id)
  WHERE status = 'reserved';

-- What the attempt's vouchers pay; the provider is asked for total - voucher_amount.
ALTER TABLE orders ADD COLUMN voucher_amount integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD CONSTRAINT orders_voucher_amount
  CHECK (voucher_amount >= 0 AND voucher_amount <= total);

-- An attempt that fails, whichever flow fails it (declined, refused, timed out, hold lost,
-- superseded by a newer attempt, its hold released, settled by the sweep), gives its reserved
-- amounts back in the same statement: no failure path can forget to. Vouchers are taken in id
-- order, as the pay attempt reserves them, so two transactions never wait on each other crosswise.
CREATE FUNCTION return_voucher_reservations() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  back record;
BEGIN
  -- The vouchers' locks first, in id order, as every other writer of `available` takes them.
  PERFORM 1 FROM vouchers WHERE id IN (
    SELECT voucher_id FROM voucher_reservations WHERE order_id = NEW.id AND status = 'reserved')
  ORDER BY id FOR UPDATE;
  FOR back IN
    SELECT voucher_id, amount FROM voucher_reservations
    WHERE order_id = NEW.id AND status = 'reserved' ORDER BY voucher_id
  LOOP
    UPDATE voucher_reservations SET status = 'returned', updated_at = now()
    WHERE order_id = NEW.id AND voucher_id = back.voucher_id AND status = 'reserved';
    UPDATE vouchers SET available = available + back.amount WHERE id = back.voucher_id;
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER orders_return_vouchers AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'failed')
  EXECUTE FUNCTION return_voucher_reservations();
