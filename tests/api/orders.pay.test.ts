/**
 * Paying by card: the frictionless sale and its signed e-tickets, the hold kept while the buyer
 * pays, 3-D Secure, declines and time-outs; and, across all of them, no card data kept anywhere.
 */
import { describe, expect, it, vi } from 'vitest';
import { basketResponseSchema } from '../../contract/api/basket';
import { holdResponseSchema } from '../../contract/api/holds';
import { PAYMENT_WINDOW_MINUTES, orderResponseSchema } from '../../contract/api/orders';
import { callApi, type Buyer } from './buyers';
import { CATALOGUE_TABLES, expectNoCardData } from './cardData';
import {
  app,
  basketOf,
  buy,
  codeOf,
  collectDeviceData,
  continuePay,
  db,
  gatewayPayment,
  logLines,
  newBuyer,
  orderOf,
  pay,
  payCall,
  readyToPay,
  row,
  sentCvvs,
  sentNumbers,
  startOrdersApp,
  submitStep,
  theatre,
  tokenFor,
} from './orderFixtures';

startOrdersApp();

/** Milliseconds the buyer's hold has left, as the API says. */
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

describe('3-D Secure, declines and time-outs', () => {
  it('takes only an American Express card for American Express seats, then a challenge', async () => {
    const buyer = await newBuyer();
    // Seats 11 and 12, up to the centre aisle: 10 and 11 would leave 12 on its own (issue 24).
    const amexSeats = (await row('DRESS', 'B')).slice(10, 12);
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
    // Seat 12, beside the centre aisle: seat 11 alone would leave 12 on its own (issue 24).
    const { hold, basket } = await readyToPay(buyer, [seats[11]!]);
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
      [theatre.performanceId, seats[11]],
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
