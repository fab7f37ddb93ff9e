-- The price rule, in one place (issue 12). Applied after the numbered migrations on every
-- migration run whose text differs from what the database last applied (server/db/migrate.ts),
-- so a change to a price is an edit here, not a new migration re-creating a function.
-- Migrations 0005 and 0006 made these first and stay as history; a fresh database runs them, then
-- this file. Everything here is CREATE OR REPLACE with the signatures those migrations gave, since
-- the hold functions (functions/holds.sql) and the capabilities' queries call them. A change of
-- signature or of the view's columns needs a DROP here first (and CASCADE to what depends on it
-- re-created below it), not a silent second overload.
--
-- The rule (UK DMCC Act, US FTC rule): a ticket's headline price is its face value, less a promo
-- code's percentage (the discount rounded half up in minor units), plus the venue's per-ticket
-- booking fee, which is never discounted. Per-order fees (transaction fee, ticket protection) and
-- the sums of a basket are server/basket/pricing.ts.

-- One ticket. Integer arithmetic only: (face * percent + 50) / 100 is the discount rounded half up.
CREATE OR REPLACE FUNCTION ticket_all_in_price(face_value integer, booking_fee integer, discount_percent integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT face_value - (face_value * discount_percent + 50) / 100 + booking_fee
$$;

-- Every price option with its undiscounted all-in price and its venue's booking fee, so a
-- discounted price is ticket_all_in_price(face_value, booking_fee, percent), never face + fee by hand.
CREATE OR REPLACE VIEW price_options_all_in AS
SELECT po.show_id, po.code, po.name, po.price_band, po.admission_area, po.sort_order, po.face_value,
       ticket_all_in_price(po.face_value, v.booking_fee, 0) AS all_in_price,
       v.booking_fee
FROM price_options po
JOIN shows sh ON sh.id = po.show_id
JOIN venues v ON v.slug = sh.venue_slug;

-- A reserved seat's all-in price under a discount: its band's lowest option, or the booking fee
-- alone for a band with no option. PL/pgSQL rather than SQL so each connection plans the lookup
-- once: a non-inlined SQL function is planned again on every call, and the hold path calls it for
-- every seat it claims.
CREATE OR REPLACE FUNCTION seat_all_in_price(p_show uuid, p_band text, p_discount_percent integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT min(ticket_all_in_price(po.face_value, po.booking_fee, p_discount_percent))
     FROM price_options_all_in po WHERE po.show_id = p_show AND po.price_band = p_band),
    (SELECT v.booking_fee FROM shows sh JOIN venues v ON v.slug = sh.venue_slug WHERE sh.id = p_show)
  );
END
$$;

-- The same without a discount.
CREATE OR REPLACE FUNCTION seat_all_in_price(show uuid, band text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT seat_all_in_price(show, band, 0)
$$;
