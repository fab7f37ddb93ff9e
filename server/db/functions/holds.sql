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

-- POST /holds of hand-picked seats in one statement (issue 26): the Idempotency-Key's claim,
-- hold_seats (the session's and the client's caps, the seats) and, when every seat was won, the
-- answer stored under the key, all in the statement's one transaction. The route made these four
-- round trips and two commits (server/http/idempotency.ts `idempotent`: claim, BEGIN, work, store,
-- COMMIT); the rules are the same:
-- - `taken`: the key was not claimed (another request has it, or its answer): nothing else ran,
--   and request_hash, state, status and body are the key's, for the caller to replay or refuse.
--   A duplicate sent while this statement runs waits on the claimed row and then replays.
-- - `refused` (a limit: 'session' or 'client') or `short` (seat_ids: the seats that were won):
--   nothing is written but the key's answer (a short claim's seats are rolled back with the
--   block below): p_refusals' body for the limit (422), for a seat not of the plan (400,
--   `unknownSeat`), or `unavailable`'s body naming the seats not won (409, seatIds in the order
--   of JavaScript's sort), as server/holds/holds.ts would answer them (it writes the bodies:
--   issue 26, a lost hold is one round trip as a won one is, not three through the pool).
-- - `held`: the hold, its seats and the answer (status 201, body) committed together. The body
--   is `{hold: p_view}` with the deadline and the seats filled in, as server/holds/holds.ts
--   holdView shows a hold (p_view carries the rest); a replay sends the stored body, so first
--   answer and replay are the same bytes of JSON.
-- - `stale` (only with p_token_hash): the session is no longer the live guest session of that
--   token digest (it ended, was signed in or out, its token was replaced): nothing ran, not even
--   the claim. The route read the session from its cache of guest sessions (issue 26:
--   server/http/buyerSession.ts) instead of asking the database first; the caller reads the
--   session afresh and answers as the session hook would have (401, or the fresh session's hold).
-- An error (a deadlock, an outage) rolls back the whole statement, claim included.
-- (p_token_hash and p_refusals came later in issue 26; older signatures go first, not left as
-- overloads.)
DROP FUNCTION IF EXISTS hold_seats_once(
  text, text, integer, uuid, uuid, uuid, uuid, uuid, uuid[], integer, integer, integer, text,
  integer, text, jsonb
);
DROP FUNCTION IF EXISTS hold_seats_once(
  text, text, text, integer, uuid, uuid, uuid, uuid, uuid, uuid[], integer, integer, integer,
  text, integer, text, jsonb
);
CREATE OR REPLACE FUNCTION hold_seats_once(
  p_token_hash text, p_key text, p_hash text, p_in_flight_seconds integer,
  p_hold uuid, p_session uuid, p_performance uuid, p_plan uuid, p_show uuid, p_seats uuid[],
  p_minutes integer, p_limit integer, p_client_limit integer, p_promo text,
  p_discount_percent integer, p_currency text, p_view jsonb, p_refusals jsonb
) RETURNS TABLE (
  outcome text, refused text, seat_ids text[], request_hash text, state text, status integer,
  body jsonb
)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  deadline timestamptz;
  won text[];
  seats jsonb;
  answer jsonb;
BEGIN
  IF p_token_hash IS NOT NULL THEN
    -- What the session hook's read (server/http/queries/sessions.ts findLiveSession) would have
    -- found: this session, live, under this token, signed in to no account.
    PERFORM 1 FROM sessions s
    WHERE s.id = p_session AND s.token_hash = p_token_hash AND s.expires_at > now()
      AND NOT coalesce(s.account_id IS NOT NULL AND s.signed_in_idle_until > now()
                       AND s.signed_in_until > now(), false);
    IF NOT FOUND THEN
      outcome := 'stale';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  INSERT INTO idempotency_keys AS k (session_id, key, request_hash, state)
  VALUES (p_session, p_key, p_hash, 'in_flight')
  ON CONFLICT (session_id, key) DO UPDATE SET locked_at = now()
    WHERE k.state = 'in_flight' AND k.request_hash = EXCLUDED.request_hash
      AND k.locked_at < now() - make_interval(secs => p_in_flight_seconds);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'taken'::text, NULL::text, NULL::text[], k.request_hash, k.state,
                        k.response_status, k.response_body
                 FROM idempotency_keys k WHERE k.session_id = p_session AND k.key = p_key;
    RETURN;
  END IF;
  BEGIN
    SELECT max(h.refused), max(h.expires_at), array_agg(h.seat_id) FILTER (WHERE h.seat_id IS NOT NULL),
           jsonb_agg(jsonb_build_object(
             'id', h.seat_id, 'section', h.section, 'row', h.row_label, 'number', h.seat_number,
             'priceBand', h.price_band,
             'price', jsonb_build_object('amount', h.amount, 'currency', p_currency)
           ) ORDER BY h.ordinality) FILTER (WHERE h.seat_id IS NOT NULL)
      INTO refused, deadline, won, seats
      FROM hold_seats(p_hold, p_session, p_performance, p_plan, p_show, p_seats, p_minutes,
                      p_limit, p_client_limit, p_promo, p_discount_percent)
           WITH ORDINALITY AS h;
    IF refused IS NOT NULL THEN
      outcome := 'refused';
      status := 422;
      answer := p_refusals -> refused;
    ELSIF coalesce(cardinality(won), 0) <> cardinality(p_seats) THEN
      -- Undoes the seats this hold did claim and the hold itself, keeping the key's claim.
      RAISE EXCEPTION USING ERRCODE = 'SDSHT';
    END IF;
  EXCEPTION WHEN SQLSTATE 'SDSHT' THEN
    outcome := 'short';
    seat_ids := coalesce(won, '{}');
    -- A seat of another venue is never won (hold_seats joins the plan's seats): 400 for it
    -- rather than 409, as refuseShortClaim in server/holds/holds.ts tells them apart.
    IF (SELECT count(*) FROM seats s WHERE s.id = ANY(p_seats) AND s.seating_plan_id = p_plan)
       <> cardinality(p_seats) THEN
      status := 400;
      answer := p_refusals -> 'unknownSeat';
    ELSE
      status := 409;
      answer := (p_refusals -> 'unavailable') || jsonb_build_object('seatIds', (
        SELECT jsonb_agg(t.id ORDER BY t.id COLLATE "C")
        FROM (SELECT upper(x::text) AS id FROM unnest(p_seats) AS x) t
        WHERE t.id <> ALL(seat_ids)));
    END IF;
  END;
  IF outcome IS NOT NULL THEN
    UPDATE idempotency_keys SET state = 'done', response_status = status, response_body = answer
    WHERE session_id = p_session AND key = p_key;
    request_hash := p_hash;
    state := 'done';
    body := answer;
    RETURN NEXT;
    RETURN;
  END IF;
  answer := jsonb_build_object('hold', p_view || jsonb_build_object(
    'expiresAt', to_char(deadline AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'seats', seats));
  UPDATE idempotency_keys SET state = 'done', response_status = 201, response_body = answer
  WHERE session_id = p_session AND key = p_key;
  RETURN QUERY SELECT 'held'::text, NULL::text, NULL::text[], p_hash, 'done'::text, 201, answer;
END
$$;
