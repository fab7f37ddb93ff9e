import { call, delay, put, race, select, spawn, take, takeLeading } from 'redux-saga/effects';
import type { Hold, HoldResponse } from '@contract/api/holds';
import {
  createBestAvailableHold,
  createHold,
  extendHold,
  getHold,
  releaseHold,
  type WriteContext,
} from '@/api/holds';
import { toApiError } from '@/api/errors';
import { withBookingSession } from '@/features/session/bookingSession';
import { forgetHold, readStoredHold, storeHold } from './holdStorage';
import { newIdempotencyKey } from './idempotencyKey';
import {
  extendFailed,
  extendRequested,
  extended,
  held,
  holdExpired,
  holdFailed,
  holdRequested,
  releaseRequested,
  released,
  restoreFinished,
  restoreStarted,
  selectReservation,
  type HoldRequest,
  type HoldTarget,
  type ReservationError,
  type ReservationState,
} from './reservationSlice';

/** Connection failures are retried this many times, with the same idempotency key. */
const CONNECTION_RETRIES = 2;
const RETRY_DELAY_MS = 1_000;

export function toReservationError(error: unknown): ReservationError {
  const apiError = toApiError(error);
  if (apiError.kind === 'network' || apiError.kind === 'timeout') return 'connection';
  switch (apiError.code) {
    case 'seats_unavailable':
    case 'admissions_unavailable':
      return 'unavailable';
    case 'seat_limit_exceeded':
      return 'limit';
    case 'presale_required':
      return 'presale';
    case 'promo_invalid':
      return 'promo';
    case 'hold_expired':
      return 'expired';
    case 'hold_extension_limit':
      return 'extensionLimit';
    default:
      return 'general';
  }
}

/**
 * A write that may be retried when the connection drops: the idempotency key makes the retry the
 * same request, so a hold that did reach the server is answered, not made twice.
 */
function* writeWithRetries<T>(
  request: (context: WriteContext) => Promise<T>,
): Generator<unknown, T, unknown> {
  const idempotencyKey = newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return yield* withBookingSession((csrfToken) => request({ csrfToken, idempotencyKey }));
    } catch (error) {
      if (toReservationError(error) !== 'connection' || attempt >= CONNECTION_RETRIES) throw error;
      yield delay(RETRY_DELAY_MS * (attempt + 1));
    }
  }
}

function sendHold(
  target: HoldTarget,
  request: HoldRequest,
  promoCode: string | undefined,
): (context: WriteContext) => Promise<HoldResponse> {
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

function* remember(target: HoldTarget, hold: Hold, quotedTotal?: number) {
  yield call(storeHold, { ...target, holdId: hold.id });
  yield put(held({ ...target, hold, ...(quotedTotal === undefined ? {} : { quotedTotal }) }));
}

function* holdFlow(action: ReturnType<typeof holdRequested>) {
  const { request, promoCode, quotedTotal, ...target } = action.payload;
  // One basket: a new choice replaces the old hold (the page asked "Empty your cart?" first).
  const before = (yield select(selectReservation)) as ReservationState;
  if (before.hold !== undefined) {
    yield* releaseOnServer(before);
    yield call(forgetHold);
  }
  try {
    const { hold } = yield* writeWithRetries(sendHold(target, request, promoCode));
    yield* remember(target, hold, quotedTotal);
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
    const response = yield* writeWithRetries((context) => extendHold(region, hold.id, context));
    yield put(extended({ hold: response.hold }));
  } catch (error) {
    const reason = toReservationError(error);
    yield put(extendFailed({ error: reason }));
    if (reason === 'expired') yield put(holdExpired());
  }
}

function* releaseFlow() {
  const reservation = (yield select(selectReservation)) as ReservationState;
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
    const wait = Math.max(0, Date.parse(reservation.expiresAt) - Date.now());
    const { deadline } = (yield race({
      deadline: delay(wait),
      changed: take([held.type, extended.type, released.type]),
    })) as { deadline?: true };
    if (deadline) {
      yield put(holdExpired());
      yield call(forgetHold);
      yield* releaseOnServer(reservation);
    }
  }
}

/** After a reload, the tab's hold is looked up again; one the server no longer has is dropped. */
function* restoreFlow() {
  const stored = readStoredHold();
  if (stored === null) return;
  yield put(restoreStarted());
  const { holdId, ...target } = stored;
  try {
    const { hold } = (yield call(getHold, target.region, holdId)) as HoldResponse;
    yield* remember(target, hold);
  } catch {
    yield call(forgetHold);
  }
  yield put(restoreFinished());
}

export function* watchReservation() {
  yield spawn(restoreFlow);
  yield spawn(expiryFlow);
  yield takeLeading(holdRequested.type, holdFlow);
  yield takeLeading(extendRequested.type, extendFlow);
  yield takeLeading(releaseRequested.type, releaseFlow);
}
