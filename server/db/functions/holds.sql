-- The hold functions, in one place (issue 23): the live open_hold and hold_seats. Applied after
-- the numbered migrations on every migration run, like pricing.sql (server/db/migrate.ts), so a
-- change to how a hold is opened or its seats claimed is an edit here, not a new migration
-- re-creating a function. Migrations 0007 and 0014 made them first and stay as history; a fresh
-- database runs those, then this file. Everything here is CREATE OR REPLACE with the signatures
-- migration 0014 gave (server/holds/queries.ts calls them); a change of signature needs a DROP
-- here first, not a silent second overload.

-- Opens a hold: the session's and the client's caps, then the row. `refused` says which limit
-- refused the hold ('session' or 'client'; nothing written); NULL when it was written. Two
-- sessions of one client take an advisory lock per (client, performance) first, so they count one
-- after the other and cannot both pass a nearly full cap; other buyers never wait.
CREATE OR REPLACE FUNCTION open_hold(
  p_hold uuid, p_session uuid, p_performance uuid, p_minutes integer, p_limit integer,
  p_client_limit integer, p_promo text, p_seats integer, p_admissions integer,
  OUT deadline timestamptz, OUT refused text
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  held bigint;
  client text;
BEGIN
  SELECT s.client_digest INTO client FROM sessions s WHERE s.id = p_session FOR NO KEY UPDATE;
  SELECT coalesce(sum(h.seat_count + h.admission_count), 0) INTO held FROM holds h
  WHERE h.session_id = p_session AND h.performance_id = p_performance AND h.expires_at > now();
  IF held + p_seats + p_admissions > p_limit THEN
    refused := 'session';
    RETURN;
  END IF;
  IF p_client_limit > 0 AND client IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(73210003, hashtext(client || p_performance::text));
    SELECT coalesce(sum(h.seat_count + h.admission_count), 0) INTO held FROM holds h
    WHERE h.client_digest = client AND h.client_digest IS NOT NULL
      AND h.performance_id = p_performance AND h.expires_at > now();
    IF held + p_seats + p_admissions > p_client_limit THEN
      refused := 'client';
      RETURN;
    END IF;
  END IF;
  INSERT INTO holds (id, session_id, performance_id, expires_at, seat_count, admission_count,
                     promo_code, client_digest)
  VALUES (p_hold, p_session, p_performance, now() + make_interval(mins => p_minutes), p_seats,
          p_admissions, p_promo, client)
  RETURNING expires_at INTO deadline;
END
$$;

-- A seat hold: open_hold, then claims the seats in the order given (the caller sorts the ids, so
-- locks are taken in one order). A free seat is inserted; a seat whose hold has expired is taken
-- over (ON CONFLICT locks the conflicting row and re-checks it on its newest version, so two
-- claimers never both win); a live hold's or a sold seat is left alone. Returns the seats won,
-- priced under the discount, in plan order (section sort order, row by length then label, seat
-- number); one row with only the deadline if none was won; one row carrying open_hold's
-- `refused` when a limit refused the hold. The caller rolls back when fewer seats than asked come
-- back: a hold is all or nothing.
--
-- A linked performance (issue 24, migration 0033: Part One and Part Two of a two-part show) has
-- each seat claimed in both parts under the one hold, parts in id order then seats in id order
-- (so two holds of one pair, from either part, lock in one order), and a seat counts as won only
-- when both parts' rows are this hold's: a seat free in one part only comes back missing, and
-- the caller's roll-back gives up the part it did win.
CREATE OR REPLACE FUNCTION hold_seats(
  p_hold uuid, p_session uuid, p_performance uuid, p_plan uuid, p_show uuid, p_seats uuid[],
  p_minutes integer, p_limit integer, p_client_limit integer, p_promo text,
  p_discount_percent integer
) RETURNS TABLE (
  expires_at timestamptz, refused text, seat_id text, section text, row_label text,
  seat_number integer, price_band text, amount integer
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  opened record;
  parts uuid[];
BEGIN
  SELECT * INTO opened FROM open_hold(p_hold, p_session, p_performance, p_minutes, p_limit,
                                      p_client_limit, p_promo, cardinality(p_seats), 0);
  IF opened.refused IS NOT NULL THEN
    refused := opened.refused;
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT array_agg(x.id ORDER BY x.id) INTO parts FROM performances p
  JOIN performances x ON x.id = p.id OR x.id = p.linked_performance_id
  WHERE p.id = p_performance;
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO seat_allocations AS a (performance_id, seat_id, status, hold_id, held_until, updated_at)
    SELECT pt.id, s.id, 'held', p_hold, opened.deadline, now()
    FROM unnest(parts) WITH ORDINALITY AS pt(id, pord)
    CROSS JOIN unnest(p_seats) WITH ORDINALITY AS t(id, ord)
    JOIN seats s ON s.id = t.id AND s.seating_plan_id = p_plan
    ORDER BY pt.pord, t.ord
    ON CONFLICT (performance_id, seat_id) DO UPDATE
      SET hold_id = EXCLUDED.hold_id, held_until = EXCLUDED.held_until, updated_at = now()
      WHERE a.status = 'held' AND a.held_until <= now()
    RETURNING a.seat_id
  ), won AS (
    SELECT c.seat_id FROM claimed c GROUP BY c.seat_id HAVING count(*) = cardinality(parts)
  )
  SELECT opened.deadline, NULL::text, upper(s.id::text), s.section_code, s.row_label,
         s.seat_number, s.price_band, seat_all_in_price(p_show, s.price_band, p_discount_percent)
  FROM won c
  JOIN seats s ON s.id = c.seat_id
  JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
  ORDER BY ps.sort_order, length(s.row_label), s.row_label, s.seat_number;
  IF NOT FOUND THEN
    expires_at := opened.deadline;
    RETURN NEXT;
  END IF;
END
$$;
