import { put, takeLatest } from 'redux-saga/effects';
import type { Calendar } from '@contract/api/calendar';
import { fetchCalendar } from '@/api/calendar';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { calendarKey, left, loadFailed, loadRequested, loaded } from './calendarSlice';

function* loadCalendar(action: ReturnType<typeof loadRequested> | ReturnType<typeof left>) {
  // `left` only has to be the latest action: takeLatest has already cancelled (and aborted) the
  // read in flight.
  if (!loadRequested.match(action)) return;
  const { region, venueSlug, titleSlug, month, promoCode } = action.payload;
  const key = calendarKey(action.payload);
  try {
    const calendar: Calendar = yield* callAbortable((signal) =>
      fetchCalendar(region, { venueSlug, titleSlug, month, promoCode }, signal),
    );
    yield put(loaded({ key, calendar }));
  } catch (error) {
    yield put(loadFailed({ key, error: toLoadErrorCode(error) }));
  }
}

/** Month changes and code changes supersede each other; leaving the page aborts the read. */
export function* watchCalendar() {
  yield takeLatest([loadRequested.type, left.type], loadCalendar);
}
