import { randomBytes } from 'node:crypto';
import { hashToken } from './tokenHash';

/**
 * A session's bearer token (the cookie, kept only as its digest) and its CSRF token (sent back in
 * a body), each 256 random bits. A sign-in, sign-out or password change issues both anew.
 */
export interface SessionTokens {
  token: string;
  tokenHash: string;
  csrfToken: string;
}

export const newToken = () => randomBytes(32).toString('base64url');

export function newSessionTokens(): SessionTokens {
  const token = newToken();
  return { token, tokenHash: hashToken(token), csrfToken: newToken() };
}
