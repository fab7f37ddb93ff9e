import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Basket, PutBasketBody } from '@contract/api/basket';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import { held, released } from '@/features/hold/reservationSlice';
import { newIdempotencyKey } from '@/lib/idempotencyKey';
import { newFeeWaiver, samePrices } from './basketPrices';
import type { CheckoutStep } from './checkoutSteps';

type FeeWaiver = NonNullable<Basket['transactionFeeWaiver']>;

/** Why the basket could not be read or changed; the step shows a retry for each. */
export type BasketError = 'connection' | 'expired' | 'notFound' | 'general';

export interface BasketTarget {
  region: Region;
  holdId: string;
}

/**
 * One change the buyer made (extras or a protection choice), with the key that makes a retry of
 * it the same request: kept until the server has it, so "Try again" does not apply it twice.
 */
export interface BasketChange {
  body: PutBasketBody;
  idempotencyKey: string;
}

/**
 * The basket of the live hold. `status` is the read: idle → loading → succeeded | failed (a
 * reload of a basket already shown keeps it on screen while loading). `update` is the write in
 * flight or the one that failed. `reviewedVersion` is the basket version the buyer has seen;
 * a basket arriving with another version that the buyer did not cause raises `priceChanged`
 * until they review it (spec §4 "price or fee change alert").
 */
export interface BasketState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  holdId: string | null;
  basket: Basket | null;
  error: BasketError | null;
  update: { status: 'idle' | 'saving' | 'failed'; change: BasketChange | null };
  updateError: BasketError | null;
  reviewedVersion: string | null;
  priceChanged: boolean;
  /**
   * The fee waiver a sign-in brought to the basket the buyer had reviewed: good news to say on
   * the step they are on (`step`, claimed by the first step that shows it), not a price change
   * to review (they pay less and nothing else moved).
   */
  feeWaived: { waiver: FeeWaiver; step: CheckoutStep | null } | null;
}

const initialState: BasketState = {
  status: 'idle',
  holdId: null,
  basket: null,
  error: null,
  update: { status: 'idle', change: null },
  updateError: null,
  reviewedVersion: null,
  priceChanged: false,
  feeWaived: null,
};

/**
 * A basket from the server: the first one the buyer sees is the reviewed one. Another version
 * is a price change, unless all it adds to the reviewed basket is a member's fee waiver: then
 * it becomes the reviewed one and the step says why the total went down.
 */
function receive(state: BasketState, basket: Basket): void {
  if (state.holdId !== basket.holdId) {
    Object.assign(state, initialState, { holdId: basket.holdId });
  }
  const before = state.basket;
  state.basket = basket;
  state.status = 'succeeded';
  state.error = null;
  if (state.reviewedVersion === null) {
    state.reviewedVersion = basket.version;
    return;
  }
  if (basket.version === state.reviewedVersion) return;
  const waiver =
    before !== null && !state.priceChanged && before.version === state.reviewedVersion
      ? newFeeWaiver(before, basket)
      : null;
  if (waiver !== null) {
    state.reviewedVersion = basket.version;
    state.feeWaived = { waiver, step: null };
    return;
  }
  state.priceChanged = true;
  // A fee that came back (the sign-in ended) is no good news any more.
  if (basket.transactionFeeWaiver === null) state.feeWaived = null;
}

const slice = createSlice({
  name: 'basket',
  initialState,
  reducers: {
    /**
     * A checkout step opened. `reviewedVersion` is what this tab stored for the hold before a
     * reload, so a price that moved meanwhile still raises the alert.
     */
    loadRequested: (
      state,
      action: PayloadAction<BasketTarget & { reviewedVersion?: string | null }>,
    ) => {
      const { holdId, reviewedVersion } = action.payload;
      if (state.holdId !== holdId) {
        Object.assign(state, initialState, { holdId });
        if (reviewedVersion) state.reviewedVersion = reviewedVersion;
      }
      state.status = 'loading';
      state.error = null;
    },
    loaded: (state, action: PayloadAction<{ basket: Basket }>) => {
      // A read that crossed a change in flight may already carry that change, which is not a
      // price change; the change's own answer follows and is the one judged.
      if (state.update.status === 'saving' && state.basket !== null) {
        state.status = 'succeeded';
        return;
      }
      receive(state, action.payload.basket);
    },
    loadFailed: (state, action: PayloadAction<{ error: BasketError }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    updateRequested: {
      reducer: (state, action: PayloadAction<BasketTarget & { change: BasketChange }>) => {
        state.update = { status: 'saving', change: action.payload.change };
        state.updateError = null;
        // The flow drops a read in flight: the change answers with the whole basket.
        if (state.status === 'loading') state.status = state.basket === null ? 'idle' : 'succeeded';
      },
      // One key per change, made here so the failed change keeps it for "Try again".
      prepare: (payload: BasketTarget & { body: PutBasketBody }) => ({
        payload: {
          region: payload.region,
          holdId: payload.holdId,
          change: { body: payload.body, idempotencyKey: newIdempotencyKey() },
        },
      }),
    },
    /** "Try again" after a failed change: the same change under the same key. */
    updateRetried: (state, _action: PayloadAction<BasketTarget>) => {
      if (state.update.change === null) return;
      state.update.status = 'saving';
      state.updateError = null;
      if (state.status === 'loading') state.status = state.basket === null ? 'idle' : 'succeeded';
    },
    /**
     * The server applied the buyer's change. Its own new version is expected; only prices or
     * fees that moved as well (same choices, different amounts) make it a price change.
     */
    updated: (state, action: PayloadAction<{ basket: Basket; idempotencyKey: string }>) => {
      const { basket, idempotencyKey } = action.payload;
      const before = state.basket;
      // A newer change may be queued behind this one; it stays pending until it is answered.
      if (state.update.change?.idempotencyKey === idempotencyKey) {
        state.update = { status: 'idle', change: null };
        state.updateError = null;
      }
      const pricesHeld =
        before !== null && !state.priceChanged && before.holdId === basket.holdId
          ? samePrices(before, basket)
          : false;
      if (pricesHeld) state.reviewedVersion = basket.version;
      receive(state, basket);
    },
    updateFailed: (
      state,
      action: PayloadAction<{ error: BasketError; idempotencyKey: string }>,
    ) => {
      // A failure of a change already replaced by a newer one is moot: the newer one is sent.
      if (state.update.change?.idempotencyKey !== action.payload.idempotencyKey) return;
      state.update.status = 'failed';
      state.updateError = action.payload.error;
    },
    /** Another flow (the pay request's 409 price_changed) met a basket the buyer has not seen. */
    priceChangeDetected: (state, action: PayloadAction<{ basket: Basket }>) => {
      // Refused for a version the buyer had not seen: a waiver alone is said, not reviewed.
      const before = state.reviewedVersion;
      receive(state, action.payload.basket);
      if (state.reviewedVersion === before) state.priceChanged = true;
    },
    /** The buyer chose to review the basket: what is on screen now is what they agreed to. */
    priceChangeReviewed: (state) => {
      if (state.basket !== null) state.reviewedVersion = state.basket.version;
      state.priceChanged = false;
    },
    /** The step the buyer is on says the fee was waived; it stays said there only. */
    feeWaivedShown: (state, action: PayloadAction<{ step: CheckoutStep }>) => {
      if (state.feeWaived !== null && state.feeWaived.step === null)
        state.feeWaived.step = action.payload.step;
    },
    /** The buyer moved on from the step that said so. */
    feeWaivedNoticeSeen: (state) => {
      state.feeWaived = null;
    },
  },
  extraReducers: (builder) => {
    // A new hold or none: the old hold's basket and its reviewed version go with it.
    builder.addCase(held, () => initialState);
    builder.addCase(released, () => initialState);
  },
  selectors: {
    selectBasketState: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the checkout pages, not the first route (app/rootReducer.ts). */
export const basketSlice = injectLazySlice(slice);

export const {
  loadRequested,
  loaded,
  loadFailed,
  updateRequested,
  updateRetried,
  updated,
  updateFailed,
  priceChangeDetected,
  priceChangeReviewed,
  feeWaivedShown,
  feeWaivedNoticeSeen,
} = basketSlice.actions;
export const { selectBasketState } = basketSlice.selectors;
