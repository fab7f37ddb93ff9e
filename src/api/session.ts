import { CSRF_HEADER } from '@contract/api/constants';
import type { Session } from '@contract/api/session';
import { serviceApi } from './client';

/**
 * The anonymous booking session: the cookie is httpOnly (the browser keeps it), the CSRF token
 * comes back in the body and goes with every state-changing call. A browser that already has a
 * live session gets the same one back.
 */
export function createSession(): Promise<Session> {
  return serviceApi('session')
    .post<Session>('/sessions', {})
    .then((response) => response.data);
}

export function csrfHeaders(csrfToken: string): Record<string, string> {
  return { [CSRF_HEADER]: csrfToken };
}
