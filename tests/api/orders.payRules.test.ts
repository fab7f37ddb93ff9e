/**
 * What the pay request refuses (a changed price, missing details, an unanswered protection
 * question, another buyer, too many attempts), zero-price baskets and the member fee waiver.
 */
import { describe, expect, it } from 'vitest';
import { basketResponseSchema } from '../../contract/api/basket';
import { apiErrorSchema } from '../../contract/api/common';
import { MAX_PAY_ATTEMPTS_PER_HOLD, payConflictSchema } from '../../contract/api/orders';
import { readBasket } from '../../server/basket/basket';
import { regionContext } from '../../server/regionContext';
import { buyerBrowser as browser, detailsBody } from './checkoutFixtures';
import { callApi, newKey } from './buyers';
import { cleanPerformance, expireHold } from './race/fixtures';
import { DEMO, signInAs } from './memberSessions';
import { venues } from './testDatabase';
import {
  app,
  basketOf,
  buy,
  codeOf,
  continuePay,
  db,
  expectNoCardDataLeft,
  gatewayPayment,
  holdOf,
  holdSeats,
  newBuyer,
  pay,
  payCall,
  readyToPay,
  row,
  saveDetails,
  sessionIdOf,
  startOrdersApp,
  tablesHolding,
  tokenFor,
} from './orderFixtures';

startOrdersApp();

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
    // Row M here: seats 1, 4, 7, 10, 13, 16; no mix of them leaves a seat alone (single-seat rule).
    const hold = await holdSeats(buyer, [(await row('STALLS', 'M'))[9]!]);
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
    // Seat 13, three from the others in row M (single-seat rule); its hold expires below.
    const { hold, basket } = await readyToPay(owner, [(await row('STALLS', 'M'))[12]!]);
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
    // Seat 16, three from the others in row M (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'M'))[15]!]);
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
  it("appears in no log line and no row of any table after this file's payments", async () => {
    await expectNoCardDataLeft();
  });
});
