import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { makeStore } from '@/app/store';
import { server, useMswServer } from '../../../tests/msw/server';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { inventory, resetInventory } from '../../../tests/msw/inventory';
import { resetOrders } from '../../../tests/msw/orders';
import { watchPayment } from './paymentSaga';
import { readPayAttempt, storePayAttempt } from './payAttemptStorage';
import { payRequested, selectPayment, verifyRequested } from './paymentSlice';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetOrders();
  window.sessionStorage.clear();
});

/**
 * The buyer pays with moments left (the browser's deadline 300 ms away) and the order call meets
 * `orderHandler`; every release of a hold is recorded, none expected.
 */
function payWithMomentsLeft(
  orderHandler: (holdId: string, hold: ReturnType<typeof inventory.holds.get> & object) => Handler,
) {
  const state = heldState();
  const holdId = checkoutHoldId();
  const soon = new Date(Date.now() + 300).toISOString();
  const hold = { ...inventory.holds.get(holdId)!, expiresAt: soon };
  inventory.holds.set(holdId, hold);
  const released: string[] = [];
  server.use(
    orderHandler(holdId, hold),
    http.delete('/api/:region/holds/:holdId', ({ params }) => {
      released.push(String(params.holdId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const store = makeStore({
    ...state,
    reservation: { ...state.reservation!, hold, expiresAt: soon },
  });
  store.runSagaOnce(watchPayment);
  store.dispatch(
    payRequested({
      region: 'uk',
      holdId,
      basketVersion: 'v-0123456789abcdef',
      cardToken: 'tok',
      method: 'card',
      amountDue: 13000,
    }),
  );
  return { store, holdId, released };
}
type Handler = Parameters<typeof server.use>[0];

describe('the hold while a payment is in flight', () => {
  it('is not expired by the browser at its old deadline: the answer decides, and the new deadline is read back', async () => {
    // The buyer pays with moments left; the server keeps the hold for the payment window.
    const { store, released } = payWithMomentsLeft((holdId, hold) =>
      http.post('/api/:region/holds/:holdId/order', async () => {
        const kept = new Date(Date.now() + 10 * 60_000).toISOString();
        inventory.holds.set(holdId, { ...hold, expiresAt: kept });
        // The bank takes its time: the old deadline passes meanwhile.
        await delay(700);
        return HttpResponse.json({
          outcome: 'declined',
          orderId: '0DE40000-0000-4000-8000-000000000001',
          paymentId: '9A7E0000-0000-4000-8000-000000000001',
          declineReason: 'declined',
          order: null,
        });
      }),
    );

    await waitFor(() => expect(selectPayment(store.getState()).status).toBe('failed'), {
      timeout: 3000,
    });
    await waitFor(() =>
      expect(Date.parse(store.getState().reservation.expiresAt!)).toBeGreaterThan(
        Date.now() + 9 * 60_000,
      ),
    );
    expect(store.getState().reservation.status).toBe('held');
    expect(selectPayment(store.getState()).problem).toBe('declined');
    expect(released).toEqual([]);
  });
});

describe('a payment whose answer was lost', () => {
  it('keeps the hold past its browser deadline while the attempt waits to be sent again', async () => {
    // The server took the payment and kept the hold for it, but the answer never arrived.
    const { store, holdId, released } = payWithMomentsLeft(() =>
      http.post('/api/:region/holds/:holdId/order', () => HttpResponse.error()),
    );
    await waitFor(() =>
      expect(selectPayment(store.getState())).toMatchObject({
        status: 'aborted',
        retryPending: true,
      }),
    );

    // Past the deadline the tab knew: "Try again" may still be answered "confirmed".
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(store.getState().reservation.status).toBe('held');
    expect(released).toEqual([]);
    expect(readPayAttempt()?.holdId).toBe(holdId);
  });
});

describe('the 3-D Secure return while the provider is still settling', () => {
  afterEach(() => vi.useRealTimers());

  it('offers "Try again" for the same payment instead of calling it refused', async () => {
    // Redux-saga's waits between asks are timers; the test moves the clock on instead of waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const continues: string[] = [];
    server.use(
      http.post('/api/:region/orders/:orderId/payments/:paymentId/continue', ({ params }) => {
        continues.push(String(params.paymentId));
        return HttpResponse.json(
          { code: 'payment_state_invalid', message: 'The payment is still being settled.' },
          { status: 409 },
        );
      }),
    );
    heldState();
    const attempt = {
      region: 'uk' as const,
      holdId: checkoutHoldId(),
      idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      basketVersion: 'v-0123456789abcdef',
      cardToken: 'tok-1',
      orderId: '0DE40000-0000-4000-8000-000000000001',
      paymentId: '9A7E0000-0000-4000-8000-000000000001',
    };
    storePayAttempt(attempt);
    const store = makeStore();
    store.runSagaOnce(watchPayment);
    store.dispatch(verifyRequested({ paymentId: attempt.paymentId }));

    while (selectPayment(store.getState()).status === 'paying')
      await vi.advanceTimersByTimeAsync(1_000);
    expect(selectPayment(store.getState())).toMatchObject({
      status: 'aborted',
      retryPending: true,
      problem: null,
    });
    expect(continues.length).toBeGreaterThan(1);
    // Kept, so "Try again" asks about the same payment.
    expect(readPayAttempt()).toEqual(attempt);
  });
});
