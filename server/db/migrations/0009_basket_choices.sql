-- The buyer's basket choices on a hold (issue 5): extras and the ticket protection answer. Prices
-- are not stored here: the basket is priced afresh from the catalogue on every read, so a price
-- or fee change shows up (as a new basket version) instead of being frozen at choice time.
-- Both tables go with their hold (release, or a takeover of an expired hold's row).

CREATE TABLE basket_choices (
  hold_id uuid PRIMARY KEY REFERENCES holds (id) ON DELETE CASCADE,
  -- NULL: the buyer has not answered yet (undecided).
  ticket_protection boolean,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE basket_upsells (
  hold_id uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
  upsell_id uuid NOT NULL REFERENCES upsell_products (id),
  -- A quantity of 0 is no row.
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  PRIMARY KEY (hold_id, upsell_id)
);
