/**
 * What every orders.*.test.ts shares (issue 23 split the one 1,771-line file by what each part
 * proves): the app on a seeded copy, the buyer's side as the SPA drives it, and the card data
 * each file sent, for its closing search.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { holdResponseSchema } from '../../contract/api/holds';
import { payResponseSchema, type PayResponse } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { cvvLength, normaliseCardNumber, type CardBrand } from '../../contract/cards';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { testCard, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { buyerBrowser as browser, detailsBody, deviceData } from './checkoutFixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { absentCvv, CATALOGUE_TABLES, expectNoCardData } from './cardData';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Short, so the time-out card's attempt ends soon; long enough that on a busy machine a second
 * request still arrives while the first is at the gateway, and no sandbox answer times out.
 */
const TIME_LIMIT_MS = 4000;

export let db: Database;
export let app: FastifyInstance;
export let theatre: PerformanceFixture;
export let gig: PerformanceFixture;
/** Where the server listens: with no SHOP_ORIGIN, the origin of the links it writes. */
export let listenOrigin: string;
export const logLines: string[] = [];
export const sentNumbers = new Set<string>();
export const sentCvvs = new Set<string>();

/**
 * The app every orders file pays through, on its own copy of the seeded database: called once
 * at the top of each orders.*.test.ts.
 */
export function startOrdersApp(): void {
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
}

// ---- the buyer's side, as the SPA drives it ----

export const newBuyer = () => newBuyerOf(app);
export const codeOf = (response: { json(): unknown }) =>
  (response.json() as { code?: string }).code;

export const row = async (section: string, label: string) =>
  (await seatsInRow(db, theatre.planId, section, label)).map((seat) => seat.id);

export async function holdOf(buyer: Buyer, body: object, region = 'uk') {
  const response = await callApi(app, buyer, 'POST', '/holds', { body, region });
  expect(response.statusCode, response.body).toBe(201);
  return holdResponseSchema.parse(response.json()).hold;
}

export const holdSeats = (buyer: Buyer, seats: string[]) =>
  holdOf(buyer, { performanceId: theatre.performanceId, seats });

export async function saveDetails(buyer: Buyer, holdId: string, method = 'eTicket', region = 'uk') {
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

export async function basketOf(buyer: Buyer, holdId: string, region = 'uk'): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`, { region });
  expect(response.statusCode).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

/** A CVV per length that appears nowhere else in the data, so the final search cannot misfire. */
export const cvvs = { 3: '', 4: '' };
const cvvFor = (brand: CardBrand) => cvvs[cvvLength(brand)];

export async function tokenFor(brand: CardBrand, behaviour: SandboxBehaviour): Promise<string> {
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

export function payCall(buyer: Buyer, holdId: string, options: PayOptions) {
  return callApi(app, buyer, 'POST', `/holds/${holdId}/order`, {
    key: options.key ?? newKey(),
    region: options.region,
    headers: { 'user-agent': 'Mozilla/5.0 (orders test)', accept: 'application/json' },
    body: { basketVersion: options.basketVersion, cardToken: options.cardToken, browser },
  });
}

export async function pay(buyer: Buyer, holdId: string, options: PayOptions): Promise<PayResponse> {
  const response = await payCall(buyer, holdId, options);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return payResponseSchema.parse(response.json());
}

export async function continueCall(buyer: Buyer, answer: PayResponse, region = 'uk') {
  return callApi(
    app,
    buyer,
    'POST',
    `/orders/${answer.orderId}/payments/${answer.paymentId}/continue`,
    { region },
  );
}

export async function continuePay(buyer: Buyer, answer: PayResponse, region = 'uk') {
  const response = await continueCall(buyer, answer, region);
  expect(response.statusCode, response.body).toBe(200);
  return payResponseSchema.parse(response.json());
}

/**
 * The browser on a 3-D Secure page: loads it and submits its form as a browser would. With
 * `mayBeClosed`, a step the bank has already closed (the sweep got there first) is allowed: the
 * bank then sends the browser straight back, and nothing is answered.
 */
export async function submitStep(
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
export async function collectDeviceData(answer: PayResponse) {
  expect(answer.outcome).toBe('action_required');
  expect(answer.action?.kind).toBe('device_data');
  const back = await submitStep(answer.action!.url, deviceData);
  expect(back).toBe(`/checkout/verify?paymentId=${answer.paymentId}`);
}

/** A theatre hold with details saved, ready to pay, and its basket. */
export async function readyToPay(buyer: Buyer, seats: string[], method = 'eTicket') {
  const hold = await holdSeats(buyer, seats);
  await saveDetails(buyer, hold.id, method);
  return { hold, basket: await basketOf(buyer, hold.id) };
}

/** Pays with an approved card (frictionless) through to the confirmed answer. */
export async function buy(buyer: Buyer, holdId: string, basket: Basket, brand: CardBrand = 'visa') {
  const started = await pay(buyer, holdId, {
    cardToken: await tokenFor(brand, 'approve'),
    basketVersion: basket.version,
  });
  await collectDeviceData(started);
  const done = await continuePay(buyer, started);
  expect(done.outcome).toBe('confirmed');
  return done;
}

export async function orderOf(
  buyer: Buyer | undefined,
  orderId: string,
  query = '',
  region = 'uk',
) {
  return callApi(app, buyer, 'GET', `/orders/${orderId}${query}`, { region });
}

export const sessionIdOf = async (buyer: Buyer) => {
  const token = buyer.cookie.split('=')[1]!;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    createHash('sha256').update(token).digest('base64url'),
  ]);
  return rows[0]!.id;
};

export async function gatewayPayment(paymentId: string) {
  const { rows } = await db.query<{ state: string; captured: number; ours: string }>(
    `SELECT sp.state, sp.captured_amount AS captured, p.status AS ours
     FROM payments p JOIN sandbox_payments sp ON sp.ref = p.provider_ref::uuid WHERE p.id = $1`,
    [paymentId],
  );
  return rows;
}

/** Every table but the catalogue's with a row that holds `text` anywhere, by name. */
export async function tablesHolding(text: string): Promise<string[]> {
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

/** No card number or CVV this file sent in any log line or any table but the catalogue's. */
export async function expectNoCardDataLeft(): Promise<void> {
  await expectNoCardData(
    db,
    { logLines, numbers: sentNumbers, cvvs: sentCvvs },
    { skip: CATALOGUE_TABLES },
  );
}
