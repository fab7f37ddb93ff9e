import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { holdResponseSchema } from '../../contract/api/holds';
import { payResponseSchema, type PayResponse } from '../../contract/api/orders';
import { paymentMethodsSchema } from '../../contract/api/paymentMethods';
import { cardTokenSchema } from '../../contract/api/payment';
import type { Wallet } from '../../contract/api/paymentMethodKinds';
import { cvvLength, normaliseCardNumber, type CardBrand } from '../../contract/cards';
import { sandboxWalletToken } from '../../contract/sandboxWallet';
import { buildApp } from '../../server/app';
import { demoVoucher } from '../../server/catalogue/seed/vouchers';
import type { Database } from '../../server/db/database';
import { LinkSealer } from '../../server/orders/keys';
import { settleAbandonedAttempts, type PayContext } from '../../server/orders/orders';
import { ServerKeys } from '../../server/lib/serverKeys';
import { ticketSigner } from '../../server/orders/ticketCodes';
import { testCard, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { regionContext } from '../../server/regionContext';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { payCalls } from './payCalls';
import { absentCvv, CATALOGUE_TABLES, expectNoCardData } from './cardData';
import { detailsBody, deviceData } from './checkoutFixtures';
import { cleanPerformance, expireHold, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Issue 15: PayPal and the wallets pay under the card flow's guarantees (one order and one
 * capture per attempt, replay, the late-payment rule, the reconciliation sweep), only where the
 * basket's rules allow them, and leave no card or payer data behind.
 */

const TIME_LIMIT_MS = 4000;
const BASE = '/services/payment';

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
const logLines: string[] = [];
const sentNumbers = new Set<string>();
const sentCvvs = new Set<string>();
const sentWalletTokens = new Set<string>();
const cvvs = { 3: '', 4: '' };

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
    payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 1000, windowSeconds: 600 } },
  });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 3);
  // The seed's sales are rows no test here needs; the closing search reads only ours.
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

const ukAddress = {
  line1: '33 Maiden Lane',
  line2: '',
  city: 'London',
  state: '',
  postcode: 'WC2E 7LB',
  country: 'GB',
};

async function basketOf(buyer: Buyer, holdId: string): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`);
  expect(response.statusCode).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

/** A theatre hold with details saved (e-ticket, or posted), ready to pay, and its basket. */
async function readyToPay(buyer: Buyer, seats: string[], delivery: 'eTicket' | 'post' = 'eTicket') {
  const held = await callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats },
  });
  expect(held.statusCode, held.body).toBe(201);
  const hold = holdResponseSchema.parse(held.json()).hold;
  const details = detailsBody(delivery);
  const saved = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, {
    body: {
      ...details,
      delivery: { method: delivery, address: delivery === 'post' ? ukAddress : null },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if ((await basketOf(buyer, hold.id)).ticketProtection?.choice === 'undecided') {
    const answered = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { ticketProtection: 'no' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
  }
  return { hold, basket: await basketOf(buyer, hold.id) };
}

async function cardToken(brand: CardBrand, behaviour: SandboxBehaviour): Promise<string> {
  const { number } = testCard(brand, behaviour);
  const cvv = cvvs[cvvLength(brand)];
  sentNumbers.add(normaliseCardNumber(number));
  sentCvvs.add(cvv);
  const response = await app.inject({
    method: 'POST',
    url: `${BASE}/tokens`,
    payload: { number, name: 'Ada Lovelace', expiry: '08/30', cvv },
  });
  expect(response.statusCode, response.body).toBe(201);
  return cardTokenSchema.parse(response.json()).token;
}

function postWalletToken(wallet: Wallet, walletToken: string) {
  sentWalletTokens.add(walletToken);
  return app.inject({
    method: 'POST',
    url: `${BASE}/tokens`,
    payload: { wallet, walletToken },
  });
}

/** The sandbox wallet sheet's token for a test card, exchanged at the payment service. */
async function walletToken(
  wallet: Wallet,
  brand: CardBrand,
  behaviour: SandboxBehaviour,
): Promise<string> {
  const { number } = testCard(brand, behaviour);
  sentNumbers.add(normaliseCardNumber(number));
  const response = await postWalletToken(wallet, sandboxWalletToken(wallet, number));
  expect(response.statusCode, response.body).toBe(201);
  const token = cardTokenSchema.parse(response.json());
  expect(token).toMatchObject({ source: wallet, brand, last4: number.slice(-4) });
  return token.token;
}

const { payCall, pay, continuePay, submitPage } = payCalls(() => app);

/** PayPal's approval page answered with one of its three buttons; back on the verify page. */
async function answerPayPal(
  answer: PayResponse,
  result: 'approved' | 'cancelled' | 'declining_account',
) {
  expect(answer).toMatchObject({ outcome: 'action_required', action: { kind: 'approval' } });
  const back = await submitPage(answer.action!.url, { result });
  expect(back).toBe(`/checkout/verify?paymentId=${answer.paymentId}`);
}

async function gatewayPayment(paymentId: string) {
  const { rows } = await db.query<{ state: string; captured: number; ours: string }>(
    `SELECT sp.state, sp.captured_amount AS captured, p.status AS ours
     FROM payments p JOIN sandbox_payments sp ON sp.ref = p.provider_ref::uuid WHERE p.id = $1`,
    [paymentId],
  );
  return rows;
}

async function paymentRow(paymentId: string) {
  const { rows } = await db.query<{
    method: string;
    brand: string | null;
    last4: string | null;
    decline: string | null;
  }>(
    `SELECT method, card_brand AS brand, card_last4 AS last4, decline_reason AS decline
     FROM payments WHERE id = $1`,
    [paymentId],
  );
  return rows[0];
}

async function ordersOfHold(holdId: string) {
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM orders WHERE hold_id = $1 ORDER BY created_at',
    [holdId],
  );
  return rows.map((order) => order.status);
}

const holdIsLive = async (buyer: Buyer, holdId: string) =>
  (await callApi(app, buyer, 'GET', `/holds/${holdId}`)).statusCode === 200;

// ---- PayPal ----

describe('PayPal (sandbox)', () => {
  it('sends the buyer to an accessible approval page, then sells once and captures once', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'K');
    const { hold, basket } = await readyToPay(buyer, [seats[0]!, seats[1]!]);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    expect(started.action?.url).toMatch(new RegExp(`^${BASE}/paypal/[0-9a-f-]{36}$`));

    const page = await app.inject({ method: 'GET', url: started.action!.url });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    // A pound payment's page is in British English (issue 24).
    expect(page.body).toContain('<html lang="en-GB">');
    expect(page.body).toContain('<title>Approve your payment - Sandbox PayPal</title>');
    for (const label of ['Approve', 'Cancel', 'Log in as a declining account']) {
      expect(page.body).toMatch(new RegExp(`<button type="submit"[^>]*>${label}</button>`));
    }

    // Back before answering: still at PayPal's page, nothing sold.
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'action_required' });
    await answerPayPal(started, 'approved');
    const confirmations = await Promise.all([1, 2, 3].map(() => continuePay(buyer, started)));
    for (const done of confirmations) {
      expect(done.outcome).toBe('confirmed');
      expect(done.order!.number).toBe(confirmations[0]!.order!.number);
    }
    expect(await ordersOfHold(hold.id)).toEqual(['confirmed']);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    expect(await paymentRow(started.paymentId!)).toEqual({
      method: 'paypal',
      brand: null,
      last4: null,
      decline: null,
    });
    // The page is done: a second visit goes straight back to the shop.
    const again = await app.inject({ method: 'GET', url: started.action!.url });
    expect([again.statusCode, again.headers.location]).toEqual([
      303,
      `/checkout/verify?paymentId=${started.paymentId}`,
    ]);
  });

  it('answers Cancel as declined (cancelled), keeps the hold, and a card then pays', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[4]!]);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    await answerPayPal(started, 'cancelled');
    expect(await continuePay(buyer, started)).toMatchObject({
      outcome: 'declined',
      declineReason: 'cancelled',
      order: null,
    });
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'declined', captured: 0, ours: 'declined' },
    ]);
    expect(await holdIsLive(buyer, hold.id)).toBe(true);

    const byCard = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await cardToken('visa', 'approve'),
    });
    expect(byCard.action?.kind).toBe('device_data');
    await submitPage(byCard.action!.url, deviceData);
    expect((await continuePay(buyer, byCard)).outcome).toBe('confirmed');
    expect(await ordersOfHold(hold.id)).toEqual(['failed', 'confirmed']);
    expect(await paymentRow(byCard.paymentId!)).toMatchObject({ method: 'card', brand: 'visa' });
  });

  it('declines a declining PayPal account', async () => {
    const buyer = await newBuyer();
    // Seat 8: row K's 1–2, 5, 8 and 9 held in any mix leave no seat alone (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[7]!]);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    await answerPayPal(started, 'declining_account');
    expect(await continuePay(buyer, started)).toMatchObject({
      outcome: 'declined',
      declineReason: 'declined',
    });
    expect(await holdIsLive(buyer, hold.id)).toBe(true);
  });

  it('asks PayPal only for what a gift voucher leaves to pay', async () => {
    const buyer = await newBuyer();
    const seats = await row('STALLS', 'P');
    const { hold, basket } = await readyToPay(buyer, [seats[0]!, seats[1]!]);
    const voucher = demoVoucher('uk', 'gift_voucher', 'demo');
    expect(basket.total).toBeGreaterThan(voucher.balance);
    // Applied as the voucher route does (its checks are the voucher tests'): this test is about
    // what the provider is asked for.
    await db.query(
      `INSERT INTO hold_vouchers (hold_id, voucher_id)
       SELECT $1, id FROM vouchers WHERE number = $2`,
      [hold.id, voucher.number.replaceAll(' ', '')],
    );
    const read = await callApi(app, buyer, 'GET', `/holds/${hold.id}/payment-methods`);
    expect(read.statusCode, read.body).toBe(200);
    const options = paymentMethodsSchema.parse(read.json());
    expect(options.vouchers).toHaveLength(1);
    expect(options.amountDue).toBe(basket.total - voucher.balance);
    expect(options.methods.map((option) => option.method)).toContain('paypal');

    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
      amountDue: options.amountDue,
    });
    const page = await app.inject({ method: 'GET', url: started.action!.url });
    const due = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(
      options.amountDue / 100,
    );
    expect(page.body).toContain(`<dd>${due}</dd>`);
    await answerPayPal(started, 'approved');
    expect((await continuePay(buyer, started)).outcome).toBe('confirmed');
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: options.amountDue, ours: 'captured' },
    ]);
  });

  it('is voided when a newer attempt replaces it at the approval page', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'P'))[4]!]);
    const byPayPal = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    const byWallet = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await walletToken('google_pay', 'mastercard', 'approve'),
      method: 'google_pay',
    });
    expect(byWallet.outcome).toBe('confirmed');
    await expect
      .poll(async () => (await gatewayPayment(byPayPal.paymentId!))[0]?.state, { timeout: 10_000 })
      .toBe('voided');
    // Approving the replaced order now changes nothing: PayPal's page sends the buyer back.
    const late = await app.inject({ method: 'GET', url: byPayPal.action!.url });
    expect(late.statusCode).toBe(303);
    expect((await continuePay(buyer, byPayPal)).outcome).toBe('declined');
    expect(await ordersOfHold(hold.id)).toEqual(['failed', 'confirmed']);
  });

  it('is honoured when approved after the hold ran out, the seats being still free', async () => {
    const buyer = await newBuyer();
    // Seat 8: row P's 1–2, 5 and 8 held in any mix leave no seat alone (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'P'))[7]!]);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    await expireHold(db, hold.id);
    await answerPayPal(started, 'approved');
    const done = await continuePay(buyer, started);
    expect(done.outcome).toBe('confirmed');
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
  });

  it('makes one order and one PayPal order of a double click on pay', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'K'))[8]!]);
    const body = { basketVersion: basket.version, cardToken: null, method: 'paypal' as const };
    const key = newKey();
    const clicks = await Promise.all(
      [1, 2, 3, 4, 5].map(() => payCall(buyer, hold.id, { ...body, key })),
    );
    const answers = clicks.filter((c) => c.statusCode === 200).map((c) => c.json<unknown>());
    expect(answers.length).toBeGreaterThan(0);
    for (const click of clicks.filter((c) => c.statusCode !== 200)) {
      expect([click.statusCode, codeOf(click)]).toEqual([409, 'idempotency_in_flight']);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const started = payResponseSchema.parse(answers[0]);
    await answerPayPal(started, 'approved');
    expect((await continuePay(buyer, started)).outcome).toBe('confirmed');
    // The replay of the key answers as the first time (the approval step), never a second order.
    const replay = await payCall(buyer, hold.id, { ...body, key });
    expect(replay.json()).toEqual(answers[0]);
    const { rows } = await db.query('SELECT 1 FROM payments WHERE reference = $1', [
      started.orderId,
    ]);
    expect(rows).toHaveLength(1);
    expect(await ordersOfHold(hold.id)).toEqual(['confirmed']);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
  });
});

// ---- wallets ----

describe('wallets (sandbox Google Pay and Apple Pay)', () => {
  it('pays with a wallet token at once: no 3-D Secure step, one capture', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'L'))[0]!]);
    const done = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await walletToken('google_pay', 'mastercard', 'challenge'),
      method: 'google_pay',
    });
    expect(done.outcome).toBe('confirmed');
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
    expect(await paymentRow(done.paymentId!)).toEqual({
      method: 'google_pay',
      brand: 'mastercard',
      last4: '3225',
      decline: null,
    });
  });

  it('declines as the wallet’s card says, keeps the hold, and the wallet then pays', async () => {
    const buyer = await newBuyer();
    // Seat 4: row L's 1, 4, 5 and 8 held in any mix leave no seat alone (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'L'))[3]!]);
    const declined = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await walletToken('apple_pay', 'mastercard', 'decline'),
      method: 'apple_pay',
    });
    expect(declined).toMatchObject({ outcome: 'declined', declineReason: 'declined' });
    expect(await holdIsLive(buyer, hold.id)).toBe(true);
    const paid = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await walletToken('apple_pay', 'mastercard', 'approve'),
      method: 'apple_pay',
    });
    expect(paid.outcome).toBe('confirmed');
    expect(await ordersOfHold(hold.id)).toEqual(['failed', 'confirmed']);
  });

  it('makes one order and one capture of a double click, and replays the first answer', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'L'))[4]!]);
    const body = {
      basketVersion: basket.version,
      cardToken: await walletToken('google_pay', 'amex', 'approve'),
      method: 'google_pay' as const,
      key: newKey(),
    };
    const clicks = await Promise.all([1, 2, 3, 4, 5].map(() => payCall(buyer, hold.id, body)));
    const answers = clicks.filter((c) => c.statusCode === 200).map((c) => c.json<unknown>());
    expect(answers.length).toBeGreaterThan(0);
    for (const click of clicks.filter((c) => c.statusCode !== 200)) {
      expect([click.statusCode, codeOf(click)]).toEqual([409, 'idempotency_in_flight']);
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const done = payResponseSchema.parse(answers[0]);
    expect(done.outcome).toBe('confirmed');
    const replay = await payCall(buyer, hold.id, body);
    expect(replay.statusCode).toBe(200);
    expect(payResponseSchema.parse(replay.json()).order!.number).toBe(done.order!.number);
    expect(await ordersOfHold(hold.id)).toEqual(['confirmed']);
    expect(await gatewayPayment(done.paymentId!)).toEqual([
      { state: 'captured', captured: basket.total, ours: 'captured' },
    ]);
  });

  it('refuses a wallet token the sandbox cannot read, or one of another wallet', async () => {
    const card = testCard('visa', 'approve').number;
    for (const walletToken of [
      'not json',
      JSON.stringify({ cardNumber: card }),
      sandboxWalletToken('apple_pay', card),
      sandboxWalletToken('google_pay', '4111 1111 1111 1112'),
    ]) {
      const response = await postWalletToken('google_pay', walletToken);
      expect([response.statusCode, codeOf(response)]).toEqual([422, 'payment_token_invalid']);
    }
  });

  it('takes a token only for the method it came from (422 payment_token_invalid)', async () => {
    const buyer = await newBuyer();
    // Seat 8, two free seats past seat 5 (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'L'))[7]!]);
    const cases = [
      { cardToken: await cardToken('visa', 'approve'), method: 'google_pay' as const },
      {
        cardToken: await walletToken('apple_pay', 'visa', 'approve'),
        method: 'google_pay' as const,
      },
      { cardToken: await walletToken('google_pay', 'visa', 'approve'), method: 'card' as const },
      { cardToken: await walletToken('google_pay', 'visa', 'approve') },
    ];
    for (const body of cases) {
      const refused = await payCall(buyer, hold.id, { basketVersion: basket.version, ...body });
      expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'payment_token_invalid']);
    }
    expect(await ordersOfHold(hold.id)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(await holdIsLive(buyer, hold.id)).toBe(true);
  });
});

// ---- the basket's rules ----

describe('methods the basket cannot use', () => {
  it('refuses PayPal for posted tickets, and takes a card for them', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[0]!], 'post');
    const refused = await payCall(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'payment_method_unavailable']);
    expect(await ordersOfHold(hold.id)).toEqual([]);
    const byCard = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: await cardToken('mastercard', 'approve'),
    });
    expect(byCard.outcome).toBe('action_required');
  });

  it('refuses a wallet and PayPal for American Express seats', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, (await row('DRESS', 'B')).slice(9, 10));
    expect(basket.acceptedCardBrands).toEqual(['amex']);
    for (const body of [
      {
        cardToken: await walletToken('apple_pay', 'amex', 'approve'),
        method: 'apple_pay' as const,
      },
      { cardToken: null, method: 'paypal' as const },
    ]) {
      const refused = await payCall(buyer, hold.id, { basketVersion: basket.version, ...body });
      expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'payment_method_unavailable']);
    }
    expect(await ordersOfHold(hold.id)).toEqual([]);
  });

  it('refuses what the operator switched off (PAYMENT_METHODS)', async () => {
    const cardOnly = await buildApp({
      db,
      venues,
      logger: false,
      payment: {
        timeoutMs: TIME_LIMIT_MS,
        tokenRateLimit: { max: 1000, windowSeconds: 600 },
        methods: ['card', 'gift_voucher', 'gift_card'],
      },
    });
    try {
      const buyer = await newBuyer();
      // Seat 4: row M's 1, 4 and 5 held in any mix leave no seat alone (single-seat rule).
      const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[3]!]);
      for (const body of [
        { cardToken: null, method: 'paypal' as const },
        {
          cardToken: await walletToken('google_pay', 'visa', 'approve'),
          method: 'google_pay' as const,
        },
      ]) {
        const refused = await payCall(
          buyer,
          hold.id,
          { basketVersion: basket.version, ...body },
          cardOnly,
        );
        expect([refused.statusCode, codeOf(refused)]).toEqual([422, 'payment_method_unavailable']);
      }
      // The same PayPal payment is taken where the operator allows it.
      const allowed = await pay(buyer, hold.id, {
        basketVersion: basket.version,
        cardToken: null,
        method: 'paypal',
      });
      expect(allowed.action?.kind).toBe('approval');
    } finally {
      await cardOnly.close();
    }
  });

  it('refuses a PayPal body with a token, and a wallet without one (400)', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[4]!]);
    for (const body of [
      { cardToken: await cardToken('visa', 'approve'), method: 'paypal' as const },
      { cardToken: null, method: 'apple_pay' as const },
    ]) {
      const refused = await payCall(buyer, hold.id, { basketVersion: basket.version, ...body });
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'validation_failed']);
    }
  });
});

// ---- the reconciliation sweep ----

describe('a PayPal approval nobody finishes', () => {
  const ages = { unansweredS: 3600, actionS: 7200 };

  it('is voided by the sweep once the buyer is gone; the hold stays theirs', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'N'))[0]!]);
    const started = await pay(buyer, hold.id, {
      basketVersion: basket.version,
      cardToken: null,
      method: 'paypal',
    });
    const keys = new ServerKeys(db);
    const context: PayContext = {
      db,
      payments: app.payments,
      warn: () => undefined,
      scope: regionContext('uk', venues),
      signer: await ticketSigner(keys, undefined),
      sealer: await LinkSealer.load(keys),
      orderUrl: (order) => `http://127.0.0.1/checkout/confirmation?order=${order.id}`,
    };
    const age = async (seconds: number) => {
      await db.query(
        `UPDATE orders SET created_at = now() - make_interval(secs => $2::int) WHERE id = $1`,
        [started.orderId, seconds],
      );
      await db.query(
        `UPDATE payments SET updated_at = now() - make_interval(secs => $2::int) WHERE reference = $1`,
        [started.orderId, seconds],
      );
    };
    await age(ages.actionS - 60);
    await settleAbandonedAttempts(context, 'uk', ages);
    expect(await ordersOfHold(hold.id)).toEqual(['pending']);

    await age(ages.actionS + 1);
    await settleAbandonedAttempts(context, 'uk', ages);
    expect(await ordersOfHold(hold.id)).toEqual(['failed']);
    expect(await gatewayPayment(started.paymentId!)).toEqual([
      { state: 'voided', captured: 0, ours: 'voided' },
    ]);
    // PayPal's page is closed: it sends a late buyer back, where the attempt has ended.
    const late = await app.inject({ method: 'GET', url: started.action!.url });
    expect(late.statusCode).toBe(303);
    expect(await continuePay(buyer, started)).toMatchObject({ outcome: 'timed_out' });
    expect(await holdIsLive(buyer, hold.id)).toBe(true);
  });
});

describe('payer and card data', () => {
  it('appears in no log line and no row: wallet payloads and card numbers are never kept', async () => {
    await expectNoCardData(
      db,
      { logLines, numbers: sentNumbers, cvvs: sentCvvs },
      { skip: CATALOGUE_TABLES },
    );
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(sentWalletTokens.size).toBeGreaterThan(0);
    for (const walletToken of sentWalletTokens) {
      expect(logLines.join('\n')).not.toContain(walletToken);
      for (const { name } of tables) {
        const found = await db.query(
          `SELECT 1 FROM ${name} t WHERE strpos(t::text, $1) > 0 LIMIT 1`,
          [walletToken],
        );
        expect(found.rows, `${name} holds a wallet token`).toEqual([]);
      }
    }
    // PayPal payments keep the method and the provider's reference only.
    const { rows } = await db.query(
      `SELECT 1 FROM payments WHERE method = 'paypal' AND (card_brand IS NOT NULL OR card_last4 IS NOT NULL)`,
    );
    expect(rows).toEqual([]);
  });
});
