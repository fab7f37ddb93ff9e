import { spawn } from 'redux-saga/effects';
import { watchAuthSession } from '@/features/auth/authSession';
import { watchCms } from '@/features/catalogue/cmsSaga';
import { watchReservation } from '@/features/hold/reservationSaga';
import { watchShow } from '@/features/catalogue/showSaga';
import { watchVenue } from '@/features/catalogue/venueSaga';

/**
 * The flows every page may need; the hold's is here so a reload anywhere restores it. Choosing
 * and checkout flows start with their routes (ChoosingFlows, CheckoutFlows: `runSagaOnce`).
 * `spawn`, not `fork`: one flow crashing must not take the others down with it.
 */
export function* rootSaga() {
  yield spawn(watchCms);
  yield spawn(watchVenue);
  yield spawn(watchShow);
  yield spawn(watchReservation);
  yield spawn(watchAuthSession);
}
