import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { calendarResponseSchema, type Calendar } from '../../contract/api/calendar';
import { CALENDAR_QUERY_EXTENSIONS } from '../../contract/api/calendarQuery';
import { holdResponseSchema } from '../../contract/api/holds';
import { payConflictSchema, payResponseSchema, type PayResponse } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { paymentMethodsSchema, type PaymentMethods } from '../../contract/api/paymentMethods';
import type { VoucherKind } from '../../contract/api/paymentMethodKinds';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { LinkSealer } from '../../server/orders/keys';
import { settleAbandonedAttempts } from '../../server/orders/orders';
import { ServerKeys } from '../../server/lib/serverKeys';
import { ticketSigner } from '../../server/orders/ticketCodes';
import { regionContext } from '../../server/regionContext';
import { demoVoucher, type DemoVoucher } from '../../server/catalogue/seed/vouchers';
import { testCard, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { detailsBody, deviceData } from './checkoutFixtures';
import { callApi, newBuyer as newBuyerOf, newBuyerAddress, newKey, type Buyer } from './buyers';
import { payCalls } from './payCalls';
import { cleanPerformance, onPostgres, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Gift vouchers and gift cards (issue 15): applying them, what the payment step is told, and the
 * money safety of the pay attempt: reserved with the attempt, returned when it fails however it
 * fails, spent once with the sale, never more than the balance however many baskets race.
 */

/** Short, so the time-out card's attempt ends soon (as tests/api/orderFixtures.ts). */
const TIME_LIMIT_MS = 4000;
const THROTTLE = {
  perClient: { max: 8, windowSeconds: 600 },
  perNumber: { max: 3, windowSeconds: 600 },
};

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
/** Stalls seats nobody here has held yet, handed out one test at a time. */
let freeSeats: string[] = [];

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 1000, windowSeconds: 600 } },
    voucherThrottle: THROTTLE,
  });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 3);
  // Every third seat of rows C–M (one band): any mix held leaves no seat alone (single-seat rule).
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats
     WHERE seating_plan_id = $1 AND section_code = 'STALLS'
       AND NOT (is_wheelchair OR is_companion OR is_access_zone OR is_amex)
       AND seat_number % 3 = 1 AND row_label BETWEEN 'C' AND 'M'
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

async function basketOf(buyer: Buyer, holdId: string): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`);
  expect(response.statusCode, response.body).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

/** A theatre hold of one stalls seat with its details saved: ready for the payment step. */
async function readyToPay(buyer: Buyer) {
  const held = await callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats: [takeSeat()] },
  });
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

const voucherOf = (purpose: DemoVoucher['purpose'], kind: VoucherKind = 'gift_voucher') =>
  demoVoucher('uk', kind, purpose);

function applyCall(
  buyer: Buyer,
  holdId: string,
  voucher: Pick<DemoVoucher, 'kind' | 'number' | 'code'>,
  remoteAddress?: string,
) {
  if (!remoteAddress) {
    return callApi(app, buyer, 'POST', `/holds/${holdId}/vouchers`, {
      body: { kind: voucher.kind, number: voucher.number, code: voucher.code },
      key: null,
    });
  }
  return app.inject({
    method: 'POST',
    url: `/api/uk/holds/${holdId}/vouchers`,
    remoteAddress,
    headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
    payload: { kind: voucher.kind, number: voucher.number, code: voucher.code },
  });
}

async function apply(buyer: Buyer, holdId: string, voucher: DemoVoucher): Promise<PaymentMethods> {
  const response = await applyCall(buyer, holdId, voucher);
  expect(response.statusCode, response.body).toBe(200);
  return paymentMethodsSchema.parse(response.json());
}

async function methodsOf(buyer: Buyer, holdId: string): Promise<PaymentMethods> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/payment-methods`);
  expect(response.statusCode, response.body).toBe(200);
  return paymentMethodsSchema.parse(response.json());
}

const codeOf = (response: { json(): unknown }) => (response.json() as { code?: string }).code;

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

/** The voucher's balance and what is still free of it, as the database has them. */
async function ledger(voucher: DemoVoucher) {
  const { rows } = await db.query<{ balance: number; available: number }>(
    `SELECT balance, available FROM vouchers WHERE region = 'uk' AND number = $1`,
    [voucher.number.replace(/\s/g, '')],
  );
  return rows[0]!;
}

async function reservations(orderId: string) {
  const { rows } = await db.query<{ status: string; amount: number }>(
    'SELECT status, amount FROM voucher_reservations WHERE order_id = $1',
    [orderId],
  );
  return rows;
}

/** What the sandbox gateway was asked to authorise and took, for the order's payment. */
async function gatewayAmounts(paymentId: string) {
  const { rows } = await db.query<{ amount: number; captured: number }>(
    `SELECT p.amount, sp.captured_amount AS captured
     FROM payments p JOIN sandbox_payments sp ON sp.ref = p.provider_ref::uuid WHERE p.id = $1`,
    [paymentId],
  );
  return rows[0]!;
}

describe('applying gift vouchers and gift cards', () => {
  it('applies a voucher, says what it gives and what is left, and takes it off again', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const before = await methodsOf(buyer, hold.id);
    expect(before).toMatchObject({ total: basket.total, amountDue: basket.total, vouchers: [] });
    expect(before.voucherKinds).toEqual(['gift_voucher', 'gift_card']);

    const voucher = voucherOf('api-apply');
    const applied = await apply(buyer, hold.id, voucher);
    expect(applied.amountDue).toBe(basket.total - voucher.balance);
    expect(applied.vouchers).toEqual([
      {
        id: applied.vouchers[0]!.id,
        kind: 'gift_voucher',
        numberEnding: voucher.number.slice(-4),
        amountApplied: voucher.balance,
        remainingBalance: 0,
        currency: 'GBP',
        // Two years after the seeding day.
        expiresOn: applied.vouchers[0]!.expiresOn,
      },
    ]);
    expect(Date.parse(applied.vouchers[0]!.expiresOn)).toBeGreaterThan(Date.now());
    expect(await methodsOf(buyer, hold.id)).toEqual(applied);
    // Applying reserves nothing.
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });

    // A gift card as well, typed with dashes and in lower case: applied after the voucher.
    const card = voucherOf('api-apply', 'gift_card');
    const both = await apply(buyer, hold.id, {
      ...card,
      number: card.number.replace(/ /g, '-').toLowerCase(),
    });
    expect(both.vouchers.map((v) => [v.kind, v.amountApplied])).toEqual([
      ['gift_voucher', voucher.balance],
      ['gift_card', card.balance],
    ]);
    expect(both.amountDue).toBe(basket.total - voucher.balance - card.balance);

    const removed = await callApi(
      app,
      buyer,
      'DELETE',
      `/holds/${hold.id}/vouchers/${applied.vouchers[0]!.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const after = paymentMethodsSchema.parse(removed.json());
    expect(after.vouchers.map((v) => v.kind)).toEqual(['gift_card']);
    expect(after.amountDue).toBe(basket.total - card.balance);
    const again = await callApi(
      app,
      buyer,
      'DELETE',
      `/holds/${hold.id}/vouchers/${applied.vouchers[0]!.id}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it('refuses each wrong voucher with its own code', async () => {
    const buyer = await newBuyer();
    const { hold } = await readyToPay(buyer);
    const voucher = voucherOf('demo');
    const refusal = async (body: Pick<DemoVoucher, 'kind' | 'number' | 'code'>) => {
      const response = await applyCall(buyer, hold.id, body);
      return [response.statusCode, codeOf(response)];
    };
    // The Lumen's minimum is 2 characters (venue.json minVoucherNumberLength).
    expect(await refusal({ ...voucher, number: '6' })).toEqual([422, 'voucher_number_too_short']);
    expect(await refusal({ ...voucher, code: 'WRONG1' })).toEqual([422, 'voucher_invalid']);
    expect(await refusal({ ...voucher, number: '6044 9999 9999 9999' })).toEqual([
      422,
      'voucher_invalid',
    ]);
    // A gift voucher's number with the gift card kind is not a gift card.
    expect(await refusal({ ...voucher, kind: 'gift_card' })).toEqual([422, 'voucher_invalid']);
    expect(await refusal(voucherOf('expired'))).toEqual([422, 'voucher_expired']);
    expect(await refusal(voucherOf('other-currency'))).toEqual([422, 'voucher_currency']);
    // Another region's voucher does not exist here.
    expect(await refusal(demoVoucher('us-east', 'gift_voucher', 'demo'))).toEqual([
      422,
      'voucher_invalid',
    ]);
    expect((await applyCall(buyer, hold.id, voucher)).statusCode).toBe(200);
    expect(await refusal(voucher)).toEqual([409, 'voucher_already_applied']);

    // An emptied voucher, and one applied when nothing is left to pay.
    const drained = voucherOf('demo', 'gift_card');
    await db.query(`UPDATE vouchers SET available = 0, balance = 0 WHERE number = $1`, [
      drained.number.replace(/\s/g, ''),
    ]);
    try {
      expect(await refusal(drained)).toEqual([422, 'voucher_empty']);
    } finally {
      await db.query(`UPDATE vouchers SET available = $2, balance = $2 WHERE number = $1`, [
        drained.number.replace(/\s/g, ''),
        drained.balance,
      ]);
    }
    const other = await newBuyer();
    const { hold: covered } = await readyToPay(other);
    await apply(other, covered.id, voucherOf('full'));
    const response = await applyCall(other, covered.id, voucherOf('demo', 'gift_card'));
    expect([response.statusCode, codeOf(response)]).toEqual([422, 'voucher_not_needed']);
  });

  it('gives nothing from a kind the operator switched off after it was applied', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const card = voucherOf('demo', 'gift_card');
    expect((await apply(buyer, hold.id, card)).amountDue).toBe(basket.total - card.balance);
    // Another instance started with PAYMENT_METHODS=card,gift_voucher (gift cards switched off).
    const switched = await buildApp({
      db,
      venues,
      logger: false,
      payment: { methods: ['card', 'gift_voucher'] },
    });
    try {
      const response = await switched.inject({
        method: 'GET',
        url: `/api/uk/holds/${hold.id}/payment-methods`,
        headers: { cookie: buyer.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(paymentMethodsSchema.parse(response.json())).toMatchObject({
        amountDue: basket.total,
        voucherKinds: ['gift_voucher'],
        vouchers: [{ kind: 'gift_card', amountApplied: 0 }],
      });
    } finally {
      await switched.close();
    }
  });

  it('treats another session’s hold as not there, and needs the CSRF token', async () => {
    const owner = await newBuyer();
    const { hold } = await readyToPay(owner);
    const applied = await apply(owner, hold.id, voucherOf('demo'));
    const stranger = await newBuyer();
    expect(
      (await callApi(app, stranger, 'GET', `/holds/${hold.id}/payment-methods`)).statusCode,
    ).toBe(404);
    expect((await applyCall(stranger, hold.id, voucherOf('demo', 'gift_card'))).statusCode).toBe(
      404,
    );
    const removal = await callApi(
      app,
      stranger,
      'DELETE',
      `/holds/${hold.id}/vouchers/${applied.vouchers[0]!.id}`,
    );
    expect(removal.statusCode).toBe(404);
    const noCsrf = await callApi(app, owner, 'POST', `/holds/${hold.id}/vouchers`, {
      body: { kind: 'gift_card', number: '6344 0000 0000 0002', code: '4402' },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect((await methodsOf(owner, hold.id)).vouchers).toHaveLength(1);
  });

  it('throttles guessing per client and per voucher number, with Retry-After', async () => {
    const buyer = await newBuyer();
    const { hold } = await readyToPay(buyer);
    const target = voucherOf('api-apply');
    // Wrong codes for one number from several addresses: the number's limit stops them all.
    for (let guess = 0; guess < THROTTLE.perNumber.max; guess += 1) {
      const wrong = await applyCall(
        buyer,
        hold.id,
        { ...target, code: `WRONG${guess}` },
        newBuyerAddress(),
      );
      expect(codeOf(wrong)).toBe('voucher_invalid');
    }
    const stopped = await applyCall(buyer, hold.id, target, newBuyerAddress());
    expect(stopped.statusCode).toBe(429);
    expect(codeOf(stopped)).toBe('rate_limited');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);

    // One address trying many numbers: its own limit, whatever the number.
    const address = newBuyerAddress();
    for (let guess = 0; guess < THROTTLE.perClient.max; guess += 1) {
      const wrong = await applyCall(
        buyer,
        hold.id,
        { kind: 'gift_card', number: `6344 7777 0000 ${1000 + guess}`, code: '0000' },
        address,
      );
      expect(codeOf(wrong)).toBe('voucher_invalid');
    }
    const blocked = await applyCall(buyer, hold.id, voucherOf('demo', 'gift_card'), address);
    expect([blocked.statusCode, codeOf(blocked)]).toEqual([429, 'rate_limited']);
    // Someone else, at another address, with the right code of another voucher, is not held up.
    const fine = await applyCall(buyer, hold.id, voucherOf('demo', 'gift_card'), newBuyerAddress());
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('paying with vouchers', () => {
  it('sells a basket a voucher covers with no payment at all, spending it in the sale', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('full');
    const before = await ledger(voucher);
    const methods = await apply(buyer, hold.id, voucher);
    expect(methods).toMatchObject({ amountDue: 0, methods: [], voucherKinds: [] });

    // Vouchers applied: the pay request must say what it expects to pay.
    const blind = await payCall(buyer, hold.id, { basketVersion: basket.version, cardToken: null });
    expect([blind.statusCode, codeOf(blind)]).toEqual([400, 'validation_failed']);
    const done = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      amountDue: 0,
    });
    expect(done).toMatchObject({ outcome: 'confirmed', paymentId: null });
    expect(done.order!.paidWith).toEqual([
      {
        method: 'gift_voucher',
        amount: basket.total,
        brand: null,
        last4: voucher.number.slice(-4),
      },
    ]);
    expect(await ledger(voucher)).toEqual({
      balance: before.balance - basket.total,
      available: before.available - basket.total,
    });
    expect(await reservations(done.orderId)).toEqual([{ status: 'spent', amount: basket.total }]);
    const { rows } = await db.query('SELECT 1 FROM payments WHERE reference = $1', [done.orderId]);
    expect(rows).toEqual([]);
  });

  it('takes the rest by a 3-D Secure card, charging the card only what the voucher leaves', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-3ds');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    expect(amountDue).toBe(basket.total - voucher.balance);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('challenge'),
      amountDue,
    });
    // Reserved with the attempt, not yet spent.
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: 0 });
    await collectDeviceData(started);
    const challenge = await continuePay(buyer, started);
    expect(challenge).toMatchObject({ outcome: 'action_required', action: { kind: 'challenge' } });
    await submitPage(challenge.action!.url, { result: 'authenticated' });
    const done = await continuePay(buyer, started);
    expect(done.outcome).toBe('confirmed');
    expect(done.order!.paidWith).toEqual([
      {
        method: 'gift_voucher',
        amount: voucher.balance,
        brand: null,
        last4: voucher.number.slice(-4),
      },
      { method: 'card', amount: amountDue, brand: 'visa', last4: '3220' },
    ]);
    expect(await gatewayAmounts(done.paymentId!)).toEqual({
      amount: amountDue,
      captured: amountDue,
    });
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
    // Replaying the continuation spends nothing twice.
    expect((await continuePay(buyer, started)).outcome).toBe('confirmed');
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
  });

  it('returns the voucher when the card is declined, and spends it with the next card', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-declined');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    const declined = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('decline'),
      amountDue,
    });
    await collectDeviceData(declined);
    expect(await continuePay(buyer, declined)).toMatchObject({ outcome: 'declined' });
    expect(await reservations(declined.orderId)).toEqual([
      { status: 'returned', amount: voucher.balance },
    ]);
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });
    // Asking again returns nothing twice.
    expect(await continuePay(buyer, declined)).toMatchObject({ outcome: 'declined' });
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });

    expect((await methodsOf(buyer, hold.id)).amountDue).toBe(amountDue);
    const next = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('approve'),
      amountDue,
    });
    await collectDeviceData(next);
    expect((await continuePay(buyer, next)).outcome).toBe('confirmed');
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
  });

  it('returns the voucher of an attempt the gateway never answered', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-timeout');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    const silent = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('timeout'),
      amountDue,
    });
    expect(silent.outcome).toBe('timed_out');
    expect(await reservations(silent.orderId)).toEqual([
      { status: 'returned', amount: voucher.balance },
    ]);
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });
  });

  it('returns the voucher of an attempt whose hold was lost', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-expired-hold');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('approve'),
      amountDue,
    });
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: 0 });
    await collectDeviceData(started);
    // The hold is gone (released by the sweep long after it expired), its attempt still pending.
    await db.query('DELETE FROM holds WHERE id = $1', [hold.id]);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'hold_lost' });
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });
  });

  it('returns the voucher of an attempt the buyer left at 3-D Secure, once the sweep ends it', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-timeout', 'gift_card');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('challenge'),
      amountDue,
    });
    await collectDeviceData(started);
    expect((await continuePay(buyer, started)).outcome).toBe('action_required');
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: 0 });

    // Far past the buyer's time at the challenge: the sweep settles it as abandoned.
    const ages = { unansweredS: 3600, actionS: 7200 };
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
      ages,
    );
    expect(await reservations(started.orderId)).toEqual([
      { status: 'returned', amount: voucher.balance },
    ]);
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });
  });

  it('gives a superseded attempt’s reservation to the newer attempt, and spends it once', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-superseded');
    const { amountDue } = await apply(buyer, hold.id, voucher);
    const first = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('challenge'),
      amountDue,
    });
    await collectDeviceData(first);
    expect((await continuePay(buyer, first)).outcome).toBe('action_required');
    // The buyer left the challenge and came back: the step still offers the voucher in full.
    expect((await methodsOf(buyer, hold.id)).amountDue).toBe(amountDue);
    const second = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await tokenFor('approve'),
      amountDue,
    });
    expect(await reservations(first.orderId)).toEqual([
      { status: 'returned', amount: voucher.balance },
    ]);
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: 0 });
    await collectDeviceData(second);
    expect((await continuePay(buyer, second)).outcome).toBe('confirmed');
    expect(await continuePay(buyer, first)).toMatchObject({ outcome: 'declined', order: null });
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
  });

  it('makes one order and one spend of a double-click (the same key twice at once)', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer);
    const voucher = voucherOf('api-double-click');
    await apply(buyer, hold.id, voucher);
    expect((await apply(buyer, hold.id, voucherOf('full', 'gift_card'))).amountDue).toBe(0);
    const key = newKey();
    const body = { basketVersion: basket.version, cardToken: null, amountDue: 0, key };
    const answers = await Promise.all([
      payCall(buyer, hold.id, body),
      payCall(buyer, hold.id, body),
    ]);
    // One sells; the other is told the first is still running, or replays its answer.
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const replay = await pay(buyer, hold.id, body);
    expect(replay.outcome).toBe('confirmed');
    const { rows } = await db.query<{ orders: number }>(
      `SELECT count(*)::int AS orders FROM orders WHERE hold_id IS NOT DISTINCT FROM $1
         OR idempotency_key = $2`,
      [hold.id, key],
    );
    expect(rows[0]!.orders).toBe(1);
    expect(await reservations(replay.orderId)).toHaveLength(2);
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
  });

  it('answers 409 amount_due_changed when another basket spent the voucher meanwhile', async () => {
    const voucher = voucherOf('api-drain');
    const first = await newBuyer();
    const second = await newBuyer();
    const a = await readyToPay(first);
    const b = await readyToPay(second);
    const shownA = await apply(first, a.hold.id, voucher);
    const shownB = await apply(second, b.hold.id, voucher);
    expect(shownB.amountDue).toBe(shownA.amountDue);

    const started = await pay(first, a.hold.id, {
      basketVersion: a.basket.version,
      cardToken: await tokenFor('approve'),
      amountDue: shownA.amountDue,
    });
    const late = await payCall(second, b.hold.id, {
      basketVersion: b.basket.version,
      cardToken: await tokenFor('approve'),
      amountDue: shownB.amountDue,
    });
    expect(late.statusCode, late.body).toBe(409);
    const conflict = payConflictSchema.parse(late.json());
    expect(conflict.code).toBe('amount_due_changed');
    expect(conflict.paymentMethods).toMatchObject({
      amountDue: b.basket.total,
      vouchers: [{ amountApplied: 0, remainingBalance: 0 }],
    });
    // Nothing written for the refused request.
    const { rows } = await db.query('SELECT 1 FROM orders WHERE hold_id = $1', [b.hold.id]);
    expect(rows).toEqual([]);
    await collectDeviceData(started);
    expect((await continuePay(first, started)).outcome).toBe('confirmed');
    expect(await ledger(voucher)).toEqual({ balance: 0, available: 0 });
  });
});

describe('the race for one voucher', () => {
  it(
    'never spends more than its balance, however many baskets pay with it at once',
    { timeout: 180_000 },
    async () => {
      const buyers = onPostgres() ? 24 : 8;
      const voucher = voucherOf('api-race');
      const ready = await Promise.all(
        Array.from({ length: buyers }, async () => {
          const buyer = await newBuyer();
          const { hold, basket } = await readyToPay(buyer);
          return { buyer, hold, basket };
        }),
      );
      const price = ready[0]!.basket.total;
      expect(ready.every(({ basket }) => basket.total === price)).toBe(true);
      // Enough for a few whole baskets and part of one more.
      const balance = price * 3 + Math.floor(price / 2);
      await db.query(`UPDATE vouchers SET balance = $2, available = $2 WHERE number = $1`, [
        voucher.number.replace(/\s/g, ''),
        balance,
      ]);
      for (const { buyer, hold } of ready) {
        expect((await apply(buyer, hold.id, voucher)).amountDue).toBe(0);
      }

      const answers = await Promise.all(
        ready.map(({ buyer, hold, basket }) =>
          payCall(buyer, hold.id, { basketVersion: basket.version, cardToken: null, amountDue: 0 }),
        ),
      );
      const outcomes = answers.map((answer) =>
        answer.statusCode === 200
          ? payResponseSchema.parse(answer.json()).outcome
          : `${answer.statusCode} ${codeOf(answer)}`,
      );
      expect(
        outcomes.every((o) => o === 'confirmed' || o === '409 amount_due_changed'),
        String(outcomes),
      ).toBe(true);
      const sold = outcomes.filter((o) => o === 'confirmed').length;
      expect(sold).toBe(3);
      const after = await ledger(voucher);
      expect(after).toEqual({ balance: balance - sold * price, available: balance - sold * price });
      const { rows } = await db.query<{ spent: number }>(
        `SELECT coalesce(sum(r.amount), 0)::int AS spent FROM voucher_reservations r
         JOIN vouchers v ON v.id = r.voucher_id WHERE v.number = $1 AND r.status = 'spent'`,
        [voucher.number.replace(/\s/g, '')],
      );
      expect(rows[0]!.spent).toBeLessThanOrEqual(balance);
      expect(rows[0]!.spent).toBe(sold * price);
    },
  );

  it('is refused by the database itself, whatever the code does', async () => {
    const voucher = voucherOf('crash');
    const number = voucher.number.replace(/\s/g, '');
    await expect(
      db.query('UPDATE vouchers SET available = available - $2 WHERE number = $1', [
        number,
        voucher.balance + 1,
      ]),
    ).rejects.toThrow(/check/i);
    await expect(
      db.query('UPDATE vouchers SET available = available + 1 WHERE number = $1', [number]),
    ).rejects.toThrow(/check/i);
    expect(await ledger(voucher)).toEqual({ balance: voucher.balance, available: voucher.balance });
  });
});

describe('a gift voucher typed into the promo box', () => {
  async function promoFor(code: string, remoteAddress: string): Promise<Calendar['promo']> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/uk/graphql',
      remoteAddress,
      payload: {
        variables: {
          venueSlug: 'lumen-theatre',
          titleSlug: 'the-glass-orchard',
          promoCode: code,
        },
        extensions: CALENDAR_QUERY_EXTENSIONS,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return calendarResponseSchema.parse(response.json()).data.calendar.promo;
  }

  it('is recognised as a voucher of the region, not called an invalid promo code', async () => {
    const address = newBuyerAddress();
    const voucher = voucherOf('journey-promo');
    expect(await promoFor(voucher.number.replace(/ /g, '-'), address)).toMatchObject({
      status: 'giftVoucher',
      kind: null,
      performanceIds: [],
    });
    expect(
      await promoFor(voucherOf('demo', 'gift_card').number.replace(/ /g, ''), address),
    ).toMatchObject({
      status: 'giftVoucher',
    });
    // Another region's voucher is not this venue's; a real promo code is still a promo code.
    const usVoucher = demoVoucher('us-east', 'gift_voucher', 'demo').number.replace(/ /g, '');
    expect((await promoFor(usVoucher, address))?.status).toBe('invalid');
  });

  it('stops recognising numbers for a client that has used up its guesses', async () => {
    const address = newBuyerAddress();
    for (let guess = 0; guess < THROTTLE.perClient.max; guess += 1) {
      expect((await promoFor(`604400009999${1000 + guess}`, address))?.status).toBe('invalid');
    }
    const voucher = voucherOf('journey-promo').number.replace(/ /g, '');
    expect((await promoFor(voucher, address))?.status).toBe('invalid');
    expect((await promoFor(voucher, newBuyerAddress()))?.status).toBe('giftVoucher');
  });
});
