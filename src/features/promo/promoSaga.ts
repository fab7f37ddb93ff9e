import { call, put, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '@/app/store';
import { loaded, selectCalendar, type CalendarState } from '@/features/calendar/calendarSlice';
import { checked, removed, promoSlice, type PromoState } from './promoSlice';
import { keepVoucherNumber } from './keptVoucherNumber';
import { writeAppliedPromos } from './promoStorage';

/**
 * A code is checked by the calendar read that carries it (the server answers what the code is
 * and prices with it in one round trip), so this flow turns that answer into the code's state,
 * and keeps applied codes in session storage.
 */

const selectPromoState = (state: RootState): PromoState => promoSlice.selectSlice(state);

function* recordCheck(action: ReturnType<typeof loaded>) {
  const { promo, venueSlug, titleSlug } = action.payload.calendar;
  const calendar = (yield select(selectCalendar)) as CalendarState;
  // `loaded` only lands for the current read, whose code the calendar state remembers.
  if (promo === null || calendar.key !== action.payload.key || calendar.promoCode === null) return;
  yield put(checked({ venueSlug, titleSlug, code: calendar.promoCode, promo }));
  // A voucher number typed as a promo code waits for the payment step's voucher panel.
  if (promo.status === 'giftVoucher') yield call(keepVoucherNumber, calendar.promoCode);
}

function* persist() {
  const { byShow } = (yield select(selectPromoState)) as PromoState;
  yield call(writeAppliedPromos, byShow);
}

export function* watchPromo() {
  yield takeEvery(loaded.type, recordCheck);
  yield takeEvery([checked.type, removed.type], persist);
}
