import type { PlanStage, SeatStatus } from '../../contract/api/holds';
import type { Queryable } from '../db/database';
import type { CandidateSeat } from './bestAvailable';
import type { LinkedPartFacts } from '../lib/performanceParts';
import type { KeyState } from '../http/queries/idempotency';

/**
 * The SQL of seat maps and reservation holds. Ids go out upper-cased (spec §2 id pattern).
 * Prices come from the database's one price rule (server/db/functions/pricing.sql: price view,
 * `ticket_all_in_price`, `seat_all_in_price`); nothing here adds a fee or takes a discount.
 */

/**
 * Plan order, the order of every seat list (the seating plan, the seat status string, a hold's
 * seats): section sort_order, then row (shorter labels first, so Z comes before AA), then seat
 * number. Needs `s` = seats and `ps` = its plan_sections row. hold_seats (db/functions/holds.sql)
 * orders a new hold's seats by the same rule.
 */
const PLAN_ORDER = 'ps.sort_order, length(s.row_label), s.row_label, s.seat_number';

/**
 * A performance as the catalogue has it; what depends on the clock is derived (PerformanceRow).
 * A linked one (issue 24) names its other part: its seats are held and sold in both.
 */
export interface PerformanceFacts extends LinkedPartFacts {
  id: string;
  showId: string;
  venueSlug: string;
  region: string;
  currency: 'GBP' | 'USD';
  planId: string;
  seating: 'reserved' | 'general-admission' | 'timed-entry';
  startsAt: Date;
  /** Until then only presale code holders may buy it; null without a presale. */
  presaleUntil: Date | null;
  notice: string | null;
  admissionSectionMessage: string | null;
}

/** A performance at one moment (server/holds/performanceCache.ts derives it from the facts). */
export interface PerformanceRow extends PerformanceFacts {
  /** Not started yet. */
  onSale: boolean;
  /** Only presale code holders may buy it now (its presale is still ahead). */
  presale: boolean;
}

export async function findPerformanceFacts(
  db: Queryable,
  performanceId: string,
): Promise<PerformanceFacts | undefined> {
  const { rows } = await db.query<PerformanceFacts>(
    `SELECT upper(p.id::text) AS id, p.show_id AS "showId", sh.venue_slug AS "venueSlug",
       v.region, v.currency, upper(sp.id::text) AS "planId", sp.kind AS seating,
       p.starts_at AS "startsAt", p.presale_until AS "presaleUntil", p.notice,
       p.admission_section_message AS "admissionSectionMessage",
       p.part, upper(lp.id::text) AS "linkedId", lp.starts_at AS "linkedStartsAt"
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     JOIN seating_plans sp ON sp.id = sh.seating_plan_id
     LEFT JOIN performances lp ON lp.id = p.linked_performance_id
     -- A performance the catalogue took off sale cannot be held (issue 25).
     WHERE p.id = $1 AND p.off_sale_at IS NULL`,
    [performanceId],
  );
  return rows[0];
}

export interface HoldRow {
  id: string;
  performanceId: string;
  showId: string;
  region: string;
  venueSlug: string;
  currency: 'GBP' | 'USD';
  expiresAt: Date;
  extensions: number;
  seatCount: number;
  admissionCount: number;
  /** Its deadline is ahead and it was not sold (a sale ends a hold whatever its deadline says). */
  live: boolean;
  /** The code the hold was made with, and the discount it gives (0 without one). */
  promoCode: string | null;
  discountPercent: number;
}

const HOLD_COLUMNS = `upper(h.id::text) AS id, upper(h.performance_id::text) AS "performanceId",
  p.show_id AS "showId", v.region, v.slug AS "venueSlug", v.currency, h.expires_at AS "expiresAt",
  h.extensions, h.seat_count AS "seatCount", h.admission_count AS "admissionCount",
  (h.expires_at > now() AND h.sold_at IS NULL) AS live, h.promo_code AS "promoCode",
  coalesce(pc.discount_percent, 0) AS "discountPercent"`;
const HOLD_FROM = `FROM holds h
  JOIN performances p ON p.id = h.performance_id
  JOIN shows sh ON sh.id = p.show_id
  JOIN venues v ON v.slug = sh.venue_slug
  LEFT JOIN promo_codes pc ON pc.code = h.promo_code`;

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

/** A new hold: who, what, for how long, and what the session may hold on the performance. */
export interface NewHold {
  id: string;
  sessionId: string;
  performanceId: string;
  holdMinutes: number;
  /** The venue's selection limit: live seats and admissions of the session on the performance. */
  limit: number;
  /** The same count over every session of the session's client address; 0 = no cap. */
  clientLimit: number;
  promoCode: string | null;
}

/** Which limit refused a hold (nothing was written). */
export type HoldRefusal = 'session' | 'client';

/**
 * Starts a hold of `admissionCount` admissions (open_hold, db/functions/holds.sql: the buyer's session
 * lock, then the session's and the client's limits); returns its deadline, or the limit that
 * refused it (nothing written).
 */
export async function insertHold(
  db: Queryable,
  hold: NewHold & { admissionCount: number },
): Promise<{ expiresAt: Date } | { refused: HoldRefusal }> {
  const { rows } = await db.query<{ expiresAt: Date | null; refused: HoldRefusal | null }>(
    'SELECT deadline AS "expiresAt", refused FROM open_hold($1, $2, $3, $4, $5, $6, $7, 0, $8)',
    [
      hold.id,
      hold.sessionId,
      hold.performanceId,
      hold.holdMinutes,
      hold.limit,
      hold.clientLimit,
      hold.promoCode,
      hold.admissionCount,
    ],
  );
  const row = rows[0]!;
  return row.refused ? { refused: row.refused } : { expiresAt: row.expiresAt! };
}

/** A seat a hold claimed, with what the buyer sees of it. */
export interface ClaimedSeat {
  id: string;
  section: string;
  row: string;
  number: number;
  priceBand: string;
  /** All-in price in minor units, after the hold's promo discount. */
  amount: number;
}

export interface SeatHoldResult {
  /** Undefined when a limit refused the hold (nothing was written). */
  expiresAt: Date | undefined;
  /** The limit that refused it. */
  refused?: HoldRefusal;
  /** The seats won, in plan order; fewer than asked means some were taken (roll back). */
  seats: ClaimedSeat[];
}

type SeatHold = NewHold & {
  showId: string;
  planId: string;
  seatIds: readonly string[];
  discountPercent: number;
};

/** hold_seats's arguments, in its order; hold_seats_once passes them on after the key's. */
const holdSeatsArguments = (hold: SeatHold) => [
  hold.id,
  hold.sessionId,
  hold.performanceId,
  hold.planId,
  hold.showId,
  [...hold.seatIds].sort(),
  hold.holdMinutes,
  hold.limit,
  hold.clientLimit,
  hold.promoCode,
  hold.discountPercent,
];

/**
 * The whole seat hold in one call (hold_seats, db/functions/holds.sql): the session lock and limit, the
 * hold, and the claim of every seat that is free or held by an expired hold. The caller rolls
 * the transaction back when fewer seats come back than were asked for, so a hold is all or
 * nothing.
 */
export async function holdSeats(db: Queryable, hold: SeatHold): Promise<SeatHoldResult> {
  const { rows } = await db.query<
    { expiresAt: Date | null; refused: HoldRefusal | null } & Nullable<ClaimedSeat>
  >(
    `SELECT expires_at AS "expiresAt", refused, seat_id AS id, section, row_label AS row,
            seat_number AS number, price_band AS "priceBand", amount
     FROM hold_seats($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    holdSeatsArguments(hold),
  );
  const refused = rows[0]?.refused;
  if (refused) return { expiresAt: undefined, refused, seats: [] };
  const seats = rows.flatMap(({ expiresAt: _, refused: __, ...seat }) =>
    seat.id === null ? [] : [seat as ClaimedSeat],
  );
  return { expiresAt: rows[0]?.expiresAt ?? undefined, seats };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A seat hold made with its Idempotency-Key in one statement (hold_seats_once). */
export interface SeatHoldOnce extends SeatHold {
  currency: string;
  /** The key, the hash of what it asks for, and when an unanswered claim may be taken over. */
  key: { key: string; hash: string; inFlightSeconds: number };
  /** What the answer shows of the hold besides its deadline and seats (holds.ts holdView). */
  view: Record<string, unknown>;
  /**
   * The bodies of the refusals the statement answers itself (holds.ts writes them): each limit
   * by its HoldRefusal, `unknownSeat` and `unavailable` (to which it adds seatIds).
   */
  refusals: Record<HoldRefusal | 'unknownSeat' | 'unavailable', unknown>;
  /**
   * The session's token digest when the session came from the guest-session cache (issue 26):
   * the statement checks the session is still the live guest session of that token first.
   */
  tokenHash?: string;
}

/** What hold_seats_once did (db/functions/holds.sql says when each comes back). */
export type SeatHoldOnceResult =
  | { outcome: 'stale' }
  | { outcome: 'taken'; key: KeyState | undefined }
  | { outcome: 'held' | 'refused' | 'short'; answer: { status: number; body: unknown } };

/**
 * The Idempotency-Key's claim, the whole seat hold (as holdSeats) and its answer stored under
 * the key, in one statement and so one commit (hold_seats_once, db/functions/holds.sql).
 */
export async function holdSeatsOnce(
  db: Queryable,
  hold: SeatHoldOnce,
): Promise<SeatHoldOnceResult> {
  const { rows } = await db.query<{
    outcome: 'stale' | 'taken' | 'refused' | 'short' | 'held';
    requestHash: string | null;
    state: string | null;
    status: number | null;
    body: unknown;
  }>(
    `SELECT outcome, request_hash AS "requestHash", state, status, body
     FROM hold_seats_once($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                          $17, $18)`,
    [
      hold.tokenHash ?? null,
      hold.key.key,
      hold.key.hash,
      hold.key.inFlightSeconds,
      ...holdSeatsArguments(hold),
      hold.currency,
      JSON.stringify(hold.view),
      JSON.stringify(hold.refusals),
    ],
  );
  const row = rows[0];
  switch (row?.outcome) {
    case 'stale':
      return { outcome: 'stale' };
    case 'refused':
    case 'short':
    case 'held':
      return { outcome: row.outcome, answer: { status: row.status!, body: row.body } };
    default: {
      const key =
        row && row.requestHash !== null && row.state !== null
          ? { requestHash: row.requestHash, state: row.state, status: row.status, body: row.body }
          : undefined;
      return { outcome: 'taken', key };
    }
  }
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

/** A price option (ticket type) sold for an admission area of the performance's show. */
export interface AdmissionOption {
  area: string;
  code: string;
  /** Lowest first: the area's default option. */
  sortOrder: number;
}

/** The areas of the performance (with their capacity rows) and the options sold in each. */
export async function admissionOptions(
  db: Queryable,
  performanceId: string,
): Promise<{ areas: string[]; options: AdmissionOption[] }> {
  const { rows } = await db.query<{ area: string; code: string | null; sortOrder: number | null }>(
    `SELECT ac.area_code AS area, po.code, po.sort_order AS "sortOrder"
     FROM admission_capacities ac
     JOIN performances p ON p.id = ac.performance_id
     LEFT JOIN price_options po ON po.show_id = p.show_id AND po.admission_area = ac.area_code
     WHERE ac.performance_id = $1
     ORDER BY ac.area_code, po.sort_order`,
    [performanceId],
  );
  return {
    areas: [...new Set(rows.map((row) => row.area))],
    options: rows.flatMap((row) =>
      row.code === null || row.sortOrder === null
        ? []
        : [{ area: row.area, code: row.code, sortOrder: row.sortOrder }],
    ),
  };
}

/**
 * Takes `quantity` admissions of an area, or nothing: the guard in the WHERE clause is checked
 * on the locked row, so concurrent takers can never push `sold` past capacity (and the CHECK on
 * the table would refuse it anyway).
 */
export async function takeCapacity(
  db: Queryable,
  take: { performanceId: string; area: string; quantity: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admission_capacities SET sold = sold + $3
     WHERE performance_id = $1 AND area_code = $2 AND sold + $3 <= capacity`,
    [take.performanceId, take.area, take.quantity],
  );
  return rowCount > 0;
}

/** Records what a hold took, per area and price option, so release and expiry give it back. */
export async function insertHoldAdmissions(
  db: Queryable,
  holdId: string,
  performanceId: string,
  items: readonly { area: string; priceOption: string; quantity: number }[],
): Promise<void> {
  await db.query(
    `INSERT INTO hold_admissions (hold_id, performance_id, area_code, price_option, quantity)
     SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::int[])`,
    [
      holdId,
      performanceId,
      items.map((item) => item.area),
      items.map((item) => item.priceOption),
      items.map((item) => item.quantity),
    ],
  );
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
       -- From hold_admissions (only places not yet given back live there), not from every hold
       -- that ever expired: the sweep stays as cheap on the last night of an onsale as the first.
       SELECT h.id FROM holds h
       WHERE h.id IN (SELECT ha.hold_id FROM hold_admissions ha)
         AND h.expires_at <= now()
         AND ($1::uuid IS NULL OR h.performance_id = $1::uuid)
         AND ($2::text IS NULL OR h.performance_id IN (
           SELECT p.id FROM performances p JOIN shows sh ON sh.id = p.show_id
           JOIN venues v ON v.slug = sh.venue_slug WHERE v.region = $2))
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

/**
 * Gives back one hold's admissions (release). Summed per area first: an UPDATE … FROM joined to
 * two rows of one area (two price options) would apply only one of them.
 */
export async function returnHoldAdmissions(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `WITH freed AS (
       DELETE FROM hold_admissions WHERE hold_id = $1 RETURNING performance_id, area_code, quantity
     ), totals AS (
       SELECT performance_id, area_code, sum(quantity)::int AS quantity FROM freed GROUP BY 1, 2
     )
     UPDATE admission_capacities ac SET sold = ac.sold - t.quantity
     FROM totals t WHERE ac.performance_id = t.performance_id AND ac.area_code = t.area_code`,
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

/** The seats a hold still has, in plan order, priced with the hold's discount. */
export async function heldSeats(db: Queryable, hold: HoldRow): Promise<ClaimedSeat[]> {
  const { rows } = await db.query<ClaimedSeat>(
    `SELECT upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row, s.seat_number AS number,
            s.price_band AS "priceBand", seat_all_in_price($3, s.price_band, $4) AS amount
     FROM seat_allocations a
     JOIN seats s ON s.id = a.seat_id
     JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
     WHERE a.performance_id = $2 AND a.hold_id = $1 AND a.status = 'held'
     ORDER BY ${PLAN_ORDER}`,
    [hold.id, hold.performanceId, hold.showId, hold.discountPercent],
  );
  return rows;
}

export interface HeldAdmissionRow {
  area: string;
  priceOption: string;
  quantity: number;
  /** All-in price of one place, after the hold's promo discount. */
  amount: number;
}

/** The basket's priced admissions (one statement for both), as the hold shows them. */
export async function heldAdmissions(db: Queryable, hold: HoldRow): Promise<HeldAdmissionRow[]> {
  const rows = await admissionPrices(db, hold);
  return rows.map(({ area, priceOption, quantity, unitPrice }) => ({
    area,
    priceOption,
    quantity,
    amount: unitPrice,
  }));
}

/** A seat best-available may choose from, in the shape the chooser ranks. */
export type CandidateSeatRow = CandidateSeat;

/**
 * Seats best-available may choose: free (or held by an expired hold), matching the band and
 * section asked for, without wheelchair, companion and access-zone seats unless asked. In plan
 * order: best section first, front row first, then by number.
 */
export async function candidateSeats(
  db: Queryable,
  query: {
    /** The performance, and its other part when linked: a seat must be free in every one. */
    performanceIds: readonly string[];
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
            s.row_label AS row, s.seat_number AS number, rc.centre::float8 AS centre,
            (s.aisle_before::int | (s.aisle_after::int << 1)) AS aisles
     FROM seats s
     JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
     JOIN row_centres rc ON rc.section_code = s.section_code AND rc.row_label = s.row_label
     WHERE s.seating_plan_id = $1
       AND ($3::text IS NULL OR s.price_band = $3)
       AND ($4::text IS NULL OR s.section_code = $4)
       -- Access seating asked for: only wheelchair spaces, companion and access-zone seats;
       -- otherwise they are kept for the buyers who need them.
       AND (s.is_wheelchair OR s.is_companion OR s.is_access_zone) = $5::boolean
       AND NOT EXISTS (
         SELECT 1 FROM seat_allocations a
         WHERE a.performance_id = ANY($2::uuid[]) AND a.seat_id = s.id
           AND (a.status = 'sold' OR a.held_until IS NULL OR a.held_until > now())
       )
     ORDER BY ${PLAN_ORDER}`,
    [
      query.planId,
      query.performanceIds,
      query.priceBand ?? null,
      query.section ?? null,
      query.accessible,
    ],
  );
  return rows;
}

/**
 * Serialises best-available choices on one performance (explicit holds do not take it); a linked
 * pair's choosers pass the same key (its Part One) so they serialise across both parts.
 */
export async function lockPerformanceChoice(db: Queryable, performanceId: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(73210002, hashtext($1::text))', [performanceId]);
}

// ---------------------------------------------------------------------------------------------
// Seat maps: the fixed plan, and the live status of one performance.

export interface PlanHeader {
  id: string;
  venueSlug: string;
  seating: 'reserved' | 'general-admission' | 'timed-entry';
  /** Null when the plan has no stage on record. */
  stage: PlanStage | null;
}

export interface PlanSeatRow {
  id: string;
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
  band: string;
  flags: number;
  /** SEAT_AISLE bits: aisles the venue marks beside the seat (issue 24, the single-seat rule). */
  aisles: number;
}

export interface PlanRows {
  header: PlanHeader;
  sections: { code: string; name: string; level: string }[];
  /**
   * The price bands of the plan's seats, named by the price options of the shows played on it
   * (the lowest option of each band), cheapest-first order of those options; a band no show
   * prices is named by its code.
   */
  bands: { code: string; name: string }[];
  seats: PlanSeatRow[];
  areas: { code: string; name: string }[];
}

/** Everything fixed about a plan, seats in plan order; undefined for an unknown plan. */
export async function planRows(db: Queryable, planId: string): Promise<PlanRows | undefined> {
  const header = await db.query<PlanHeader>(
    `SELECT upper(id::text) AS id, venue_slug AS "venueSlug", kind AS seating,
            CASE WHEN stage_kind IS NULL THEN NULL
                 ELSE json_build_object('kind', stage_kind, 'x', stage_x, 'y', stage_y,
                                        'width', stage_width, 'height', stage_height) END AS stage
     FROM seating_plans WHERE id = $1`,
    [planId],
  );
  if (!header.rows[0]) return undefined;
  const [sections, bands, seats, areas] = await Promise.all([
    db.query<{ code: string; name: string; level: string }>(
      'SELECT code, name, level FROM plan_sections WHERE seating_plan_id = $1 ORDER BY sort_order',
      [planId],
    ),
    db.query<{ code: string; name: string }>(
      `SELECT b.price_band AS code,
              coalesce((SELECT po.name FROM price_options po JOIN shows sh ON sh.id = po.show_id
                        WHERE sh.seating_plan_id = $1 AND po.price_band = b.price_band
                        ORDER BY po.sort_order, po.show_id LIMIT 1), b.price_band) AS name
       FROM (SELECT DISTINCT price_band FROM seats WHERE seating_plan_id = $1) b
       ORDER BY (SELECT min(po.sort_order) FROM price_options po JOIN shows sh ON sh.id = po.show_id
                 WHERE sh.seating_plan_id = $1 AND po.price_band = b.price_band) NULLS LAST, b.price_band`,
      [planId],
    ),
    db.query<PlanSeatRow>(
      `SELECT upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row,
              s.seat_number AS number, s.x, s.y, s.price_band AS band,
              -- | and << share one precedence level in PostgreSQL: every shift in brackets.
              (s.is_restricted_view::int | (s.is_wheelchair::int << 1) | (s.is_companion::int << 2)
               | (s.is_access_zone::int << 3) | (s.is_amex::int << 4)) AS flags,
              (s.aisle_before::int | (s.aisle_after::int << 1)) AS aisles
       FROM seats s
       JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
       WHERE s.seating_plan_id = $1
       ORDER BY ${PLAN_ORDER}`,
      [planId],
    ),
    db.query<{ code: string; name: string }>(
      'SELECT code, name FROM admission_areas WHERE seating_plan_id = $1 ORDER BY code',
      [planId],
    ),
  ]);
  return {
    header: header.rows[0],
    sections: sections.rows,
    bands: bands.rows,
    seats: seats.rows,
    areas: areas.rows,
  };
}

export interface InventoryRows {
  /** Seat ids held live by this session (lower-case, as stored). */
  mine: string[];
  /** Seat ids sold, or held live by anyone else. */
  taken: string[];
  prices: { band: string; price: number }[];
  priceOptions: {
    code: string;
    name: string;
    band: string | null;
    area: string | null;
    price: number;
    /** The face value under the discount (the all-in price without the booking fee). */
    faceValue: number;
  }[];
  areas: { code: string; remaining: number }[];
}

/**
 * What changes per performance, in one statement: the seats that are not free, the price of
 * each band (`seat_all_in_price`) and option under the discount, and the places left per area.
 * A place held by an expired hold counts as left although the sweep has not given it back yet,
 * so this read never writes.
 */
export async function performanceInventory(
  db: Queryable,
  query: {
    performanceId: string;
    /** Issue 24: the other part of a linked performance; a seat is free only when free in both. */
    linkedId: string | null;
    showId: string;
    sessionId: string | null;
    bands: readonly string[];
    discountPercent: number;
  },
): Promise<InventoryRows> {
  const { rows } = await db.query<
    Omit<InventoryRows, 'mine' | 'taken'> & Record<'mine' | 'taken', string>
  >(
    `WITH not_free AS (
       -- One row per seat: a linked pair's seat is the buyer's only when theirs in both parts.
       SELECT a.seat_id::text AS id,
              bool_and(coalesce(a.status = 'held' AND h.session_id = $2::uuid, false)) AS mine
       FROM seat_allocations a LEFT JOIN holds h ON h.id = a.hold_id
       WHERE (a.performance_id = $1 OR a.performance_id = $6::uuid)
         AND (a.status = 'sold' OR a.held_until IS NULL OR a.held_until > now())
       GROUP BY a.seat_id
     )
     SELECT
       (SELECT coalesce(string_agg(id, '') FILTER (WHERE mine), '') FROM not_free) AS mine,
       (SELECT coalesce(string_agg(id, '') FILTER (WHERE NOT mine), '') FROM not_free) AS taken,
       (SELECT coalesce(json_agg(json_build_object('band', b.band,
                 'price', seat_all_in_price($3, b.band, $5)) ORDER BY b.ord), '[]')
        FROM unnest($4::text[]) WITH ORDINALITY AS b(band, ord)) AS prices,
       (SELECT coalesce(json_agg(json_build_object('code', po.code, 'name', po.name,
                 'band', po.price_band, 'area', po.admission_area,
                 'price', ticket_all_in_price(po.face_value, po.booking_fee, $5),
                 'faceValue', ticket_all_in_price(po.face_value, 0, $5)) ORDER BY po.sort_order), '[]')
        FROM price_options_all_in po WHERE po.show_id = $3) AS "priceOptions",
       (SELECT coalesce(json_agg(json_build_object('code', ac.area_code,
                 'remaining', greatest(0, ac.capacity - ac.sold + coalesce((
                   SELECT sum(ha.quantity) FROM hold_admissions ha JOIN holds h ON h.id = ha.hold_id
                   WHERE ha.performance_id = ac.performance_id AND ha.area_code = ac.area_code
                     AND h.expires_at <= now()), 0))) ORDER BY ac.area_code), '[]')
        FROM admission_capacities ac WHERE ac.performance_id = $1) AS areas`,
    [
      query.performanceId,
      query.sessionId,
      query.showId,
      query.bands,
      query.discountPercent,
      query.linkedId,
    ],
  );
  const row = rows[0]!;
  return { ...row, mine: splitIds(row.mine), taken: splitIds(row.taken) };
}

/**
 * Seat ids come back run together in one string (a uuid's text is 36 characters): an arena can
 * have 18,000 taken seats, and one string is far cheaper to send and read than an array of them.
 */
function splitIds(ids: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < ids.length; at += UUID_LENGTH) out.push(ids.slice(at, at + UUID_LENGTH));
  return out;
}
const UUID_LENGTH = 36;

export type OfferRow = SeatStatus['offers'][number];

/** The show's offers, packages first, then the kinds of seat set aside, as the legend lists them. */
export async function showOffers(db: Queryable, showId: string): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(
    `SELECT type, name, description, extra_amount AS "extraAmount" FROM offers
     WHERE show_id = $1
     ORDER BY array_position(ARRAY['package', 'wheelchair', 'accessZone', 'amex'], type)`,
    [showId],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// What a change to the hold does to its order attempts and prices (the sale, the basket and
// sign-out ask through server/holds/index.ts).

/**
 * Takes the hold's promo code off it, so its basket is priced without the discount (issue 24: the
 * buyer pays without a single-use code another order used). A presale code stays: it is what
 * lets the hold have a presale performance's seats at all. Says which it was.
 */
export async function dropPromoCode(
  db: Queryable,
  holdId: string,
): Promise<'dropped' | 'presale' | 'none'> {
  const { rows } = await db.query<{ kind: 'promo' | 'presale' | null }>(
    `WITH before AS (
       SELECT pc.kind FROM holds h LEFT JOIN promo_codes pc ON pc.code = h.promo_code
       WHERE h.id = $1
     ), dropped AS (
       UPDATE holds SET promo_code = NULL
       WHERE id = $1 AND (SELECT kind FROM before) = 'promo'
     )
     SELECT kind FROM before`,
    [holdId],
  );
  const kind = rows[0]?.kind ?? null;
  return kind === null ? 'none' : kind === 'promo' ? 'dropped' : 'presale';
}

/** Locks the hold before the order (the pay request takes them in the same order). */
export async function lockHold(
  db: Queryable,
  holdId: string,
): Promise<{ soldAt: Date | null } | undefined> {
  const { rows } = await db.query<{ soldAt: Date | null }>(
    'SELECT sold_at AS "soldAt" FROM holds WHERE id = $1 FOR UPDATE',
    [holdId],
  );
  return rows[0];
}

/**
 * Ends the hold's unfinished attempts (a newer one replaces them, or the hold is released);
 * returns their ids. Their payments are found (paymentsOfFailedOrders) and let go once this
 * transaction has committed: an attempt still waiting for the gateway's first answer has no
 * payment_id yet, so the payment is found by its reference then.
 */
export async function supersedePending(db: Queryable, holdId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE orders SET status = 'failed', failure = 'superseded'
     WHERE hold_id = $1 AND status = 'pending'
     RETURNING upper(id::text) AS id`,
    [holdId],
  );
  return rows.map((row) => row.id);
}

export interface AdmissionPriceRow {
  area: string;
  priceOption: string;
  priceOptionName: string | null;
  quantity: number;
  unitPrice: number;
  faceValue: number;
  bookingFee: number;
}

/** The hold's admissions per area and price option, priced under the hold's discount. */
export async function admissionPrices(db: Queryable, hold: HoldRow): Promise<AdmissionPriceRow[]> {
  const { rows } = await db.query<AdmissionPriceRow>(
    `SELECT ha.area_code AS area, ha.price_option AS "priceOption", po.name AS "priceOptionName",
            ha.quantity, ticket_all_in_price(p.face_value, po.booking_fee, $3) AS "unitPrice",
            ticket_all_in_price(p.face_value, 0, $3) AS "faceValue", po.booking_fee AS "bookingFee"
     FROM hold_admissions ha
     JOIN price_options_all_in po ON po.show_id = $2 AND po.code = ha.price_option
     -- A price the catalogue changed after the hold was made stays as it was (hold_prices).
     LEFT JOIN hold_prices hp ON hp.hold_id = ha.hold_id AND hp.code = po.code
     CROSS JOIN LATERAL (SELECT coalesce(hp.face_value, po.face_value) AS face_value) p
     WHERE ha.hold_id = $1
     ORDER BY ha.area_code, po.sort_order`,
    [hold.id, hold.showId, hold.discountPercent],
  );
  return rows;
}

/** Every hold the session still has, oldest first (a sign-out gives them back). */
export async function holdIdsOfSession(db: Queryable, sessionId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM holds WHERE session_id = $1 ORDER BY created_at, id',
    [sessionId],
  );
  return rows.map((row) => row.id);
}
