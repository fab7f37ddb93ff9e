import { spawn } from 'redux-saga/effects';
import { watchAuthSession } from '@/features/auth/authSession';
import { watchCms } from '@/features/catalogue/cmsSaga';
import { watchReservation } from '@/features/hold/reservationSaga';
import { watchShow } from '@/features/catalogue/showSaga';
import { watchVenue } from '@/features/catalogue/venueSaga';
import { replayUnansweredPayment } from '@/features/payment/unansweredPayment';

/**
 * The flows every page may need; the hold's is here so a reload anywhere restores it. Choosing
 * and checkout flows start with their routes (ChoosingFlows, CheckoutFlows: `runSagaOnce`).
 * `spawn`, not `fork`: one flow crashing must not take the others down with it. The hold asks the
 * payment about an unanswered attempt through what is passed in here: payment knows the hold,
 * never the other way round.
 */
export function* rootSaga() {
  yield spawn(watchCms);
  yield spawn(watchVenue);
  yield spawn(watchShow);
  yield spawn(watchReservation, { replayUnansweredPayment });
  yield spawn(watchAuthSession);
}
