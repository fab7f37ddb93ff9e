import { HttpResponse } from 'msw';
import type { AccountSummary, SignInResponse, SignInState } from '@contract/api/auth';
import {
  SIGN_IN_ABSOLUTE_HOURS,
  SIGN_IN_IDLE_MINUTES,
  signInBodySchema,
  signOutBodySchema,
} from '@contract/api/auth';
import { http } from './contract';
import { apiError } from './handlers';
import { CSRF } from './inventory';

/**
 * The authentication service's double: one demo account, and whether this browser is signed in
 * to it. Every test starts as a guest (resetAuth); the sign-in keeps the double's one CSRF token,
 * so the other doubles keep accepting the calls that follow.
 */
export const DEMO_ACCOUNT: AccountSummary = {
  email: 'plain@demo.stagedoor.test',
  firstName: 'Pat',
  lastName: 'Plain',
};
export const DEMO_PASSWORD = 'stagedoor-demo-2026';

const auth = { signedIn: false, idleExpiresAt: 0 };

export function resetAuth(): void {
  auth.signedIn = false;
  auth.idleExpiresAt = 0;
}

/** A browser already signed in when the test starts (its sign-in read at start finds it). */
export function signInDouble(idleMs = SIGN_IN_IDLE_MINUTES * 60_000): void {
  auth.signedIn = true;
  auth.idleExpiresAt = Date.now() + idleMs;
}

export function signInState(): SignInState {
  return auth.signedIn
    ? {
        account: DEMO_ACCOUNT,
        idleExpiresAt: new Date(auth.idleExpiresAt).toISOString(),
        absoluteExpiresAt: new Date(Date.now() + SIGN_IN_ABSOLUTE_HOURS * 3_600_000).toISOString(),
      }
    : { account: null, idleExpiresAt: null, absoluteExpiresAt: null };
}

const csrfRefused = (request: Request) => request.headers.get('x-csrf-token') !== CSRF;

export const authHandlers = [
  http.get('/services/auth/session', () => HttpResponse.json(signInState())),
  http.post('/services/auth/sign-in', async ({ request }) => {
    if (csrfRefused(request)) return apiError(403, 'csrf_failed');
    const body = signInBodySchema.safeParse(await request.json());
    if (!body.success) return apiError(400, 'validation_failed');
    if (body.data.email !== DEMO_ACCOUNT.email || body.data.password !== DEMO_PASSWORD)
      return apiError(401, 'sign_in_failed');
    signInDouble();
    return HttpResponse.json({ ...signInState(), csrfToken: CSRF } satisfies SignInResponse);
  }),
  http.post('/services/auth/sign-out', async ({ request }) => {
    if (csrfRefused(request)) return apiError(403, 'csrf_failed');
    if (!signOutBodySchema.safeParse(await request.json()).success)
      return apiError(400, 'validation_failed');
    resetAuth();
    return HttpResponse.json({
      csrfToken: CSRF,
      expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString(),
    });
  }),
  http.post('/services/auth/keep-alive', ({ request }) => {
    if (csrfRefused(request)) return apiError(403, 'csrf_failed');
    if (!auth.signedIn) return apiError(401, 'sign_in_required');
    signInDouble();
    return HttpResponse.json(signInState());
  }),
];
