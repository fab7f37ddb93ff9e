import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SignInState } from '@contract/api/auth';
import { getSignInState, type Timed } from '@/api/signInState';
import { toApiError } from '@/api/errors';
import { ensureBookingSession } from '@/features/session/bookingSession';
import {
  sessionLoadFailed,
  sessionLoadRequested,
  sessionLoaded,
  signedIn,
  signedOut,
} from './authSlice';
import { withIdleDeadline } from './idleDeadline';

export const GUEST: SignInState = { account: null, idleExpiresAt: null, absoluteExpiresAt: null };

/**
 * Whether this browser may be signed in: set on a sign-in, cleared when it ends. The session
 * cookie is httpOnly, so without this every first visit would have to start a session (or be
 * refused one) just to learn that nobody is signed in. A mark left by a sign-in the server has
 * since ended costs one read, which answers "guest" and clears it.
 */
export const SIGNED_IN_MARK = 'stagedoor.mayBeSignedIn';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can throw when cookies are blocked: then no mark, and the shop starts as a guest.
    return undefined;
  }
}

export function maybeSignedIn(): boolean {
  return storage()?.getItem(SIGNED_IN_MARK) === '1';
}

function markSignedIn(signedInNow: boolean): void {
  try {
    if (signedInNow) storage()?.setItem(SIGNED_IN_MARK, '1');
    else storage()?.removeItem(SIGNED_IN_MARK);
  } catch {
    // A full or blocked storage only costs the next visit's sign-in read.
  }
}

/** Resolves once the browser has painted the first frame (or at once where it never paints). */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      resolve();
      return;
    }
    // The frame callback runs just before the paint; the task after it runs once it is on screen.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** The sign-in of the session this browser has (started first, so the read is never refused). */
export function* loadSignInState() {
  try {
    yield* ensureBookingSession();
    const answer = (yield call(getSignInState)) as Timed<SignInState>;
    yield put(sessionLoaded(withIdleDeadline(answer)));
  } catch (error) {
    const { status } = toApiError(error);
    if (status === 401) yield put(sessionLoaded(GUEST));
    else yield put(sessionLoadFailed());
  }
}

function* remember(action: { type: string; payload: unknown }) {
  const state = action.payload as Partial<SignInState>;
  yield call(markSignedIn, action.type !== signedOut.type && (state.account ?? null) !== null);
}

/**
 * First-route part of sign-in: who is signed in, read once the first page is on screen so the
 * read never competes with the page's own first requests, and only by a browser that signed
 * in before. The sign-in and sign-out flows load with the pages and dialogs that need them
 * (authSaga.ts).
 */
export function* watchAuthSession() {
  yield takeLatest(sessionLoadRequested.type, loadSignInState);
  yield takeEvery([sessionLoaded.type, signedIn.type, signedOut.type], remember);
  yield call(afterFirstPaint);
  if (maybeSignedIn()) yield put(sessionLoadRequested());
  else yield put(sessionLoaded(GUEST));
}
