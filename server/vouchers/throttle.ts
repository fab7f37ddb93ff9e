import type { Queryable } from '../db/database';
import {
  countFailure,
  keyedDigest,
  readFailures,
  type FailureBucket,
} from '../http/failureThrottle';
import type { RateLimit } from '../http/rateLimit';
import { clientDigest } from '../lib/clientDigest';
import { ApiError } from '../lib/errors';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * Guessing vouchers (issue 15): only wrong guesses count (a number the region does not have, or
 * a wrong code), per client address and per voucher number, so a buyer who types their voucher
 * right leaves nothing behind. The per-number limit stops many addresses working on one
 * voucher's code; the per-client one stops one address trying many numbers. Both are counted in
 * the rate limits' table (migration 0008) under keyed digests, never the address or number.
 */

export interface VoucherThrottleSettings {
  /** Wrong guesses one client address may make per window (apply and the promo box together). */
  perClient: RateLimit;
  /** Wrong codes tried against one voucher number per window, from anywhere. */
  perNumber: RateLimit;
}

export const DEFAULT_VOUCHER_THROTTLE: VoucherThrottleSettings = {
  perClient: { max: 10, windowSeconds: 900 },
  perNumber: { max: 5, windowSeconds: 3600 },
};

const KEY_NAME = 'voucher-throttle';

/** 429 rate_limited; the route sends `retryAfterSeconds` as Retry-After. */
export class VoucherThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', 'Too many wrong voucher numbers or codes. Please try again later.');
  }
}

export interface VoucherBuckets {
  client: string;
  number: string | null;
}

/** The buckets of a client address and (when the apply names one) a region's voucher number. */
export async function voucherBuckets(
  keys: ServerKeys,
  address: string,
  voucher?: { region: string; number: string },
): Promise<VoucherBuckets> {
  const client = `voucher-client:${await clientDigest(keys, address)}`;
  if (!voucher) return { client, number: null };
  const number = await keyedDigest(keys, KEY_NAME, `${voucher.region}:${voucher.number}`);
  return { client, number: `voucher-number:${number}` };
}

const failureBuckets = (
  buckets: VoucherBuckets,
  settings: VoucherThrottleSettings,
): FailureBucket[] => [
  { bucket: buckets.client, limit: settings.perClient },
  ...(buckets.number ? [{ bucket: buckets.number, limit: settings.perNumber }] : []),
];

/** Seconds until guessing may go on, or 0 when it may now. */
export async function guessWait(
  db: Queryable,
  buckets: VoucherBuckets,
  settings: VoucherThrottleSettings,
): Promise<number> {
  return (await readFailures(db, failureBuckets(buckets, settings))).wait;
}

/** Counts one wrong guess against each bucket. */
export async function countWrongGuess(
  db: Queryable,
  buckets: VoucherBuckets,
  settings: VoucherThrottleSettings,
): Promise<void> {
  await countFailure(db, failureBuckets(buckets, settings));
}
