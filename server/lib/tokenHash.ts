import { createHash } from 'node:crypto';

/**
 * The digest kept of a bearer token the shop issues (session cookie, account activation link,
 * app handover): SHA-256 in base64url. Only digests are stored, so a read of the database lends
 * no one a session; every lookup hashes what it was sent with this same function.
 */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');
