import { z } from 'zod';

/**
 * Session service (`/services/session`). POST /sessions issues an anonymous session: the
 * session id travels only in an httpOnly cookie; the CSRF token comes back in the body and must
 * be sent as the `x-csrf-token` header on every later state-changing call.
 */

import { GUEST_IDLE_MIN_SECONDS } from './constants';

export { CSRF_HEADER, SESSION_COOKIE } from './constants';

/** The body is optional (a bare POST); when sent it must be an empty JSON object. */
export const createSessionBodySchema = z.strictObject({}).nullish();

export const sessionSchema = z.strictObject({
  csrfToken: z.string(),
  /** ISO 8601 instant after which the session is gone. */
  expiresAt: z.string(),
  /**
   * How long a guest holding seats may leave the page untouched before the SPA times the session
   * out and lets the seats go (GUEST_IDLE_MINUTES unless the operator set GUEST_IDLE_SECONDS).
   */
  guestIdleSeconds: z.number().int().min(GUEST_IDLE_MIN_SECONDS),
});
export type Session = z.infer<typeof sessionSchema>;
