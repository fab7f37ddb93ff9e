import { call } from 'redux-saga/effects';
import { readPayAttempt } from './payAttemptStorage';

// The payment flow is a checkout chunk: only a reload that finds such an attempt loads it here.
const loadPaymentFlow = () => import('./paymentSaga');

/**
 * The hold's restore found the hold gone (reservationSaga, HoldPaymentHooks): if this tab paid
 * for that hold and never heard the answer, the payment flow sends the attempt again under its
 * key and settles the answer. True when that answer ended the hold (an order, or the seats lost).
 * In the first route, so it reads only the stored attempt until there is one to ask about.
 */
export function* replayUnansweredPayment(holdId: string) {
  const attempt = readPayAttempt();
  if (attempt?.holdId !== holdId || attempt.paymentId !== undefined) return false;
  try {
    const { replayAfterHoldEnded } = (yield call(loadPaymentFlow)) as Awaited<
      ReturnType<typeof loadPaymentFlow>
    >;
    return yield* replayAfterHoldEnded(attempt);
  } catch {
    // The payment flow could not load: kept, so the next reload asks again.
    return false;
  }
}
