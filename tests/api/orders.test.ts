import { createHash, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import {
  MAX_PAY_ATTEMPTS_PER_HOLD,
  PAYMENT_WINDOW_MINUTES,
  appHandoverSchema,
  orderResponseSchema,
  payConflictSchema,
  payResponseSchema,
  ticketKeySchema,
  verifyTicketResponseSchema,
  type PayResponse,
} from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { cvvLength, normaliseCardNumber, type CardBrand } from '../../contract/cards';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readBasket } from '../../server/basket/basket';
import { sweepExpiredHolds } from '../../server/holds/holds';
import { idempotentEffect, requestHash } from '../../server/http/idempotency';
import { LinkSealer } from '../../server/orders/keys';
import {
  reconcilePayments,
  settleAbandonedAttempts,
  type PayContext,
} from '../../server/orders/orders';
import { ServerKeys } from '../../server/lib/serverKeys';
import { ticketSigner } from '../../server/orders/ticketCodes';
import { testCard, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { regionContext } from '../../server/regionContext';
import { buyerBrowser as browser, detailsBody, deviceData } from './checkoutFixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { absentCvv, CATALOGUE_TABLES, expectNoCardData } from './cardData';
import { cleanPerformance, expireHold, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { DEMO, signInAs } from './memberSessions';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Short, so the time-out card's attempt ends soon; long enough that on a busy machine a second
 * request still arrives while the first is at the gateway, and no sandbox answer times out.
 */
const TIME_LIMIT_MS = 4000;

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let gig: PerformanceFixture;
/** Where the server listens: with no SHOP_ORIGIN, the origin of the links it writes. */
let listenOrigin: string;
const logLines: string[] = [];
const sentNumbers = new Set<string>();
const sentCvvs = new Set<string>();

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
    payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 1000, windowSeconds: 600 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  listenOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 2);
  gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 4);
  // The seed's sales are 140,000 rows no test here needs; without them the closing search for
  // card data reads only what these tests wrote.
  await db.query('DELETE FROM seat_allocations');
  cvvs[3] = await absentCvv(db, 3, CATALOGUE_TABLES);
  cvvs[4] = await absentCvv(db, 4, CATALOGUE_TABLES);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

// ---- the buyer's side, as the SPA drives it ----

const newBuyer = () => newBuyerOf(app);
const codeOf = (response: { json(): unknown }) => (response.json() as { code?: string }).code;

const row = async (section: string, label: string) =>
  (await seatsInRow(db, theatre.planId, section, label)).map((seat) => seat.id);

async function holdOf(buyer: Buyer, body: object, region = 'uk') {
  const response = await callApi(app, buyer, 'POST', '/holds', { body, region });
  expect(response.statusCode, response.body).toBe(201);
  return holdResponseSchema.parse(response.json()).hold;
}

const holdSeats = (buyer: Buyer, seats: string[]) =>
  holdOf(buyer, { performanceId: theatre.performanceId, seats });

async function saveDetails(buyer: Buyer, holdId: string, method = 'eTicket', region = 'uk') {
  const response = await callApi(app, buyer, 'PUT', `/holds/${holdId}/details`, {
    body: detailsBody(method, region),
    region,
  });
  expect(response.statusCode, response.body).toBe(200);
  // Paying needs an explicit answer to ticket protection; tests that care answer it again.
  const basket = await basketOf(buyer, holdId, region);
  if (basket.ticketProtection?.choice === 'undecided') {
    const answered = await callApi(app, buyer, 'PUT', `/holds/${holdId}/basket`, {
      body: { ticketProtection: 'no' },
      region,
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
}

async function basketOf(buyer: Buyer, holdId: string, region = 'uk'): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`, { region });
  expect(response.statusCode).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

/** A CVV per length that appears nowhere else in the data, so the final search cannot misfire. */
const cvvs = { 3: '', 4: '' };
const cvvFor = (brand: CardBrand) => cvvs[cvvLength(brand)];

async function tokenFor(brand: CardBrand, behaviour: SandboxBehaviour): Promise<string> {
  const { number } = testCard(brand, behaviour);
  sentNumbers.add(normaliseCardNumber(number));
  sentCvvs.add(cvvFor(brand));
  const response = await app.inject({
    method: 'POST',
    url: '/services/payment/tokens',
    payload: { number, name: 'Ada Lovelace', expiry: '08/30', cvv: cvvFor(brand) },
  });
  expect(response.statusCode).toBe(201);
  return cardTokenSchema.parse(response.json()).token;
}

interface PayOptions {
  cardToken: string | null;
  basketVersion: string;
  key?: string;
  region?: string;
}

function payCall(buyer: Buyer, holdId: string, options: PayOptions) {
  return callApi(app, buyer, 'POST', `/holds/${holdId}/order`, {
    key: options.key ?? newKey(),
    region: options.region,
    headers: { 'user-agent': 'Mozilla/5.0 (orders test)', accept: 'application/json' },
    body: { basketVersion: options.basketVersion, cardToken: options.cardToken, browser },
  });
}

async function pay(buyer: Buyer, holdId: string, options: PayOptions): Promise<PayResponse> {
  const response = await payCall(buyer, holdId, options);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return payResponseSchema.parse(response.json());
}

async function continueCall(buyer: Buyer, answer: PayResponse, region = 'uk') {
  return callApi(
    app,
    buyer,
    'POST',
    `/orders/${answer.orderId}/payments/${answer.paymentId}/continue`,
    { region },
  );
}

async function continuePay(buyer: Buyer, answer: PayResponse, region = 'uk') {
  const response = await continueCall(buyer, answer, region);
  expect(response.statusCode, response.body).toBe(200);
  return payResponseSchema.parse(response.json());
}

/**
 * The browser on a 3-D Secure page: loads it and submits its form as a browser would. With
 * `mayBeClosed`, a step the bank has already closed (the sweep got there first) is allowed: the
 * bank then sends the browser straight back, and nothing is answered.
 */
async function submitStep(
  url: string,
  fields: Record<string, string>,
  { mayBeClosed = false }: { mayBeClosed?: boolean } = {},
) {
  const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  if (mayBeClosed && page.statusCode === 303) return String(page.headers.location);
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  expect(action, page.body).toBeDefined();
  const sent = await app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(sent.statusCode).toBe(303);
  return String(sent.headers.location);
}

/** Device-data collection (every card's first step); the browser is sent back to verify. */
async function collectDeviceData(answer: PayResponse) {
  expect(answer.outcome).toBe('action_required');
  expect(answer.action?.kind).toBe('device_data');
  const back = await submitStep(answer.action!.url, deviceData);
  expect(back).toBe(`/checkout/verify?paymentId=${answer.paymentId}`);
}

/** A theatre hold with details saved, ready to pay, and its basket. */
async function readyToPay(buyer: Buyer, seats: string[], method = 'eTicket') {
  const hold = await holdSeats(buyer, seats);
  await saveDetails(buyer, hold.id, method);
  return { hold, basket: await basketOf(buyer, hold.id) };
}

/** Pays with an approved card (frictionless) through to the confirmed answer. */
async function buy(buyer: Buyer, holdId: string, basket: Basket, brand: CardBrand = 'visa') {
  const started = await pay(buyer, holdId, {
    cardToken: await tokenFor(brand, 'approve'),
    basketVersion: basket.version,
  });
  await collectDeviceData(started);
  const done = await continuePay(buyer, started);
  expect(done.outcome).toBe('confirmed');
  return done;
}

async function orderOf(buyer: Buyer | undefined, orderId: string, query = '', region = 'uk') {
  return callApi(app, buyer, 'GET', `/orders/${orderId}${query}`, { region });
}

const sessionIdOf = async (buyer: Buyer) => {
  const token = buyer.cookie.split('=')[1]!;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    createHash('sha256').update(token).digest('base64url'),
  ]);
  return rows[0]!.id;
};

async function gatewayPayment(paymentId: string) {
  const { rows } = await db.query<{ state: string; captured: number; ours: string }>(
    `SELECT sp.state, sp.captured_amount AS captured, p.status AS ours
     FROM payments p JOIN sandbox_payments sp ON sp.ref = p.provider_ref::uuid WHERE p.id = $1`,
    [paymentId],
  );
  return rows;
}

/** Every table but the catalogue's with a row that holds `text` anywhere, by name. */
async function tablesHolding(text: string): Promise<string[]> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const holding: string[] = [];
  for (const { name } of tables.filter((table) => !CATALOGUE_TABLES.includes(table.name))) {
    const found = await db.query(`SELECT 1 FROM ${name} t WHERE strpos(t::text, $1) > 0 LIMIT 1`, [
      text,
    ]);
    if (found.rows.length > 0) holding.push(name);
  }
  return holding;
}

/** Milliseconds the buyer's hold has left, as the API says. */
/** Once the payment service has claimed its own key: the pay request is waiting on the gateway. */
async function atTheGateway(key: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const { rows } = await db.query(
          `SELECT 1 FROM idempotency_keys WHERE key = $1 AND state = 'in_flight'`,
          [`payment:${key}`],
        );
        return rows.length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
}

async function holdLeftMs(buyer: Buyer, holdId: string): Promise<number> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}`);
  expect(response.statusCode, response.body).toBe(200);
  return Date.parse(holdResponseSchema.parse(response.json()).hold.expiresAt) - Date.now();
}

/** Brings a hold's deadline (and its seats') to `minutes` from now. */
async function holdFor(holdId: string, minutes: number): Promise<void> {
  await db.query(
    `UPDATE holds SET expires_at = now() + make_interval(mins => $2::int) WHERE id = $1`,
    [holdId, minutes],
  );
  await db.query(
    `UPDATE seat_allocations SET held_until = now() + make_interval(mins => $2::int)
     WHERE hold_id = $1`,
    [holdId, minutes],
  );
}

/**
 * Makes every Mill Girls night at the Northern Playhouse a comp night (no fees, no face values)
 * while `work` runs, and puts the prices back after, whatever happened.
 */
async function duringCompNight(work: () => Promise<void>): Promise<void> {
  const show = `show_id IN (SELECT id FROM shows
    WHERE venue_slug = 'northern-playhouse' AND title_slug = 'the-mill-girls')`;
  const fees = await db.query<{ booking: number; txn: number }>(
    `SELECT booking_fee AS booking, transaction_fee AS txn FROM venues WHERE slug = 'northern-playhouse'`,
  );
  const faces = await db.query<{ show: string; code: string; face: number }>(
    `SELECT show_id::text AS show, code, face_value AS face FROM price_options WHERE ${show}`,
  );
  await db.query(
    `UPDATE venues SET booking_fee = 0, transaction_fee = 0 WHERE slug = 'northern-playhouse'`,
  );
  await db.query(`UPDATE price_options SET face_value = 0 WHERE ${show}`);
  try {
    await work();
  } finally {
    await db.query(
      `UPDATE venues SET booking_fee = $1, transaction_fee = $2 WHERE slug = 'northern-playhouse'`,
      [fees.rows[0]!.booking, fees.rows[0]!.txn],
    );
    for (const face of faces.rows) {
      await db.query(
        'UPDATE price_options SET face_value = $3 WHERE show_id = $1::uuid AND code = $2',
        [face.show, face.code, face.face],
      );
    }
  }
}

/** A Northern Playhouse seat (no access or card rules) of a clean Mill Girls night. */
async function millGirlsSeat(night: number) {
  const comp = await cleanPerformance(db, 'northern-playhouse', 'the-mill-girls', night);
  const seat = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats WHERE seating_plan_id = $1
     AND NOT (is_wheelchair OR is_companion OR is_access_zone OR is_amex) LIMIT 1`,
    [comp.planId],
  );
  return { performanceId: comp.performanceId, seatId: seat.rows[0]!.id };
}

// ---- the tests ----

describe('paying for a theatre hold with a frictionless card', () => {
  it('charges exactly the basket, in pence, sells the seats and issues signed e-tickets', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'F');
    const { hold } = await readyToPay(buyer, [seats[0]!, seats[1]!]);
    const offered = await basketOf(buyer, hold.id);
    const programme = offered.upsellsOffered.find((upsell) => upsell.kind === 'programme')!;
    const chosen = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { upsells: [{ id: programme.id, quantity: 2 }], ticketProtection: 'yes' },
    });
    const basket = basketResponseSchema.parse(chosen.json()).basket;
    // 2 × £87.50 + 2 × £6 programmes + 2 × £2.50 protection + £2.95 once.
    expect(basket.total).toBe(17_500 + 1_200 + 500 + 295);

    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect(started).toMatchObject({ outcome: 'action_required', order: null });
    // The hold is kept for the payment window while the buyer is at the gateway.
    const held = holdResponseSchema.parse(
      (await callApi(app, buyer, 'GET', `/holds/${hold.id}`)).json(),
    ).hold;
    expect(Date.parse(held.expiresAt) - Date.now()).toBeGreaterThan(
      (PAYMENT_WINDOW_MINUTES - 1) * 60_000,
    );

    await collectDeviceData(started);
    const done = await continuePay(buyer, started);
    expect(done.outcome).toBe('confirmed');
    const order = done.order!;
    expect(order).toMatchObject({
      id: started.orderId,
      status: 'confirmed',
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      show: {
        title: 'The Glass Orchard',
        venueName: 'The Lumen Theatre',
        venueSlug: 'lumen-theatre',
        performanceId: theatre.performanceId,
        timezone: 'Europe/London',
      },
      delivery: { method: 'eTicket', address: null },
      extras: basket.extras,
      ticketProtection: true,
      transactionFee: basket.transactionFee,
      total: basket.total,
      currency: 'GBP',
      paidWith: [{ method: 'card', amount: basket.total, brand: 'visa', last4: '1111' }],
    });
    expect(order.number).toMatch(/^SD-[2-9A-HJKMNP-Z]{8}$/);
    expect(order.accessKey).toMatch(/^[\w-]{43}$/);
    expect(order.tickets.map((t) => [t.kind, t.section, t.row, t.number])).toEqual([
      ['seat', 'Stalls', 'F', 1],
      ['seat', 'Stalls', 'F', 2],
    ]);
    for (const ticket of order.tickets) expect(ticket.code).toMatch(/^SD1\./);

    // The money: authorised for the basket's total and captured once, in full.
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    // The seats are the order's, with no hold left to cascade from.
    const { rows: sold } = await db.query<{ status: string; holdId: string | null }>(
      `SELECT status, hold_id AS "holdId" FROM seat_allocations
       WHERE performance_id = $1 AND order_id = $2`,
      [theatre.performanceId, order.id],
    );
    expect(sold).toEqual([
      { status: 'sold', holdId: null },
      { status: 'sold', holdId: null },
    ]);
    // The confirmation email waits in the outbox, with the order's secret link.
    const { rows: emails } = await db.query<{ recipient: string; text: string }>(
      'SELECT recipient, text FROM email_outbox WHERE order_id = $1',
      [order.id],
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.recipient).toBe('ada@example.com');
    const link = new RegExp(
      `https?://[^/\\s]+/checkout/confirmation\\?order=${order.id}&venue=lumen-theatre&key=([\\w-]{43})`,
    );
    expect(link.exec(emails[0]!.text)?.[1]).toBe(order.accessKey);

    // A second continue (a reload of /checkout/verify) answers the same, sells and charges nothing more.
    const again = await continuePay(buyer, started);
    expect(again).toEqual(done);
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    const { rows: tickets } = await db.query('SELECT 1 FROM order_tickets WHERE order_id = $1', [
      order.id,
    ]);
    expect(tickets).toHaveLength(2);
  });

  it('ends the hold: no read, extension, basket change or release once it is sold', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'G');
    const { hold, basket } = await readyToPay(buyer, [seats[3]!]);
    await buy(buyer, hold.id, basket);
    const calls = [
      await callApi(app, buyer, 'GET', `/holds/${hold.id}`),
      await callApi(app, buyer, 'POST', `/holds/${hold.id}/extend`),
      await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
        body: { ticketProtection: 'yes' },
      }),
      await callApi(app, buyer, 'DELETE', `/holds/${hold.id}`),
    ];
    expect(calls.map((call) => [call.statusCode, codeOf(call)])).toEqual(
      Array.from({ length: 4 }, () => [410, 'hold_expired']),
    );
    // Deleting the hold row itself (a clean-up of old holds) cannot take a sold seat with it.
    await db.query('DELETE FROM holds WHERE id = $1', [hold.id]);
    const { rows } = await db.query(
      `SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = $2 AND status = 'sold'`,
      [theatre.performanceId, seats[3]],
    );
    expect(rows).toHaveLength(1);
    // A new buyer cannot hold the sold seat.
    const other = await newBuyer();
    const taken = await callApi(app, other, 'POST', '/holds', {
      body: { performanceId: theatre.performanceId, seats: [seats[3]] },
    });
    expect([taken.statusCode, codeOf(taken)]).toEqual([409, 'seats_unavailable']);
  });

  it('counts a sold hold as over even if its deadline says otherwise', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'G'))[7]!]);
    await buy(buyer, hold.id, basket);
    // A deadline moved ahead after the sale (by hand, or a bug elsewhere): sold is what counts.
    await db.query(`UPDATE holds SET expires_at = now() + interval '5 minutes' WHERE id = $1`, [
      hold.id,
    ]);
    const calls = [
      await callApi(app, buyer, 'GET', `/holds/${hold.id}`),
      await callApi(app, buyer, 'POST', `/holds/${hold.id}/extend`),
      await callApi(app, buyer, 'GET', `/holds/${hold.id}/basket`),
      await payCall(buyer, hold.id, { cardToken: 'tok_unused', basketVersion: basket.version }),
    ];
    expect(calls.map((call) => [call.statusCode, codeOf(call)])).toEqual(
      Array.from({ length: 4 }, () => [410, 'hold_expired']),
    );
  });
});

describe('keeping the hold while the buyer pays', () => {
  it('keeps it for the payment window only once the gateway asks for a 3-D Secure step', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'Q'))[0]!]);
    await holdFor(hold.id, 2);
    // A refused card (an unknown token) is no reason to keep the seats from anyone else.
    const refused = await payCall(buyer, hold.id, {
      cardToken: 'tok_never_issued',
      basketVersion: basket.version,
    });
    expect(codeOf(refused)).toBe('payment_token_invalid');
    expect(await holdLeftMs(buyer, hold.id)).toBeLessThan(3 * 60_000);
    // Nor is a gateway that never answered.
    const silent = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'timeout'),
      basketVersion: basket.version,
    });
    expect(silent.outcome).toBe('timed_out');
    expect(await holdLeftMs(buyer, hold.id)).toBeLessThan(3 * 60_000);
    // A buyer sent to their bank gets the whole window.
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect(started.outcome).toBe('action_required');
    expect(await holdLeftMs(buyer, hold.id)).toBeGreaterThan((PAYMENT_WINDOW_MINUTES - 1) * 60_000);
  });
});

describe('the idempotent pay request', () => {
  it('replays the first answer for the same key, and refuses another body under it (422)', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'H'))[0]!]);
    const key = newKey();
    const body = {
      cardToken: await tokenFor('mastercard', 'approve'),
      basketVersion: basket.version,
    };
    const first = await payCall(buyer, hold.id, { ...body, key });
    const replay = await payCall(buyer, hold.id, { ...body, key });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await payCall(buyer, hold.id, {
      ...body,
      cardToken: await tokenFor('visa', 'approve'),
      key,
    });
    expect([other.statusCode, codeOf(other)]).toEqual([422, 'idempotency_mismatch']);
    const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [hold.id]);
    expect(rows).toHaveLength(1);
  });

  it('reruns a key whose answer was never stored (a crash) into the same attempt and payment', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'H'))[9]!]);
    const key = newKey();
    const body = {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
      key,
    };
    const first = await pay(buyer, hold.id, body);
    await collectDeviceData(first);
    // As if the process died after the gateway answered: no stored answer, the key free again.
    await db.query('DELETE FROM idempotency_keys WHERE key IN ($1, $2)', [key, `payment:${key}`]);
    const rerun = await pay(buyer, hold.id, body);
    // The same attempt and the same payment, not a second one.
    expect(rerun).toEqual(first);
    expect((await continuePay(buyer, rerun)).outcome).toBe('confirmed');
    const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [hold.id]);
    expect(rows).toHaveLength(1);
    const { rows: charges } = await db.query(
      `SELECT sp.captured_amount AS captured FROM sandbox_payments sp
       JOIN payments p ON sp.idempotency_key = p.id::text WHERE p.reference = $1`,
      [first.orderId],
    );
    expect(charges).toEqual([{ captured: basket.total }]);
  });

  it('answers a copy sent while the first is still at the gateway with 409', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'H'))[5]!]);
    const key = newKey();
    const body = {
      cardToken: await tokenFor('visa', 'timeout'),
      basketVersion: basket.version,
      key,
    };
    const first = payCall(buyer, hold.id, body);
    await atTheGateway(key);
    const copy = await payCall(buyer, hold.id, body);
    expect([copy.statusCode, codeOf(copy)]).toEqual([409, 'idempotency_in_flight']);
    expect(payResponseSchema.parse((await first).json()).outcome).toBe('timed_out');
  });

  it('keeps no answer for a key whose payment is still being made: 503, and the retry gets the outcome', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'H'))[7]!]);
    const key = newKey();
    const body = {
      cardToken: await tokenFor('visa', 'timeout'),
      basketVersion: basket.version,
      key,
    };
    const first = payCall(buyer, hold.id, body);
    await atTheGateway(key);
    // As if the first request had stalled past the in-flight limit: its pay key may be taken
    // over, but its payment is still at the gateway.
    await db.query(
      `UPDATE idempotency_keys SET locked_at = now() - interval '61 seconds' WHERE key = $1`,
      [key],
    );
    const rerun = await payCall(buyer, hold.id, body);
    expect([rerun.statusCode, codeOf(rerun)]).toEqual([503, 'service_unavailable']);
    // The key was freed, not given a 409 as its answer for ever.
    const { rows: stored } = await db.query(
      `SELECT response_status AS status FROM idempotency_keys WHERE key = $1 AND state = 'done'`,
      [key],
    );
    expect(stored).toEqual([]);
    expect(payResponseSchema.parse((await first).json()).outcome).toBe('timed_out');
    expect(await pay(buyer, hold.id, body)).toMatchObject({ outcome: 'timed_out' });
  });

  it('never lets a stalled run overwrite or contradict the answer of the run that took its key over', async () => {
    const sessionId = await sessionIdOf(await newBuyer());
    for (const stalledEnd of ['answers', 'fails'] as const) {
      const request = { sessionId, key: newKey(), hash: requestHash('test', { stalledEnd }) };
      let finish!: () => void;
      const stalled = idempotentEffect(
        db,
        request,
        () =>
          new Promise((resolve, reject) => {
            finish = () =>
              stalledEnd === 'answers'
                ? resolve({ status: 200, body: { run: 'stalled' } })
                : reject(new Error('the stalled run gave up'));
          }),
      );
      await expect
        .poll(
          async () =>
            (await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [request.key])).rows
              .length,
        )
        .toBe(1);
      await db.query(
        `UPDATE idempotency_keys SET locked_at = now() - interval '61 seconds' WHERE key = $1`,
        [request.key],
      );
      const takeover = await idempotentEffect(db, request, () =>
        Promise.resolve({ status: 200, body: { run: 'takeover' } }),
      );
      expect(takeover.body).toEqual({ run: 'takeover' });
      finish();
      const late = await stalled.catch((error: unknown) => error);
      if (stalledEnd === 'answers') expect(late).toEqual(takeover);
      // Replays keep answering what the client was first told.
      const replay = await idempotentEffect(db, request, () =>
        Promise.resolve({ status: 200, body: { run: 'third' } }),
      );
      expect(replay, stalledEnd).toEqual(takeover);
    }
  });

  it('makes one order and one capture of a frantic double click on pay and on verify', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'J');
    const { hold, basket } = await readyToPay(buyer, [seats[0]!, seats[1]!, seats[2]!]);
    const body = {
      cardToken: await tokenFor('amex', 'approve'),
      basketVersion: basket.version,
      key: newKey(),
    };
    const clicks = await Promise.all([1, 2, 3, 4, 5].map(() => payCall(buyer, hold.id, body)));
    const answers = clicks
      .filter((click) => click.statusCode === 200)
      .map((click) => click.json<unknown>());
    expect(answers.length).toBeGreaterThan(0);
    for (const click of clicks.filter((c) => c.statusCode !== 200)) {
      expect([click.statusCode, codeOf(click)]).toEqual([409, 'idempotency_in_flight']);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const started = payResponseSchema.parse(answers[0]);
    await collectDeviceData(started);
    const confirmations = await Promise.all([1, 2, 3].map(() => continuePay(buyer, started)));
    for (const done of confirmations) {
      expect(done.outcome).toBe('confirmed');
      expect(done.order!.number).toBe(confirmations[0]!.order!.number);
    }

    const { rows: orders } = await db.query<{ status: string }>(
      'SELECT status FROM orders WHERE hold_id = $1',
      [hold.id],
    );
    expect(orders).toEqual([{ status: 'confirmed' }]);
    const { rows: payments } = await db.query('SELECT 1 FROM payments WHERE reference = $1', [
      started.orderId,
    ]);
    expect(payments).toHaveLength(1);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    const { rows: tickets } = await db.query('SELECT 1 FROM order_tickets WHERE order_id = $1', [
      started.orderId,
    ]);
    expect(tickets).toHaveLength(3);
  });
});

describe('3-D Secure, declines and time-outs', () => {
  it('takes only an American Express card for American Express seats, then a challenge', async () => {
    const buyer = await newBuyer();
    const amexSeats = (await row('DRESS', 'B')).slice(9, 11);
    const { hold, basket } = await readyToPay(buyer, amexSeats);
    expect(basket.acceptedCardBrands).toEqual(['amex']);

    const visa = await payCall(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect([visa.statusCode, codeOf(visa)]).toEqual([422, 'card_type_not_accepted']);
    // Nothing was charged and the hold is still the buyer's.
    expect((await callApi(app, buyer, 'GET', `/holds/${hold.id}`)).statusCode).toBe(200);

    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('amex', 'challenge'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    const challenge = await continuePay(buyer, started);
    expect(challenge).toMatchObject({ outcome: 'action_required', action: { kind: 'challenge' } });
    const back = await submitStep(challenge.action!.url, { result: 'authenticated' });
    expect(back).toBe(`/checkout/verify?paymentId=${started.paymentId}`);
    const done = await continuePay(buyer, started);
    expect(done.order).toMatchObject({
      status: 'confirmed',
      paidWith: [{ method: 'card', amount: basket.total, brand: 'amex', last4: '8431' }],
      total: basket.total,
    });
  });

  it('declines a card, then sells the same hold to another card', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[4]!]);
    const declined = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'decline'),
      basketVersion: basket.version,
    });
    await collectDeviceData(declined);
    expect(await continuePay(buyer, declined)).toMatchObject({
      outcome: 'declined',
      declineReason: 'declined',
      order: null,
    });
    // The attempt failed; the hold is still the buyer's, with its basket unchanged.
    const failed = orderResponseSchema.parse((await orderOf(buyer, declined.orderId)).json());
    expect(failed.order).toMatchObject({ status: 'failed', accessKey: null, tickets: [] });
    expect((await basketOf(buyer, hold.id)).version).toBe(basket.version);

    const done = await buy(buyer, hold.id, basket, 'mastercard');
    expect(done.orderId).not.toBe(declined.orderId);
    expect(done.order!.paidWith).toEqual([
      { method: 'card', amount: done.order!.total, brand: 'mastercard', last4: '4444' },
    ]);
    // Asking about the declined attempt again still says declined.
    expect((await continuePay(buyer, declined)).outcome).toBe('declined');
  });

  it('says insufficient funds, and a failed challenge is declined for authentication', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[8]!]);
    const poor = await pay(buyer, hold.id, {
      cardToken: await tokenFor('amex', 'insufficient_funds'),
      basketVersion: basket.version,
    });
    await collectDeviceData(poor);
    expect(await continuePay(buyer, poor)).toMatchObject({
      outcome: 'declined',
      declineReason: 'insufficient_funds',
    });

    const challenged = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'challenge'),
      basketVersion: basket.version,
    });
    await collectDeviceData(challenged);
    const step = await continuePay(buyer, challenged);
    await submitStep(step.action!.url, { result: 'failed' });
    expect(await continuePay(buyer, challenged)).toMatchObject({
      outcome: 'declined',
      declineReason: 'authentication_failed',
    });
    expect((await callApi(app, buyer, 'GET', `/holds/${hold.id}`)).statusCode).toBe(200);
  });

  it('answers timed_out when the gateway is silent, charging nothing and keeping the hold', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[12]!]);
    const answer = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'timeout'),
      basketVersion: basket.version,
    });
    expect(answer).toMatchObject({ outcome: 'timed_out', order: null });
    const { rows } = await db.query<{ state: string }>(
      `SELECT sp.state FROM sandbox_payments sp JOIN payments p ON sp.idempotency_key = p.id::text
       WHERE p.reference = $1`,
      [answer.orderId],
    );
    expect(rows).toEqual([{ state: 'voided' }]);
    expect((await callApi(app, buyer, 'GET', `/holds/${hold.id}`)).statusCode).toBe(200);
    const order = orderResponseSchema.parse((await orderOf(buyer, answer.orderId)).json()).order;
    expect(order.status).toBe('failed');
  });

  it('keeps the attempt at 3-D Secure when a second pay request is refused (a spent token: 422)', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[24]!]);
    const token = await tokenFor('visa', 'challenge');
    const started = await pay(buyer, hold.id, { cardToken: token, basketVersion: basket.version });
    await collectDeviceData(started);
    const step = await continuePay(buyer, started);
    expect(step).toMatchObject({ outcome: 'action_required', action: { kind: 'challenge' } });

    // Another tab pays again with the token the first attempt already spent.
    const refused = await payCall(buyer, hold.id, {
      cardToken: token,
      basketVersion: basket.version,
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'payment_token_invalid']);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'challenge_required', captured: 0, ours: 'action_required' },
    ]);

    // The bank's challenge is still open to the buyer, and finishing it buys the seat.
    await submitStep(step.action!.url, { result: 'authenticated' });
    const done = await continuePay(buyer, started);
    expect(done).toMatchObject({ outcome: 'confirmed', order: { status: 'confirmed' } });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
  });

  it('voids an unfinished attempt that a newer one replaced', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[16]!]);
    const abandoned = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(abandoned);
    const done = await buy(buyer, hold.id, basket, 'visa-debit');
    // The first tab comes back from the gateway after the second bought the seats.
    expect(await continuePay(buyer, abandoned)).toMatchObject({ outcome: 'declined' });
    expect(await gatewayPayment(abandoned.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
  });

  it('voids a replaced attempt the gateway had not yet answered, after the new attempt is answered', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[20]!]);
    const abandoned = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    // As if its flow were still waiting for the gateway's first answer: the order does not
    // know its payment yet; the payment knows its order (its reference).
    await db.query('UPDATE orders SET payment_id = NULL WHERE id = $1', [abandoned.orderId]);
    const authorise = vi.spyOn(app.payments, 'authorise');
    const voids = vi.spyOn(app.payments, 'void');
    try {
      const next = await pay(buyer, hold.id, {
        cardToken: await tokenFor('mastercard', 'approve'),
        basketVersion: basket.version,
      });
      expect(next.outcome).toBe('action_required');
      expect(await gatewayPayment(abandoned.paymentId!)).toEqual([
        { state: 'voided', captured: 0, ours: 'voided' },
      ]);
      // The buyer's new card went to the gateway first; the old one was let go after.
      expect(voids).toHaveBeenCalledWith(abandoned.paymentId);
      expect(voids.mock.invocationCallOrder[0]!).toBeGreaterThan(
        authorise.mock.invocationCallOrder[0]!,
      );
    } finally {
      authorise.mockRestore();
      voids.mockRestore();
    }
  });

  it('cancels the payment when the buyer lets the seats go during 3-D Secure', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'Q');
    const { hold, basket } = await readyToPay(buyer, [seats[10]!]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    // At the bank's page the buyer thinks better of it and empties the basket in another tab.
    const released = await callApi(app, buyer, 'DELETE', `/holds/${hold.id}`);
    expect(released.statusCode).toBe(204);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    // The bank sends the browser back: nothing is sold and nothing charged.
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'declined', order: null });
    const { rows } = await db.query(
      `SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = $2`,
      [theatre.performanceId, seats[10]],
    );
    expect(rows).toEqual([]);
  });

  it('sells nothing to an attempt whose hold is gone, and gives the money back', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'Q');
    const { hold, basket } = await readyToPay(buyer, [seats[12]!]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    // The hold row itself is deleted (orders.hold_id becomes NULL), its order still pending.
    await db.query('DELETE FROM holds WHERE id = $1', [hold.id]);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'hold_lost', order: null });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    const { rows } = await db.query(
      `SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = $2`,
      [theatre.performanceId, seats[12]],
    );
    expect(rows).toEqual([]);
  });
});

describe('a capture the gateway refused after the sale', () => {
  it('is taken by the reconciliation sweep once the claim is a minute old, once only', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'Q'))[14]!]);
    const capture = vi.spyOn(app.payments, 'capture');
    capture.mockRejectedValueOnce(new Error('gateway unreachable'));
    const sweep = () =>
      reconcilePayments({ db, payments: app.payments, warn: () => undefined }, 'uk');
    const ageClaim = (orderId: string) =>
      db.query(
        `UPDATE orders SET capture_claimed_at = now() - interval '61 seconds' WHERE id = $1`,
        [orderId],
      );
    try {
      const done = await buy(buyer, hold.id, basket);
      // The sale stands (the buyer has their tickets); the money is still only authorised.
      expect(done.order!.status).toBe('confirmed');
      expect(await gatewayPayment(done.paymentId!)).toEqual([
        { state: 'authorised', captured: 0, ours: 'authorised' },
      ]);
      // Within the minute the failed flow's claim stands.
      await sweep();
      expect((await gatewayPayment(done.paymentId!))[0]!.state).toBe('authorised');
      await ageClaim(done.orderId);
      await Promise.all([sweep(), sweep()]);
      expect(await gatewayPayment(done.paymentId!)).toEqual([
        { state: 'captured', captured: basket.total, ours: 'captured' },
      ]);
      await ageClaim(done.orderId);
      await sweep();
      // Asked twice in all: the refused capture and the sweep's.
      expect(capture.mock.calls.filter(([id]) => id === done.paymentId)).toHaveLength(2);
    } finally {
      capture.mockRestore();
    }
  });
});

describe('pay attempts nobody finishes (the reconciliation sweep)', () => {
  /** Far beyond what any other test here leaves behind, so the sweep takes only what is aged. */
  const ages = { unansweredS: 3600, actionS: 7200 };
  const sweepContext = async (): Promise<PayContext> => {
    const keys = new ServerKeys(db);
    return {
      db,
      payments: app.payments,
      warn: () => undefined,
      scope: regionContext('uk', venues),
      signer: await ticketSigner(keys, undefined),
      sealer: await LinkSealer.load(keys),
      orderUrl: (order) => `${listenOrigin}/checkout/confirmation?order=${order.id}`,
    };
  };
  const sweep = async () => settleAbandonedAttempts(await sweepContext(), 'uk', ages);
  /** As if the attempt and its payment last moved `seconds` ago. */
  const age = async (orderId: string, seconds: number) => {
    await db.query(
      `UPDATE orders SET created_at = now() - make_interval(secs => $2::int) WHERE id = $1`,
      [orderId, seconds],
    );
    await db.query(
      `UPDATE payments SET updated_at = now() - make_interval(secs => $2::int) WHERE reference = $1`,
      [orderId, seconds],
    );
  };
  const attempt = async (orderId: string) =>
    (
      await db.query<{ status: string; failure: string | null }>(
        'SELECT status, failure FROM orders WHERE id = $1',
        [orderId],
      )
    ).rows[0];
  const seatR = async (index: number) => (await row('STALLS', 'R'))[index]!;

  /** A challenge card's attempt, left at the challenge page. */
  async function atTheChallenge(buyer: Buyer, seatIndex: number) {
    const { hold, basket } = await readyToPay(buyer, [await seatR(seatIndex)]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'challenge'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    const step = await continuePay(buyer, started);
    expect(step).toMatchObject({ outcome: 'action_required', action: { kind: 'challenge' } });
    return { hold, basket, started, challengeUrl: step.action!.url };
  }

  it('waits for a buyer at 3-D Secure, then voids the attempt they never finished; the hold stays theirs', async () => {
    const buyer = await newBuyer();
    const { hold, started } = await atTheChallenge(buyer, 8);
    await age(started.orderId, ages.actionS - 60);
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'pending', failure: null });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'challenge_required', captured: 0, ours: 'action_required' },
    ]);

    await age(started.orderId, ages.actionS + 1);
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'failed', failure: 'timed_out' });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    expect((await callApi(app, buyer, 'GET', `/holds/${hold.id}`)).statusCode).toBe(200);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'timed_out', order: null });
  });

  it('sells to a buyer who passed the challenge but never came back, and takes the money once', async () => {
    const buyer = await newBuyer();
    const { basket, started, challengeUrl } = await atTheChallenge(buyer, 10);
    await submitStep(challengeUrl, { result: 'authenticated' });
    await age(started.orderId, ages.actionS + 1);
    const capture = vi.spyOn(app.payments, 'capture');
    const resume = vi.spyOn(app.payments, 'resume');
    try {
      // Two instances sweep at once: the attempt is worked once.
      await Promise.all([sweep(), sweep()]);
      expect(resume.mock.calls.filter(([id]) => id === started.paymentId)).toHaveLength(1);
      expect(await attempt(started.orderId)).toEqual({ status: 'confirmed', failure: null });
      expect(await gatewayPayment(started.paymentId!)).toEqual([
        { state: 'captured', captured: basket.total, ours: 'captured' },
      ]);
      // The buyer's browser gets back at last: the same order, and no second capture.
      const late = await continuePay(buyer, started);
      expect(late).toMatchObject({ outcome: 'confirmed', orderId: started.orderId });
      expect(capture.mock.calls.filter(([id]) => id === started.paymentId)).toHaveLength(1);
    } finally {
      capture.mockRestore();
      resume.mockRestore();
    }
  });

  it('sells an attempt whose flow died after the gateway authorised it', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [await seatR(12)]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    // The continuation reached the gateway and recorded its answer, then the process died.
    await app.payments.continue(await sessionIdOf(buyer), started.paymentId!);
    expect(await attempt(started.orderId)).toEqual({ status: 'pending', failure: null });
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'pending', failure: null });

    await age(started.orderId, ages.unansweredS + 1);
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'confirmed', failure: null });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    const { rows } = await db.query<{ orderId: string }>(
      `SELECT upper(order_id::text) AS "orderId" FROM seat_allocations
       WHERE performance_id = $1 AND seat_id = $2 AND status = 'sold'`,
      [theatre.performanceId, await seatR(12)],
    );
    expect(rows).toEqual([{ orderId: started.orderId }]);
  });

  it('voids an authorised attempt whose seat went to someone else meanwhile, who keeps it', async () => {
    const buyer = await newBuyer();
    const seatId = await seatR(22);
    const { hold, basket } = await readyToPay(buyer, [seatId]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    await app.payments.continue(await sessionIdOf(buyer), started.paymentId!);
    // The flow died before the sale; the hold ran out and another buyer took the seat.
    await expireHold(db, hold.id);
    const rival = await newBuyer();
    const theirs = await holdSeats(rival, [seatId]);

    await age(started.orderId, ages.unansweredS + 1);
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'failed', failure: 'hold_lost' });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    const { rows } = await db.query<{ holdId: string; status: string }>(
      `SELECT upper(hold_id::text) AS "holdId", status FROM seat_allocations
       WHERE performance_id = $1 AND seat_id = $2`,
      [theatre.performanceId, seatId],
    );
    expect(rows).toEqual([{ holdId: theirs.id, status: 'held' }]);
  });

  it('fails an attempt whose first answer never came, cancelling whatever the gateway did', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [await seatR(14)]);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    // The gateway answered, but the process died before recording it.
    await db.query(
      `UPDATE payments SET status = 'pending', progress = 0, provider_ref = NULL WHERE id = $1`,
      [started.paymentId],
    );
    await db.query('UPDATE orders SET payment_id = NULL WHERE id = $1', [started.orderId]);
    await age(started.orderId, ages.unansweredS + 1);
    await sweep();
    expect(await attempt(started.orderId)).toEqual({ status: 'failed', failure: 'timed_out' });
    const { rows } = await db.query<{ state: string; ours: string }>(
      `SELECT sp.state, p.status AS ours FROM payments p
       JOIN sandbox_payments sp ON sp.idempotency_key = p.id::text WHERE p.id = $1`,
      [started.paymentId],
    );
    expect(rows).toEqual([{ state: 'voided', ours: 'timed_out' }]);
  });

  it('lets go of a replaced attempt whose first answer never came', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [await seatR(6)]);
    const lost = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    // The gateway answered, but the process died before recording it.
    await db.query(
      `UPDATE payments SET status = 'pending', progress = 0, provider_ref = NULL WHERE id = $1`,
      [lost.paymentId],
    );
    await db.query('UPDATE orders SET payment_id = NULL WHERE id = $1', [lost.orderId]);
    // The buyer is back and pays again: the new attempt replaces the lost one.
    const next = await pay(buyer, hold.id, {
      cardToken: await tokenFor('mastercard', 'approve'),
      basketVersion: basket.version,
    });
    expect(next.outcome).toBe('action_required');
    expect(await attempt(lost.orderId)).toEqual({ status: 'failed', failure: 'superseded' });

    await db.query(`UPDATE payments SET updated_at = now() - interval '61 seconds' WHERE id = $1`, [
      lost.paymentId,
    ]);
    await reconcilePayments({ db, payments: app.payments, warn: () => undefined }, 'uk');
    const { rows } = await db.query<{ state: string; ours: string }>(
      `SELECT sp.state, p.status AS ours FROM payments p
       JOIN sandbox_payments sp ON sp.idempotency_key = p.id::text WHERE p.id = $1`,
      [lost.paymentId],
    );
    expect(rows).toEqual([{ state: 'voided', ours: 'timed_out' }]);
  });

  it('fails an attempt that never reached the gateway; a retry of its key charges nothing', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [await seatR(16)]);
    const token = await tokenFor('visa', 'approve');
    const key = newKey();
    const authorise = vi.spyOn(app.payments, 'authorise');
    authorise.mockRejectedValueOnce(new Error('the process died here'));
    try {
      const died = await payCall(buyer, hold.id, {
        cardToken: token,
        basketVersion: basket.version,
        key,
      });
      expect(died.statusCode).toBe(500);
    } finally {
      authorise.mockRestore();
    }
    const { rows } = await db.query<{ id: string }>(
      `SELECT upper(id::text) AS id FROM orders WHERE idempotency_key = $1`,
      [key],
    );
    const orderId = rows[0]!.id;
    await age(orderId, ages.unansweredS + 1);
    await sweep();
    expect(await attempt(orderId)).toEqual({ status: 'failed', failure: 'timed_out' });

    const retried = await pay(buyer, hold.id, {
      cardToken: token,
      basketVersion: basket.version,
      key,
    });
    expect(retried).toMatchObject({ outcome: 'timed_out', orderId, order: null });
    expect(await gatewayPayment(retried.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
  });

  it('never both captures and voids when the buyer comes back while the sweep gives up', async () => {
    const capture = vi.spyOn(app.payments, 'capture');
    const voids = vi.spyOn(app.payments, 'void');
    try {
      for (const seatIndex of [18, 19, 20]) {
        const buyer = await newBuyer();
        const { basket, started, challengeUrl } = await atTheChallenge(buyer, seatIndex);
        await age(started.orderId, ages.actionS + 1);
        const [, back] = await Promise.all([
          sweep(),
          submitStep(challengeUrl, { result: 'authenticated' }, { mayBeClosed: true }).then(() =>
            continueCall(buyer, started),
          ),
        ]);
        expect(back.statusCode, back.body).toBe(200);
        const outcome = payResponseSchema.parse(back.json()).outcome;
        const captures = capture.mock.calls.filter(([id]) => id === started.paymentId).length;
        const voided = voids.mock.calls.filter(([id]) => id === started.paymentId).length;
        const gateway = await gatewayPayment(started.paymentId!);
        const order = await attempt(started.orderId);
        if (order!.status === 'confirmed') {
          expect(outcome).toBe('confirmed');
          expect([captures, voided]).toEqual([1, 0]);
          expect(gateway).toEqual([
            { state: 'captured', captured: basket.total, ours: 'captured' },
          ]);
        } else {
          expect(order).toEqual({ status: 'failed', failure: 'timed_out' });
          expect(outcome).toBe('timed_out');
          expect(captures).toBe(0);
          expect(gateway).toEqual([{ state: 'voided', captured: 0, ours: 'voided' }]);
        }
      }
    } finally {
      capture.mockRestore();
      voids.mockRestore();
    }
  });
});

describe('a payment that lands after the hold expired', () => {
  it('is honoured when every seat is still free: the seats are sold to the order', async () => {
    const buyer = await newBuyer();
    const seats = (await row('STALLS', 'L')).slice(0, 2);
    const { hold, basket } = await readyToPay(buyer, seats);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'challenge'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    const step = await continuePay(buyer, started);
    // The buyer takes too long on the challenge page; the hold's deadline passes.
    await expireHold(db, hold.id);
    await submitStep(step.action!.url, { result: 'authenticated' });
    const done = await continuePay(buyer, started);
    expect(done.outcome).toBe('confirmed');
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    const { rows } = await db.query<{ orderId: string }>(
      `SELECT upper(order_id::text) AS "orderId" FROM seat_allocations
       WHERE performance_id = $1 AND seat_id = ANY($2::uuid[]) AND status = 'sold'`,
      [theatre.performanceId, seats],
    );
    expect(rows).toEqual([{ orderId: done.orderId }, { orderId: done.orderId }]);
  });

  it('is voided when a seat went to someone else, who keeps it: hold_lost', async () => {
    const buyer = await newBuyer();
    const seats = (await row('STALLS', 'L')).slice(4, 6);
    const { hold, basket } = await readyToPay(buyer, seats);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    await expireHold(db, hold.id);
    const rival = await newBuyer();
    const theirs = await holdSeats(rival, [seats[1]!]);

    const lost = await continuePay(buyer, started);
    expect(lost).toMatchObject({ outcome: 'hold_lost', order: null });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    // Nothing of the lost sale remains: the rival's hold stands, the other seat was not sold.
    expect((await callApi(app, rival, 'GET', `/holds/${theirs.id}`)).statusCode).toBe(200);
    const { rows } = await db.query(
      `SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = ANY($2::uuid[])
         AND status = 'sold'`,
      [theatre.performanceId, seats],
    );
    expect(rows).toHaveLength(0);
    expect((await continuePay(buyer, started)).outcome).toBe('hold_lost');
  });

  it('takes general-admission places again once the sweep gave them back', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(
      buyer,
      { performanceId: gig.performanceId, admissions: [{ area: 'FLOOR', quantity: 2 }] },
      'us-east',
    );
    await saveDetails(buyer, hold.id, 'boxOffice', 'us-east');
    const basket = await basketOf(buyer, hold.id, 'us-east');
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('mastercard', 'approve'),
      basketVersion: basket.version,
      region: 'us-east',
    });
    await collectDeviceData(started);
    await expireHold(db, hold.id);
    expect(await sweepExpiredHolds(db)).toBeGreaterThanOrEqual(2);
    const sold = async () => {
      const { rows } = await db.query<{ sold: number }>(
        `SELECT sold FROM admission_capacities WHERE performance_id = $1 AND area_code = 'FLOOR'`,
        [gig.performanceId],
      );
      return rows[0]!.sold;
    };
    const before = await sold();

    const done = await continuePay(buyer, started, 'us-east');
    expect(done.outcome).toBe('confirmed');
    expect(await sold()).toBe(before + 2);
    // Box-office collection: one ticket per place, and no QR codes (those are for e-tickets).
    expect(done.order!.tickets.map((t) => [t.kind, t.area, t.code])).toEqual([
      ['admission', 'Standing floor', null],
      ['admission', 'Standing floor', null],
    ]);
    // The sweep can give back nothing of a sold hold.
    expect(await sweepExpiredHolds(db)).toBe(0);
    expect(await sold()).toBe(before + 2);
  });
});

describe('what the pay request refuses', () => {
  it('refuses a basket whose price changed since the buyer reviewed it (409 with the new basket)', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[0]!]);
    await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { ticketProtection: 'yes' },
    });
    const stale = await payCall(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect(stale.statusCode).toBe(409);
    const conflict = payConflictSchema.parse(stale.json());
    expect(conflict.code).toBe('price_changed');
    expect(conflict.basket).toEqual(await basketOf(buyer, hold.id));
    expect(conflict.basket!.total).toBe(basket.total + 250);
    const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [hold.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a hold whose details are not complete (422 naming what is missing)', async () => {
    const buyer = await newBuyer();
    const hold = await holdSeats(buyer, [(await row('STALLS', 'M'))[2]!]);
    const basket = await basketOf(buyer, hold.id);
    const response = await payCall(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect(response.statusCode).toBe(422);
    const error = apiErrorSchema.parse(response.json());
    expect(error.code).toBe('details_incomplete');
    expect(error.fields).toEqual(expect.arrayContaining(['delivery', 'contact']));
  });

  it('refuses to pay while ticket protection is unanswered, and takes either answer', async () => {
    const buyer = await newBuyer();
    const hold = await holdSeats(buyer, [(await row('STALLS', 'M'))[3]!]);
    const details = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, {
      body: detailsBody('eTicket', 'uk'),
    });
    expect(details.statusCode, details.body).toBe(200);
    const undecided = await basketOf(buyer, hold.id);
    expect(undecided.ticketProtection?.choice).toBe('undecided');
    const refused = await payCall(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: undecided.version,
    });
    expect(refused.statusCode).toBe(422);
    expect(apiErrorSchema.parse(refused.json())).toMatchObject({
      code: 'details_incomplete',
      fields: ['ticketProtection'],
    });

    const answered = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { ticketProtection: 'no' },
    });
    const basket = basketResponseSchema.parse(answered.json()).basket;
    const paid = await buy(buyer, hold.id, basket);
    expect(paid.outcome).toBe('confirmed');
  });

  it('is 404 to another buyer, 410 once the hold expired, and needs CSRF and a key', async () => {
    const owner = await newBuyer();
    const { hold, basket } = await readyToPay(owner, [(await row('STALLS', 'M'))[4]!]);
    const body = { cardToken: 'tok_unused', basketVersion: basket.version };
    const stranger = await payCall(await newBuyer(), hold.id, body);
    expect([stranger.statusCode, codeOf(stranger)]).toEqual([404, 'not_found']);
    const noCsrf = await callApi(app, owner, 'POST', `/holds/${hold.id}/order`, {
      csrf: null,
      body: { ...body, browser },
    });
    expect(noCsrf.statusCode).toBe(403);
    const noKey = await callApi(app, owner, 'POST', `/holds/${hold.id}/order`, {
      key: null,
      body: { ...body, browser },
    });
    expect(noKey.statusCode).toBe(400);
    const extra = await callApi(app, owner, 'POST', `/holds/${hold.id}/order`, {
      body: { ...body, browser, amount: 1 },
    });
    expect([extra.statusCode, apiErrorSchema.parse(extra.json()).fields]).toEqual([
      400,
      ['body.amount'],
    ]);
    await expireHold(db, hold.id);
    const late = await payCall(owner, hold.id, body);
    expect([late.statusCode, codeOf(late)]).toEqual([410, 'hold_expired']);
  });

  it('needs a card for a basket that costs something', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[6]!]);
    const response = await payCall(buyer, hold.id, {
      cardToken: null,
      basketVersion: basket.version,
    });
    expect([response.statusCode, apiErrorSchema.parse(response.json()).fields]).toEqual([
      400,
      ['body.cardToken'],
    ]);
  });

  it(`stops a hold's pay attempts after ${MAX_PAY_ATTEMPTS_PER_HOLD} (429)`, async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[8]!]);
    for (let attempt = 0; attempt < MAX_PAY_ATTEMPTS_PER_HOLD; attempt += 1) {
      const refused = await payCall(buyer, hold.id, {
        cardToken: `tok_never_issued_${attempt}`,
        basketVersion: basket.version,
      });
      expect(codeOf(refused)).toBe('payment_token_invalid');
    }
    const over = await payCall(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: basket.version,
    });
    expect([over.statusCode, codeOf(over)]).toEqual([429, 'payment_attempts_exceeded']);
  });
});

describe('a zero-price basket', () => {
  it('is confirmed with no card and no payment; a card is refused', async () => {
    const { performanceId, seatId } = await millGirlsSeat(1);
    await duringCompNight(async () => {
      const buyer = await newBuyer();
      const hold = await holdOf(buyer, { performanceId, seats: [seatId] });
      await saveDetails(buyer, hold.id, 'eTicket');
      const basket = await basketOf(buyer, hold.id);
      expect(basket.total).toBe(0);
      const withCard = await payCall(buyer, hold.id, {
        cardToken: await tokenFor('visa', 'approve'),
        basketVersion: basket.version,
      });
      expect([withCard.statusCode, apiErrorSchema.parse(withCard.json()).fields]).toEqual([
        400,
        ['body.cardToken'],
      ]);
      const key = newKey();
      const done = await pay(buyer, hold.id, {
        cardToken: null,
        basketVersion: basket.version,
        key,
      });
      expect(done).toMatchObject({ outcome: 'confirmed', paymentId: null });
      expect(done.order).toMatchObject({ status: 'confirmed', total: 0, paidWith: [] });
      expect(done.order!.tickets).toHaveLength(1);
      expect(done.order!.accessKey).toMatch(/^[\w-]{43}$/);
      // Replayed, the same answer (the owner's key included); no second order.
      expect(
        await pay(buyer, hold.id, { cardToken: null, basketVersion: basket.version, key }),
      ).toEqual(done);
      // The refused card made no attempt: the basket was checked before anything was written.
      const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [hold.id]);
      expect(rows).toHaveLength(1);
      // The stored answer is kept without the secret link's key: only the email holds it.
      expect(await tablesHolding(done.order!.accessKey!)).toEqual(['email_outbox']);
    });
  });

  it('voids the card attempt it replaces (the price fell to nothing during 3-D Secure)', async () => {
    const { performanceId, seatId } = await millGirlsSeat(2);
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, { performanceId, seats: [seatId] });
    await saveDetails(buyer, hold.id, 'eTicket');
    const priced = await basketOf(buyer, hold.id);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'approve'),
      basketVersion: priced.version,
    });
    expect(started.outcome).toBe('action_required');
    await duringCompNight(async () => {
      const free = await basketOf(buyer, hold.id);
      expect(free.total).toBe(0);
      const done = await pay(buyer, hold.id, { cardToken: null, basketVersion: free.version });
      expect(done.outcome).toBe('confirmed');
    });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'declined' });
  });
});

describe('reading an order, its tickets and the app handover', () => {
  let owner: Buyer;
  let confirmed: PayResponse;

  beforeAll(async () => {
    owner = await newBuyer();
    const seats = await row('STALLS', 'N');
    const { hold, basket } = await readyToPay(owner, [seats[0]!, seats[1]!]);
    confirmed = await buy(owner, hold.id, basket);
  });

  it('shows the order to its owner with the key, to a link holder without it, to nobody else', async () => {
    const order = confirmed.order!;
    const mine = orderResponseSchema.parse((await orderOf(owner, order.id)).json()).order;
    expect(mine).toEqual(order);
    expect(mine.accessKey).toMatch(/^[\w-]{43}$/);

    const stranger = await newBuyer();
    const linked = await orderOf(stranger, order.id, `?key=${order.accessKey}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['cache-control']).toBe('no-store');
    expect(orderResponseSchema.parse(linked.json()).order).toEqual({ ...order, accessKey: null });
    // With no session at all (the email's reader), the link works the same.
    expect((await orderOf(undefined, order.id, `?key=${order.accessKey}`)).statusCode).toBe(200);

    const wrongKey = `${order.accessKey!.slice(0, -1)}${order.accessKey!.endsWith('A') ? 'B' : 'A'}`;
    for (const response of [
      await orderOf(stranger, order.id),
      await orderOf(stranger, order.id, `?key=${wrongKey}`),
      await orderOf(undefined, order.id),
      await orderOf(owner, order.id, '', 'us-east'),
      await orderOf(undefined, order.id, `?key=${order.accessKey}`, 'us-east'),
      await orderOf(stranger, '00000000-0000-4000-8000-000000000000', `?key=${order.accessKey}`),
    ]) {
      expect([response.statusCode, codeOf(response)]).toEqual([404, 'not_found']);
    }
    const malformed = await orderOf(stranger, order.id, '?key=short');
    expect(malformed.statusCode).toBe(400);
    // The secret link's key is kept only hashed and sealed, never as itself: the one place it
    // is written out is the confirmation email, which must carry the link. No log line has it.
    expect(await tablesHolding(order.accessKey!)).toEqual(['email_outbox']);
    expect(logLines.join('\n')).not.toContain(order.accessKey);
  });

  it('signs each e-ticket: the venue’s scanner accepts a code once issued and refuses a forgery', async () => {
    const [ticket] = confirmed.order!.tickets;
    const check = async (code: unknown, region = 'uk') =>
      callApi(app, undefined, 'POST', '/tickets/verify', { body: { code }, region });

    const genuine = verifyTicketResponseSchema.parse((await check(ticket!.code)).json());
    expect(genuine).toEqual({
      valid: true,
      ticket: {
        id: ticket!.id,
        orderNumber: confirmed.order!.number,
        performanceId: theatre.performanceId,
        label: 'Stalls, Row N, Seat 1',
      },
    });
    const [prefix, payload, signature] = ticket!.code!.split('.') as [string, string, string];
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    for (const forged of [
      `${prefix}.${bytes.toString('base64url')}.${signature}`,
      'SD1.garbage.garbage',
      'not a ticket',
    ]) {
      const response = await check(forged);
      expect(response.statusCode).toBe(200);
      expect(verifyTicketResponseSchema.parse(response.json())).toEqual({
        valid: false,
        ticket: null,
      });
    }
    // Another region's scanners do not admit to this venue.
    expect(
      verifyTicketResponseSchema.parse((await check(ticket!.code, 'us-east')).json()).valid,
    ).toBe(false);
    // A NUL is refused at the edge with every other text field's (issue 11).
    for (const body of [{ code: 42 }, { code: 'x'.repeat(1001) }, { code: '\u0000' }, {}]) {
      const response = await callApi(app, undefined, 'POST', '/tickets/verify', { body });
      expect(response.statusCode).toBe(400);
    }

    // Offline, with the published key.
    const key = ticketKeySchema.parse(
      (await callApi(app, undefined, 'GET', '/tickets/public-key')).json(),
    );
    const signed = Buffer.concat([Buffer.from('SD1.'), Buffer.from(payload, 'base64url')]);
    expect(verify(null, signed, key.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('signs with the key a restarted server or another instance uses too', async () => {
    const second = await buildApp({ db, venues, logger: false });
    try {
      const response = await second.inject({
        method: 'POST',
        url: '/api/uk/tickets/verify',
        payload: { code: confirmed.order!.tickets[1]!.code },
      });
      expect(verifyTicketResponseSchema.parse(response.json()).valid).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('hands the order to the app once, with a token that works once', async () => {
    const url = `/orders/${confirmed.orderId}/app-handover`;
    const stranger = await newBuyer();
    const refused = await callApi(app, stranger, 'POST', url);
    expect([refused.statusCode, codeOf(refused)]).toEqual([404, 'not_found']);
    const noCsrf = await callApi(app, owner, 'POST', url, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);

    const response = await callApi(app, owner, 'POST', url);
    expect(response.statusCode).toBe(201);
    const handover = appHandoverSchema.parse(response.json());
    const token = new URL(handover.deepLink).searchParams.get('token')!;
    expect(handover.deepLink).toBe(`stagedoor://tickets?token=${token}`);
    expect(handover.webLink).toMatch(new RegExp(`^https?://[^/]+/app/tickets\\?token=${token}$`));
    expect(Date.parse(handover.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const redeem = (region = 'uk') =>
      callApi(app, undefined, 'POST', '/app/handover/redeem', { body: { token }, region });
    expect((await redeem('us-east')).statusCode).toBe(404);
    const first = await redeem();
    expect(first.statusCode).toBe(200);
    expect(orderResponseSchema.parse(first.json()).order).toEqual(confirmed.order);
    const second = await redeem();
    expect([second.statusCode, codeOf(second)]).toEqual([404, 'not_found']);
    // Only the token's hash is kept.
    const { rows } = await db.query(
      'SELECT 1 FROM app_handover_tokens t WHERE strpos(t::text, $1) > 0',
      [token],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('links the server writes', () => {
  it('point at the configured origin, never at the Host header, and name the venue', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'Q'))[16]!]);
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const paid = await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
      headers: forged,
      body: {
        basketVersion: basket.version,
        cardToken: await tokenFor('visa', 'approve'),
        browser,
      },
    });
    const started = payResponseSchema.parse(paid.json());
    await collectDeviceData(started);
    const continued = await callApi(
      app,
      buyer,
      'POST',
      `/orders/${started.orderId}/payments/${started.paymentId}/continue`,
      { headers: forged },
    );
    const order = payResponseSchema.parse(continued.json()).order!;
    const { rows } = await db.query<{ text: string; html: string }>(
      'SELECT text, html FROM email_outbox WHERE order_id = $1',
      [order.id],
    );
    const link = `${listenOrigin}/checkout/confirmation?order=${order.id}&venue=lumen-theatre&key=${order.accessKey}`;
    expect(rows[0]!.text).toContain(link);
    expect(rows[0]!.text + rows[0]!.html).not.toContain('evil.example');

    const handover = await callApi(app, buyer, 'POST', `/orders/${order.id}/app-handover`, {
      headers: forged,
    });
    expect(appHandoverSchema.parse(handover.json()).webLink).toMatch(
      new RegExp(`^${listenOrigin}/app/tickets\\?token=`),
    );

    // A configured shop origin wins over both.
    const behindProxy = await buildApp({
      db,
      venues,
      logger: false,
      payment: { shopOrigins: ['https://tickets.example'] },
    });
    try {
      const response = await behindProxy.inject({
        method: 'POST',
        url: `/api/uk/orders/${order.id}/app-handover`,
        headers: { ...forged, cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
      });
      expect(appHandoverSchema.parse(response.json()).webLink).toMatch(
        /^https:\/\/tickets\.example\/app\/tickets\?token=/,
      );
    } finally {
      await behindProxy.close();
    }
  });
});

describe('the member fee waiver', () => {
  it('charges guests the transaction fee and members of a waiving scheme none', async () => {
    const buyer = await newBuyer();
    const hold = await holdSeats(buyer, [(await row('STALLS', 'P'))[0]!]);
    const scope = regionContext('uk', venues);
    const session = await sessionIdOf(buyer);
    const guest = await readBasket(db, scope, session, hold.id);
    expect(guest.transactionFee).toBe(295);
    expect(guest.transactionFeeWaiver).toBeNull();
    // Issue 14: the schemes are the signed-in account's, read with the session: signing in
    // keeps the session (and its hold) and re-prices its basket.
    await signInAs(app, buyer, DEMO.atg);
    const member = await readBasket(db, scope, session, hold.id);
    expect(member.transactionFee).toBe(0);
    expect(member.transactionFeeWaiver).toEqual({ amount: 295, scheme: 'atg-plus' });
    expect(member.total).toBe(guest.total - 295);
    expect(member.version).not.toBe(guest.version);
  });
});

describe('card data', () => {
  it('appears in no log line and no row of any table, orders and emails included', async () => {
    expect(sentNumbers.size).toBeGreaterThan(5);
    const { rows } = await db.query<{ orders: number }>(
      `SELECT count(*)::int AS orders FROM orders WHERE status = 'confirmed'`,
    );
    expect(rows[0]!.orders).toBeGreaterThan(5);
    await expectNoCardData(
      db,
      { logLines, numbers: sentNumbers, cvvs: sentCvvs },
      { skip: CATALOGUE_TABLES },
    );
  });
});
