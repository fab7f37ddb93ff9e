import { call, put, race, select, spawn, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SignInState } from '@contract/api/auth';
import { SIGN_IN_WARNING_SECONDS } from '@contract/api/constants';
import { keepAlive, signIn, signOut } from '@/api/auth';
import { getSignInState } from '@/api/signInState';
import { toApiError, type ApiError } from '@/api/errors';
import type { RootState } from '@/app/store';
import { forgetHold } from '@/features/hold/holdStorage';
import { holdLost } from '@/features/hold/reservationSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import { bookingSessionStarted } from '@/features/session/sessionSlice';
import { afterFirstPaint } from './authSession';
import { delayUntil } from './clock';
import { rereadIdleDeadline, withIdleDeadline } from './idleDeadline';
import {
  idleWarningShown,
  keepAliveRequested,
  keptAlive,
  sessionLoaded,
  signedIn,
  signedOut,
  signInFailed,
  signInRequested,
  signOutFailed,
  signOutRequested,
  type SignInError,
} from './authSlice';

/**
 * After signing out, the page loads again as a guest: a fresh read of everything the member saw
 * (prices, seats, memberships). An account page would show a guest nothing of theirs, so it
 * goes home instead.
 */
function reloadAsGuest() {
  const { pathname, search } = window.location;
  window.location.assign(pathname.startsWith('/account') ? '/' : `${pathname}${search}`);
}

export const WARNING_MS = SIGN_IN_WARNING_SECONDS * 1_000;

function signInError(error: ApiError): SignInError {
  if (error.code === 'sign_in_failed') return 'credentials';
  if (error.code === 'sign_in_throttled' || error.status === 429) return 'throttled';
  if (error.code === 'forbidden') return 'unavailable';
  if (error.kind === 'network' || error.kind === 'timeout') return 'connection';
  return 'general';
}

function* signInFlow(action: ReturnType<typeof signInRequested>) {
  try {
    const { csrfToken, ...answer } = yield* withBookingSession((token) =>
      signIn(action.payload, token),
    );
    // The session has a new cookie and token: every later call must send the new one.
    yield put(bookingSessionStarted({ csrfToken }));
    yield put(signedIn(withIdleDeadline(answer)));
  } catch (error) {
    yield put(signInFailed({ error: signInError(toApiError(error)) }));
  }
}

/**
 * The server ends the sign-in and hands out a new token (for the buyer's own sign-out, a new
 * anonymous session with the old one's holds released; a time-out keeps the session). A
 * sign-in the server had already ended still ends here; a user sign-out that fails for another
 * reason keeps the buyer signed in, to try again.
 */
function* signOutFlow(action: ReturnType<typeof signOutRequested>) {
  const { reason } = action.payload;
  try {
    const { csrfToken } = yield* withBookingSession((token) => signOut(reason, token));
    yield put(bookingSessionStarted({ csrfToken }));
  } catch (error) {
    const { status } = toApiError(error);
    if (reason === 'user' && status !== 401) {
      yield put(signOutFailed());
      return;
    }
  }
  const { reservation } = (yield select()) as RootState;
  // The buyer's own sign-out ends the session and lets its held seats go (the tab must not
  // restore them); a time-out keeps the session, so held seats follow the hold's own rules.
  if (reason === 'user' && (reservation.status === 'held' || reservation.status === 'holding')) {
    yield call(forgetHold);
    yield put(holdLost());
  }
  yield put(signedOut({ reason }));
  if (reason === 'user') {
    // After the next paint, so the hold's leave prompt (its listener goes with the render that
    // ended the hold) cannot ask about seats the server has already let go.
    yield call(afterFirstPaint);
    yield call(reloadAsGuest);
  }
}

function* keepAliveFlow() {
  try {
    const answer = yield* withBookingSession(keepAlive);
    yield put(keptAlive(withIdleDeadline(answer)));
  } catch (error) {
    const { status } = toApiError(error);
    // The sign-in ended meanwhile (another tab signed out, or the limit passed): say so.
    if (status === 401) yield put(signOutRequested({ reason: 'timeout' }));
  }
}

const SIGN_IN_CHANGES = [
  sessionLoaded.type,
  signedIn.type,
  keptAlive.type,
  signedOut.type,
  signOutRequested.type,
];

/**
 * The idle limit on the page's own clock (so a test's fake clock drives it): warn
 * SIGN_IN_WARNING_SECONDS before it, end the sign-in at it. Before warning, the server is asked
 * again, since every state-changing call of the session (a hold, a basket change) moved the
 * limit without this tab hearing of it; a read never moves it.
 */
export function* idleFlow() {
  for (;;) {
    const { auth } = (yield select()) as RootState;
    if (auth.account === null || auth.idleDeadline === null) {
      yield take([sessionLoaded.type, signedIn.type]);
      continue;
    }
    const deadline = auth.idleDeadline;
    if (!auth.idleWarning) {
      const { changed } = (yield race({
        warn: call(delayUntil, deadline - WARNING_MS),
        changed: take(SIGN_IN_CHANGES),
      })) as { changed?: unknown };
      if (changed !== undefined) continue;
      try {
        const fresh = rereadIdleDeadline((yield call(getSignInState)) as SignInState, auth);
        if (fresh.idleDeadline !== deadline || fresh.account === null) {
          yield put(sessionLoaded(fresh));
          continue;
        }
      } catch {
        // Unreachable: warn on what this tab knows; the buyer can still choose to stay.
      }
      yield put(idleWarningShown());
    }
    const { changed } = (yield race({
      end: call(delayUntil, deadline),
      changed: take(SIGN_IN_CHANGES),
    })) as { changed?: unknown };
    if (changed === undefined) yield put(signOutRequested({ reason: 'timeout' }));
    // Until the sign-out has an answer the sign-in is still in the store: wait, or the next
    // round would ask for it again.
    if (changed === undefined || (changed as { type: string }).type === signOutRequested.type)
      yield take([signedOut.type, signOutFailed.type]);
  }
}

/** The flows of signing in and out: they load with the pages and dialogs that use them. */
export function* watchAuthFlows() {
  yield spawn(idleFlow);
  yield takeLatest(signInRequested.type, signInFlow);
  yield takeLeading(signOutRequested.type, signOutFlow);
  yield takeLeading(keepAliveRequested.type, keepAliveFlow);
}
