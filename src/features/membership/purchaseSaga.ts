import { call, delay, put, takeLeading } from 'redux-saga/effects';
import type { MembershipPurchaseResponse } from '@contract/api/members';
import { retryDelayMs, type RetrySchedule } from '@contract/retrySchedule';
import { toApiError, type ApiError } from '@/api/errors';
import { continueAtgPurchase, purchaseAtgPlus } from '@/api/members';
import { browserNavigation, collectBrowserData } from '@/features/payment/threeDSecure';
import { withBookingSession } from '@/features/session/bookingSession';
import { newIdempotencyKey } from '@/lib/idempotencyKey';
import {
  purchaseAborted,
  purchaseFailed,
  purchaseRedirecting,
  purchaseRequested,
  purchaseRetried,
  purchaseSucceeded,
  purchaseVerifyRequested,
  type PurchaseProblem,
} from './membershipSlice';
import {
  forgetPurchaseAttempt,
  readPurchaseAttempt,
  storePurchaseAttempt,
  type PurchaseAttempt,
} from './purchaseStorage';

/**
 * Buying ATG+ (contract/api/members.ts "ATG+ purchase"): the order's payment rules without
 * seats. One Idempotency-Key per attempt, kept in the tab until answered, so a double click, a
 * retry after a lost answer or a reload is charged once; the 3-D Secure hand-off and the return
 * to /membership/verify.
 */

/** A copy still being worked on, or a provider still settling: asked again before "Try again". */
const BUSY_RETRIES = 5;
const BUSY_RETRY_DELAY_MS = 2_000;
const BUSY_RETRY_SCHEDULE: RetrySchedule = { firstMs: BUSY_RETRY_DELAY_MS, factor: 1 };

function isLostAnswer(error: ApiError): boolean {
  return error.kind !== 'http' || (error.status ?? 0) >= 500;
}

function isBusy(error: ApiError): boolean {
  return error.code === 'idempotency_in_flight' || error.status === 503;
}

function* send(
  request: (csrfToken: string) => Promise<MembershipPurchaseResponse>,
): Generator<unknown, MembershipPurchaseResponse, unknown> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return yield* withBookingSession(request);
    } catch (error) {
      if (!isBusy(toApiError(error)) || attempt >= BUSY_RETRIES) throw error;
      yield delay(retryDelayMs(BUSY_RETRY_SCHEDULE, attempt + 1));
    }
  }
}

function* settle(attempt: PurchaseAttempt, response: MembershipPurchaseResponse) {
  switch (response.outcome) {
    case 'confirmed':
      yield call(forgetPurchaseAttempt);
      if (response.membership === null) yield put(purchaseFailed({ problem: 'general' }));
      else
        yield put(
          purchaseSucceeded({ membership: response.membership, returnTo: attempt.returnTo }),
        );
      return;
    case 'action_required': {
      const { action, paymentId, purchaseId } = response;
      if (action === undefined || paymentId === null) {
        yield call(forgetPurchaseAttempt);
        yield put(purchaseFailed({ problem: 'general' }));
        return;
      }
      yield call(storePurchaseAttempt, { ...attempt, purchaseId, paymentId });
      yield put(purchaseRedirecting());
      yield call([browserNavigation, 'assign'], action.url);
      return;
    }
    case 'declined':
    case 'timed_out':
      yield call(forgetPurchaseAttempt);
      yield put(
        purchaseFailed({ problem: response.outcome === 'declined' ? 'declined' : 'timedOut' }),
      );
      return;
  }
}

const REFUSALS: Partial<Record<NonNullable<ApiError['code']>, PurchaseProblem>> = {
  membership_active: 'alreadyMember',
  membership_purchase_in_flight: 'inFlight',
};

function* refused(error: ApiError) {
  yield call(forgetPurchaseAttempt);
  if (error.code === 'payment_token_invalid') {
    yield put(purchaseAborted({ pending: false }));
    return;
  }
  if (error.code === 'card_type_not_accepted') {
    yield put(purchaseFailed({ problem: 'card', cardProblems: { cardNumber: 'notAccepted' } }));
    return;
  }
  yield put(purchaseFailed({ problem: (error.code && REFUSALS[error.code]) ?? 'general' }));
}

function* sendAttempt(attempt: PurchaseAttempt) {
  try {
    const response = yield* send((csrfToken) =>
      purchaseAtgPlus(
        { venue: attempt.venue, cardToken: attempt.cardToken, browser: collectBrowserData() },
        { csrfToken, idempotencyKey: attempt.idempotencyKey },
      ),
    );
    yield* settle(attempt, response);
  } catch (error) {
    const apiError = toApiError(error);
    // No answer: the attempt stays stored, and "Try again" sends it under the same key.
    if (isLostAnswer(apiError) || apiError.code === 'idempotency_in_flight')
      yield put(purchaseAborted({ pending: true }));
    else yield* refused(apiError);
  }
}

function* purchaseFlow({ payload }: ReturnType<typeof purchaseRequested>) {
  const attempt: PurchaseAttempt = { ...payload, idempotencyKey: newIdempotencyKey() };
  yield call(storePurchaseAttempt, attempt);
  yield* sendAttempt(attempt);
}

function* retryFlow() {
  const attempt = readPurchaseAttempt();
  if (attempt === null || attempt.paymentId !== undefined) {
    yield put(purchaseAborted({ pending: false }));
    return;
  }
  yield* sendAttempt(attempt);
}

function* verifyFlow({ payload }: ReturnType<typeof purchaseVerifyRequested>) {
  const attempt = readPurchaseAttempt();
  const { purchaseId, paymentId } = attempt ?? {};
  if (
    attempt === null ||
    purchaseId === undefined ||
    paymentId?.toUpperCase() !== payload.paymentId.toUpperCase()
  ) {
    yield put(purchaseFailed({ problem: 'unknownPayment' }));
    return;
  }
  try {
    const response = yield* send((csrfToken) =>
      continueAtgPurchase(purchaseId, paymentId, csrfToken),
    );
    yield* settle(attempt, response);
  } catch (error) {
    const apiError = toApiError(error);
    if (isLostAnswer(apiError) || isBusy(apiError)) {
      yield put(purchaseAborted({ pending: true }));
      return;
    }
    yield call(forgetPurchaseAttempt);
    yield put(purchaseFailed({ problem: apiError.status === 404 ? 'unknownPayment' : 'general' }));
  }
}

export function* watchPurchase() {
  yield takeLeading(purchaseRequested.type, purchaseFlow);
  yield takeLeading(purchaseRetried.type, retryFlow);
  yield takeLeading(purchaseVerifyRequested.type, verifyFlow);
}
