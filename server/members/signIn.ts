import { randomBytes } from 'node:crypto';
import {
  SIGN_IN_ABSOLUTE_HOURS,
  SIGN_IN_IDLE_MINUTES,
  type SignInState,
} from '../../contract/api/auth';
import type { Queryable } from '../db/database';
import { findAccountByEmail } from './queries/accounts';
import {
  extendSignIn,
  findSignedInAccount,
  signInSession,
  type SignedInAccount,
  type SignInLimits,
} from '../http/queries/sessions';
import { ApiError } from '../lib/errors';
import { hashPassword, verifyPassword } from './passwordHash';
import type { ServerKeys } from '../lib/serverKeys';
import { newSessionTokens, type SessionTokens } from '../lib/sessionTokens';
import {
  countSignInFailure,
  forgetAccountFailures,
  throttleBuckets,
  throttleSignIn,
  type SignInThrottleSettings,
} from './signInThrottle';

/**
 * Signing in (issue 14). A sign-in is a state of the buyer's session row (migration 0018): the
 * basket, holds and checkout answers stay with the browser, and the token and CSRF token are
 * replaced, so a cookie copied before the sign-in reads nothing after it. It lasts while both of
 * its limits hold: idle (moved on by the session's own state-changing calls and keep-alives,
 * never by reads) and absolute (from the sign-in, never moved).
 */

export const SIGN_IN_LIMITS: SignInLimits = {
  idleMinutes: SIGN_IN_IDLE_MINUTES,
  absoluteHours: SIGN_IN_ABSOLUTE_HOURS,
};

export const GUEST: SignInState = { account: null, idleExpiresAt: null, absoluteExpiresAt: null };

export function signInStateOf(account: SignedInAccount | undefined): SignInState {
  if (!account) return GUEST;
  return {
    account: { email: account.email, firstName: account.firstName, lastName: account.lastName },
    idleExpiresAt: account.idleUntil.toISOString(),
    absoluteExpiresAt: account.until.toISOString(),
  };
}

export async function readSignInState(db: Queryable, sessionId: string): Promise<SignInState> {
  return signInStateOf(await findSignedInAccount(db, sessionId));
}

export const signInRequired = () =>
  new ApiError(401, 'sign_in_required', 'Please sign in to do this.');

/** Moves the idle limit on; 401 sign_in_required when the sign-in has already ended. */
export async function keepAlive(db: Queryable, sessionId: string): Promise<SignInState> {
  if (!(await extendSignIn(db, sessionId, SIGN_IN_LIMITS.idleMinutes))) throw signInRequired();
  return readSignInState(db, sessionId);
}

/** One answer for an unknown email, a wrong password and an account not yet activated. */
export const signInFailed = () =>
  new ApiError(401, 'sign_in_failed', 'The email address or password is not right.');

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a password nobody knows, at the default cost, checked when the email has no account
 * so that a refusal takes as long as a wrong password does: the time tells nothing. Made once,
 * ahead of the first sign-in (`prepareSignIn`), so even the first unknown email is not slower.
 */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Makes the unknown-account hash now (at start), so no sign-in waits for it. */
export function prepareSignIn(): Promise<unknown> {
  return unknownAccountHash();
}

export interface SignInContext {
  db: Queryable;
  keys: ServerKeys;
  throttle: SignInThrottleSettings;
}

export interface SignInInput {
  sessionId: string;
  email: string;
  password: string;
  /** request.ip: the client address the per-address count is kept for. */
  clientAddress: string;
}

export interface SignedIn {
  state: SignInState;
  tokens: SessionTokens;
  /** The session row's end, for the new cookie's lifetime. */
  expiresAt: Date;
}

/**
 * Checks the password (against a stand-in hash when the email has no account) and signs the
 * session in under new tokens. Every refusal before the check and after it is the same for a
 * known and an unknown email: 429 from the counts kept per email typed and per address, 401
 * sign_in_failed after the one scrypt verification every attempt costs.
 */
export async function signIn(ctx: SignInContext, input: SignInInput): Promise<SignedIn> {
  const { db, throttle } = ctx;
  const buckets = await throttleBuckets(ctx.keys, input.email, input.clientAddress);
  await throttleSignIn(db, buckets, throttle);

  const account = await findAccountByEmail(db, input.email);
  const matches = await verifyPassword(
    input.password,
    account?.passwordHash ?? (await unknownAccountHash()),
  );
  if (!account || !matches || !account.verified) {
    await countSignInFailure(db, buckets, throttle);
    throw signInFailed();
  }

  const tokens = newSessionTokens();
  const signedIn = await signInSession(db, {
    sessionId: input.sessionId,
    accountId: account.id,
    tokenHash: tokens.tokenHash,
    csrfToken: tokens.csrfToken,
    limits: SIGN_IN_LIMITS,
  });
  // The session ended between its lookup and now (another tab signed out): sign in again.
  if (!signedIn) throw new ApiError(401, 'unauthorised', 'A session is required.');
  await forgetAccountFailures(db, buckets);
  return {
    state: await readSignInState(db, input.sessionId),
    tokens,
    expiresAt: signedIn.expiresAt,
  };
}
