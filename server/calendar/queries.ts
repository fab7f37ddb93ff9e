import type { Queryable } from '../db/database';
import type { CalendarDiscount } from '../basket';

/** The SQL of the calendar. Ids go out upper-cased (spec §2 id pattern). */

export interface CalendarShowRow {
  id: string;
  currency: 'GBP' | 'USD';
  /** The venue's per-order transaction fee: the most any order pays ("up to"). */
  transactionFee: number;
  /** First and last performances still to come, or null when none is. */
  first: Date | null;
  last: Date | null;
}

export async function findCalendarShow(
  db: Queryable,
  venueSlug: string,
  titleSlug: string,
): Promise<CalendarShowRow | undefined> {
  const { rows } = await db.query<CalendarShowRow>(
    `SELECT sh.id, v.currency, v.transaction_fee AS "transactionFee", upcoming.first, upcoming.last
     FROM shows sh
     JOIN venues v ON v.slug = sh.venue_slug
     CROSS JOIN LATERAL (
       SELECT min(p.starts_at) AS first, max(p.starts_at) AS last
       -- A two-part show's choices are its Part Ones (Part Two rides along).
       FROM performances p WHERE p.show_id = sh.id AND p.starts_at > now() AND p.part IS DISTINCT FROM 2
         AND p.off_sale_at IS NULL
     ) upcoming
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2`,
    [venueSlug, titleSlug],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...row,
    first: row.first === null ? null : new Date(row.first),
    last: row.last === null ? null : new Date(row.last),
  };
}

export interface CalendarPerformanceRow {
  id: string;
  startsAt: Date;
  /** Issue 24: Part One of a two-part show, and its Part Two (null for a single performance). */
  part: 1 | null;
  linkedId: string | null;
  linkedStartsAt: Date | null;
  presale: boolean;
  /** Seats of the plan, or admission places of the performance. */
  capacity: number;
  /** Sold, plus held by a hold that has not expired. */
  taken: number;
  /**
   * The cheapest all-in price with something left to sell, less the discount when one applies
   * (the database's price rule, `ticket_all_in_price`). Null when nothing is left.
   */
  fromPrice: number | null;
  /** The discount is in `fromPrice`. */
  discounted: boolean;
}

/** A seat allocation that still takes its seat: sold, or held by a hold that has not expired. */
const SEAT_TAKEN = `(a.status = 'sold' OR a.held_until IS NULL OR a.held_until > now())`;

/**
 * Performances of a show starting in [from, to) and still to come, with what is left and the
 * cheapest price still on sale: reserved seating prices a band only while one of its seats is
 * free; general admission and timed entry price an area while it has places. Seats are counted
 * per band once for the month (not searched per performance and price), which keeps a month of
 * the 20,000-seat arena to a few index scans.
 */
export async function calendarPerformances(
  db: Queryable,
  showId: string,
  from: Date,
  to: Date,
  discount: CalendarDiscount | null,
): Promise<CalendarPerformanceRow[]> {
  const { rows } = await db.query<CalendarPerformanceRow>(
    `WITH plan AS (
       SELECT sp.id, sp.kind, sp.seat_count
       FROM shows sh JOIN seating_plans sp ON sp.id = sh.seating_plan_id
       WHERE sh.id = $1
     ),
     -- One choice per single performance or per two-part pair (issue 24): the pair is listed
     -- by its Part One, on Part One's day, and a seat counts as taken when taken in either part.
     perf AS (
       SELECT p.id, p.starts_at, coalesce(p.presale_until > now(), false) AS presale,
              p.part, p.linked_performance_id AS linked_id, lp.starts_at AS linked_starts_at
       FROM performances p
       LEFT JOIN performances lp ON lp.id = p.linked_performance_id
       WHERE p.show_id = $1 AND p.starts_at >= $2 AND p.starts_at < $3 AND p.starts_at > now()
         AND p.part IS DISTINCT FROM 2 AND p.off_sale_at IS NULL
     ),
     perf_parts AS (
       SELECT perf.id AS choice_id, perf.id AS part_id FROM perf
       UNION ALL
       SELECT perf.id, perf.linked_id FROM perf WHERE perf.linked_id IS NOT NULL
     ),
     -- The plan's seats once, as a table without an index: the allocations are then matched
     -- to their bands by one hash join, whatever plan a prepared statement settles on (a
     -- generic plan otherwise looks up 85,000 seats one by one in a busy arena month).
     plan_seats AS MATERIALIZED (
       SELECT s.id, s.price_band
       FROM seats s JOIN plan ON plan.id = s.seating_plan_id AND plan.kind = 'reserved'
     ),
     band_seats AS (
       SELECT ps.price_band AS band, count(*)::int AS seats FROM plan_seats ps GROUP BY ps.price_band
     ),
     band_taken AS (
       SELECT pp.choice_id AS performance_id, ps.price_band AS band,
              count(DISTINCT a.seat_id)::int AS taken
       FROM perf_parts pp
       JOIN seat_allocations a ON a.performance_id = pp.part_id AND ${SEAT_TAKEN}
       JOIN plan_seats ps ON ps.id = a.seat_id
       GROUP BY pp.choice_id, ps.price_band
     ),
     places AS (
       -- What is left to sell, per performance and band (reserved) or area (admissions).
       SELECT perf.id AS performance_id, bs.band AS code, bs.seats AS capacity,
              coalesce(bt.taken, 0) AS taken, true AS is_band
       FROM perf CROSS JOIN band_seats bs
       LEFT JOIN band_taken bt ON bt.performance_id = perf.id AND bt.band = bs.band
       UNION ALL
       SELECT ac.performance_id, ac.area_code, ac.capacity, ac.sold, false
       FROM perf JOIN admission_capacities ac ON ac.performance_id = perf.id
     )
     SELECT upper(perf.id::text) AS id, perf.starts_at AS "startsAt", perf.presale, perf.part,
            upper(perf.linked_id::text) AS "linkedId", perf.linked_starts_at AS "linkedStartsAt",
            CASE WHEN plan.kind = 'reserved' THEN plan.seat_count
                 ELSE coalesce(inv.capacity, 0) END AS capacity,
            coalesce(inv.taken, 0) AS taken,
            cheapest.price AS "fromPrice", coalesce(cheapest.price < cheapest.full_price, false) AS discounted
     FROM perf
     CROSS JOIN plan
     -- The code's discount applies to the performances it is for: presales for a presale code.
     CROSS JOIN LATERAL (
       SELECT CASE WHEN perf.presale = $5 THEN $4::int ELSE 0 END AS percent
     ) code
     LEFT JOIN LATERAL (
       SELECT sum(pl.capacity)::int AS capacity, sum(pl.taken)::int AS taken
       FROM places pl WHERE pl.performance_id = perf.id
     ) inv ON true
     LEFT JOIN LATERAL (
       SELECT ticket_all_in_price(po.face_value, po.booking_fee, code.percent) AS price,
              po.all_in_price AS full_price
       FROM price_options_all_in po
       JOIN places pl ON pl.performance_id = perf.id AND pl.taken < pl.capacity
         AND pl.code = CASE WHEN pl.is_band THEN po.price_band ELSE po.admission_area END
       WHERE po.show_id = $1
       ORDER BY 1, po.all_in_price
       LIMIT 1
     ) cheapest ON true
     ORDER BY perf.starts_at`,
    [
      showId,
      from.toISOString(),
      to.toISOString(),
      discount?.percent ?? 0,
      discount?.presale ?? false,
    ],
  );
  return rows.map((row) => ({
    ...row,
    startsAt: new Date(row.startsAt),
    linkedStartsAt: row.linkedStartsAt === null ? null : new Date(row.linkedStartsAt),
  }));
}

/**
 * Performances still to come with something left to sell, in presale or on general sale: what
 * an applied code fits, across every month of the run.
 */
export async function bookablePerformanceIds(
  db: Queryable,
  showId: string,
  presale: boolean,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(p.id::text) AS id
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     JOIN seating_plans sp ON sp.id = sh.seating_plan_id
     WHERE p.show_id = $1 AND p.starts_at > now() AND p.part IS DISTINCT FROM 2
       AND p.off_sale_at IS NULL AND coalesce(p.presale_until > now(), false) = $2
       AND CASE WHEN sp.kind = 'reserved'
                -- A two-part pair's seat is taken when taken in either part.
                THEN (SELECT count(DISTINCT a.seat_id) FROM seat_allocations a
                      WHERE (a.performance_id = p.id OR a.performance_id = p.linked_performance_id)
                        AND ${SEAT_TAKEN}) < sp.seat_count
                ELSE EXISTS (SELECT 1 FROM admission_capacities ac
                             WHERE ac.performance_id = p.id AND ac.sold < ac.capacity)
           END
     ORDER BY p.starts_at`,
    [showId, presale],
  );
  return rows.map((row) => row.id);
}
