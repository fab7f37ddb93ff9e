/**
 * The idempotent pay request: replays, crashes, copies sent while one is at the gateway,
 * stalled runs and frantic double clicks make one order and one capture.
 */
import { describe, expect, it } from 'vitest';
import { payResponseSchema } from '../../contract/api/orders';
import { idempotentEffect, requestHash } from '../../server/http/idempotency';
import { newKey } from './buyers';
import {
  codeOf,
  collectDeviceData,
  continuePay,
  db,
  expectNoCardDataLeft,
  gatewayPayment,
  newBuyer,
  pay,
  payCall,
  readyToPay,
  row,
  sessionIdOf,
  startOrdersApp,
  tokenFor,
} from './orderFixtures';

startOrdersApp();

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
    // Seat 7: beside seat 6 held above, or with 6 free, it leaves no seat alone (single-seat rule).
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'H'))[6]!]);
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

describe('card data', () => {
  it("appears in no log line and no row of any table after this file's payments", async () => {
    await expectNoCardDataLeft();
  });
});
