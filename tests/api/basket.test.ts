import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { TICKET_PROTECTION } from '../../contract/api/products';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { cleanPerformance, expireHold, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer, type CallOptions } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let gig: PerformanceFixture;
let rowF: string[];

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 1);
  gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 3);
  rowF = (await seatsInRow(db, theatre.planId, 'STALLS', 'F')).map((seat) => seat.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);
const call = (
  buyer: Buyer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: Pick<CallOptions, 'body' | 'key' | 'region'> = {},
) => callApi(app, buyer, method, url, options);

async function holdOf(buyer: Buyer, body: object, region = 'uk') {
  const response = await call(buyer, 'POST', '/holds', { body, region });
  expect(response.statusCode).toBe(201);
  return holdResponseSchema.parse(response.json()).hold;
}

async function basketOf(buyer: Buyer, holdId: string, region = 'uk'): Promise<Basket> {
  const response = await call(buyer, 'GET', `/holds/${holdId}/basket`, { region });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return basketResponseSchema.parse(response.json()).basket;
}

async function choose(buyer: Buyer, holdId: string, body: object, region = 'uk') {
  return call(buyer, 'PUT', `/holds/${holdId}/basket`, { body, region });
}

const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

describe('the basket of a theatre hold', () => {
  it('prices two seats, two programmes and protection in pence, with one transaction fee', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, {
      performanceId: theatre.performanceId,
      seats: [rowF[0]!, rowF[1]!],
    });

    const fresh = await basketOf(buyer, hold.id);
    // Stalls row F is band A: £85 face value plus the Lumen's £2.50 booking fee. The Lumen
    // shows the breakdown, so face value and fee come beside the all-in price.
    expect(fresh.tickets.map((line) => [line.seatId, line.quantity, line.unitPrice])).toEqual([
      [rowF[0], 1, 8750],
      [rowF[1], 1, 8750],
    ]);
    expect(fresh.tickets[0]).toMatchObject({
      faceValue: 8500,
      bookingFee: 250,
      priceOptionName: 'Band A',
    });
    expect(fresh.extras).toEqual([]);
    expect(fresh.ticketProtection).toMatchObject({
      productId: TICKET_PROTECTION.id,
      choice: 'undecided',
      feePerTicket: 250,
      tickets: 2,
      amount: 0,
    });
    // Tickets and the Lumen's £2.95 per-order transaction fee.
    expect(fresh.transactionFee).toBe(295);
    expect(fresh.total).toBe(2 * 8750 + 295);

    // Stalls seats are offered the stalls bistro only, beside programme and drinks.
    expect(fresh.upsellsOffered.map((u) => [u.kind, u.priceZone, u.unitPrice])).toEqual([
      ['programme', null, 600],
      ['drink', null, 1700],
      ['bistro', 'stalls', 3900],
    ]);
    const programme = fresh.upsellsOffered.find((upsell) => upsell.kind === 'programme')!;

    const response = await choose(buyer, hold.id, {
      upsells: [{ id: programme.id.toLowerCase(), quantity: 2 }],
      ticketProtection: 'yes',
    });
    expect(response.statusCode).toBe(200);
    const chosen = basketResponseSchema.parse(response.json()).basket;
    expect(chosen.extras).toEqual([
      {
        upsellId: programme.id,
        kind: 'programme',
        name: 'Souvenir programme',
        priceZone: null,
        unitPrice: 600,
        quantity: 2,
        lineTotal: 1200,
      },
    ]);
    expect(chosen.ticketProtection).toMatchObject({ choice: 'yes', amount: 500 });
    // 2 × £87.50 + 2 × £6 + 2 × £2.50 protection + £2.95 once.
    expect(chosen.total).toBe(17_500 + 1_200 + 500 + 295);
    expect(await basketOf(buyer, hold.id)).toEqual(chosen);

    // Declining protection takes its fee off; quantity 0 removes the programmes.
    const declined = basketResponseSchema.parse(
      (
        await choose(buyer, hold.id, {
          upsells: [{ id: programme.id, quantity: 0 }],
          ticketProtection: 'no',
        })
      ).json(),
    ).basket;
    expect(declined.extras).toEqual([]);
    expect(declined.ticketProtection).toMatchObject({ choice: 'no', amount: 0 });
    expect(declined.total).toBe(17_500 + 295);
  });

  it('names the show, venue and start, and the delivery method once chosen, at no charge', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, {
      performanceId: theatre.performanceId,
      seats: [rowF[2]!, rowF[3]!],
    });
    const { rows } = await db.query<{ startsAt: Date }>(
      'SELECT starts_at AS "startsAt" FROM performances WHERE id = $1',
      [theatre.performanceId],
    );

    const fresh = await basketOf(buyer, hold.id);
    expect(fresh.performance).toEqual({
      id: theatre.performanceId,
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      startsAt: rows[0]!.startsAt.toISOString(),
      timezone: 'Europe/London',
    });
    // No method until the delivery step saves one.
    expect(fresh.delivery).toBeNull();

    const saved = await call(buyer, 'PUT', `/holds/${hold.id}/details`, {
      body: { delivery: { method: 'eTicket', address: null } },
    });
    expect(saved.statusCode).toBe(200);
    const delivered = await basketOf(buyer, hold.id);
    expect(delivered.delivery).toEqual({ method: 'eTicket', amount: 0 });
    expect(delivered.total).toBe(fresh.total);
    // The buyer's own answer is not a price change: the version the buyer reviewed still pays.
    expect(delivered.version).toBe(fresh.version);
  });

  it('changes its version when a choice changes, and keeps it when nothing does', async () => {
    const buyer = await newBuyer();
    // Seat 5, beside the four held above: seat 6 would leave 5 on its own (the single-seat rule).
    const hold = await holdOf(buyer, { performanceId: theatre.performanceId, seats: [rowF[4]!] });
    const first = await basketOf(buyer, hold.id);
    expect((await basketOf(buyer, hold.id)).version).toBe(first.version);

    const withProtection = basketResponseSchema.parse(
      (await choose(buyer, hold.id, { ticketProtection: 'yes' })).json(),
    ).basket;
    expect(withProtection.version).not.toBe(first.version);
    // The same choice again changes nothing, so the version stays.
    const again = basketResponseSchema.parse(
      (await choose(buyer, hold.id, { ticketProtection: 'yes' })).json(),
    ).basket;
    expect(again.version).toBe(withProtection.version);

    // Extending the hold moves its deadline, not its prices.
    expect((await call(buyer, 'POST', `/holds/${hold.id}/extend`)).statusCode).toBe(200);
    expect((await basketOf(buyer, hold.id)).version).toBe(withProtection.version);

    // A fee change between steps is a new version (the SPA's price-change alert).
    await db.query(
      `UPDATE venues SET transaction_fee = transaction_fee + 100 WHERE slug = 'lumen-theatre'`,
    );
    try {
      const afterFee = await basketOf(buyer, hold.id);
      expect(afterFee.transactionFee).toBe(395);
      expect(afterFee.version).not.toBe(withProtection.version);
    } finally {
      await db.query(
        `UPDATE venues SET transaction_fee = transaction_fee - 100 WHERE slug = 'lumen-theatre'`,
      );
    }
  });

  it('refuses an extra this hold is not offered, and bad choices, changing nothing', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, { performanceId: theatre.performanceId, seats: [rowF[8]!] });
    const before = await basketOf(buyer, hold.id);
    const { rows } = await db.query<{ id: string }>(
      `SELECT upper(id::text) AS id FROM upsell_products
       WHERE venue_slug = 'lumen-theatre' AND price_zone = 'dress-circle'`,
    );
    const dressCircleBistro = rows[0]!.id;
    const programme = before.upsellsOffered[0]!.id;

    const notOffered = await choose(buyer, hold.id, {
      upsells: [{ id: dressCircleBistro, quantity: 1 }],
    });
    expect(notOffered.statusCode).toBe(400);
    expect(codeOf(notOffered)).toBe('validation_failed');
    for (const body of [
      {},
      { upsells: [{ id: programme, quantity: 11 }] },
      { upsells: [{ id: programme, quantity: -1 }] },
      { upsells: [{ id: programme, quantity: 1, price: 0 }] },
      { upsells: [{ id: 'programme', quantity: 1 }] },
      {
        upsells: [
          { id: programme, quantity: 1 },
          { id: programme, quantity: 2 },
        ],
      },
      { ticketProtection: 'maybe' },
      { ticketProtection: 'yes', total: 0 },
    ]) {
      const refused = await choose(buyer, hold.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await basketOf(buyer, hold.id)).toEqual(before);
  });

  it('needs the CSRF token and an idempotency key; a replayed key returns the first answer', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, { performanceId: theatre.performanceId, seats: [rowF[11]!] });
    const url = `/api/uk/holds/${hold.id}/basket`;
    const noCsrf = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: buyer.cookie, 'idempotency-key': newKey() },
      payload: { ticketProtection: 'yes' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const noKey = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
      payload: { ticketProtection: 'yes' },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await basketOf(buyer, hold.id)).ticketProtection?.choice).toBe('undecided');

    const key = newKey();
    const first = await call(buyer, 'PUT', `/holds/${hold.id}/basket`, {
      key,
      body: { ticketProtection: 'yes' },
    });
    const replay = await call(buyer, 'PUT', `/holds/${hold.id}/basket`, {
      key,
      body: { ticketProtection: 'yes' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const reused = await call(buyer, 'PUT', `/holds/${hold.id}/basket`, {
      key,
      body: { ticketProtection: 'no' },
    });
    expect(reused.statusCode).toBe(422);
    expect(codeOf(reused)).toBe('idempotency_mismatch');
  });

  it('is 404 to another buyer and 410 once the hold has expired', async () => {
    const owner = await newBuyer();
    const hold = await holdOf(owner, { performanceId: theatre.performanceId, seats: [rowF[14]!] });
    const stranger = await newBuyer();
    const peek = await call(stranger, 'GET', `/holds/${hold.id}/basket`);
    expect(peek.statusCode).toBe(404);
    expect(codeOf(peek)).toBe('not_found');
    const meddle = await choose(stranger, hold.id, { ticketProtection: 'yes' });
    expect(meddle.statusCode).toBe(404);

    await expireHold(db, hold.id);
    const expired = await call(owner, 'GET', `/holds/${hold.id}/basket`);
    expect(expired.statusCode).toBe(410);
    expect(codeOf(expired)).toBe('hold_expired');
    const late = await choose(owner, hold.id, { ticketProtection: 'yes' });
    expect(late.statusCode).toBe(410);
    expect(codeOf(late)).toBe('hold_expired');
  });
});

describe('the basket of a general admission hold', () => {
  it('prices two price options all-in, hides the breakdown and charges the fee once', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(
      buyer,
      {
        performanceId: gig.performanceId,
        admissions: [
          { area: 'FLOOR', priceOption: 'EARLY', quantity: 1 },
          { area: 'FLOOR', quantity: 2 },
        ],
      },
      'us-east',
    );
    const basket = await basketOf(buyer, hold.id, 'us-east');
    expect(basket.currency).toBe('USD');
    // Standing $45 and early entry $65, each with the $6 booking fee; Motor City shows neither
    // face value nor fee separately.
    expect(
      basket.tickets.map((line) => [
        line.kind,
        line.area,
        line.priceOption,
        line.quantity,
        line.unitPrice,
        line.lineTotal,
        line.faceValue,
        line.bookingFee,
      ]),
    ).toEqual([
      ['admission', 'FLOOR', 'STANDING', 2, 5100, 10_200, null, null],
      ['admission', 'FLOOR', 'EARLY', 1, 7100, 7100, null, null],
    ]);
    expect(basket.ticketProtection).toMatchObject({ feePerTicket: 400, tickets: 3 });
    // No seats, so no bistro; programme and drinks for everyone.
    expect(basket.upsellsOffered.map((upsell) => upsell.kind)).toEqual(['programme', 'drink']);
    // $3.50 transaction fee once for the order, not per ticket or per line.
    expect(basket.transactionFee).toBe(350);
    expect(basket.total).toBe(10_200 + 7100 + 350);

    const chosen = basketResponseSchema.parse(
      (await choose(buyer, hold.id, { ticketProtection: 'yes' }, 'us-east')).json(),
    ).basket;
    expect(chosen.total).toBe(10_200 + 7100 + 3 * 400 + 350);
  });
});
