import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { clearBucket, countHit, currentWindowHits } from './queries/rateLimit';
import type { RateLimit } from './rateLimit';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * Guesses slowed and refused by counting only the failures (wrong passwords, wrong voucher
 * numbers or codes) in keyed buckets of the rate limits' table: a buyer who gets it right leaves
 * nothing behind. The sign-in and voucher throttles are this with their own buckets and limits.
 */

/** One counter and its limit (failures per window). */
export interface FailureBucket {
  bucket: string;
  limit: RateLimit;
}

/**
 * A keyed digest of `text` under the server key `keyName`, never the text itself: a copy of the
 * counters must not list who tried what (an unkeyed hash of an email is undone with a list).
 */
export async function keyedDigest(
  keys: ServerKeys,
  keyName: string,
  text: string,
): Promise<string> {
  const key = await keys.get(keyName, () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(text).digest('base64url');
}

/**
 * Each bucket's failures in its current window, and the seconds until guessing may go on: 0
 * when no bucket is full, else until the fullest window ends (at least 1).
 */
export async function readFailures(
  db: Queryable,
  buckets: readonly FailureBucket[],
): Promise<{ wait: number; hits: number[] }> {
  const windows = await Promise.all(
    buckets.map(({ bucket, limit }) => currentWindowHits(db, bucket, limit.windowSeconds)),
  );
  const waits = windows.map((window, index) =>
    window.hits >= buckets[index]!.limit.max ? window.retryAfter : 0,
  );
  return {
    wait: waits.some((wait) => wait > 0) ? Math.max(1, ...waits) : 0,
    hits: windows.map((window) => window.hits),
  };
}

/** Counts one failure against each bucket. */
export async function countFailure(
  db: Queryable,
  buckets: readonly FailureBucket[],
): Promise<void> {
  for (const { bucket, limit } of buckets) await countHit(db, bucket, limit.windowSeconds);
}

/** Forgets a bucket's failures. */
export function forgetFailures(db: Queryable, bucket: string): Promise<void> {
  return clearBucket(db, bucket);
}
