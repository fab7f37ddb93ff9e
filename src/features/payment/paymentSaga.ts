import { call, delay, put, select, take, takeLeading } from 'redux-saga/effects';
import type { Basket } from '@contract/api/basket';
import type { PayAttribution, PayBody, PayResponse } from '@contract/api/orders';
import { getBasket, putBasket } from '@/api/basket';
import { toApiError, type ApiError } from '@/api/errors';
import { getHold, type HoldResult } from '@/api/holds';
import {
  AmountDueChangedError,
  continuePayment,
  payForHold,
  PriceChangedError,
} from '@/api/orders';
import { paymentMethodsRequested, paymentMethodsSucceeded } from './methods/paymentMethodsSlice';
import { priceChangeDetected } from '@/features/checkout/basketSlice';
import { orderLoaded } from '@/features/checkout/confirmation/orderSlice';
import { forgetHold } from '@/features/hold/holdStorage';
import { newIdempotencyKey } from '@/lib/idempotencyKey';
import { clockOffset } from '@/lib/clockOffset';
import {
  extended,
  holdExpired,
  holdLost,
  orderConfirmed,
  restoreFinished,
  selectReservation,
  type ReservationState,
} from '@/features/hold/reservationSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import { selectAttribution } from '@/features/session/sessionSlice';
import { isPayMethod, isWallet } from './methodChoice';
import { browserNavigation, collectBrowserData } from './threeDSecure';
import { forgetCardName } from './cardNameStorage';
import {
  forgetPayAttempt,
  readPayAttempt,
  storePayAttempt,
  type PayAttempt,
} from './payAttemptStorage';
import {
  paymentAborted,
  paymentFailed,
  paymentRedirecting,
  paymentReset,
  paymentSucceeded,
  payRequested,
  promoDropRequested,
  payRetried,
  verifyRequested,
  type PaymentProblem,
} from './paymentSlice';

/**
 * make-payment (spec §4): the pay request with one Idempotency-Key per attempt, the 3-D Secure
 * hand-off and return, and what each answer means for the hold and the page.
 *
 * The attempt (key and body) is kept in sessionStorage until it has an answer, so a second click,
 * "Try again" after a lost answer, or a reload sends the same request and the server charges once.
 * A new card, or a new try after a decline, is a new attempt with a new key.
 */

/**
 * A copy of the request still being worked on (409 idempotency_in_flight), or a payment the
 * provider is still settling (503, which frees the key for exactly this retry; on continue also
 * 409 payment_state_invalid), answers later: asked again this often, this far apart, before the
 * buyer is offered "Try again".
 */
const BUSY_RETRIES = 5;
const BUSY_RETRY_DELAY_MS = 2_000;

/** The answer never arrived, or was "not yet": the same attempt may be sent again. */
function isLostAnswer(error: ApiError): boolean {
  return error.kind !== 'http' || (error.status ?? 0) >= 500;
}

function isBusy(error: ApiError, continuing: boolean): boolean {
  return (
    error.code === 'idempotency_in_flight' ||
    error.status === 503 ||
    (continuing && error.code === 'payment_state_invalid')
  );
}

function* send(
  request: (csrfToken: string) => Promise<PayResponse>,
  continuing: boolean,
): Generator<unknown, PayResponse, unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return yield* withBookingSession(request);
    } catch (error) {
      if (!isBusy(toApiError(error), continuing) || attempt >= BUSY_RETRIES) throw error;
      yield delay(BUSY_RETRY_DELAY_MS);
    }
  }
}

/**
 * The server kept the hold alive for the payment (PAYMENT_WINDOW_MINUTES); read its deadline so
 * the countdown shows the time really left. A hold already gone opens the expiry dialog.
 */
function* refreshHold({ region, holdId }: PayAttempt) {
  const reservation = (yield select(selectReservation)) as ReservationState;
  if (reservation.hold?.id !== holdId) return;
  try {
    const result = (yield call(getHold, region, holdId)) as HoldResult;
    const offset = clockOffset(result);
    yield put(
      extended({ hold: result.hold, ...(offset === undefined ? {} : { clockOffsetMs: offset }) }),
    );
  } catch (error) {
    const { status } = toApiError(error);
    if (status === 404 || status === 410) {
      yield call(forgetHold);
      yield put(holdExpired());
    }
  }
}

/** What the server answered, for the hold, the stored attempt and the page. */
function* settle(attempt: PayAttempt, response: PayResponse) {
  switch (response.outcome) {
    case 'confirmed':
      yield call(forgetPayAttempt);
      yield call(forgetCardName);
      yield call(forgetHold);
      if (response.order !== null) yield put(orderLoaded({ order: response.order }));
      yield put(orderConfirmed({ orderId: response.orderId }));
      yield put(paymentSucceeded({ orderId: response.orderId }));
      return;
    case 'action_required': {
      const { action, paymentId } = response;
      if (action === undefined || paymentId === null) {
        yield call(forgetPayAttempt);
        yield put(paymentFailed({ problem: 'general' }));
        return;
      }
      // Kept for /checkout/verify, which the bank's pages send the browser back to.
      yield call(storePayAttempt, { ...attempt, orderId: response.orderId, paymentId });
      // Marked first, so the page's "leave this page?" prompt knows the shop itself is leaving.
      yield put(paymentRedirecting());
      yield call([browserNavigation, 'assign'], action.url);
      return;
    }
    case 'declined':
    case 'timed_out':
      yield call(forgetPayAttempt);
      yield* refreshHold(attempt);
      yield put(paymentFailed({ problem: failureOf(attempt, response) }));
      return;
    case 'hold_lost':
      yield call(forgetPayAttempt);
      yield call(forgetHold);
      yield put(holdLost());
      yield put(paymentFailed({ problem: 'holdLost' }));
      return;
  }
}

/**
 * A declined wallet payment has the spec's own wording, and PayPal's Cancel is the buyer's
 * choice, not a refusal: both leave the buyer on the payment step to pay another way.
 */
function failureOf(attempt: PayAttempt, response: PayResponse): PaymentProblem {
  if (response.outcome === 'timed_out') return 'timedOut';
  if (response.declineReason === 'cancelled') return 'paypalCancelled';
  return isWallet(attempt.method) ? 'walletDeclined' : 'declined';
}

/** The price moved since the buyer reviewed it: the basket's own alert takes over. */
function* priceChanged({ region, holdId }: PayAttempt, error: ApiError) {
  try {
    const basket =
      error instanceof PriceChangedError && error.basket !== undefined
        ? error.basket
        : ((yield call(getBasket, region, holdId)) as Basket);
    yield put(priceChangeDetected({ basket }));
    yield put(paymentReset());
  } catch {
    yield put(paymentFailed({ problem: 'general' }));
  }
}

/** A refusal of the pay request itself (nothing was charged), by its code. */
function* refused(attempt: PayAttempt, error: ApiError) {
  yield call(forgetPayAttempt);
  if (error.code === 'price_changed') {
    yield* priceChanged(attempt, error);
    return;
  }
  if (error.status === 410 || error.code === 'hold_expired') {
    yield call(forgetHold);
    yield put(holdExpired());
    yield put(paymentReset());
    return;
  }
  // The vouchers now give less, or the method can no longer pay for this basket: nothing was
  // reserved or charged; the options are shown as they are now, with what the buyer typed kept.
  if (error.code === 'amount_due_changed' || error.code === 'payment_method_unavailable') {
    if (error instanceof AmountDueChangedError && error.paymentMethods !== undefined)
      yield put(paymentMethodsSucceeded({ paymentMethods: error.paymentMethods }));
    else yield put(paymentMethodsRequested({ region: attempt.region, holdId: attempt.holdId }));
    yield put(
      paymentFailed({
        problem: error.code === 'amount_due_changed' ? 'amountDueChanged' : 'methodUnavailable',
      }),
    );
    return;
  }
  if (error.code === 'card_type_not_accepted') {
    yield put(paymentFailed({ problem: 'card', cardProblems: { cardNumber: 'notAccepted' } }));
    return;
  }
  // A spent or expired token: the card goes to the payment service again (a new attempt).
  if (error.code === 'payment_token_invalid') {
    yield put(paymentAborted({ pending: false }));
    return;
  }
  const problems: Partial<Record<NonNullable<ApiError['code']>, PaymentProblem>> = {
    details_incomplete: 'detailsIncomplete',
    // Issue 24: the basket's single-use code went to another order; nothing was charged.
    promo_single_use: 'promoSingleUse',
    // Ten attempts on one hold: the shop stops taking cards for it (spec "no payment options").
    payment_attempts_exceeded: 'noOptions',
  };
  yield put(paymentFailed({ problem: (error.code && problems[error.code]) ?? 'general' }));
}

/**
 * The campaign attribution of the visit (spec §2's launch parameters, kept for the tab's session)
 * for the pay request, or nothing when the visit came from no campaign (issue 24). Read when the
 * request is sent: a reload restores it from the tab's session as it restores the attempt.
 */
function* visitAttribution(): Generator<unknown, PayAttribution | undefined, unknown> {
  const attribution = (yield select(selectAttribution)) as PayAttribution;
  return Object.keys(attribution).length > 0 ? attribution : undefined;
}

/** The pay request of an attempt: the same key and body each time it is sent. */
function payRequest(
  attempt: PayAttempt,
  attribution: PayAttribution | undefined,
): (csrfToken: string) => Promise<PayResponse> {
  // The stored method, if it is one (the tab's storage is only checked for shape).
  const method = isPayMethod(attempt.method) ? attempt.method : undefined;
  const choice: Omit<PayBody, 'browser'> = {
    basketVersion: attempt.basketVersion,
    cardToken: attempt.cardToken,
    ...(method === undefined ? {} : { method }),
    ...(attempt.amountDue === undefined ? {} : { amountDue: attempt.amountDue }),
    ...(attribution === undefined ? {} : { attribution }),
  };
  return (csrfToken) =>
    payForHold(
      attempt.region,
      attempt.holdId,
      { ...choice, browser: collectBrowserData() },
      { csrfToken, idempotencyKey: attempt.idempotencyKey },
    );
}

function* sendAttempt(attempt: PayAttempt) {
  try {
    const response = yield* send(payRequest(attempt, yield* visitAttribution()), false);
    yield* settle(attempt, response);
  } catch (error) {
    const apiError = toApiError(error);
    // No answer: the attempt stays stored, and "Try again" sends it under the same key.
    if (isLostAnswer(apiError) || apiError.code === 'idempotency_in_flight')
      yield put(paymentAborted({ pending: true }));
    else yield* refused(attempt, apiError);
  }
}

/**
 * A reload found the attempt's hold gone (sold, or run out) while the attempt never had its
 * answer (reservationSaga's restore): the server may have sold the hold to it, so it is sent
 * again under its key, which the server answers once and never charges twice. An order or lost
 * seats settle as any answer does (the app goes to the confirmation or the released-seats page)
 * and return true. Anything else means the hold ran out without a sale, nothing charged: a
 * refusal, a decline or time-out, or a payment still at the bank's first step. The attempt is
 * dropped then, except when the answer is lost again: kept for the next reload.
 */
export function* replayAfterHoldEnded(attempt: PayAttempt) {
  let response: PayResponse;
  try {
    response = yield* send(payRequest(attempt, yield* visitAttribution()), false);
  } catch (error) {
    const apiError = toApiError(error);
    if (!isLostAnswer(apiError) && !isBusy(apiError, false)) yield call(forgetPayAttempt);
    return false;
  }
  if (response.outcome !== 'confirmed' && response.outcome !== 'hold_lost') {
    yield call(forgetPayAttempt);
    return false;
  }
  yield* settle(attempt, response);
  return true;
}

function* payFlow({ payload }: ReturnType<typeof payRequested>) {
  const { region, holdId, basketVersion, cardToken, method, amountDue } = payload;
  const attempt: PayAttempt = {
    region,
    holdId,
    basketVersion,
    cardToken,
    ...(method === null ? {} : { method }),
    amountDue,
    idempotencyKey: newIdempotencyKey(),
  };
  yield call(storePayAttempt, attempt);
  yield* sendAttempt(attempt);
}

function* retryFlow() {
  const attempt = readPayAttempt();
  // Nothing waiting (it was answered meanwhile, or storage was cleared): ask for the card again.
  if (attempt === null || attempt.paymentId !== undefined) {
    yield put(paymentAborted({ pending: false }));
    return;
  }
  yield* sendAttempt(attempt);
}

/** Back from the bank on /checkout/verify?paymentId=: the server continues the payment. */
function* verifyFlow({ payload }: ReturnType<typeof verifyRequested>) {
  const attempt = readPayAttempt();
  const { orderId, paymentId } = attempt ?? {};
  if (
    attempt === null ||
    orderId === undefined ||
    paymentId?.toUpperCase() !== payload.paymentId.toUpperCase()
  ) {
    yield put(paymentFailed({ problem: 'unknownPayment' }));
    return;
  }
  // After the full-page return the hold is being looked up again; settling before that lookup
  // ends would let it put back a hold that has just become an order.
  const reservation = (yield select(selectReservation)) as ReservationState;
  if (reservation.status === 'restoring') yield take(restoreFinished.type);
  try {
    const response = yield* send(
      (csrfToken) => continuePayment(attempt.region, orderId, paymentId, csrfToken),
      true,
    );
    yield* settle(attempt, response);
  } catch (error) {
    const apiError = toApiError(error);
    // Still being worked on after every ask (the provider settling it, another tab continuing
    // it) is no answer either: the payment may yet succeed, so it is neither refused nor
    // "not charged". The attempt stays for "Try again".
    if (isLostAnswer(apiError) || isBusy(apiError, true)) {
      yield put(paymentAborted({ pending: true }));
      return;
    }
    yield call(forgetPayAttempt);
    yield put(paymentFailed({ problem: apiError.status === 404 ? 'unknownPayment' : 'general' }));
  }
}

/**
 * Issue 24: the basket's single-use code went to another order; the buyer pays without it. The
 * code comes off the hold (the server prices the basket afresh) and the price-change alert takes
 * over, so the buyer reviews the full price before paying it.
 */
function* dropPromoFlow({ payload }: ReturnType<typeof promoDropRequested>) {
  const { region, holdId } = payload;
  const idempotencyKey = newIdempotencyKey();
  try {
    const basket = yield* withBookingSession((csrfToken) =>
      putBasket(region, holdId, { promoCode: null }, { csrfToken, idempotencyKey }),
    );
    yield put(priceChangeDetected({ basket }));
    yield put(paymentReset());
  } catch (error) {
    const { status } = toApiError(error);
    if (status === 404 || status === 410) {
      yield call(forgetHold);
      yield put(holdExpired());
      yield put(paymentReset());
      return;
    }
    yield put(paymentFailed({ problem: 'general' }));
  }
}

export function* watchPayment() {
  yield takeLeading(promoDropRequested.type, dropPromoFlow);
  yield takeLeading(payRequested.type, payFlow);
  yield takeLeading(payRetried.type, retryFlow);
  yield takeLeading(verifyRequested.type, verifyFlow);
}
