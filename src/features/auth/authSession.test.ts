import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeStore } from '@/app/store';
import { DEMO_ACCOUNT, signInDouble } from '../../../tests/msw/auth';
import { apiError } from '../../../tests/msw/handlers';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { selectAccount, selectAuthKnown, selectSignedIn, signedOut } from './authSlice';

useMswServer();

describe('who is signed in, read at start', () => {
  it('finds a member signed in before the page loaded', async () => {
    signInDouble();
    const store = makeStore();
    expect(selectAuthKnown(store.getState())).toBe(false);
    await waitFor(() => expect(selectAccount(store.getState())).toEqual(DEMO_ACCOUNT));
    expect(selectSignedIn(store.getState())).toBe(true);
  });

  it('is a guest when the browser has no session yet (401)', async () => {
    server.use(http.get('/services/auth/session', () => apiError(401, 'unauthorised')));
    const store = makeStore();
    await waitFor(() => expect(selectAuthKnown(store.getState())).toBe(true));
    expect(selectSignedIn(store.getState())).toBe(false);
  });

  it('forgets the account when the sign-in ends, remembering a timeout', async () => {
    signInDouble();
    const store = makeStore();
    await waitFor(() => expect(selectSignedIn(store.getState())).toBe(true));
    store.dispatch(signedOut({ reason: 'timeout' }));
    expect(selectAccount(store.getState())).toBeNull();
    expect(store.getState().auth.timeout).toBe('dialog');
  });
});
