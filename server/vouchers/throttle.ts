import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { countHit } from '../http/queries/rateLimit';
import { currentWindowHits } from '../members';
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
  const key = await keys.get(KEY_NAME, () => randomBytes(32).toString('base64url'));
  const number = createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(`${voucher.region}:${voucher.number}`)
    .digest('base64url');
  return { client, number: `voucher-number:${number}` };
}

/** Seconds until guessing may go on, or 0 when it may now. */
export async function guessWait(
  db: Queryable,
  buckets: VoucherBuckets,
  settings: VoucherThrottleSettings,
): Promise<number> {
  const [client, number] = await Promise.all([
    currentWindowHits(db, buckets.client, settings.perClient.windowSeconds),
    buckets.number
      ? currentWindowHits(db, buckets.number, settings.perNumber.windowSeconds)
      : Promise.resolve({ hits: 0, retryAfter: 0 }),
  ]);
  const waits = [
    client.hits >= settings.perClient.max ? client.retryAfter : 0,
    number.hits >= settings.perNumber.max ? number.retryAfter : 0,
  ];
  return waits.some((wait) => wait > 0) ? Math.max(1, ...waits) : 0;
}

/** Counts one wrong guess against each bucket. */
export async function countWrongGuess(
  db: Queryable,
  buckets: VoucherBuckets,
  settings: VoucherThrottleSettings,
): Promise<void> {
  await countHit(db, buckets.client, settings.perClient.windowSeconds);
  if (buckets.number) await countHit(db, buckets.number, settings.perNumber.windowSeconds);
}
