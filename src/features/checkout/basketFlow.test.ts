import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { makeStore, type RootState } from '@/app/store';
import { server, useMswServer } from '../../../tests/msw/server';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import {
  basketOf,
  basketPutsFor,
  inventory,
  PROGRAMME_ID,
  resetInventory,
} from '../../../tests/msw/inventory';
import {
  basketSlice,
  loaded,
  loadRequested,
  priceChangeDetected,
  priceChangeReviewed,
  selectBasketState,
  updateRequested,
  updateRetried,
  updated,
} from './basketSlice';
import { signedIn, signedOut } from '@/features/auth/authSlice';
import { watchBasket } from './basketSaga';
import { readReviewedVersion, storeReviewedVersion } from './reviewedVersionStorage';

useMswServer();
beforeEach(() => {
  resetInventory();
  window.sessionStorage.clear();
});

/** A store with the basket flow running, as the checkout's route (CheckoutFlows) starts it. */
function basketStore(state: Partial<RootState>) {
  const store = makeStore(state);
  store.runSagaOnce(watchBasket);
  return store;
}

/** The hold heldState() made last (call it after heldState). */
const target = () => ({ region: 'uk' as const, holdId: checkoutHoldId() });

function loadedStore() {
  const store = basketStore(heldState());
  store.dispatch(loadRequested(target()));
  return store;
}

const basketOfStore = (store: ReturnType<typeof makeStore>) => selectBasketState(store.getState());

describe('the basket flow', () => {
  it('re-reads the held basket when the buyer signs in or a sign-in times out, so a changed price shows at once', async () => {
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    const before = basketOfStore(store).basket!;
    // The member's price differs from the guest's (the fee waived): the server answers anew.
    // (The double takes 2.50 off each ticket.)
    inventory.basket.priceRise = -250;
    const member = {
      account: { email: 'atg@demo.stagedoor.test', firstName: 'Ada', lastName: 'Member' },
      idleExpiresAt: '2099-01-01T00:30:00.000Z',
      absoluteExpiresAt: '2099-01-01T12:00:00.000Z',
    };
    store.dispatch(signedIn(member));
    await waitFor(() => expect(basketOfStore(store).basket?.total).toBeLessThan(before.total));
    expect(basketOfStore(store).priceChanged).toBe(true);

    inventory.basket.priceRise = 0;
    store.dispatch(signedOut({ reason: 'timeout' }));
    await waitFor(() => expect(basketOfStore(store).basket?.total).toBe(before.total));
  });

  it('reads the basket, takes its version as the one reviewed and keeps it for a reload', async () => {
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    const { basket, reviewedVersion, priceChanged } = basketOfStore(store);
    expect(basket?.total).toBe(13_000);
    expect(reviewedVersion).toBe(basket?.version);
    expect(priceChanged).toBe(false);
    expect(readReviewedVersion(checkoutHoldId())).toBe(basket?.version);
  });

  it('raises the price change when a reload finds a version other than the one reviewed', async () => {
    const state = heldState();
    storeReviewedVersion(checkoutHoldId(), basketOf(state.reservation!.hold!).version);
    inventory.basket.priceRise = 250;
    const store = basketStore(state);
    store.dispatch(
      loadRequested({ ...target(), reviewedVersion: readReviewedVersion(checkoutHoldId()) }),
    );
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    expect(basketOfStore(store).priceChanged).toBe(true);

    store.dispatch(priceChangeReviewed());
    expect(basketOfStore(store).priceChanged).toBe(false);
    expect(basketOfStore(store).reviewedVersion).toBe(basketOfStore(store).basket?.version);
    await waitFor(() =>
      expect(readReviewedVersion(checkoutHoldId())).toBe(basketOfStore(store).basket?.version),
    );
  });

  it("takes the buyer's own change as reviewed, but not a price that moved with it", async () => {
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));

    store.dispatch(
      updateRequested({ ...target(), body: { upsells: [{ id: PROGRAMME_ID, quantity: 2 }] } }),
    );
    await waitFor(() => expect(basketOfStore(store).basket?.extras).toHaveLength(1));
    expect(basketOfStore(store).basket?.total).toBe(13_000 + 1_200);
    expect(basketOfStore(store).priceChanged).toBe(false);
    expect(basketOfStore(store).reviewedVersion).toBe(basketOfStore(store).basket?.version);

    inventory.basket.priceRise = 100;
    store.dispatch(updateRequested({ ...target(), body: { ticketProtection: 'no' } }));
    await waitFor(() => expect(basketOfStore(store).basket?.ticketProtection?.choice).toBe('no'));
    expect(basketOfStore(store).priceChanged).toBe(true);
  });

  it('retries a dropped change under the same key, so it is applied once', async () => {
    const keys: string[] = [];
    let failures = 1;
    server.use(
      http.put('/api/:region/holds/:holdId/basket', ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.error();
      }),
    );
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    store.dispatch(updateRequested({ ...target(), body: { ticketProtection: 'yes' } }));
    await waitFor(() => expect(basketOfStore(store).basket?.ticketProtection?.choice).toBe('yes'), {
      timeout: 4000,
    });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(basketPutsFor(checkoutHoldId())).toHaveLength(1);
    expect(basketOfStore(store).update.status).toBe('idle');
  });

  it('keeps a change that failed, and "Try again" resends it under the same key', async () => {
    let refuse = true;
    server.use(
      http.put('/api/:region/holds/:holdId/basket', async ({ request }) => {
        if (!refuse) return undefined;
        inventory.basket.puts.push({
          holdId: checkoutHoldId(),
          key: request.headers.get('idempotency-key') ?? '',
          body: await request.clone().json(),
        });
        return HttpResponse.json({ code: 'internal_error', message: 'boom' }, { status: 500 });
      }),
    );
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    store.dispatch(updateRequested({ ...target(), body: { ticketProtection: 'yes' } }));
    await waitFor(() => expect(basketOfStore(store).update.status).toBe('failed'));
    expect(basketOfStore(store).updateError).toBe('general');

    refuse = false;
    store.dispatch(updateRetried(target()));
    await waitFor(() => expect(basketOfStore(store).update.status).toBe('idle'));
    expect(basketOfStore(store).basket?.ticketProtection?.choice).toBe('yes');
    const keys = basketPutsFor(checkoutHoldId()).map((put) => put.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not take a read that crossed a change in flight for a price change', () => {
    const hold = heldState().reservation!.hold!;
    const before = basketOf(hold);
    let state = basketSlice.reducer(undefined, loaded({ basket: before }));
    state = basketSlice.reducer(
      state,
      updateRequested({ ...target(), body: { upsells: [{ id: PROGRAMME_ID, quantity: 1 }] } }),
    );
    inventory.basket.choices.set(checkoutHoldId(), {
      upsells: new Map([[PROGRAMME_ID, 1]]),
      protection: null,
    });
    const withChange = basketOf(hold);
    state = basketSlice.reducer(state, loaded({ basket: withChange }));
    expect(state.priceChanged).toBe(false);
    state = basketSlice.reducer(
      state,
      updated({ basket: withChange, idempotencyKey: state.update.change!.idempotencyKey }),
    );
    expect(state.priceChanged).toBe(false);
    expect(state.reviewedVersion).toBe(withChange.version);
  });

  it('shows the alert when the pay request meets a changed basket', async () => {
    const store = loadedStore();
    await waitFor(() => expect(basketOfStore(store).status).toBe('succeeded'));
    inventory.basket.transactionFee = 300;
    const changed = basketOf(inventory.holds.get(checkoutHoldId())!);
    store.dispatch(priceChangeDetected({ basket: changed }));
    expect(basketOfStore(store).priceChanged).toBe(true);
    expect(basketOfStore(store).basket?.total).toBe(13_300);
  });

  it('says the hold expired when the server has let it go', async () => {
    const store = basketStore(heldState());
    inventory.holds.set(checkoutHoldId(), {
      ...inventory.holds.get(checkoutHoldId())!,
      expiresAt: new Date(Date.now() - 1_000).toISOString(),
    });
    store.dispatch(loadRequested(target()));
    await waitFor(() => expect(basketOfStore(store).status).toBe('failed'));
    expect(basketOfStore(store).error).toBe('expired');
    expect(store.getState().reservation.status).toBe('expired');
  });
});
