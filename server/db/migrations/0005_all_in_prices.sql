-- The all-in price rule (UK DMCC Act, US FTC rule): a ticket's headline price is its face value
-- plus the venue's per-ticket booking fee. It lives here once; every query reads it instead of
-- adding the fee itself.
CREATE VIEW price_options_all_in AS
SELECT po.show_id, po.code, po.name, po.price_band, po.admission_area, po.sort_order, po.face_value,
       po.face_value + v.booking_fee AS all_in_price
FROM price_options po
JOIN shows sh ON sh.id = po.show_id
JOIN venues v ON v.slug = sh.venue_slug;

-- A reserved seat's all-in price: its band's lowest option. A band with no price option costs the
-- booking fee alone, as the hold queries have always treated it.
CREATE FUNCTION seat_all_in_price(show uuid, band text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT min(po.all_in_price) FROM price_options_all_in po
     WHERE po.show_id = show AND po.price_band = band),
    (SELECT v.booking_fee FROM shows sh JOIN venues v ON v.slug = sh.venue_slug WHERE sh.id = show)
  )
$$;
