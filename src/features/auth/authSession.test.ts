import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '@/app/store';
import { DEMO_ACCOUNT, signInDouble } from '../../../tests/msw/auth';
import { apiError } from '../../../tests/msw/handlers';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { SIGNED_IN_MARK } from './authSession';
import { selectAccount, selectAuthKnown, selectSignedIn, signedOut } from './authSlice';

useMswServer();
afterEach(() => window.localStorage.clear());

/** The browser signed in on an earlier visit, and the server still has it so. */
function signedInBefore() {
  signInDouble();
  window.localStorage.setItem(SIGNED_IN_MARK, '1');
}

describe('who is signed in, read at start', () => {
  it('finds a member signed in before the page loaded', async () => {
    signedInBefore();
    const store = makeStore();
    expect(selectAuthKnown(store.getState())).toBe(false);
    await waitFor(() => expect(selectAccount(store.getState())).toEqual(DEMO_ACCOUNT));
    expect(selectSignedIn(store.getState())).toBe(true);
  });

  it('is a guest, asking nothing, when this browser never signed in', async () => {
    let asked = 0;
    server.use(
      http.get('/services/auth/session', () => {
        asked += 1;
        return apiError(401, 'unauthorised');
      }),
    );
    const store = makeStore();
    await waitFor(() => expect(selectAuthKnown(store.getState())).toBe(true));
    expect(selectSignedIn(store.getState())).toBe(false);
    expect(asked).toBe(0);
  });

  it('is a guest when the sign-in it remembers has ended on the server, and forgets it', async () => {
    window.localStorage.setItem(SIGNED_IN_MARK, '1');
    const store = makeStore();
    await waitFor(() => expect(selectAuthKnown(store.getState())).toBe(true));
    expect(selectSignedIn(store.getState())).toBe(false);
    expect(window.localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });

  it('forgets the account when the sign-in ends, remembering a timeout', async () => {
    signedInBefore();
    const store = makeStore();
    await waitFor(() => expect(selectSignedIn(store.getState())).toBe(true));
    store.dispatch(signedOut({ reason: 'timeout' }));
    expect(selectAccount(store.getState())).toBeNull();
    expect(store.getState().auth.timeout).toBe('dialog');
    expect(window.localStorage.getItem(SIGNED_IN_MARK)).toBeNull();
  });
});
