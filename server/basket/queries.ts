import type { Queryable } from '../db/database';
import type { HoldRow } from '../holds';
import type { LinkedPartFacts } from '../lib/performanceParts';

/**
 * The SQL of a hold's basket. Ticket prices come from the database's one price rule
 * (`seat_all_in_price`, `ticket_all_in_price`, the `price_options_all_in` view, all in
 * server/db/functions/pricing.sql); the face value is the same rule with no booking fee, so face value plus booking
 * fee is the all-in price by construction and nothing here adds a fee to a price.
 */

/** Plan order, as in queries/holds.ts (needs `s` = seats and `ps` = plan_sections). */
const PLAN_ORDER = 'ps.sort_order, length(s.row_label), s.row_label, s.seat_number';

export interface SeatPriceRow {
  seatId: string;
  section: string;
  row: string;
  number: number;
  priceBand: string;
  /** The band's cheapest option (the one seat_all_in_price charges); null when none prices it. */
  priceOption: string | null;
  priceOptionName: string | null;
  unitPrice: number;
  faceValue: number;
  bookingFee: number;
  /** Set aside for American Express cardholders (spec §6): the order must be paid with one. */
  amexOnly: boolean;
}

/** The hold's seats in plan order, each priced under the hold's discount. */
export async function seatPrices(db: Queryable, hold: HoldRow): Promise<SeatPriceRow[]> {
  const { rows } = await db.query<SeatPriceRow>(
    `SELECT upper(s.id::text) AS "seatId", s.section_code AS section, s.row_label AS row,
            s.seat_number AS number, s.price_band AS "priceBand",
            po.code AS "priceOption", po.name AS "priceOptionName",
            -- seat_all_in_price($3, s.price_band, $4), at the prices the hold was made at.
            coalesce(ticket_all_in_price(po.face_value, v.booking_fee, $4), v.booking_fee) AS "unitPrice",
            coalesce(ticket_all_in_price(po.face_value, 0, $4), 0) AS "faceValue",
            v.booking_fee AS "bookingFee", s.is_amex AS "amexOnly"
     FROM seat_allocations a
     JOIN seats s ON s.id = a.seat_id
     JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
     JOIN venues v ON v.slug = $5
     LEFT JOIN LATERAL (
       -- A price the catalogue changed after the hold was made stays as it was (hold_prices).
       SELECT o.code, o.name, coalesce(hp.face_value, o.face_value) AS face_value
       FROM price_options_all_in o
       LEFT JOIN hold_prices hp ON hp.hold_id = $1 AND hp.code = o.code
       WHERE o.show_id = $3 AND o.price_band = s.price_band
       ORDER BY ticket_all_in_price(coalesce(hp.face_value, o.face_value), o.booking_fee, $4), o.sort_order
       LIMIT 1
     ) po ON true
     WHERE a.performance_id = $2 AND a.hold_id = $1 AND a.status = 'held'
     ORDER BY ${PLAN_ORDER}`,
    [hold.id, hold.performanceId, hold.showId, hold.discountPercent, hold.venueSlug],
  );
  return rows;
}

export interface UpsellRow {
  id: string;
  kind: 'programme' | 'drink' | 'bistro';
  name: string;
  description: string;
  priceZone: string | null;
  unitPrice: number;
}

/**
 * The venue's extras this hold may add: those for everyone (no price zone) and the bistro items
 * of the price zones of its seats. A hold without seats (general admission) gets no zoned item.
 */
export async function offeredUpsells(db: Queryable, hold: HoldRow): Promise<UpsellRow[]> {
  const { rows } = await db.query<UpsellRow>(
    `SELECT upper(u.id::text) AS id, u.kind, u.name, u.description, u.price_zone AS "priceZone",
            u.amount AS "unitPrice"
     FROM upsell_products u
     WHERE u.venue_slug = $2
       AND (u.price_zone IS NULL OR u.price_zone IN (
         SELECT s.price_zone FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
         WHERE a.hold_id = $1 AND a.status = 'held'))
     ORDER BY array_position(ARRAY['programme', 'drink', 'bistro'], u.kind), u.price_zone, u.name`,
    [hold.id, hold.venueSlug],
  );
  return rows;
}

export interface OrderFees {
  transactionFee: number;
  /** Null when the product has no fee in the venue's currency. */
  protection: { productId: string; label: string; feePerTicket: number } | null;
}

/** The per-order transaction fee of the hold's venue and the protection product's fee. */
export async function orderFees(
  db: Queryable,
  hold: HoldRow,
  protectionProductId: string,
): Promise<OrderFees> {
  const { rows } = await db.query<{
    transactionFee: number;
    productId: string | null;
    label: string | null;
    feePerTicket: number | null;
  }>(
    `SELECT v.transaction_fee AS "transactionFee", upper(tp.id::text) AS "productId", tp.label,
            f.fee_per_ticket AS "feePerTicket"
     FROM venues v
     LEFT JOIN ticket_protection_products tp ON tp.id = $2
     LEFT JOIN ticket_protection_fees f ON f.product_id = tp.id AND f.currency = v.currency
     WHERE v.slug = $1`,
    [hold.venueSlug, protectionProductId],
  );
  const row = rows[0]!;
  const protection =
    row.productId !== null && row.label !== null && row.feePerTicket !== null
      ? { productId: row.productId, label: row.label, feePerTicket: row.feePerTicket }
      : null;
  return { transactionFee: row.transactionFee, protection };
}

export interface BasketChoices {
  /** Null: not answered yet. */
  ticketProtection: boolean | null;
  /** Upsell id (upper-cased) → quantity, 1–10. */
  upsells: Map<string, number>;
}

export async function basketChoices(db: Queryable, holdId: string): Promise<BasketChoices> {
  const [choice, upsells] = await Promise.all([
    db.query<{ ticketProtection: boolean | null }>(
      'SELECT ticket_protection AS "ticketProtection" FROM basket_choices WHERE hold_id = $1',
      [holdId],
    ),
    db.query<{ id: string; quantity: number }>(
      'SELECT upper(upsell_id::text) AS id, quantity FROM basket_upsells WHERE hold_id = $1',
      [holdId],
    ),
  ]);
  return {
    ticketProtection: choice.rows[0]?.ticketProtection ?? null,
    upsells: new Map(upsells.rows.map((row) => [row.id, row.quantity])),
  };
}

export async function saveTicketProtection(
  db: Queryable,
  holdId: string,
  chosen: boolean,
): Promise<void> {
  await db.query(
    `INSERT INTO basket_choices (hold_id, ticket_protection) VALUES ($1, $2)
     ON CONFLICT (hold_id) DO UPDATE SET ticket_protection = EXCLUDED.ticket_protection, updated_at = now()`,
    [holdId, chosen],
  );
}

/** Replaces the hold's extras with these (quantities 1–10; leave out the zeros). */
export async function replaceUpsells(
  db: Queryable,
  holdId: string,
  upsells: readonly { id: string; quantity: number }[],
): Promise<void> {
  await db.query('DELETE FROM basket_upsells WHERE hold_id = $1', [holdId]);
  if (upsells.length === 0) return;
  await db.query(
    `INSERT INTO basket_upsells (hold_id, upsell_id, quantity)
     SELECT $1, * FROM unnest($2::uuid[], $3::int[])`,
    [holdId, upsells.map((upsell) => upsell.id), upsells.map((upsell) => upsell.quantity)],
  );
}

/** Whether any of the buyer's membership schemes waives the transaction fee. */
/** The first of `memberships` (in the buyer's order) whose scheme waives the fee, or null. */
export async function schemeWaivingTransactionFee(
  db: Queryable,
  memberships: readonly string[],
): Promise<string | null> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM membership_schemes
     WHERE slug = ANY($1::text[]) AND waives_transaction_fee
     ORDER BY array_position($1::text[], slug) LIMIT 1`,
    [memberships],
  );
  return rows[0]?.slug ?? null;
}

export interface BasketPerformanceRow extends LinkedPartFacts {
  title: string;
  venueName: string;
  startsAt: Date;
  timezone: string;
}

/** The show, venue and start of the hold's performance, which the basket names. */
export async function basketPerformance(
  db: Queryable,
  hold: HoldRow,
): Promise<BasketPerformanceRow> {
  const { rows } = await db.query<BasketPerformanceRow>(
    `SELECT sh.title, v.name AS "venueName", p.starts_at AS "startsAt", v.timezone,
            p.part, upper(lp.id::text) AS "linkedId", lp.starts_at AS "linkedStartsAt"
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     LEFT JOIN performances lp ON lp.id = p.linked_performance_id
     WHERE p.id = $1`,
    [hold.performanceId],
  );
  return rows[0]!;
}

/**
 * The delivery method the buyer chose on the details step (null before one is saved): the
 * basket prices it. The basket's one read of the details row, so it need not ask details.
 */
export async function chosenDelivery(db: Queryable, holdId: string): Promise<unknown> {
  const { rows } = await db.query<{ delivery: unknown }>(
    'SELECT delivery FROM checkout_details WHERE hold_id = $1',
    [holdId],
  );
  return rows[0]?.delivery ?? null;
}
