import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { calendarResponseSchema, type Calendar } from '../../contract/api/calendar';
import { CALENDAR_QUERY_EXTENSIONS } from '../../contract/api/calendarQuery';
import { holdResponseSchema, type Hold } from '../../contract/api/holds';
import { payResponseSchema, type PayResponse } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { LinkSealer } from '../../server/orders/keys';
import { settleAbandonedAttempts } from '../../server/orders/orders';
import { ServerKeys } from '../../server/lib/serverKeys';
import { ticketSigner } from '../../server/orders/ticketCodes';
import { regionContext } from '../../server/regionContext';
import { testCard, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { detailsBody, deviceData } from './checkoutFixtures';
import { callApi, newBuyer as newBuyerOf, newBuyerAddress, type Buyer } from './buyers';
import { payCalls } from './payCalls';
import {
  cleanPerformance,
  onPostgres,
  presalePerformance,
  seatsInRow,
  type PerformanceFixture,
} from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Single-use promo codes (issue 24): redeemed by exactly one confirmed order, ever. The pay
 * attempt reserves the code, the sale spends it, every failure gives it back; a second buyer is
 * refused with promo_single_use (4xx, nothing written), and once spent the calendar and holds
 * call the code used. Each test has a code of its own (the seed's LUMEN-ONCE is the demo's).
 */

/** Short, so the time-out card's attempt ends soon (as tests/api/orderFixtures.ts). */
const TIME_LIMIT_MS = 4000;
const DISCOUNT = 20;

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
/** Stalls seats nobody here has held yet, handed out one at a time. */
let freeSeats: string[] = [];
let codes = 0;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 1000, windowSeconds: 600 } },
  });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 5);
  // Every third seat (1, 4, … 25): held or given back in any mix, none breaks the single-seat rule.
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats
     WHERE seating_plan_id = $1 AND section_code = 'STALLS'
       AND NOT (is_wheelchair OR is_companion OR is_access_zone OR is_amex)
       AND seat_number % 3 = 1
     ORDER BY row_label, seat_number`,
    [theatre.planId],
  );
  freeSeats = rows.map((row) => row.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);
const takeSeat = () => {
  const seat = freeSeats.shift();
  if (!seat) throw new Error('out of seats');
  return seat;
};
const codeOf = (response: { json(): unknown }) => (response.json() as { code?: string }).code;

/** A fresh single-use code of the Lumen, for every show, 20 % off. */
async function singleUseCode(): Promise<string> {
  codes += 1;
  const code = `ONCE-${Date.now().toString(36).toUpperCase()}-${codes}`;
  await db.query(
    `INSERT INTO promo_codes (code, venue_slug, show_id, kind, description, discount_percent,
       membership_scheme, single_use, valid_from, valid_until)
     VALUES ($1, 'lumen-theatre', NULL, 'promo', 'test single-use', $2, NULL, true,
       now() - interval '1 day', now() + interval '30 days')`,
    [code, DISCOUNT],
  );
  return code;
}

async function basketOf(buyer: Buyer, holdId: string): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`);
  expect(response.statusCode, response.body).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

function holdCall(buyer: Buyer, seat: string, promoCode?: string) {
  return callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats: [seat], ...(promoCode && { promoCode }) },
  });
}

/** A theatre hold of one stalls seat made with `code`, details saved: at the payment step. */
async function readyToPay(buyer: Buyer, code?: string): Promise<{ hold: Hold; basket: Basket }> {
  const held = await holdCall(buyer, takeSeat(), code);
  expect(held.statusCode, held.body).toBe(201);
  const hold = holdResponseSchema.parse(held.json()).hold;
  const details = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, {
    body: detailsBody('eTicket', 'uk'),
  });
  expect(details.statusCode, details.body).toBe(200);
  if ((await basketOf(buyer, hold.id)).ticketProtection?.choice === 'undecided') {
    const answered = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { ticketProtection: 'no' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
  return { hold, basket: await basketOf(buyer, hold.id) };
}

async function tokenFor(behaviour: SandboxBehaviour): Promise<string> {
  const { number } = testCard('visa', behaviour);
  const response = await app.inject({
    method: 'POST',
    url: '/services/payment/tokens',
    payload: { number, name: 'Ada Lovelace', expiry: '08/30', cvv: '737' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return cardTokenSchema.parse(response.json()).token;
}

const { payCall, pay, continuePay, submitPage } = payCalls(() => app);

async function collectDeviceData(answer: PayResponse) {
  expect(answer).toMatchObject({ outcome: 'action_required', action: { kind: 'device_data' } });
  await submitPage(answer.action!.url, deviceData);
}

/** Pays by a card of `behaviour` and, for a card that passes, through to the sale. */
async function payThrough(buyer: Buyer, ready: { hold: Hold; basket: Basket }) {
  const started = await pay(buyer, ready.hold.id, {
    basketVersion: ready.basket.version,
    cardToken: await tokenFor('approve'),
  });
  await collectDeviceData(started);
  return continuePay(buyer, started);
}

/** The code's redemptions by status, as the database has them. */
async function redemptions(code: string): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM promo_redemptions WHERE promo_code = $1 GROUP BY status`,
    [code],
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

async function redemptionOf(orderId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM promo_redemptions WHERE order_id = $1',
    [orderId],
  );
  return rows[0]?.status;
}

async function promoFor(code: string): Promise<Calendar['promo']> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uk/graphql',
    remoteAddress: newBuyerAddress(),
    payload: {
      variables: { venueSlug: 'lumen-theatre', titleSlug: 'the-glass-orchard', promoCode: code },
      extensions: CALENDAR_QUERY_EXTENSIONS,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return calendarResponseSchema.parse(response.json()).data.calendar.promo;
}

/** A second buyer at the payment step with the code pays it back: they can still use it. */
async function usableAgain(code: string) {
  const other = await newBuyer();
  const done = await payThrough(other, await readyToPay(other, code));
  expect(done.outcome).toBe('confirmed');
  expect(await redemptions(code)).toMatchObject({ spent: 1 });
}

describe('a single-use promo code', () => {
  it('is redeemed by one order: a second buyer is refused at payment, then everywhere', async () => {
    const code = await singleUseCode();
    const first = await newBuyer();
    const second = await newBuyer();
    const a = await readyToPay(first, code);
    const b = await readyToPay(second, code);
    const plain = await readyToPay(await newBuyer());
    // Both holds are discounted while nobody has paid with it.
    expect(a.basket.total).toBeLessThan(plain.basket.total);
    expect(b.basket.total).toBe(a.basket.total);

    const started = await pay(first, a.hold.id, {
      basketVersion: a.basket.version,
      cardToken: await tokenFor('approve'),
    });
    expect(await redemptionOf(started.orderId)).toBe('reserved');
    // The second buyer pays while the first is at 3-D Secure: refused, nothing written, seats kept.
    const inUse = await payCall(second, b.hold.id, {
      basketVersion: b.basket.version,
      cardToken: await tokenFor('approve'),
    });
    expect([inUse.statusCode, codeOf(inUse)]).toEqual([422, 'promo_single_use']);
    expect(inUse.json<{ message: string }>().message).toMatch(/only once/);
    const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [b.hold.id]);
    expect(rows).toEqual([]);
    expect((await basketOf(second, b.hold.id)).tickets).toHaveLength(1);

    await collectDeviceData(started);
    const done = await continuePay(first, started);
    expect(done.outcome).toBe('confirmed');
    expect(done.order!.total).toBe(a.basket.total);
    expect(await redemptionOf(started.orderId)).toBe('spent');

    // Spent: the second buyer is refused again, the calendar calls it used, and no new hold
    // takes it (promo_single_use, naming the field).
    const spent = await payCall(second, b.hold.id, {
      basketVersion: b.basket.version,
      cardToken: await tokenFor('approve'),
    });
    expect([spent.statusCode, codeOf(spent)]).toEqual([422, 'promo_single_use']);
    expect(await promoFor(code)).toMatchObject({ status: 'used', kind: null, performanceIds: [] });
    expect(await promoFor(code.toLowerCase())).toMatchObject({ status: 'used' });
    const late = await holdCall(await newBuyer(), takeSeat(), code);
    expect([late.statusCode, codeOf(late)]).toEqual([422, 'promo_single_use']);
    expect(late.json()).toMatchObject({ fields: ['body.promoCode'] });
    expect(await redemptions(code)).toEqual({ spent: 1 });
  });

  it('leaves codes that are not single-use alone', async () => {
    // ORCHARD10 is the seed's many-use code: two orders, no redemptions recorded.
    for (let order = 0; order < 2; order += 1) {
      const buyer = await newBuyer();
      expect((await payThrough(buyer, await readyToPay(buyer, 'ORCHARD10'))).outcome).toBe(
        'confirmed',
      );
    }
    expect(await redemptions('ORCHARD10')).toEqual({});
    expect((await promoFor('ORCHARD10'))?.status).toBe('applied');
  });

  it('is refused by the database itself when two orders would claim it', async () => {
    const code = await singleUseCode();
    // Two attempts of the test before (ORCHARD10's), which claimed no code.
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM orders WHERE id NOT IN (SELECT order_id FROM promo_redemptions) LIMIT 2`,
    );
    expect(rows).toHaveLength(2);
    await db.query(
      `INSERT INTO promo_redemptions (order_id, promo_code, status) VALUES ($1, $2, 'spent')`,
      [rows[0]!.id, code],
    );
    await expect(
      db.query(
        `INSERT INTO promo_redemptions (order_id, promo_code, status) VALUES ($1, $2, 'reserved')`,
        [rows[1]!.id, code],
      ),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('paying without the code', () => {
  it('lets the refused buyer take the code off and pay the full price, seats kept', async () => {
    const code = await singleUseCode();
    const first = await newBuyer();
    const second = await newBuyer();
    const a = await readyToPay(first, code);
    const b = await readyToPay(second, code);
    expect((await payThrough(first, a)).outcome).toBe('confirmed');
    const refused = await payCall(second, b.hold.id, {
      basketVersion: b.basket.version,
      cardToken: await tokenFor('approve'),
    });
    expect(codeOf(refused)).toBe('promo_single_use');

    const off = await callApi(app, second, 'PUT', `/holds/${b.hold.id}/basket`, {
      body: { promoCode: null },
    });
    expect(off.statusCode, off.body).toBe(200);
    const full = basketResponseSchema.parse(off.json()).basket;
    expect(full.total).toBeGreaterThan(b.basket.total);
    expect(full.version).not.toBe(b.basket.version);
    expect(full.tickets.map((line) => line.seatId)).toEqual(
      b.basket.tickets.map((line) => line.seatId),
    );
    const done = await payThrough(second, { hold: b.hold, basket: full });
    expect(done.outcome).toBe('confirmed');
    expect(done.order!.total).toBe(full.total);
    expect(await redemptionOf(done.orderId)).toBeUndefined();
    expect(await redemptions(code)).toEqual({ spent: 1 });
  });

  it('keeps a presale code on its hold: it is what opens the presale', async () => {
    const presale = await presalePerformance(db, 'lumen-theatre', 'the-glass-orchard');
    const seat = (await seatsInRow(db, presale.planId, 'STALLS', 'C'))[0]!.id;
    const buyer = await newBuyer();
    const held = await callApi(app, buyer, 'POST', '/holds', {
      body: { performanceId: presale.performanceId, seats: [seat], promoCode: 'ORCHARD-PRESALE' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const hold = holdResponseSchema.parse(held.json()).hold;
    const off = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { promoCode: null },
    });
    expect([off.statusCode, codeOf(off)]).toEqual([403, 'presale_required']);
    const { rows } = await db.query<{ code: string }>(
      'SELECT promo_code AS code FROM holds WHERE id = $1',
      [hold.id],
    );
    expect(rows[0]!.code).toBe('ORCHARD-PRESALE');
  });
});

describe('a single-use code given back', () => {
  it('when the card is declined', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const declined = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('decline'),
    });
    await collectDeviceData(declined);
    expect(await continuePay(buyer, declined)).toMatchObject({ outcome: 'declined' });
    expect(await redemptionOf(declined.orderId)).toBe('returned');
    // The same buyer pays again with another card and gets the discount.
    const next = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('approve'),
    });
    await collectDeviceData(next);
    const done = await continuePay(buyer, next);
    expect(done.outcome).toBe('confirmed');
    expect(done.order!.total).toBe(ready.basket.total);
    expect(await redemptions(code)).toEqual({ returned: 1, spent: 1 });
  });

  it('when the gateway never answers (timed out)', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const silent = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('timeout'),
    });
    expect(silent.outcome).toBe('timed_out');
    expect(await redemptionOf(silent.orderId)).toBe('returned');
    await usableAgain(code);
  });

  it('when the hold was lost', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const started = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('approve'),
    });
    await collectDeviceData(started);
    // The hold is gone (released by the sweep long after it expired), its attempt still pending.
    await db.query('DELETE FROM holds WHERE id = $1', [ready.hold.id]);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'hold_lost' });
    expect(await redemptionOf(started.orderId)).toBe('returned');
    await usableAgain(code);
  });

  it('when a newer attempt supersedes the one at 3-D Secure, which can then not be sold', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const first = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('challenge'),
    });
    await collectDeviceData(first);
    expect((await continuePay(buyer, first)).outcome).toBe('action_required');
    // The buyer left the challenge and pays again: the code goes to the newer attempt.
    const second = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('approve'),
    });
    expect(await redemptionOf(first.orderId)).toBe('returned');
    expect(await redemptionOf(second.orderId)).toBe('reserved');
    await collectDeviceData(second);
    expect((await continuePay(buyer, second)).outcome).toBe('confirmed');
    expect(await continuePay(buyer, first)).toMatchObject({ outcome: 'declined', order: null });
    expect(await redemptions(code)).toEqual({ returned: 1, spent: 1 });
  });

  it('when the buyer releases the hold mid-payment', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const started = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('challenge'),
    });
    const released = await callApi(app, buyer, 'DELETE', `/holds/${ready.hold.id}`);
    expect(released.statusCode, released.body).toBe(204);
    expect(await redemptionOf(started.orderId)).toBe('returned');
    await usableAgain(code);
  });

  it('when the sweep ends an attempt the buyer abandoned at 3-D Secure', async () => {
    const code = await singleUseCode();
    const buyer = await newBuyer();
    const ready = await readyToPay(buyer, code);
    const started = await pay(buyer, ready.hold.id, {
      basketVersion: ready.basket.version,
      cardToken: await tokenFor('challenge'),
    });
    await collectDeviceData(started);
    expect((await continuePay(buyer, started)).outcome).toBe('action_required');
    await db.query(`UPDATE orders SET created_at = now() - interval '3 hours' WHERE id = $1`, [
      started.orderId,
    ]);
    await db.query(
      `UPDATE payments SET updated_at = now() - interval '3 hours' WHERE reference = $1`,
      [started.orderId],
    );
    const keys = new ServerKeys(db);
    await settleAbandonedAttempts(
      {
        db,
        payments: app.payments,
        warn: () => undefined,
        scope: regionContext('uk', venues),
        signer: await ticketSigner(keys, undefined),
        sealer: await LinkSealer.load(keys),
        orderUrl: (order) => `https://shop.example/checkout/confirmation?order=${order.id}`,
      },
      'uk',
      { unansweredS: 3600, actionS: 7200 },
    );
    expect(await redemptionOf(started.orderId)).toBe('returned');
    await usableAgain(code);
  });
});

describe('the race for one single-use code', () => {
  it(
    'gives the discount to exactly one of many buyers paying with it at once; the rest get a 4xx',
    { timeout: 180_000 },
    async () => {
      const buyers = onPostgres() ? 24 : 8;
      const code = await singleUseCode();
      const ready = await Promise.all(
        Array.from({ length: buyers }, async () => {
          const buyer = await newBuyer();
          return { buyer, ...(await readyToPay(buyer, code)) };
        }),
      );
      const tokens = await Promise.all(ready.map(() => tokenFor('approve')));
      const answers = await Promise.all(
        ready.map(({ buyer, hold, basket }, index) =>
          payCall(buyer, hold.id, { basketVersion: basket.version, cardToken: tokens[index]! }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      const winners = answers.filter((answer) => answer.statusCode === 200);
      expect(winners).toHaveLength(1);
      expect(
        answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${codeOf(a)}`),
      ).toEqual(Array(buyers - 1).fill('422 promo_single_use'));

      const started = payResponseSchema.parse(winners[0]!.json());
      const winner = ready[answers.indexOf(winners[0]!)]!;
      await collectDeviceData(started);
      const done = await continuePay(winner.buyer, started);
      expect(done.outcome).toBe('confirmed');
      expect(done.order!.total).toBe(winner.basket.total);
      // One order among all the holds, and one redemption of the code.
      const { rows } = await db.query<{ orders: number }>(
        'SELECT count(*)::int AS orders FROM orders WHERE hold_id = ANY($1::uuid[])',
        [ready.map(({ hold }) => hold.id)],
      );
      expect(rows[0]!.orders).toBe(1);
      expect(await redemptions(code)).toEqual({ spent: 1 });
    },
  );
});
