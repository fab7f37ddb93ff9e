import type { Queryable } from '../database';
import type { CandidateSeat } from '../../domain/holdsBestAvailable';

/** The SQL of reservation holds. Ids go out upper-cased (spec §2 id pattern). */

export interface PerformanceRow {
  id: string;
  showId: string;
  venueSlug: string;
  region: string;
  currency: 'GBP' | 'USD';
  planId: string;
  seating: 'reserved' | 'general-admission' | 'timed-entry';
  onSale: boolean;
  /** Seats and admissions `sessionId` holds live on it (the selection limit counts both). */
  sessionHeld: number;
}

export async function findPerformance(
  db: Queryable,
  performanceId: string,
  sessionId: string | null = null,
): Promise<PerformanceRow | undefined> {
  const { rows } = await db.query<PerformanceRow>(
    `SELECT upper(p.id::text) AS id, p.show_id AS "showId", sh.venue_slug AS "venueSlug", v.region, v.currency,
            sp.id AS "planId", sp.kind AS seating,
            p.starts_at > now() AS "onSale",
            (SELECT coalesce(sum(h.seat_count + h.admission_count), 0)::int FROM holds h
             WHERE h.session_id = $2::uuid AND h.performance_id = p.id AND h.expires_at > now()
            ) AS "sessionHeld"
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     JOIN seating_plans sp ON sp.id = sh.seating_plan_id
     WHERE p.id = $1`,
    [performanceId, sessionId],
  );
  return rows[0];
}

export interface HoldRow {
  id: string;
  performanceId: string;
  region: string;
  venueSlug: string;
  expiresAt: Date;
  extensions: number;
  seatCount: number;
  admissionCount: number;
  live: boolean;
}

const HOLD_COLUMNS = `upper(h.id::text) AS id, upper(h.performance_id::text) AS "performanceId",
  v.region, v.slug AS "venueSlug", h.expires_at AS "expiresAt", h.extensions, h.seat_count AS "seatCount",
  h.admission_count AS "admissionCount", h.expires_at > now() AS live`;
const HOLD_FROM = `FROM holds h
  JOIN performances p ON p.id = h.performance_id
  JOIN shows sh ON sh.id = p.show_id
  JOIN venues v ON v.slug = sh.venue_slug`;

/** The session's hold; `lock` takes its row lock so extend and release serialise with the sweep. */
export async function findHold(
  db: Queryable,
  holdId: string,
  sessionId: string,
  lock = false,
): Promise<HoldRow | undefined> {
  const { rows } = await db.query<HoldRow>(
    `SELECT ${HOLD_COLUMNS} ${HOLD_FROM} WHERE h.id = $1 AND h.session_id = $2
     ${lock ? 'FOR UPDATE OF h' : ''}`,
    [holdId, sessionId],
  );
  return rows[0];
}

/** Inserts a hold with the seats and admissions it will have (its transaction rolls back if not). */
export async function insertHold(
  db: Queryable,
  hold: {
    id: string;
    sessionId: string;
    performanceId: string;
    holdMinutes: number;
    seatCount: number;
    admissionCount: number;
  },
): Promise<Date> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `INSERT INTO holds (id, session_id, performance_id, expires_at, seat_count, admission_count)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4::int), $5, $6) RETURNING expires_at AS "expiresAt"`,
    [
      hold.id,
      hold.sessionId,
      hold.performanceId,
      hold.holdMinutes,
      hold.seatCount,
      hold.admissionCount,
    ],
  );
  return rows[0]!.expiresAt;
}

/** A seat a claim won, with what the hold shows of it. */
export interface ClaimedSeat {
  id: string;
  section: string;
  row: string;
  number: number;
  priceBand: string;
  /** All-in price in minor units (seat_all_in_price). */
  amount: number;
}

/**
 * Claims seats for a hold in one statement. A free seat is inserted; a seat whose hold has
 * expired is taken over (the conflicting row is locked and re-checked, so two claimers never
 * both win); a live hold's or a sold seat is left alone. Sorted ids keep lock order stable.
 * Returns the seats claimed, ready to show, so a new hold needs no second read.
 */
export async function claimSeats(
  db: Queryable,
  claim: {
    holdId: string;
    performanceId: string;
    showId: string;
    planId: string;
    seatIds: readonly string[];
  },
): Promise<ClaimedSeat[]> {
  const sorted = [...claim.seatIds].map((id) => id.toUpperCase()).sort();
  const { rows } = await db.query<ClaimedSeat>(
    `WITH claimed AS (
       INSERT INTO seat_allocations (performance_id, seat_id, status, hold_id, held_until, updated_at)
       SELECT $1, s.id, 'held', h.id, h.expires_at, now()
       FROM unnest($2::uuid[]) WITH ORDINALITY AS t(seat_id, ord)
       JOIN seats s ON s.id = t.seat_id AND s.seating_plan_id = $3
       JOIN holds h ON h.id = $4
       ORDER BY t.ord
       ON CONFLICT (performance_id, seat_id) DO UPDATE
         SET hold_id = EXCLUDED.hold_id, held_until = EXCLUDED.held_until, updated_at = now()
         WHERE seat_allocations.status = 'held' AND seat_allocations.held_until <= now()
       RETURNING seat_id
     )
     SELECT upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row,
            s.seat_number AS number, s.price_band AS "priceBand",
            seat_all_in_price($5, s.price_band) AS amount
     FROM claimed c JOIN seats s ON s.id = c.seat_id
     ORDER BY s.section_code, length(s.row_label), s.row_label, s.seat_number`,
    [claim.performanceId, sorted, claim.planId, claim.holdId, claim.showId],
  );
  return rows;
}

/** Seat ids (upper-cased) of `seatIds` that are seats of the plan. */
export async function seatsOfPlan(
  db: Queryable,
  planId: string,
  seatIds: readonly string[],
): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT upper(id::text) AS id FROM seats WHERE seating_plan_id = $1 AND id = ANY($2::uuid[])',
    [planId, seatIds],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Takes `quantity` admissions of an area, or nothing: the guard in the WHERE clause is checked
 * on the locked row, so concurrent takers can never push `sold` past capacity.
 */
export async function takeAdmissions(
  db: Queryable,
  take: { holdId: string; performanceId: string; area: string; quantity: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admission_capacities SET sold = sold + $3
     WHERE performance_id = $1 AND area_code = $2 AND sold + $3 <= capacity`,
    [take.performanceId, take.area, take.quantity],
  );
  if (rowCount === 0) return false;
  await db.query(
    `INSERT INTO hold_admissions (hold_id, performance_id, area_code, quantity) VALUES ($1, $2, $3, $4)`,
    [take.holdId, take.performanceId, take.area, take.quantity],
  );
  return true;
}

export async function areasOfPerformance(db: Queryable, performanceId: string): Promise<string[]> {
  const { rows } = await db.query<{ code: string }>(
    'SELECT area_code AS code FROM admission_capacities WHERE performance_id = $1',
    [performanceId],
  );
  return rows.map((row) => row.code);
}

/**
 * Gives back the admissions of expired holds (all, or one performance's). Safe from any number
 * of instances at once: each expired hold is locked, and one being extended or released right
 * now is skipped; the rows it deletes cannot be returned twice. Returns admissions given back.
 */
export async function returnExpiredAdmissions(
  db: Queryable,
  scope: { performanceId?: string; region?: string } = {},
): Promise<number> {
  const { rows } = await db.query<{ returned: number }>(
    `WITH expired AS (
       SELECT h.id FROM holds h
       WHERE h.expires_at <= now() AND h.admission_count > 0
         AND ($1::uuid IS NULL OR h.performance_id = $1::uuid)
         AND ($2::text IS NULL OR h.performance_id IN (
           SELECT p.id FROM performances p JOIN shows sh ON sh.id = p.show_id
           JOIN venues v ON v.slug = sh.venue_slug WHERE v.region = $2))
         AND EXISTS (SELECT 1 FROM hold_admissions ha WHERE ha.hold_id = h.id)
       FOR UPDATE SKIP LOCKED
     ), freed AS (
       DELETE FROM hold_admissions ha USING expired e WHERE ha.hold_id = e.id
       RETURNING ha.performance_id, ha.area_code, ha.quantity
     ), totals AS (
       SELECT performance_id, area_code, sum(quantity)::int AS quantity FROM freed GROUP BY 1, 2
     ), updated AS (
       UPDATE admission_capacities ac SET sold = ac.sold - t.quantity
       FROM totals t WHERE ac.performance_id = t.performance_id AND ac.area_code = t.area_code
       RETURNING t.quantity
     )
     SELECT coalesce(sum(quantity), 0)::int AS returned FROM updated`,
    [scope.performanceId ?? null, scope.region ?? null],
  );
  return rows[0]?.returned ?? 0;
}

/** Gives back one hold's admissions (release). */
export async function returnHoldAdmissions(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `WITH freed AS (DELETE FROM hold_admissions WHERE hold_id = $1 RETURNING performance_id, area_code, quantity)
     UPDATE admission_capacities ac SET sold = ac.sold - f.quantity
     FROM freed f WHERE ac.performance_id = f.performance_id AND ac.area_code = f.area_code`,
    [holdId],
  );
}

/** Releases the hold's seats (only rows still its own: a taken-over seat belongs to another). */
export async function releaseHoldSeats(db: Queryable, holdId: string): Promise<void> {
  await db.query(`DELETE FROM seat_allocations WHERE hold_id = $1 AND status = 'held'`, [holdId]);
}

export async function deleteHold(db: Queryable, holdId: string): Promise<void> {
  await db.query('DELETE FROM holds WHERE id = $1', [holdId]);
}

/** Moves the deadline; returns how many of its seats and admissions the hold still has. */
export async function extendHoldRows(
  db: Queryable,
  holdId: string,
  minutes: number,
): Promise<{ expiresAt: Date; seats: number; admissions: number }> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `UPDATE holds SET expires_at = expires_at + make_interval(mins => $2::int), extensions = extensions + 1
     WHERE id = $1 RETURNING expires_at AS "expiresAt"`,
    [holdId, minutes],
  );
  const expiresAt = rows[0]!.expiresAt;
  const seats = await db.query(
    `UPDATE seat_allocations SET held_until = $2, updated_at = now() WHERE hold_id = $1 AND status = 'held'`,
    [holdId, expiresAt],
  );
  const admissions = await db.query<{ quantity: number }>(
    'SELECT coalesce(sum(quantity), 0)::int AS quantity FROM hold_admissions WHERE hold_id = $1',
    [holdId],
  );
  return { expiresAt, seats: seats.rowCount, admissions: admissions.rows[0]?.quantity ?? 0 };
}

export interface HeldSeatRow {
  id: string;
  section: string;
  row: string;
  number: number;
  priceBand: string;
  amount: number;
  currency: 'GBP' | 'USD';
}

export async function heldSeats(
  db: Queryable,
  holdId: string,
  performanceId: string,
): Promise<HeldSeatRow[]> {
  const { rows } = await db.query<HeldSeatRow>(
    `SELECT upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row, s.seat_number AS number,
            s.price_band AS "priceBand", seat_all_in_price(sh.id, s.price_band) AS amount, v.currency
     FROM seat_allocations a
     JOIN seats s ON s.id = a.seat_id
     JOIN performances p ON p.id = a.performance_id
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     WHERE a.performance_id = $2 AND a.hold_id = $1 AND a.status = 'held'
     ORDER BY s.section_code, length(s.row_label), s.row_label, s.seat_number`,
    [holdId, performanceId],
  );
  return rows;
}

export async function heldAdmissions(
  db: Queryable,
  holdId: string,
): Promise<{ area: string; quantity: number }[]> {
  const { rows } = await db.query<{ area: string; quantity: number }>(
    `SELECT area_code AS area, quantity FROM hold_admissions WHERE hold_id = $1 ORDER BY area_code`,
    [holdId],
  );
  return rows;
}

/** A seat best-available may choose from, in the shape the chooser ranks. */
export type CandidateSeatRow = CandidateSeat;

/**
 * Seats best-available may choose: free (or held by an expired hold), matching the band and
 * section asked for, without wheelchair, companion and access-zone seats unless asked. Ordered
 * best section first, front row first, then by number.
 */
export async function candidateSeats(
  db: Queryable,
  query: {
    performanceId: string;
    planId: string;
    priceBand?: string;
    section?: string;
    accessible: boolean;
  },
): Promise<CandidateSeatRow[]> {
  const { rows } = await db.query<CandidateSeatRow>(
    `WITH row_centres AS (
       SELECT section_code, row_label, (min(seat_number) + max(seat_number)) / 2.0 AS centre
       FROM seats WHERE seating_plan_id = $1 GROUP BY 1, 2
     )
     SELECT upper(s.id::text) AS id, ps.sort_order AS "sectionOrder", s.section_code AS section,
            s.row_label AS row, s.seat_number AS number, rc.centre::float8 AS centre
     FROM seats s
     JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
     JOIN row_centres rc ON rc.section_code = s.section_code AND rc.row_label = s.row_label
     WHERE s.seating_plan_id = $1
       AND ($3::text IS NULL OR s.price_band = $3)
       AND ($4::text IS NULL OR s.section_code = $4)
       AND ($5::boolean OR NOT (s.is_wheelchair OR s.is_companion OR s.is_access_zone))
       AND NOT EXISTS (
         SELECT 1 FROM seat_allocations a
         WHERE a.performance_id = $2 AND a.seat_id = s.id
           AND (a.status = 'sold' OR a.held_until IS NULL OR a.held_until > now())
       )
     ORDER BY ps.sort_order, length(s.row_label), s.row_label, s.seat_number`,
    [
      query.planId,
      query.performanceId,
      query.priceBand ?? null,
      query.section ?? null,
      query.accessible,
    ],
  );
  return rows;
}

/** Serialises best-available choices on one performance (explicit holds do not take it). */
export async function lockPerformanceChoice(db: Queryable, performanceId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(73210002, hashtext($1::text))', [
    performanceId.toUpperCase(),
  ]);
}

export interface SeatMapRow {
  id: string;
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
  band: string;
  flags: number;
  status: number;
}

export async function seatMapRows(
  db: Queryable,
  performanceId: string,
  planId: string,
  sessionId: string | null,
): Promise<SeatMapRow[]> {
  const { rows } = await db.query<SeatMapRow>(
    `SELECT upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row, s.seat_number AS number,
            s.x, s.y, s.price_band AS band,
            (s.is_restricted_view::int | s.is_wheelchair::int << 1 | s.is_companion::int << 2
             | s.is_access_zone::int << 3 | s.is_amex::int << 4) AS flags,
            CASE WHEN a.seat_id IS NULL OR (a.status = 'held' AND a.held_until <= now()) THEN 0
                 WHEN a.status = 'held' AND h.session_id = $3::uuid THEN 1
                 ELSE 2 END AS status
     FROM seats s
     JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
     LEFT JOIN seat_allocations a ON a.performance_id = $1 AND a.seat_id = s.id
     LEFT JOIN holds h ON h.id = a.hold_id
     WHERE s.seating_plan_id = $2
     ORDER BY ps.sort_order, length(s.row_label), s.row_label, s.seat_number`,
    [performanceId, planId, sessionId],
  );
  return rows;
}

export async function planSections(
  db: Queryable,
  planId: string,
): Promise<{ code: string; name: string; level: string }[]> {
  const { rows } = await db.query<{ code: string; name: string; level: string }>(
    'SELECT code, name, level FROM plan_sections WHERE seating_plan_id = $1 ORDER BY sort_order',
    [planId],
  );
  return rows;
}

export async function bandPrices(
  db: Queryable,
  performanceId: string,
): Promise<{ code: string; name: string; price: number }[]> {
  const { rows } = await db.query<{ code: string; name: string; price: number }>(
    `SELECT po.price_band AS code, min(po.name) AS name, min(po.all_in_price) AS price
     FROM performances p
     JOIN price_options_all_in po ON po.show_id = p.show_id AND po.price_band IS NOT NULL
     WHERE p.id = $1 GROUP BY po.price_band ORDER BY min(po.sort_order)`,
    [performanceId],
  );
  return rows;
}

export async function admissionAreas(
  db: Queryable,
  performanceId: string,
): Promise<{ code: string; name: string; remaining: number }[]> {
  const { rows } = await db.query<{ code: string; name: string; remaining: number }>(
    `SELECT ac.area_code AS code, aa.name, ac.capacity - ac.sold AS remaining
     FROM admission_capacities ac
     JOIN admission_areas aa ON aa.seating_plan_id = ac.seating_plan_id AND aa.code = ac.area_code
     WHERE ac.performance_id = $1 ORDER BY ac.area_code`,
    [performanceId],
  );
  return rows;
}
