import { put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { SEAT_STATUS } from '@contract/api/constants';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { getSeatStatus, getSeatingPlan } from '@/api/holds';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { holdFailed, released } from '@/features/hold/reservationSlice';
import {
  left,
  loadFailed,
  loadRequested,
  loaded,
  selectSeats,
  type SeatsState,
} from './seatsSlice';

/**
 * Seats and admissions of one performance: the live status first (it names the plan), then the
 * plan, which the browser already has for every later performance on it.
 */
function* loadSeats(action: ReturnType<typeof loadRequested> | ReturnType<typeof left>) {
  // `left` only has to be the latest action: takeLatest has already cancelled (and aborted) the
  // read in flight.
  if (!loadRequested.match(action)) return;
  const { region, performanceId, promoCode } = action.payload;
  try {
    const seatStatus: SeatStatus = yield* callAbortable((signal) =>
      getSeatStatus(region, performanceId, promoCode, signal),
    );
    const plan: SeatingPlan = yield* callAbortable((signal) =>
      getSeatingPlan(region, seatStatus.planId, signal),
    );
    yield put(loaded({ performanceId, plan, seatStatus }));
  } catch (error) {
    yield put(loadFailed({ performanceId, error: toLoadErrorCode(error) }));
  }
}

/** Someone else got a seat first: fetch the map again so the buyer sees what is still free. */
function* refreshAfterConflict(action: ReturnType<typeof holdFailed>) {
  if (action.payload.error !== 'unavailable') return;
  const { request } = (yield select(selectSeats)) as SeatsState;
  if (request !== null) yield put(loadRequested(request));
}

/**
 * The buyer let their seats go ("Choose different seats" opens this page at once, before the
 * release has landed): a map still showing seats as theirs is read again, so what another buyer
 * took meanwhile is named and the rest shows as free.
 */
function* refreshAfterRelease() {
  const { request, seatStatus } = (yield select(selectSeats)) as SeatsState;
  const showsOwnSeats = seatStatus?.status.includes(String(SEAT_STATUS.heldByYou)) ?? false;
  if (request !== null && showsOwnSeats) yield put(loadRequested(request));
}

export function* watchSeats() {
  // A newer read supersedes an older one; leaving the page aborts it.
  yield takeLatest([loadRequested.type, left.type], loadSeats);
  yield takeEvery(holdFailed.type, refreshAfterConflict);
  yield takeEvery(released.type, refreshAfterRelease);
}
