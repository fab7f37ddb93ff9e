-- Orders (issue 5): what a pay request makes of a hold. Each pay attempt (one Idempotency-Key)
-- is an order row: `pending` while its payment is under way, then `confirmed` (the sale) or
-- `failed` (declined, timed out, lost, superseded by a newer attempt). Only a confirmed order
-- owns seats, places and tickets.

-- A hold that was sold: its seats and places now belong to the order, so it may no longer be
-- released, extended or have its basket changed (the sale also ends it: expires_at = now()).
ALTER TABLE holds ADD COLUMN sold_at timestamptz;

CREATE TABLE orders (
  id uuid PRIMARY KEY,
  -- What the buyer quotes on the phone: "SD-" and 8 characters without look-alikes (no 0/O, 1/I/L).
  number text NOT NULL UNIQUE CHECK (number ~ '^SD-[2-9A-HJKMNP-Z]{8}$'),
  -- Not a foreign key: the record of a sale outlives the anonymous session that made it.
  session_id uuid NOT NULL,
  -- The pay request's key: a rerun of the key (after a crash) finds this attempt again, so the
  -- payment it asks for is the same one (the payment service is idempotent by the same key).
  idempotency_key text NOT NULL,
  -- NULL once a hold that never sold is released: the attempt's record stays, its basket
  -- snapshot says what it was for.
  hold_id uuid REFERENCES holds (id) ON DELETE SET NULL,
  performance_id uuid NOT NULL REFERENCES performances (id),
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed')),
  failure text CHECK (failure IN ('declined', 'timed_out', 'hold_lost', 'superseded', 'refused')),
  currency text NOT NULL CHECK (currency IN ('GBP', 'USD')),
  total integer NOT NULL CHECK (total >= 0),
  transaction_fee integer NOT NULL CHECK (transaction_fee >= 0),
  -- The basket as priced when the buyer paid (contract Basket) and their details (delivery,
  -- contact, answers, consents): what was bought is fixed, whatever the catalogue does later.
  basket jsonb NOT NULL,
  details jsonb NOT NULL,
  -- NULL for a zero-price order, and until the provider has answered the authorisation.
  payment_id uuid REFERENCES payments (id),
  -- The secret link's key, set on confirmation: a SHA-256 to find and check it, and a sealed
  -- copy (AES-256-GCM under the server's `order-link` key) so its owner can be shown it again.
  access_key_hash text UNIQUE,
  access_key_sealed text,
  -- The capture is claimed before it is asked for, so two answers of one sale never both take
  -- the money; a claim older than a minute (a crash) may be taken again.
  capture_claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  UNIQUE (session_id, idempotency_key),
  CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL)),
  CHECK ((status = 'confirmed') = (access_key_hash IS NOT NULL AND access_key_sealed IS NOT NULL)),
  CHECK ((status = 'failed') = (failure IS NOT NULL))
);
-- A hold is sold once, whatever the application does.
CREATE UNIQUE INDEX orders_one_sale_per_hold ON orders (hold_id) WHERE status = 'confirmed';
CREATE INDEX orders_hold ON orders (hold_id);
CREATE INDEX orders_payment ON orders (payment_id) WHERE payment_id IS NOT NULL;
-- The reconciliation sweep (domain/orders.ts) reads the payments that still hold a buyer's money
-- (a capture to retry, a failed attempt's authorisation to void): few at any moment, however
-- many payments were ever made.
CREATE INDEX payments_holding_money ON payments (updated_at)
  WHERE status IN ('authorised', 'action_required');

-- One ticket per seat and per admission place, in the order the confirmation lists them.
CREATE TABLE order_tickets (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  position integer NOT NULL CHECK (position >= 0),
  kind text NOT NULL CHECK (kind IN ('seat', 'admission')),
  performance_id uuid NOT NULL REFERENCES performances (id),
  seat_id uuid REFERENCES seats (id),
  -- Names as printed on the ticket (the section's and area's names, not their codes).
  section text,
  row_label text,
  seat_number integer,
  area text,
  price_option text,
  price_option_name text,
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  -- The signed QR payload (server/domain/ticketCodes.ts); only for eTicket delivery.
  code text,
  UNIQUE (order_id, position),
  CHECK ((kind = 'seat') = (seat_id IS NOT NULL))
);

-- Sold seats: the allocation row says which order owns it. A sale clears hold_id (and the
-- deadline), because seat_allocations.hold_id cascades on delete: deleting a hold must never
-- delete a sold seat. Seats the seed sold have no order.
ALTER TABLE seat_allocations ADD COLUMN order_id uuid REFERENCES orders (id);
ALTER TABLE seat_allocations ADD CONSTRAINT seat_allocations_sold_has_no_hold
  CHECK (status = 'held' OR (hold_id IS NULL AND held_until IS NULL));
ALTER TABLE seat_allocations ADD CONSTRAINT seat_allocations_order_only_when_sold
  CHECK (order_id IS NULL OR status = 'sold');
CREATE INDEX seat_allocations_order ON seat_allocations (order_id) WHERE order_id IS NOT NULL;

-- Sold admissions need no table of their own: the sale deletes the hold's hold_admissions rows
-- (so neither the expiry sweep nor a release can give the places back) and the places stay
-- counted in admission_capacities.sold; the order's tickets say which area and option each is.

-- Keys the server makes once and every instance shares (the first writer wins): the Ed25519
-- key that signs ticket codes (unless TICKET_SIGNING_KEY gives one) and the key that seals
-- orders' secret links.
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  material text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- "Get your tickets in the app": a one-time token, kept only as a SHA-256, short-lived.
CREATE TABLE app_handover_tokens (
  token_hash text PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX app_handover_tokens_expires ON app_handover_tokens (expires_at);
