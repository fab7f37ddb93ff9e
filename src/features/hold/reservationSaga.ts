import { call, delay, put, race, select, spawn, take, takeLeading } from 'redux-saga/effects';
import {
  createBestAvailableHold,
  createHold,
  extendHold,
  getHold,
  releaseHold,
  type HoldResult,
  type WriteContext,
} from '@/api/holds';
import { toApiError } from '@/api/errors';
import { clockOffset } from '@/lib/clockOffset';
import { idempotentWrite, isConnectionFailure, type UnansweredWrite } from '@/lib/idempotentWrite';
import { selectPaymentInFlight } from '@/features/paymentStatus/paymentInFlight';
import { withBookingSession } from '@/features/session/bookingSession';
import { forgetHold, readStoredHold, storeHold } from './holdStorage';
import {
  extendFailed,
  extendRequested,
  extended,
  held,
  holdExpired,
  millisecondsLeft,
  previousHoldReleased,
  restoredExpired,
  holdFailed,
  holdRequested,
  holdLost,
  orderConfirmed,
  releaseRequested,
  released,
  restoreFinished,
  restoreStarted,
  selectReservation,
  type HoldChoice,
  type HoldRequest,
  type HoldTarget,
  type ReservationError,
  type ReservationState,
} from './reservationSlice';

export function toReservationError(error: unknown): ReservationError {
  if (isConnectionFailure(error)) return 'connection';
  switch (toApiError(error).code) {
    case 'seats_unavailable':
    case 'admissions_unavailable':
      return 'unavailable';
    case 'seat_limit_exceeded':
      return 'limit';
    case 'client_hold_limit':
      return 'clientLimit';
    case 'seat_validation_failed':
      return 'seatGap';
    case 'presale_required':
    case 'presale_sign_in_required':
    case 'presale_not_qualified':
      return 'presale';
    case 'access_membership_required':
      return 'accessMembership';
    case 'promo_invalid':
    case 'promo_expired':
      return 'promo';
    case 'promo_not_for_event':
      return 'promoNotForEvent';
    case 'promo_single_use':
      return 'promoSingleUse';
    case 'hold_expired':
      return 'expired';
    case 'hold_extension_limit':
      return 'extensionLimit';
    default:
      return 'general';
  }
}

/** A hold write under one Idempotency-Key, retried under it while the connection drops. */
function writeWithRetries<T>(
  request: (context: WriteContext) => Promise<T>,
  unanswered?: { memory: UnansweredWrite; request: string },
): Generator<unknown, T, unknown> {
  return idempotentWrite(
    (idempotencyKey) => withBookingSession((csrfToken) => request({ csrfToken, idempotencyKey })),
    unanswered === undefined ? {} : { unanswered },
  );
}

function sendHold(
  target: HoldTarget,
  request: HoldRequest,
  promoCode: string | undefined,
): (context: WriteContext) => Promise<HoldResult> {
  const base = { performanceId: target.performanceId, ...(promoCode ? { promoCode } : {}) };
  switch (request.kind) {
    case 'seats':
      return (context) => createHold(target.region, { ...base, seats: request.seats }, context);
    case 'admissions':
      return (context) =>
        createHold(target.region, { ...base, admissions: request.admissions }, context);
    case 'bestAvailable': {
      const { quantity, priceBand, section, accessible } = request;
      const choice = { quantity, priceBand, section, accessible };
      return (context) => createBestAvailableHold(target.region, { ...base, ...choice }, context);
    }
  }
}

/** Lets the server have the seats back; it expires them anyway, so a failure is not fatal. */
function* releaseOnServer(reservation: ReservationState) {
  const { hold, region } = reservation;
  if (hold === undefined || region === undefined) return;
  try {
    yield* withBookingSession((csrfToken) => releaseHold(region, hold.id, csrfToken));
  } catch {
    // Unreachable or already gone: the deadline releases the seats on the server.
  }
}

function* remember(
  target: HoldTarget,
  result: HoldResult,
  chosenBy: HoldChoice | undefined,
  quotedTotal?: number,
) {
  const { hold } = result;
  const offset = clockOffset(result);
  const choice = chosenBy === undefined ? {} : { chosenBy };
  yield call(storeHold, { ...target, holdId: hold.id, ...choice });
  yield put(
    held({
      ...target,
      hold,
      ...choice,
      ...(quotedTotal === undefined ? {} : { quotedTotal }),
      ...(offset === undefined ? {} : { clockOffsetMs: offset }),
    }),
  );
}

/**
 * `unanswered`: a reserve whose answer never arrived (the connection failed through every retry).
 * It may still have made a hold on the server, which would then block the buyer's own seats
 * until it expired: sending the same choice again reuses its key, so the server answers with
 * that hold instead.
 */
function* holdFlow(unanswered: UnansweredWrite, action: ReturnType<typeof holdRequested>) {
  const { request, promoCode, quotedTotal, ...target } = action.payload;
  const choice = JSON.stringify([target, request, promoCode ?? null]);
  // One basket: a new choice replaces the old hold (the page asked "Empty your cart?" first).
  const before = (yield select(selectReservation)) as ReservationState;
  if (before.hold !== undefined) {
    yield* releaseOnServer(before);
    yield call(forgetHold);
    // Gone on the server, so gone here: a failed new hold must not fall back to it.
    yield put(previousHoldReleased());
  }
  try {
    const result = yield* writeWithRetries(sendHold(target, request, promoCode), {
      memory: unanswered,
      request: choice,
    });
    yield* remember(target, result, request.kind, quotedTotal);
  } catch (error) {
    yield put(
      holdFailed({
        error: toReservationError(error),
        takenSeatIds: [...(toApiError(error).seatIds ?? [])],
      }),
    );
  }
}

function* extendFlow() {
  const reservation = (yield select(selectReservation)) as ReservationState;
  const { hold, region } = reservation;
  if (hold === undefined || region === undefined) return;
  try {
    const result = yield* writeWithRetries((context) => extendHold(region, hold.id, context));
    const offset = clockOffset(result);
    yield put(
      extended({ hold: result.hold, ...(offset === undefined ? {} : { clockOffsetMs: offset }) }),
    );
  } catch (error) {
    const reason = toReservationError(error);
    yield put(extendFailed({ error: reason }));
    if (reason === 'expired') yield put(holdExpired());
  }
}

function* releaseFlow() {
  let reservation = (yield select(selectReservation)) as ReservationState;
  // Let go while a hold was on its way (the buyer left mid-reserve): wait for it, then release
  // it, so it cannot land afterwards on whatever page the buyer went to.
  if (reservation.status === 'holding') {
    yield take([held.type, holdFailed.type]);
    reservation = (yield select(selectReservation)) as ReservationState;
  }
  if (reservation.status === 'held') yield* releaseOnServer(reservation);
  yield call(forgetHold);
  yield put(released());
}

/**
 * The deadline, kept in the browser too: when it passes, the hold is expired here (the dialog
 * opens) and released on the server, which would refuse it from now on anyway.
 */
function* expiryFlow() {
  while (true) {
    const reservation = (yield select(selectReservation)) as ReservationState;
    if (reservation.status !== 'held' || reservation.expiresAt === undefined) {
      yield take([held.type, extended.type]);
      continue;
    }
    const wait = millisecondsLeft(reservation, Date.now());
    const { deadline } = (yield race({
      deadline: delay(wait),
      changed: take([held.type, extended.type, released.type, orderConfirmed.type, holdLost.type]),
    })) as { deadline?: true };
    if (deadline) {
      // A payment in flight keeps the hold on the server (PAYMENT_WINDOW_MINUTES); its answer
      // decides, and the payment flow reads the new deadline back before it settles. Settled is
      // read from the state after each action (the payment slice loads later, with the checkout).
      if ((yield select(selectPaymentInFlight)) as boolean) {
        while ((yield select(selectPaymentInFlight)) as boolean) yield take('*');
        continue;
      }
      yield put(holdExpired());
      yield call(forgetHold);
      yield* releaseOnServer(reservation);
    }
  }
}

/**
 * What the hold asks of a payment when a reload finds the hold gone: this tab may have paid for
 * it and never heard the answer, and the server may have sold the hold to that payment. The
 * payment capability answers (the app passes it in, as the payment knows the hold and not the
 * other way round): true when the payment's answer ended the hold (an order, or the seats lost),
 * so the buyer sees that rather than "expired".
 */
export interface HoldPaymentHooks {
  replayUnansweredPayment: (holdId: string) => Generator<unknown, boolean, unknown>;
}

/** After a reload, the tab's hold is looked up again; one the server no longer has is dropped. */
function* restoreFlow(payment: HoldPaymentHooks) {
  const stored = readStoredHold();
  if (stored === null) return;
  const { holdId, chosenBy, ...target } = stored;
  yield put(restoreStarted(target));
  try {
    const result = (yield call(getHold, target.region, holdId)) as HoldResult;
    yield* remember(target, result, chosenBy);
  } catch (error) {
    const { status } = toApiError(error);
    // Only the server saying the hold is gone forgets it; a network blip keeps it for next time.
    if (status === 404 || status === 410) {
      yield call(forgetHold);
      const ended = yield* payment.replayUnansweredPayment(holdId);
      if (!ended && status === 410) yield put(restoredExpired(target));
    }
  }
  yield put(restoreFinished());
}

export function* watchReservation(payment: HoldPaymentHooks) {
  yield spawn(restoreFlow, payment);
  yield spawn(expiryFlow);
  const unanswered: UnansweredWrite = {};
  yield takeLeading(holdRequested.type, holdFlow, unanswered);
  yield takeLeading(extendRequested.type, extendFlow);
  yield takeLeading(releaseRequested.type, releaseFlow);
}
