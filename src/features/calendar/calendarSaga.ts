import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { Calendar } from '@contract/api/calendar';
import { fetchCalendar } from '@/api/calendar';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { keepVoucherNumber } from '@/features/promo/keptVoucherNumber';
import { checked } from '@/features/promo/promoSlice';
import {
  calendarKey,
  left,
  loadFailed,
  loadRequested,
  loaded,
  selectCalendar,
  type CalendarState,
} from './calendarSlice';

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

/**
 * A promo code is checked by the calendar read that carries it (the server answers what the code
 * is and prices with it in one round trip), so the calendar hands that answer to the promo state.
 * It lives here, not in promo, so that promo never has to know the calendar (one direction only).
 */
function* recordPromoCheck(action: ReturnType<typeof loaded>) {
  const { promo, venueSlug, titleSlug } = action.payload.calendar;
  const calendar = (yield select(selectCalendar)) as CalendarState;
  // `loaded` only lands for the current read, whose code the calendar state remembers.
  if (promo === null || calendar.key !== action.payload.key || calendar.promoCode === null) return;
  yield put(checked({ venueSlug, titleSlug, code: calendar.promoCode, promo }));
  // A voucher number typed as a promo code waits for the payment step's voucher panel.
  if (promo.status === 'giftVoucher') yield call(keepVoucherNumber, calendar.promoCode);
}

/** Month changes and code changes supersede each other; leaving the page aborts the read. */
export function* watchCalendar() {
  yield takeLatest([loadRequested.type, left.type], loadCalendar);
  yield takeEvery(loaded.type, recordPromoCheck);
}
