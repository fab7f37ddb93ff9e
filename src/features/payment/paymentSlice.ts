import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PayMethod } from '@contract/api/paymentMethodKinds';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';

/**
 * What went wrong with a payment, each with its own words on screen:
 * - `declined`, `timedOut`: the payment-failed and payment-timeout copy (spec §8);
 * - `holdLost`: paid too late, the seats went to someone else; nothing was kept (refunded);
 * - `noOptions`: the payment service cannot take a payment now ("We've been unable to process
 *   your transaction. Please contact us");
 * - `card`: the card itself was refused; `cardProblems` says which field and why;
 * - `detailsIncomplete`: the details steps were not finished (the server checks before paying);
 * - `unknownPayment`: /checkout/verify without a payment this tab started;
 * - `walletDeclined`: a Google Pay or Apple Pay payment was declined (spec §8's wallet wording);
 * - `paypalCancelled`: the buyer pressed Cancel on PayPal's page and came back to choose again;
 * - `amountDueChanged`: the vouchers now give less (another basket spent part of a balance), so
 *   the amount left to pay moved before anything was taken;
 * - `methodUnavailable`: the method chosen can no longer pay for this basket (the options were
 *   read again);
 * - `promoSingleUse`: the basket's single-use promo code has gone to another order (spec §8's
 *   single-use promo error kind); nothing was charged and the seats are still held;
 * - `general`: anything else, which "Try again" may cure.
 */
export type PaymentProblem =
  | 'declined'
  | 'timedOut'
  | 'holdLost'
  | 'noOptions'
  | 'card'
  | 'detailsIncomplete'
  | 'unknownPayment'
  | 'walletDeclined'
  | 'paypalCancelled'
  | 'amountDueChanged'
  | 'methodUnavailable'
  | 'promoSingleUse'
  | 'general';

/** The card fields of the payment form. */
export type CardField = 'cardNumber' | 'cardName' | 'expiry' | 'cvv';

/** Why a card field was refused, matching one spec §5 card message each. */
export type CardProblem = 'number' | 'notAccepted' | 'expiryMonth' | 'expiryYear' | 'cvv' | 'name';

export type CardProblems = Partial<Record<CardField, CardProblem>>;

/**
 * make-payment (spec §4): `paying` is the request (the card being tokenised, the pay or continue
 * call out); `redirecting` and `succeeded` are success (3-D Secure next, or the order is
 * confirmed); `failed` is the failure, with its problem; `aborted` means the answer never came
 * (the connection dropped, a reload, or the server still working on it after every ask) — the
 * retry alert, whose "Try again" resends the same attempt when `retryPending` (same
 * Idempotency-Key), else asks for the card again. While it waits to be resent, the hold is kept
 * as for a payment in flight (paymentInFlight.ts).
 */
export interface PaymentState {
  status: 'idle' | 'paying' | 'redirecting' | 'succeeded' | 'failed' | 'aborted';
  problem: PaymentProblem | null;
  cardProblems: CardProblems;
  retryPending: boolean;
  /** The confirmed order. */
  orderId: string | null;
}

const initialState: PaymentState = {
  status: 'idle',
  problem: null,
  cardProblems: {},
  retryPending: false,
  orderId: null,
};

/** What the pay request needs besides the card token: the hold and the basket the buyer saw. */
export interface PayTarget {
  region: Region;
  holdId: string;
  basketVersion: string;
}

/**
 * How this attempt pays (issue 15): the method chosen (null when nothing is left to pay), the
 * amount the page showed as left to pay after vouchers, and the card or wallet token (null for
 * PayPal and for nothing to pay).
 */
export interface PayChoice {
  method: PayMethod | null;
  amountDue: number;
  cardToken: string | null;
}

const slice = createSlice({
  name: 'payment',
  initialState,
  reducers: {
    /** The buyer pressed Pay: the card is on its way to the payment service. */
    paymentStarted: () => ({ ...initialState, status: 'paying' as const }),
    /** Pays by the chosen method: a new attempt, a new key. */
    payRequested: (_state, _action: PayloadAction<PayTarget & PayChoice>) => ({
      ...initialState,
      status: 'paying' as const,
    }),
    /** "Try again" after a lost answer: the same attempt, the same key. */
    payRetried: (state) => {
      state.status = 'paying';
      state.problem = null;
    },
    /** Back from a 3-D Secure step on /checkout/verify: the server is asked how it went. */
    verifyRequested: (state, _action: PayloadAction<{ paymentId: string }>) => {
      state.status = 'paying';
      state.problem = null;
      state.retryPending = false;
    },
    /** The bank's 3-D Secure page is next; the browser is leaving the shop. */
    paymentRedirecting: (state) => {
      state.status = 'redirecting';
    },
    paymentSucceeded: (state, action: PayloadAction<{ orderId: string }>) => {
      state.status = 'succeeded';
      state.orderId = action.payload.orderId;
      state.retryPending = false;
    },
    paymentFailed: (
      state,
      action: PayloadAction<{ problem: PaymentProblem; cardProblems?: CardProblems }>,
    ) => {
      state.status = 'failed';
      state.problem = action.payload.problem;
      state.cardProblems = action.payload.cardProblems ?? {};
      state.retryPending = false;
    },
    /** No answer came; `pending` when an attempt is waiting to be sent again under its key. */
    paymentAborted: (state, action: PayloadAction<{ pending: boolean }>) => {
      state.status = 'aborted';
      state.problem = null;
      state.retryPending = action.payload.pending;
    },
    /**
     * Issue 24: the buyer chose to pay without the single-use code another order used; the code
     * comes off the hold and the price-change alert shows the basket at its full price.
     */
    promoDropRequested: (_state, _action: PayloadAction<{ region: Region; holdId: string }>) =>
      undefined,
    /** A page starts afresh, or another flow (the price-change alert) takes over. */
    paymentReset: () => initialState,
  },
  selectors: {
    selectPayment: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the checkout pages, not the first route (app/rootReducer.ts). */
export const paymentSlice = injectLazySlice(slice);

export const {
  paymentStarted,
  payRequested,
  payRetried,
  verifyRequested,
  paymentRedirecting,
  paymentSucceeded,
  paymentFailed,
  paymentAborted,
  paymentReset,
  promoDropRequested,
} = paymentSlice.actions;
export const { selectPayment } = paymentSlice.selectors;
