import type { Basket } from '../../contract/api/basket';
import type { Answers, Consents, Contact, Delivery } from '../../contract/api/checkout';
import type { OrderAttribution, OrderStatus } from '../../contract/api/orders';
import type { PayMethod } from '../../contract/api/paymentMethodKinds';
import type { CardBrand } from '../../contract/cards';
import type { Queryable } from '../db/database';
import type { LinkedPartFacts } from '../lib/performanceParts';

/**
 * The SQL of orders (migration 0011). Ids go out upper-cased. Every change of an order's status
 * is conditional on the status it had (`WHERE status = 'pending'`), so two flows settling one
 * attempt at once never both win.
 */

export type OrderFailure = 'declined' | 'timed_out' | 'hold_lost' | 'superseded' | 'refused';

/** The buyer's details as the order keeps them (what details/details.ts found complete). */
export interface OrderDetails {
  delivery: Delivery;
  contact: Contact;
  answers: Answers;
  consents: Consents;
}

export interface OrderRow {
  id: string;
  number: string;
  sessionId: string;
  idempotencyKey: string;
  holdId: string | null;
  performanceId: string;
  status: OrderStatus;
  failure: OrderFailure | null;
  currency: 'GBP' | 'USD';
  total: number;
  /** What the attempt's vouchers pay (reserved with it, spent by its sale); 0 without any. */
  voucherAmount: number;
  transactionFee: number;
  basket: Basket;
  details: OrderDetails;
  paymentId: string | null;
  accessKeyHash: string | null;
  accessKeySealed: string | null;
  confirmedAt: Date | null;
  region: string;
  venueSlug: string;
}

const ORDER_COLUMNS = `upper(o.id::text) AS id, o.number, o.session_id::text AS "sessionId",
  o.idempotency_key AS "idempotencyKey", upper(o.hold_id::text) AS "holdId",
  upper(o.performance_id::text) AS "performanceId", o.status, o.failure, o.currency, o.total,
  o.voucher_amount AS "voucherAmount", o.transaction_fee AS "transactionFee", o.basket, o.details, upper(o.payment_id::text) AS "paymentId",
  o.access_key_hash AS "accessKeyHash", o.access_key_sealed AS "accessKeySealed",
  o.confirmed_at AS "confirmedAt", v.region, v.slug AS "venueSlug"`;
const ORDER_FROM = `FROM orders o
  JOIN performances p ON p.id = o.performance_id
  JOIN shows sh ON sh.id = p.show_id
  JOIN venues v ON v.slug = sh.venue_slug`;

export async function findOrder(
  db: Queryable,
  orderId: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE o.id = $1 ${lock ? 'FOR UPDATE OF o' : ''}`,
    [orderId],
  );
  return rows[0];
}

/** The attempt a pay request's key made, if it got that far (a rerun after a crash). */
export async function orderForKey(
  db: Queryable,
  sessionId: string,
  key: string,
): Promise<OrderRow | undefined> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} ${ORDER_FROM} WHERE o.session_id = $1 AND o.idempotency_key = $2`,
    [sessionId, key],
  );
  return rows[0];
}

/** Pay attempts made on a hold so far, whatever became of them. */
export async function countAttempts(db: Queryable, holdId: string): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>(
    'SELECT count(*)::int AS attempts FROM orders WHERE hold_id = $1',
    [holdId],
  );
  return rows[0]?.attempts ?? 0;
}

/**
 * Ends the unfinished attempts on this attempt's hold that are older than it, while it is
 * itself unfinished; returns their ids (their money is let go as supersedePending's is). Older
 * only, so a rerun of an old attempt's key never ends a newer one; and of two attempts answered
 * out of order, the newer wins.
 */
export async function supersedeOlderAttempts(db: Queryable, orderId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE orders o SET status = 'failed', failure = 'superseded'
     FROM orders me
     WHERE me.id = $1 AND me.status = 'pending' AND o.hold_id = me.hold_id
       AND o.status = 'pending' AND (o.created_at, o.id) < (me.created_at, me.id)
     RETURNING upper(o.id::text) AS id`,
    [orderId],
  );
  return rows.map((row) => row.id);
}

/**
 * The payments of these orders, if they failed: the one the order knows, and any made for it
 * (reference = order id) whose answer the order has not seen yet.
 */
export async function paymentsOfFailedOrders(
  db: Queryable,
  orderIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ paymentId: string }>(
    `SELECT DISTINCT upper(p.id::text) AS "paymentId"
     FROM orders o JOIN payments p ON p.id = o.payment_id OR p.reference = upper(o.id::text)
     WHERE o.id = ANY($1::uuid[]) AND o.status = 'failed'`,
    [orderIds],
  );
  return rows.map((row) => row.paymentId);
}

export interface NewOrder {
  id: string;
  number: string;
  sessionId: string;
  idempotencyKey: string;
  holdId: string;
  performanceId: string;
  currency: 'GBP' | 'USD';
  total: number;
  voucherAmount: number;
  transactionFee: number;
  basket: Basket;
  details: OrderDetails;
  /** Issue 24: the campaign sent with the pay request and the venue's source id. */
  attribution: OrderAttribution;
}

/** Writes a pending attempt; false when its number is taken (the caller draws another). */
export async function insertOrder(db: Queryable, order: NewOrder): Promise<boolean> {
  const { attribution } = order;
  const { rows } = await db.query(
    `INSERT INTO orders (id, number, session_id, idempotency_key, hold_id, performance_id, status,
       currency, total, transaction_fee, basket, details, voucher_amount, crm_campaign_id,
       crm_user_id, crm_email, src, source_id)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14,
       $15, $16, $17)
     ON CONFLICT (number) DO NOTHING
     RETURNING id`,
    [
      order.id,
      order.number,
      order.sessionId,
      order.idempotencyKey,
      order.holdId,
      order.performanceId,
      order.currency,
      order.total,
      order.transactionFee,
      JSON.stringify(order.basket),
      JSON.stringify(order.details),
      order.voucherAmount,
      attribution.crmCampaignId ?? null,
      attribution.crmUserId ?? null,
      attribution.crmEmail ?? null,
      attribution.src ?? null,
      attribution.sourceId ?? null,
    ],
  );
  return rows.length > 0;
}

/** The order's campaign attribution and source id (issue 24); keys without a value left out. */
export async function orderAttribution(db: Queryable, orderId: string): Promise<OrderAttribution> {
  const { rows } = await db.query<Record<keyof OrderAttribution, string | null>>(
    `SELECT crm_campaign_id AS "crmCampaignId", crm_user_id AS "crmUserId",
            crm_email AS "crmEmail", src, source_id AS "sourceId"
     FROM orders WHERE id = $1`,
    [orderId],
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(
    Object.entries(row).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

/**
 * Keeps a hold alive while its payment runs: its deadline (and its seats') becomes at least
 * `seconds` from now. Never revives an expired or sold hold (the late-payment rule decides those).
 */
export async function keepHoldForPayment(
  db: Queryable,
  holdId: string,
  seconds: number,
): Promise<void> {
  await db.query(
    `WITH kept AS (
       UPDATE holds SET expires_at = greatest(expires_at, now() + make_interval(secs => $2::int))
       WHERE id = $1 AND expires_at > now() AND sold_at IS NULL
       RETURNING id, expires_at
     )
     UPDATE seat_allocations a SET held_until = kept.expires_at, updated_at = now()
     FROM kept WHERE a.hold_id = kept.id AND a.status = 'held'`,
    [holdId, seconds],
  );
}

export async function setOrderPayment(
  db: Queryable,
  orderId: string,
  paymentId: string,
): Promise<void> {
  await db.query('UPDATE orders SET payment_id = $2 WHERE id = $1 AND payment_id IS NULL', [
    orderId,
    paymentId,
  ]);
}

/** pending → failed; false when the attempt had already moved on. */
export async function failOrder(
  db: Queryable,
  orderId: string,
  failure: OrderFailure,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE orders SET status = 'failed', failure = $2 WHERE id = $1 AND status = 'pending'`,
    [orderId, failure],
  );
  return rowCount > 0;
}

/**
 * Claims the capture of a confirmed order's payment, so only one flow asks the provider; a
 * claim a minute old belongs to a flow that died and may be taken again.
 */
export async function claimCapture(db: Queryable, orderId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE orders SET capture_claimed_at = now()
     WHERE id = $1 AND status = 'confirmed'
       AND (capture_claimed_at IS NULL OR capture_claimed_at < now() - interval '60 seconds')`,
    [orderId],
  );
  return rowCount > 0;
}

/** The venue (and so the region) of `o`, an order. */
const ORDER_REGION = `JOIN performances p ON p.id = o.performance_id
  JOIN shows sh ON sh.id = p.show_id
  JOIN venues v ON v.slug = sh.venue_slug`;
/** What an order's payment carries as its reference: the order id (upper-case). */
const ORDER_REFERENCE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

/**
 * Confirmed orders of the region whose payment is still only authorised and whose capture is
 * not claimed, or was claimed over a minute ago (the capture failed, or its flow died).
 */
export async function uncapturedOrders(
  db: Queryable,
  region: string,
  limit: number,
): Promise<{ orderId: string; paymentId: string }[]> {
  const { rows } = await db.query<{ orderId: string; paymentId: string }>(
    `SELECT upper(o.id::text) AS "orderId", upper(pm.id::text) AS "paymentId"
     FROM payments pm
     JOIN orders o ON o.payment_id = pm.id
     ${ORDER_REGION}
     WHERE pm.status = 'authorised' AND o.status = 'confirmed' AND v.region = $1
       AND (o.capture_claimed_at IS NULL OR o.capture_claimed_at < now() - interval '60 seconds')
     ORDER BY pm.updated_at LIMIT $2`,
    [region, limit],
  );
  return rows;
}

/**
 * Payments of the region's failed attempts that still hold the buyer's money (authorised, or
 * stopped at a 3-D Secure step) or may do (the gateway's first answer never recorded: a process
 * died waiting for it): a void that failed, or never ran. Only those left alone for a minute
 * (the attempt's own flow lets go of its money itself, and no provider call lasts longer), and
 * only for a week (a bank lets an authorisation lapse by then).
 */
export async function heldPaymentsOfFailedOrders(
  db: Queryable,
  region: string,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ paymentId: string }>(
    `WITH quiet AS (
       SELECT id, reference, updated_at FROM payments
       WHERE status IN ('authorised', 'action_required')
         AND updated_at BETWEEN now() - interval '7 days' AND now() - interval '60 seconds'
       UNION ALL
       SELECT id, reference, updated_at FROM payments
       WHERE status = 'pending'
         AND updated_at BETWEEN now() - interval '7 days' AND now() - interval '60 seconds'
     )
     SELECT upper(pm.id::text) AS "paymentId"
     FROM quiet pm
     JOIN orders o ON o.id = CASE WHEN pm.reference ~ $3 THEN pm.reference::uuid END
     ${ORDER_REGION}
     WHERE o.status = 'failed' AND v.region = $1
     ORDER BY pm.updated_at LIMIT $2`,
    [region, limit, ORDER_REFERENCE.source],
  );
  return rows.map((row) => row.paymentId);
}

/** How long each kind of unfinished attempt must have stood still before the sweep takes it. */
export interface AbandonAges {
  /** Not at a 3-D Secure step: longer than any request working on it can take. */
  unansweredS: number;
  /** Waiting for the buyer at a 3-D Secure step. */
  actionS: number;
}

/**
 * Claims up to `limit` pending attempts of the region that nothing has moved for their age (the
 * attempt's or its payment's last change), skipping any another sweep holds; a claim older than
 * a minute belongs to a sweep that died. The payment is found by its reference, as an attempt
 * whose flow died may not have recorded it.
 */
export async function claimAbandonedAttempts(
  db: Queryable,
  region: string,
  limit: number,
  ages: AbandonAges,
): Promise<string[]> {
  const { rows } = await db.query<{ orderId: string }>(
    `WITH due AS (
       SELECT o.id FROM orders o
       ${ORDER_REGION}
       LEFT JOIN payments pm ON pm.reference = upper(o.id::text)
       WHERE o.status = 'pending' AND v.region = $1
         AND (o.settle_claimed_at IS NULL OR o.settle_claimed_at < now() - interval '60 seconds')
         AND greatest(o.created_at, pm.updated_at) < now() - make_interval(
               secs => CASE WHEN pm.status = 'action_required' THEN $3::int ELSE $2::int END)
       ORDER BY o.created_at LIMIT $4
       FOR UPDATE OF o SKIP LOCKED
     )
     UPDATE orders o SET settle_claimed_at = now() FROM due WHERE o.id = due.id
     RETURNING upper(o.id::text) AS "orderId"`,
    [region, ages.unansweredS, ages.actionS, limit],
  );
  return rows.map((row) => row.orderId);
}

/** The payment made for an attempt (reference = order id), known to the order or not yet. */
export async function paymentOfAttempt(
  db: Queryable,
  orderId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ paymentId: string }>(
    `SELECT upper(id::text) AS "paymentId" FROM payments WHERE reference = $1 LIMIT 1`,
    [orderId],
  );
  return rows[0]?.paymentId;
}

// ---------------------------------------------------------------------------------------------
// The sale (orders/sale.ts).

/**
 * Sells these seats to the order: each is still this hold's (live or expired), or free, or held
 * by another hold that has expired. Returns the seats won; fewer than asked means some were
 * taken (the caller rolls back). The sale clears hold_id, so deleting the hold cannot cascade
 * to a sold seat.
 */
export async function sellSeats(
  db: Queryable,
  sale: { orderId: string; holdId: string | null; performanceId: string; seatIds: string[] },
): Promise<{ sold: number; parts: number }> {
  // A linked performance (issue 24) sells each seat in both parts, parts then seats in id order
  // as hold_seats claims them; the caller counts a seat sold only when sold in every part.
  const { rows } = await db.query<{ sold: number; parts: number }>(
    `WITH parts AS (
       SELECT x.id FROM performances p
       JOIN performances x ON x.id = p.id OR x.id = p.linked_performance_id
       WHERE p.id = $1
     ), sold AS (
       INSERT INTO seat_allocations AS a (performance_id, seat_id, status, order_id, updated_at)
       SELECT pt.id, t.id, 'sold', $2, now()
       FROM parts pt CROSS JOIN unnest($3::uuid[]) AS t(id) ORDER BY pt.id, t.id
       ON CONFLICT (performance_id, seat_id) DO UPDATE
         SET status = 'sold', order_id = EXCLUDED.order_id, hold_id = NULL, held_until = NULL,
             updated_at = now()
         WHERE a.status = 'held' AND (a.hold_id = $4::uuid OR a.held_until <= now())
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM sold)::int AS sold, (SELECT count(*) FROM parts)::int AS parts`,
    [sale.performanceId, sale.orderId, [...sale.seatIds].sort(), sale.holdId],
  );
  return rows[0]!;
}

/** Takes the hold's admissions off it (nothing can give them back now); what it still had. */
export async function takeHoldAdmissions(
  db: Queryable,
  holdId: string,
): Promise<{ area: string; quantity: number }[]> {
  const { rows } = await db.query<{ area: string; quantity: number }>(
    `WITH taken AS (DELETE FROM hold_admissions WHERE hold_id = $1 RETURNING area_code, quantity)
     SELECT area_code AS area, sum(quantity)::int AS quantity FROM taken GROUP BY area_code`,
    [holdId],
  );
  return rows;
}

/** Places back to an area (a hold had more than its order bought). */
export async function returnCapacity(
  db: Queryable,
  give: { performanceId: string; area: string; quantity: number },
): Promise<void> {
  await db.query(
    `UPDATE admission_capacities SET sold = sold - $3 WHERE performance_id = $1 AND area_code = $2`,
    [give.performanceId, give.area, give.quantity],
  );
}

/** The hold is over: sold, its deadline now, any seat it still held given back. */
export async function markHoldSold(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `UPDATE holds SET sold_at = now(), expires_at = least(expires_at, now()) WHERE id = $1`,
    [holdId],
  );
  await db.query(`DELETE FROM seat_allocations WHERE hold_id = $1 AND status = 'held'`, [holdId]);
}

/** Section names of seats and area names of a performance's plan, for printing on tickets. */
export async function ticketNames(
  db: Queryable,
  performanceId: string,
  seatIds: string[],
): Promise<{ sections: Map<string, string>; areas: Map<string, string> }> {
  const [sections, areas] = await Promise.all([
    db.query<{ id: string; name: string }>(
      `SELECT upper(s.id::text) AS id, ps.name FROM seats s
       JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
       WHERE s.id = ANY($1::uuid[])`,
      [seatIds],
    ),
    db.query<{ code: string; name: string }>(
      `SELECT aa.code, aa.name FROM performances p JOIN shows sh ON sh.id = p.show_id
       JOIN admission_areas aa ON aa.seating_plan_id = sh.seating_plan_id WHERE p.id = $1`,
      [performanceId],
    ),
  ]);
  return {
    sections: new Map(sections.rows.map((row) => [row.id, row.name])),
    areas: new Map(areas.rows.map((row) => [row.code, row.name])),
  };
}

export interface TicketRow {
  id: string;
  kind: 'seat' | 'admission';
  seatId: string | null;
  section: string | null;
  row: string | null;
  number: number | null;
  area: string | null;
  priceOption: string | null;
  priceOptionName: string | null;
  unitPrice: number;
  code: string | null;
}

export async function insertTickets(
  db: Queryable,
  orderId: string,
  performanceId: string,
  tickets: TicketRow[],
): Promise<void> {
  const column = <K extends keyof TicketRow>(key: K) => tickets.map((ticket) => ticket[key]);
  await db.query(
    `INSERT INTO order_tickets (id, order_id, position, kind, performance_id, seat_id, section,
       row_label, seat_number, area, price_option, price_option_name, unit_price, code)
     SELECT t.id, $1, t.position - 1, t.kind, $2, t.seat_id, t.section, t.row_label, t.seat_number,
            t.area, t.price_option, t.price_option_name, t.unit_price, t.code
     FROM unnest($3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::int[], $9::text[],
                 $10::text[], $11::text[], $12::int[], $13::text[])
       WITH ORDINALITY AS t(id, kind, seat_id, section, row_label, seat_number, area, price_option,
                            price_option_name, unit_price, code, position)`,
    [
      orderId,
      performanceId,
      column('id'),
      column('kind'),
      column('seatId'),
      column('section'),
      column('row'),
      column('number'),
      column('area'),
      column('priceOption'),
      column('priceOptionName'),
      column('unitPrice'),
      column('code'),
    ],
  );
}

export async function confirmOrder(
  db: Queryable,
  orderId: string,
  key: { hash: string; sealed: string },
): Promise<void> {
  await db.query(
    // An order bought signed in belongs to that account (issue 14: My account lists it).
    `UPDATE orders SET status = 'confirmed', confirmed_at = now(), access_key_hash = $2,
       access_key_sealed = $3,
       account_id = coalesce(account_id, (
         SELECT s.account_id FROM sessions s WHERE s.id = orders.session_id
            AND s.signed_in_idle_until > now() AND s.signed_in_until > now()))
     WHERE id = $1 AND status = 'pending'`,
    [orderId, key.hash, key.sealed],
  );
}

// ---------------------------------------------------------------------------------------------
// Reading an order.

export async function orderTickets(db: Queryable, orderId: string): Promise<TicketRow[]> {
  const { rows } = await db.query<TicketRow>(
    `SELECT upper(id::text) AS id, kind, upper(seat_id::text) AS "seatId", section,
            row_label AS row, seat_number AS number, area, price_option AS "priceOption",
            price_option_name AS "priceOptionName", unit_price AS "unitPrice", code
     FROM order_tickets WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
  return rows;
}

export interface ShowRow extends LinkedPartFacts {
  title: string;
  startsAt: Date;
}

/** The order's show and start, and its other part's when it is a two-part show (issue 24). */
export async function orderShow(db: Queryable, performanceId: string): Promise<ShowRow> {
  const { rows } = await db.query<ShowRow>(
    `SELECT sh.title, p.starts_at AS "startsAt",
            p.part, upper(lp.id::text) AS "linkedId", lp.starts_at AS "linkedStartsAt"
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     LEFT JOIN performances lp ON lp.id = p.linked_performance_id
     WHERE p.id = $1`,
    [performanceId],
  );
  return rows[0]!;
}

/** Where and for how long (issue 25: the calendar file and wallet pass): the venue's street address
 * and the show's running time. */
export async function performancePlace(
  db: Queryable,
  performanceId: string,
): Promise<{
  address: { lines: string[]; city: string; postcode: string };
  runningTimeMinutes: number;
}> {
  const { rows } = await db.query<{
    address: { lines: string[]; city: string; postcode: string };
    runningTimeMinutes: number;
  }>(
    `SELECT v.address, sh.running_time_minutes AS "runningTimeMinutes"
     FROM performances p
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     WHERE p.id = $1`,
    [performanceId],
  );
  return rows[0]!;
}

/** How a payment was made: its method, and the card's brand and last four (none for PayPal). */
export async function paymentMeans(
  db: Queryable,
  paymentId: string,
): Promise<{ method: PayMethod; brand: CardBrand | null; last4: string | null } | undefined> {
  const { rows } = await db.query<{
    method: PayMethod;
    brand: CardBrand | null;
    last4: string | null;
  }>('SELECT method, card_brand AS brand, card_last4 AS last4 FROM payments WHERE id = $1', [
    paymentId,
  ]);
  return rows[0];
}

// ---------------------------------------------------------------------------------------------
// Ticket checks and the app handover.

/** A ticket of a confirmed order of this region, by id. */
export async function confirmedTicket(
  db: Queryable,
  ticketId: string,
  region: string,
): Promise<
  ({ code: string | null; performanceId: string; startsAt: Date } & LinkedPartFacts) | undefined
> {
  const { rows } = await db.query<
    { code: string | null; performanceId: string; startsAt: Date } & LinkedPartFacts
  >(
    `SELECT t.code, p.id AS "performanceId", p.starts_at AS "startsAt",
            p.part, lp.id AS "linkedId", lp.starts_at AS "linkedStartsAt"
     FROM order_tickets t
     JOIN orders o ON o.id = t.order_id AND o.status = 'confirmed'
     JOIN performances p ON p.id = t.performance_id
     LEFT JOIN performances lp ON lp.id = p.linked_performance_id
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     WHERE t.id = $1 AND v.region = $2`,
    [ticketId, region],
  );
  return rows[0];
}

export async function insertHandoverToken(
  db: Queryable,
  token: { hash: string; orderId: string; minutes: number },
): Promise<Date> {
  // Bounded clean-up of long-dead tokens, so the table does not grow without a sweeper.
  await db.query(
    `DELETE FROM app_handover_tokens WHERE token_hash IN (
       SELECT token_hash FROM app_handover_tokens WHERE expires_at < now() - interval '1 day' LIMIT 100)`,
  );
  const { rows } = await db.query<{ expiresAt: Date }>(
    `INSERT INTO app_handover_tokens (token_hash, order_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3::int)) RETURNING expires_at AS "expiresAt"`,
    [token.hash, token.orderId, token.minutes],
  );
  return rows[0]!.expiresAt;
}

/** Spends a live token of this region's order: its order id, once; undefined ever after. */
export async function redeemHandoverToken(
  db: Queryable,
  tokenHash: string,
  region: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ orderId: string }>(
    `UPDATE app_handover_tokens t SET used_at = now()
     FROM orders o
     JOIN performances p ON p.id = o.performance_id
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
       AND o.id = t.order_id AND v.region = $2
     RETURNING upper(t.order_id::text) AS "orderId"`,
    [tokenHash, region],
  );
  return rows[0]?.orderId;
}

/** An order as My account lists it (orders/accountRoutes.ts, the account-management service). */
export interface AccountOrderRow extends LinkedPartFacts {
  orderId: string;
  performanceId: string;
  reference: string;
  venueSlug: string;
  showName: string;
  performanceStartsAt: Date;
  ticketCount: number;
  total: number;
  currency: 'GBP' | 'USD';
  status: 'pending' | 'confirmed' | 'failed';
}

/** Every order of the account, newest first (an attempt that never sold is left out). */
export async function accountOrders(db: Queryable, accountId: string): Promise<AccountOrderRow[]> {
  const { rows } = await db.query<AccountOrderRow>(
    `SELECT upper(o.id::text) AS "orderId", o.number AS reference, sh.venue_slug AS "venueSlug",
            sh.title AS "showName", p.starts_at AS "performanceStartsAt",
            upper(p.id::text) AS "performanceId",
            p.part, upper(lp.id::text) AS "linkedId", lp.starts_at AS "linkedStartsAt",
            (SELECT count(*)::int FROM order_tickets t WHERE t.order_id = o.id) AS "ticketCount",
            o.total, o.currency, o.status
     FROM orders o
     JOIN performances p ON p.id = o.performance_id
     JOIN shows sh ON sh.id = p.show_id
     LEFT JOIN performances lp ON lp.id = p.linked_performance_id
     WHERE o.account_id = $1 AND o.status = 'confirmed'
     ORDER BY o.confirmed_at DESC NULLS LAST, o.id`,
    [accountId],
  );
  return rows;
}

/** Whether the order is the account's (anything else is 404 to it). */
export async function orderOfAccount(
  db: Queryable,
  accountId: string,
  orderId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM orders WHERE id = $1 AND account_id = $2 AND status = 'confirmed'`,
    [orderId, accountId],
  );
  return rows.length > 0;
}

/**
 * The confirmed order with this number whose buyer typed this email at checkout, in any case
 * (Find my tickets, issue 25); undefined for any other pair.
 */
export async function findConfirmedOrderFor(
  db: Queryable,
  number: string,
  email: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM orders
     WHERE number = $1 AND status = 'confirmed'
       AND lower(details->'contact'->>'email') = lower($2)`,
    [number, email],
  );
  return rows[0]?.id;
}
