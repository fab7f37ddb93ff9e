import { call, put, select } from 'redux-saga/effects';
import type { Session } from '@contract/api/session';
import { createSession } from '@/api/session';
import { isApiError } from '@/api/errors';
import type { RootState } from '@/app/store';
import { bookingSessionLost, bookingSessionStarted } from './sessionSlice';

/** The CSRF token of the booking session, starting the session first if there is none yet. */
export function* ensureBookingSession(): Generator<unknown, string, unknown> {
  const existing = (yield select((state: RootState) => state.session.csrfToken)) as string | null;
  if (existing !== null) return existing;
  const session = (yield call(createSession)) as Session;
  yield put(
    bookingSessionStarted({
      csrfToken: session.csrfToken,
      guestIdleSeconds: session.guestIdleSeconds,
    }),
  );
  return session.csrfToken;
}

/** The server has forgotten this browser's session (it expired or the cookie went). */
export function isSessionLost(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'http' &&
    (error.code === 'unauthorised' || error.code === 'csrf_failed')
  );
}

/**
 * Runs a state-changing call with the session's CSRF token; if the session is gone, starts a new
 * one and tries once more (a buyer who left the tab overnight should not see an error for that).
 */
export function* withBookingSession<T>(
  request: (csrfToken: string) => Promise<T>,
): Generator<unknown, T, unknown> {
  const csrfToken = yield* ensureBookingSession();
  try {
    return (yield call(request, csrfToken)) as T;
  } catch (error) {
    if (!isSessionLost(error)) throw error;
    yield put(bookingSessionLost());
    const fresh = yield* ensureBookingSession();
    return (yield call(request, fresh)) as T;
  }
}
