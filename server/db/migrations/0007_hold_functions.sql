-- The write path of a new hold, as two functions: one call per hold instead of several
-- statements, and plans made once per connection (force_generic_plan: left to choose, PostgreSQL
-- kept re-planning these statements on every call, which cost about a fifth of a hold's time).

-- Starts a hold: takes the buyer's session row lock, so a session's holds are made one at a
-- time; counts its live seats and admissions on the performance (a statement after the lock, so
-- in a snapshot that sees every hold the session has committed); inserts the hold unless that
-- count plus this hold would pass the venue's limit. Returns the deadline, or NULL over the limit
-- (nothing written). Other buyers never wait on the lock.
CREATE FUNCTION open_hold(
  p_hold uuid, p_session uuid, p_performance uuid, p_minutes integer, p_limit integer,
  p_promo text, p_seats integer, p_admissions integer
) RETURNS timestamptz
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  held bigint;
  deadline timestamptz;
BEGIN
  PERFORM 1 FROM sessions WHERE id = p_session FOR NO KEY UPDATE;
  SELECT coalesce(sum(h.seat_count + h.admission_count), 0) INTO held FROM holds h
  WHERE h.session_id = p_session AND h.performance_id = p_performance AND h.expires_at > now();
  IF held + p_seats + p_admissions > p_limit THEN
    RETURN NULL;
  END IF;
  INSERT INTO holds (id, session_id, performance_id, expires_at, seat_count, admission_count, promo_code)
  VALUES (p_hold, p_session, p_performance, now() + make_interval(mins => p_minutes), p_seats,
          p_admissions, p_promo)
  RETURNING expires_at INTO deadline;
  RETURN deadline;
END
$$;

-- A seat hold: open_hold, then claims the seats (sorted ids, so locks are taken in one order).
-- A free seat is inserted; a seat whose hold has expired is taken over (ON CONFLICT locks the
-- conflicting row and re-checks it on its newest version, so two claimers never both win); a
-- live hold's or a sold seat is left alone. Returns the seats won, priced under the discount, in
-- plan order (section sort order, row by length then label, seat number); one row with only the
-- deadline if none was won; no row over the limit. The caller rolls back when fewer seats than
-- asked come back: a hold is all or nothing.
CREATE FUNCTION hold_seats(
  p_hold uuid, p_session uuid, p_performance uuid, p_plan uuid, p_show uuid, p_seats uuid[],
  p_minutes integer, p_limit integer, p_promo text, p_discount_percent integer
) RETURNS TABLE (
  expires_at timestamptz, seat_id text, section text, row_label text, seat_number integer,
  price_band text, amount integer
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  deadline timestamptz;
BEGIN
  deadline := open_hold(p_hold, p_session, p_performance, p_minutes, p_limit, p_promo,
                        cardinality(p_seats), 0);
  IF deadline IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO seat_allocations AS a (performance_id, seat_id, status, hold_id, held_until, updated_at)
    SELECT p_performance, s.id, 'held', p_hold, deadline, now()
    FROM unnest(p_seats) WITH ORDINALITY AS t(id, ord)
    JOIN seats s ON s.id = t.id AND s.seating_plan_id = p_plan
    ORDER BY t.ord
    ON CONFLICT (performance_id, seat_id) DO UPDATE
      SET hold_id = EXCLUDED.hold_id, held_until = EXCLUDED.held_until, updated_at = now()
      WHERE a.status = 'held' AND a.held_until <= now()
    RETURNING a.seat_id
  )
  SELECT deadline, upper(s.id::text), s.section_code, s.row_label, s.seat_number, s.price_band,
         seat_all_in_price(p_show, s.price_band, p_discount_percent)
  FROM claimed c
  JOIN seats s ON s.id = c.seat_id
  JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
  ORDER BY ps.sort_order, length(s.row_label), s.row_label, s.seat_number;
  IF NOT FOUND THEN
    expires_at := deadline;
    RETURN NEXT;
  END IF;
END
$$;
