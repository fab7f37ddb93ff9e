-- Promo and presale codes on holds, the promo discount beside the all-in rule of 0005, and the
-- price option (ticket type) of each held admission.

-- The one price rule: face value, less a promo code's percentage (the discount is rounded half up
-- in minor units), plus the venue's per-ticket booking fee, which is never discounted. Integer
-- arithmetic only: (face * percent + 50) / 100 is the discount rounded half up.
CREATE FUNCTION ticket_all_in_price(face_value integer, booking_fee integer, discount_percent integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT face_value - (face_value * discount_percent + 50) / 100 + booking_fee
$$;

-- Same columns as 0005 (all_in_price is the undiscounted price), plus the fee, so a discounted
-- price is ticket_all_in_price(face_value, booking_fee, percent) and never face + fee by hand.
CREATE OR REPLACE VIEW price_options_all_in AS
SELECT po.show_id, po.code, po.name, po.price_band, po.admission_area, po.sort_order, po.face_value,
       ticket_all_in_price(po.face_value, v.booking_fee, 0) AS all_in_price,
       v.booking_fee
FROM price_options po
JOIN shows sh ON sh.id = po.show_id
JOIN venues v ON v.slug = sh.venue_slug;

-- A reserved seat's all-in price under a discount: its band's lowest option, or the booking fee
-- alone for a band with no option (as in 0005). PL/pgSQL rather than SQL so each connection
-- plans the lookup once: a non-inlined SQL function is planned again on every call, and the
-- hold path calls it for every seat it claims.
CREATE FUNCTION seat_all_in_price(p_show uuid, p_band text, p_discount_percent integer)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT min(ticket_all_in_price(po.face_value, po.booking_fee, p_discount_percent))
     FROM price_options_all_in po WHERE po.show_id = p_show AND po.price_band = p_band),
    (SELECT v.booking_fee FROM shows sh JOIN venues v ON v.slug = sh.venue_slug WHERE sh.id = p_show)
  );
END
$$;

CREATE OR REPLACE FUNCTION seat_all_in_price(show uuid, band text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT seat_all_in_price(show, band, 0)
$$;

-- Buyers type codes in any case; one code per spelling, found by an index.
CREATE UNIQUE INDEX promo_codes_code_upper ON promo_codes (upper(code));

-- The code a hold was made with (checked then), so the basket prices it the same way.
ALTER TABLE holds ADD COLUMN promo_code text REFERENCES promo_codes (code);

-- The ticket type of held admissions: one area may be held as, say, 2 Adult and 1 Child. Holds
-- made before this migration (an hour old at most) get their area's first option, the default.
ALTER TABLE hold_admissions ADD COLUMN price_option text;
UPDATE hold_admissions ha
SET price_option = coalesce(
  (SELECT po.code FROM performances p
   JOIN price_options po ON po.show_id = p.show_id AND po.admission_area = ha.area_code
   WHERE p.id = ha.performance_id ORDER BY po.sort_order LIMIT 1),
  ha.area_code);
ALTER TABLE hold_admissions ALTER COLUMN price_option SET NOT NULL;
ALTER TABLE hold_admissions DROP CONSTRAINT hold_admissions_pkey;
ALTER TABLE hold_admissions ADD PRIMARY KEY (hold_id, area_code, price_option);
