import { put, select, takeLatest } from 'redux-saga/effects';
import type { SeatStatus } from '@contract/api/holds';
import { getSeatStatus } from '@/api/holds';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { left, loaded, selectSeats, type SeatsState } from './seatsSlice';
import {
  linkedCleared,
  linkedLoadFailed,
  linkedLoaded,
  linkedRequested,
} from './linkedAvailabilitySlice';

/**
 * Every answer for a linked performance's seats asks for its other part's too (spec §4 "linked
 * availabilities"), so a refresh after a lost seat re-reads both; a single performance clears it.
 */
function* requestLinked(action: ReturnType<typeof loaded>) {
  const { seatStatus, performanceId } = action.payload;
  const other = seatStatus.parts?.find(
    (part) => part.performanceId.toUpperCase() !== seatStatus.performanceId.toUpperCase(),
  );
  const { request } = (yield select(selectSeats)) as SeatsState;
  if (!other || request === null) {
    yield put(linkedCleared());
    return;
  }
  yield put(
    linkedRequested({
      region: request.region,
      forPerformanceId: performanceId,
      performanceId: other.performanceId,
      promoCode: request.promoCode,
    }),
  );
}

function* loadLinked(action: ReturnType<typeof linkedRequested> | ReturnType<typeof left>) {
  // Leaving the page aborts the read in flight (takeLatest cancelled it).
  if (!linkedRequested.match(action)) return;
  const { region, performanceId, promoCode } = action.payload;
  try {
    const seatStatus: SeatStatus = yield* callAbortable((signal) =>
      getSeatStatus(region, performanceId, promoCode, signal),
    );
    yield put(linkedLoaded(seatStatus));
  } catch (error) {
    yield put(linkedLoadFailed({ performanceId, error: toLoadErrorCode(error) }));
  }
}

export function* watchLinkedAvailability() {
  yield takeLatest(loaded.type, requestLinked);
  yield takeLatest([linkedRequested.type, left.type], loadLinked);
}
