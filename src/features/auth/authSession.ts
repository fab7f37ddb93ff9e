import { call, put, takeLatest } from 'redux-saga/effects';
import type { SignInState } from '@contract/api/auth';
import { getSignInState } from '@/api/auth';
import { toApiError } from '@/api/errors';
import { sessionLoadFailed, sessionLoadRequested, sessionLoaded } from './authSlice';

/** A browser with no session cookie yet has nobody signed in: the service answers 401. */
export const GUEST: SignInState = { account: null, idleExpiresAt: null, absoluteExpiresAt: null };

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

export function* loadSignInState() {
  try {
    const state = (yield call(getSignInState)) as SignInState;
    yield put(sessionLoaded(state));
  } catch (error) {
    const { status } = toApiError(error);
    if (status === 401) yield put(sessionLoaded(GUEST));
    else yield put(sessionLoadFailed());
  }
}

/**
 * First-route part of sign-in: who is signed in, read once the first page is on screen so the
 * read never competes with the page's own first requests. The sign-in and sign-out flows load
 * with the pages and dialogs that need them (authSaga.ts).
 */
export function* watchAuthSession() {
  yield takeLatest(sessionLoadRequested.type, loadSignInState);
  yield call(afterFirstPaint);
  yield put(sessionLoadRequested());
}
