import type { Queryable } from '../db/database';
import {
  countFailure,
  forgetFailures,
  keyedDigest,
  readFailures,
  type FailureBucket,
} from '../http/failureThrottle';
import type { RateLimit } from '../http/rateLimit';
import { clientDigest } from '../lib/clientDigest';
import { ApiError } from '../lib/errors';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * Repeated failed sign-ins are slowed, then refused, per account and per client address
 * (issue 14). "Per account" is per email typed, whether or not it has an account, so a refusal
 * says nothing about the address; the client address is request.ip (proxy-aware). Only
 * failures count, and an account's count is forgotten once its owner signs in.
 */

export interface SignInThrottleSettings {
  /** Failures for one email in a window before every attempt is refused until it ends. */
  perAccount: RateLimit;
  /** Failures from one client address (any emails) in a window before it is refused. */
  perClient: RateLimit;
  /** Failures for one email after which each further attempt first waits… */
  slowAfter: number;
  /** …and failures from one client address after which it does too… */
  clientSlowAfter: number;
  /** …this long times the failures past either (so a guesser's rate falls as it goes). */
  slowStepMs: number;
}

/**
 * 5 failures per email and 20 per client address per 15 minutes; from the 3rd failure for an
 * email (the 10th from an address) each attempt waits 1 s more. A buyer who mistypes twice never
 * notices; a guesser gets 5 tries per quarter hour per account, about 480 a day, against
 * 12-character passwords that are not on the common list.
 */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleSettings = {
  perAccount: { max: 5, windowSeconds: 900 },
  perClient: { max: 20, windowSeconds: 900 },
  slowAfter: 3,
  clientSlowAfter: 10,
  slowStepMs: 1000,
};

const KEY_NAME = 'sign-in-throttle';

export interface ThrottleBuckets {
  account: string;
  client: string;
}

/** The email as one mailbox, whatever case or spacing it was typed in. */
const emailKey = (email: string) => email.normalize('NFKC').trim().toLowerCase();

/** Keyed digests, never the email or address (http/failureThrottle.ts keyedDigest). */
export async function throttleBuckets(
  keys: ServerKeys,
  email: string,
  address: string,
): Promise<ThrottleBuckets> {
  const account = await keyedDigest(keys, KEY_NAME, emailKey(email));
  return {
    account: `sign-in-account:${account}`,
    client: `sign-in-client:${await clientDigest(keys, address)}`,
  };
}

/** 429 sign_in_throttled; the route sends `retryAfterSeconds` as Retry-After. */
export class SignInThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'sign_in_throttled', 'Too many failed sign-ins. Please wait before trying again.');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const failureBuckets = (
  buckets: ThrottleBuckets,
  settings: SignInThrottleSettings,
): FailureBucket[] => [
  { bucket: buckets.account, limit: settings.perAccount },
  { bucket: buckets.client, limit: settings.perClient },
];

/**
 * Refuses (429 sign_in_throttled, with the seconds until the fullest window ends) when either
 * count is used up; otherwise waits the slow-down the email's failures have earned.
 */
export async function throttleSignIn(
  db: Queryable,
  buckets: ThrottleBuckets,
  settings: SignInThrottleSettings,
): Promise<void> {
  const {
    wait,
    hits: [account = 0, client = 0],
  } = await readFailures(db, failureBuckets(buckets, settings));
  if (wait > 0) throw new SignInThrottledError(wait);
  const pastFree = Math.max(
    account - settings.slowAfter + 1,
    client - settings.clientSlowAfter + 1,
  );
  if (pastFree > 0) await sleep(pastFree * settings.slowStepMs);
}

/** Counts one failure against both. */
export async function countSignInFailure(
  db: Queryable,
  buckets: ThrottleBuckets,
  settings: SignInThrottleSettings,
): Promise<void> {
  await countFailure(db, failureBuckets(buckets, settings));
}

/** The owner signed in: their earlier mistakes no longer slow them. The address's stay. */
export async function forgetAccountFailures(
  db: Queryable,
  buckets: ThrottleBuckets,
): Promise<void> {
  await forgetFailures(db, buckets.account);
}
