import { describe, expect, it } from 'vitest';
import { takeEvery } from 'redux-saga/effects';
import {
  selectPaymentInFlight,
  selectPaymentRedirecting,
} from '@/features/paymentStatus/paymentInFlight';
import { makeStore } from './store';

const PING = { type: 'test/ping' };

/** A feature's watcher that counts its starts and the actions it handles. */
function countingSaga() {
  const counts = { started: 0, handled: 0 };
  function* watchPing() {
    counts.started += 1;
    yield takeEvery(PING.type, () => {
      counts.handled += 1;
    });
  }
  return { watchPing, counts };
}

describe('lazily started sagas (runSagaOnce)', () => {
  it('start once however often a route asks, so each action is handled once', () => {
    const { watchPing, counts } = countingSaga();
    const store = makeStore();
    // StrictMode renders the route twice, and every navigation renders it again.
    store.runSagaOnce(watchPing);
    store.runSagaOnce(watchPing);
    store.runSagaOnce(watchPing);
    store.dispatch(PING);
    expect(counts).toEqual({ started: 1, handled: 1 });
  });

  it('run per store: a test or a second app gets its own copy', () => {
    const { watchPing, counts } = countingSaga();
    const first = makeStore();
    const second = makeStore();
    first.runSagaOnce(watchPing);
    second.runSagaOnce(watchPing);
    first.dispatch(PING);
    expect(counts).toEqual({ started: 2, handled: 1 });
  });

  // Vitest runs modules with a hot-reload context, as the development server does.
  it('replace the running copy when hot reload brings a new version of the same saga', () => {
    const before = countingSaga();
    const after = countingSaga();
    const store = makeStore();
    store.runSagaOnce(before.watchPing);
    store.runSagaOnce(after.watchPing);
    store.dispatch(PING);
    expect(before.counts).toEqual({ started: 1, handled: 0 });
    expect(after.counts).toEqual({ started: 1, handled: 1 });
  });
});

describe('the payment as the hold sees it', () => {
  it('is no payment at all while the checkout (and its payment slice) has not loaded', () => {
    const state = makeStore().getState();
    const withoutPayment = { ...state, payment: undefined };
    expect(selectPaymentInFlight(withoutPayment)).toBe(false);
    expect(selectPaymentRedirecting(withoutPayment)).toBe(false);
  });
});
