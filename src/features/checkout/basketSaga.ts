import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel, type Task } from 'redux-saga';
import {
  actionChannel,
  call,
  cancel,
  fork,
  put,
  select,
  take,
  takeEvery,
  takeLatest,
} from 'redux-saga/effects';
import type { Basket } from '@contract/api/basket';
import { getBasket, putBasket } from '@/api/basket';
import { toApiError } from '@/api/errors';
import { idempotentWrite, isConnectionFailure } from '@/lib/idempotentWrite';
import { callAbortable } from '@/lib/sagaEffects';
import { signedIn, signedOut } from '@/features/auth/authSlice';
import { holdExpired, selectReservation } from '@/features/hold/reservationSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import {
  loadFailed,
  loadRequested,
  loaded,
  priceChangeDetected,
  priceChangeReviewed,
  selectBasketState,
  updateFailed,
  updateRequested,
  updateRetried,
  updated,
  type BasketChange,
  type BasketError,
  type BasketState,
  type BasketTarget,
} from './basketSlice';
import { readReviewedVersion, storeReviewedVersion } from './reviewedVersionStorage';

export function toBasketError(error: unknown): BasketError {
  if (isConnectionFailure(error)) return 'connection';
  const apiError = toApiError(error);
  if (apiError.status === 410 || apiError.code === 'hold_expired') return 'expired';
  if (apiError.status === 404) return 'notFound';
  return 'general';
}

/** The hold is gone on the server: the reservation's expiry dialog tells the buyer what next. */
function* noticeExpiry(error: BasketError) {
  if (error === 'expired') yield put(holdExpired());
}

function* loadFlow({ payload: { region, holdId } }: ReturnType<typeof loadRequested>) {
  try {
    const basket: Basket = yield* callAbortable((signal) => getBasket(region, holdId, signal));
    yield put(loaded({ basket }));
  } catch (error) {
    const reason = toBasketError(error);
    yield put(loadFailed({ error: reason }));
    yield* noticeExpiry(reason);
  }
}

/**
 * Sends one change; a dropped connection is retried under the change's own key, so a change
 * that did reach the server is answered again rather than applied twice.
 */
function* sendChange({ region, holdId }: BasketTarget, change: BasketChange) {
  const { body, idempotencyKey } = change;
  try {
    const basket: Basket = yield* idempotentWrite(
      (key) =>
        withBookingSession((csrfToken) =>
          putBasket(region, holdId, body, { csrfToken, idempotencyKey: key }),
        ),
      { idempotencyKey },
    );
    yield put(updated({ basket, idempotencyKey }));
  } catch (error) {
    const reason = toBasketError(error);
    yield put(updateFailed({ error: reason, idempotencyKey }));
    yield* noticeExpiry(reason);
  }
}

/**
 * Changes go one at a time, in order; while one is out only the newest waiting one is kept
 * (each carries the whole of its part of the basket, so the ones in between add nothing).
 */
function* changeQueue() {
  const channel = (yield actionChannel(
    [updateRequested.type, updateRetried.type],
    buffers.sliding(1),
  )) as Channel<ReturnType<typeof updateRequested> | ReturnType<typeof updateRetried>>;
  while (true) {
    const action = (yield take(channel)) as
      ReturnType<typeof updateRequested> | ReturnType<typeof updateRetried>;
    if (updateRequested.match(action)) {
      yield call(sendChange, action.payload, action.payload.change);
      continue;
    }
    const { update } = (yield select(selectBasketState)) as BasketState;
    if (update.status === 'saving' && update.change !== null)
      yield call(sendChange, action.payload, update.change);
  }
}

/**
 * One read at a time (the frame and the step ask together when a step opens); a change drops
 * the read in flight, since the change's answer is the newer basket and must not be overtaken.
 */
function* loads() {
  let task: Task | undefined;
  while (true) {
    const action = (yield take([loadRequested.type, updateRequested.type, updateRetried.type])) as
      ReturnType<typeof loadRequested> | ReturnType<typeof updateRequested>;
    if (loadRequested.match(action)) {
      if (!task?.isRunning()) task = (yield fork(loadFlow, action)) as Task;
    } else if (task?.isRunning()) {
      yield cancel(task);
    }
  }
}

/** The reviewed version outlives a reload of the tab (reviewedVersionStorage). */
function* rememberReviewed() {
  const { holdId, reviewedVersion } = (yield select(selectBasketState)) as BasketState;
  if (holdId !== null && reviewedVersion !== null)
    yield call(storeReviewedVersion, holdId, reviewedVersion);
}

/**
 * Who is buying decides the price (a member pays no transaction fee): a sign-in in the middle of
 * checkout, or a sign-in that timed out, re-reads the held basket at once, so the summary shows
 * the new lines and a moved total raises the price-change alert before the buyer pays.
 */
function* rereadForNewBuyer() {
  const { region, hold } = (yield select(selectReservation)) as ReturnType<
    typeof selectReservation
  >;
  if (region === undefined || hold === null || hold === undefined) return;
  yield put(
    loadRequested({ region, holdId: hold.id, reviewedVersion: readReviewedVersion(hold.id) }),
  );
}

export function* watchBasket() {
  // Signing out by choice ends the session and its holds, and the shop reloads as a guest.
  const buyerChanged = (action: Action) =>
    signedIn.match(action) || (signedOut.match(action) && action.payload.reason === 'timeout');
  yield takeLatest(buyerChanged, rereadForNewBuyer);
  yield fork(loads);
  yield fork(changeQueue);
  yield takeEvery(
    [loaded.type, updated.type, priceChangeDetected.type, priceChangeReviewed.type],
    rememberReviewed,
  );
}
