import { call, select, takeEvery } from 'redux-saga/effects';
import type { RootState } from '@/app/store';
import { checked, removed, promoSlice, type PromoState } from './promoSlice';
import { writeAppliedPromos } from './promoStorage';

const selectPromoState = (state: RootState): PromoState => promoSlice.selectSlice(state);

/**
 * Keeps applied codes in session storage. (A code is checked by the calendar read that carries
 * it: the calendar's flow records the answer with `checked`.)
 */
function* persist() {
  const { byShow } = (yield select(selectPromoState)) as PromoState;
  yield call(writeAppliedPromos, byShow);
}

export function* watchPromo() {
  yield takeEvery([checked.type, removed.type], persist);
}
