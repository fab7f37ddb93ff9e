import { call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ApiErrorCode } from '@contract/api/errorCodes';
import type { PaymentMethods } from '@contract/api/paymentMethods';
import { toApiError } from '@/api/errors';
import { applyVoucher, getPaymentMethods, removeVoucher } from '@/api/paymentMethods';
import { isConnectionFailure } from '@/lib/idempotentWrite';
import { callAbortable } from '@/lib/sagaEffects';
import { loaded, priceChangeDetected, updated } from '@/features/checkout/basketSlice';
import {
  holdExpired,
  selectReservation,
  type ReservationState,
} from '@/features/hold/reservationSlice';
import { forgetKeptVoucherNumber } from '@/features/promo/keptVoucherNumber';
import { withBookingSession } from '@/features/session/bookingSession';
import {
  paymentMethodsFailed,
  paymentMethodsRequested,
  paymentMethodsSucceeded,
  selectPaymentMethodsState,
  voucherApplyFailed,
  voucherApplyRequested,
  voucherApplySucceeded,
  voucherRemoveFailed,
  voucherRemoveRequested,
  voucherRemoveSucceeded,
  type PaymentMethodsError,
  type PaymentMethodsState,
  type VoucherProblem,
} from './paymentMethodsSlice';

/**
 * spec §4's "payment methods" flow: read on entering the payment step and after every read or
 * change of the basket (a price, a delivery method or extras change what can pay it), and the
 * gift vouchers and gift cards applied and removed, each answered with the whole PaymentMethods.
 */

/**
 * Counts voucher changes the server has answered. A read that set off before one of them may
 * answer after it with the list as it was; such a read is made again rather than shown.
 */
let changesAnswered = 0;

function isGone(error: unknown): boolean {
  const { status, code } = toApiError(error);
  return status === 410 || code === 'hold_expired';
}

function toMethodsError(error: unknown): PaymentMethodsError {
  if (isConnectionFailure(error)) return 'connection';
  if (isGone(error)) return 'expired';
  return 'general';
}

function* loadFlow({ payload: { region, holdId } }: ReturnType<typeof paymentMethodsRequested>) {
  try {
    let methods: PaymentMethods;
    let before: number;
    do {
      before = changesAnswered;
      methods = yield* callAbortable((signal) => getPaymentMethods(region, holdId, signal));
    } while (before !== changesAnswered);
    yield put(paymentMethodsSucceeded({ paymentMethods: methods }));
  } catch (error) {
    const reason = toMethodsError(error);
    yield put(paymentMethodsFailed({ error: reason }));
    if (reason === 'expired') yield put(holdExpired());
  }
}

/** The basket was read or changed: its methods are read again, once the step has asked for them. */
function* basketRead(
  action:
    ReturnType<typeof loaded> | ReturnType<typeof updated> | ReturnType<typeof priceChangeDetected>,
) {
  const state = (yield select(selectPaymentMethodsState)) as PaymentMethodsState;
  const reservation = (yield select(selectReservation)) as ReservationState;
  const { holdId } = action.payload.basket;
  if (state.status === 'idle' || state.holdId !== holdId || reservation.region === undefined)
    return;
  yield put(paymentMethodsRequested({ region: reservation.region, holdId }));
}

const REFUSALS: Partial<Record<ApiErrorCode, VoucherProblem>> = {
  voucher_number_too_short: 'tooShort',
  voucher_invalid: 'invalid',
  voucher_expired: 'expired',
  voucher_empty: 'empty',
  voucher_currency: 'currency',
  voucher_not_accepted: 'notAccepted',
  voucher_not_needed: 'notNeeded',
  voucher_already_applied: 'alreadyApplied',
  rate_limited: 'tooManyTries',
};

function toVoucherProblem(error: unknown): VoucherProblem {
  if (isConnectionFailure(error)) return 'connection';
  const { code, status } = toApiError(error);
  return (code && REFUSALS[code]) ?? (status === 429 ? 'tooManyTries' : 'general');
}

function* applyFlow({ payload }: ReturnType<typeof voucherApplyRequested>) {
  const { region, holdId, body } = payload;
  const before = (yield select(selectPaymentMethodsState)) as PaymentMethodsState;
  const known = new Set(before.methods?.vouchers.map((voucher) => voucher.id) ?? []);
  try {
    const methods = yield* withBookingSession((csrfToken) =>
      applyVoucher(region, holdId, body, csrfToken),
    );
    changesAnswered += 1;
    // A number kept from the promo box has done its job once a voucher is on the order.
    yield call(forgetKeptVoucherNumber);
    const added = methods.vouchers.find((voucher) => !known.has(voucher.id));
    yield put(voucherApplySucceeded({ paymentMethods: methods, voucherId: added?.id ?? null }));
  } catch (error) {
    if (isGone(error)) {
      yield put(voucherApplyFailed({ problem: 'general' }));
      yield put(holdExpired());
      return;
    }
    const problem = toVoucherProblem(error);
    yield put(voucherApplyFailed({ problem }));
    // What the page shows is out of date (nothing left to pay, or the voucher is on already).
    if (problem === 'notNeeded' || problem === 'alreadyApplied')
      yield put(paymentMethodsRequested({ region, holdId }));
  }
}

function* removeFlow({ payload }: ReturnType<typeof voucherRemoveRequested>) {
  const { region, holdId, voucherId } = payload;
  const state = (yield select(selectPaymentMethodsState)) as PaymentMethodsState;
  const voucher = state.methods?.vouchers.find((v) => v.id === voucherId);
  try {
    const methods = yield* withBookingSession((csrfToken) =>
      removeVoucher(region, holdId, voucherId, csrfToken),
    );
    changesAnswered += 1;
    if (voucher !== undefined)
      yield put(voucherRemoveSucceeded({ paymentMethods: methods, voucher }));
    else yield put(paymentMethodsSucceeded({ paymentMethods: methods }));
  } catch (error) {
    if (isGone(error)) {
      yield put(holdExpired());
      return;
    }
    // Already off (another tab removed it): the list is read again and shows it gone.
    if (toApiError(error).status === 404) {
      yield put(paymentMethodsRequested({ region, holdId }));
      return;
    }
    yield put(voucherRemoveFailed({ voucherId }));
  }
}

export function* watchPaymentMethods() {
  yield takeLatest(paymentMethodsRequested.type, loadFlow);
  yield takeLatest([loaded.type, updated.type, priceChangeDetected.type], basketRead);
  yield takeLeading(voucherApplyRequested.type, applyFlow);
  yield takeEvery(voucherRemoveRequested.type, removeFlow);
}
