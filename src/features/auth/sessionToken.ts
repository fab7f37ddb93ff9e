import { createSession } from '@/api/session';
import type { AppDispatch } from '@/app/store';
import { bookingSessionStarted } from '@/features/session/sessionSlice';

/**
 * The booking session's CSRF token for a call a page makes itself (not through a saga): the one
 * in the store, or the live session's (a reloaded tab has the cookie but not the token), or a
 * new session's for a browser that has none yet.
 */
export async function sessionToken(known: string | null, dispatch: AppDispatch): Promise<string> {
  if (known !== null) return known;
  const session = await createSession();
  dispatch(bookingSessionStarted({ csrfToken: session.csrfToken }));
  return session.csrfToken;
}
