import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  ApplyVoucherBody,
  AppliedVoucher,
  PaymentMethods,
} from '@contract/api/paymentMethods';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import { held, released } from '@/features/hold/reservationSlice';

/** Why the payment methods could not be read; the step offers "Try again". */
export type PaymentMethodsError = 'connection' | 'expired' | 'general';

/**
 * Why the server refused a voucher or gift card, one message each (vouchers.refused.* ids):
 * the ApplyVoucher refusals of contract/api/paymentMethods.ts, plus `connection` (no answer)
 * and `general` (anything else).
 */
export type VoucherProblem =
  | 'tooShort'
  | 'invalid'
  | 'expired'
  | 'empty'
  | 'currency'
  | 'notAccepted'
  | 'notNeeded'
  | 'alreadyApplied'
  | 'tooManyTries'
  | 'connection'
  | 'general';

/** The panel field a refusal is shown on: the number, the code, or the panel as a whole. */
export type VoucherField = 'number' | 'code' | 'form';

export interface VoucherTarget {
  region: Region;
  holdId: string;
}

/** What the polite live region says last: a voucher applied or removed, by its ending. */
export interface VoucherAnnouncement {
  kind: 'applied' | 'removed';
  voucher: AppliedVoucher;
  /** Counts up, so the same words said twice are still announced. */
  sequence: number;
}

/**
 * spec §4's "payment methods" flow for the live hold: `status` is the read (request → success |
 * failure), `methods` the last answer, which every voucher change replaces with its own.
 * `apply` is the voucher being checked on the server and its refusal; `removing` the voucher
 * being taken off and whether that failed.
 */
export interface PaymentMethodsState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  holdId: string | null;
  methods: PaymentMethods | null;
  error: PaymentMethodsError | null;
  apply: {
    status: 'idle' | 'applying' | 'failed';
    problem: VoucherProblem | null;
    field: VoucherField | null;
  };
  removing: { voucherId: string | null; failed: boolean };
  announcement: VoucherAnnouncement | null;
}

const initialState: PaymentMethodsState = {
  status: 'idle',
  holdId: null,
  methods: null,
  error: null,
  apply: { status: 'idle', problem: null, field: null },
  removing: { voucherId: null, failed: false },
  announcement: null,
};

/** Where each refusal is shown: the field the buyer would change to cure it. */
const PROBLEM_FIELD: Record<VoucherProblem, VoucherField> = {
  tooShort: 'number',
  // One answer for an unknown number and a wrong code: the server never says which.
  invalid: 'code',
  expired: 'number',
  empty: 'number',
  currency: 'number',
  notAccepted: 'number',
  alreadyApplied: 'number',
  notNeeded: 'form',
  tooManyTries: 'form',
  connection: 'form',
  general: 'form',
};

/** Another hold's methods and vouchers never show for this one. */
function forHold(state: PaymentMethodsState, holdId: string): void {
  if (state.holdId !== holdId) Object.assign(state, initialState, { holdId });
}

function receive(state: PaymentMethodsState, methods: PaymentMethods): void {
  forHold(state, methods.holdId);
  state.methods = methods;
  state.status = 'succeeded';
  state.error = null;
}

function announce(
  state: PaymentMethodsState,
  kind: VoucherAnnouncement['kind'],
  voucher: AppliedVoucher,
) {
  state.announcement = { kind, voucher, sequence: (state.announcement?.sequence ?? 0) + 1 };
}

const slice = createSlice({
  name: 'paymentMethods',
  initialState,
  reducers: {
    /** The payment step opened, or the basket was read again: what can pay it now? */
    paymentMethodsRequested: (state, action: PayloadAction<VoucherTarget>) => {
      forHold(state, action.payload.holdId);
      state.status = 'loading';
      state.error = null;
    },
    /** Also put by the pay flow with a 409 amount_due_changed answer's `paymentMethods`. */
    paymentMethodsSucceeded: (state, action: PayloadAction<{ paymentMethods: PaymentMethods }>) => {
      receive(state, action.payload.paymentMethods);
    },
    paymentMethodsFailed: (state, action: PayloadAction<{ error: PaymentMethodsError }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    /** The buyer applies a voucher or gift card; the server checks the number and its code. */
    voucherApplyRequested: (
      state,
      action: PayloadAction<VoucherTarget & { body: ApplyVoucherBody }>,
    ) => {
      forHold(state, action.payload.holdId);
      state.apply = { status: 'applying', problem: null, field: null };
    },
    voucherApplySucceeded: (
      state,
      action: PayloadAction<{ paymentMethods: PaymentMethods; voucherId: string | null }>,
    ) => {
      receive(state, action.payload.paymentMethods);
      state.apply = { status: 'idle', problem: null, field: null };
      const voucher = action.payload.paymentMethods.vouchers.find(
        (v) => v.id === action.payload.voucherId,
      );
      if (voucher !== undefined) announce(state, 'applied', voucher);
    },
    voucherApplyFailed: (state, action: PayloadAction<{ problem: VoucherProblem }>) => {
      const { problem } = action.payload;
      state.apply = { status: 'failed', problem, field: PROBLEM_FIELD[problem] };
    },
    /** The buyer edited the panel after a refusal: the server's words no longer apply. */
    voucherProblemCleared: (state) => {
      if (state.apply.status === 'failed') state.apply = initialState.apply;
    },
    voucherRemoveRequested: (
      state,
      action: PayloadAction<VoucherTarget & { voucherId: string }>,
    ) => {
      state.removing = { voucherId: action.payload.voucherId, failed: false };
    },
    voucherRemoveSucceeded: (
      state,
      action: PayloadAction<{ paymentMethods: PaymentMethods; voucher: AppliedVoucher }>,
    ) => {
      receive(state, action.payload.paymentMethods);
      state.removing = initialState.removing;
      announce(state, 'removed', action.payload.voucher);
    },
    voucherRemoveFailed: (state, action: PayloadAction<{ voucherId: string }>) => {
      state.removing = { voucherId: action.payload.voucherId, failed: true };
    },
  },
  extraReducers: (builder) => {
    // A new hold or none: the old hold's vouchers and methods go with it.
    builder.addCase(held, () => initialState);
    builder.addCase(released, () => initialState);
  },
  selectors: {
    selectPaymentMethodsState: (state) => state,
    /** The last answer for the live hold; null until the first one. */
    selectPaymentMethods: (state) => state.methods,
    /** What is left to pay after the applied vouchers (minor units); null until known. */
    selectAmountDue: (state) => state.methods?.amountDue ?? null,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the payment step, not the first route (app/rootReducer.ts). */
export const paymentMethodsSlice = injectLazySlice(slice);

export const {
  paymentMethodsRequested,
  paymentMethodsSucceeded,
  paymentMethodsFailed,
  voucherApplyRequested,
  voucherApplySucceeded,
  voucherApplyFailed,
  voucherProblemCleared,
  voucherRemoveRequested,
  voucherRemoveSucceeded,
  voucherRemoveFailed,
} = paymentMethodsSlice.actions;
export const { selectPaymentMethodsState, selectPaymentMethods, selectAmountDue } =
  paymentMethodsSlice.selectors;
