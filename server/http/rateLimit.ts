import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { countHit, purgeOldWindows } from './queries/rateLimit';

/** At most `max` calls per client in each fixed window of `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one call of `client` against the limit named `name`. The counters live in the database
 * (migration 0008), so a limit holds across every instance of the server; the client is stored
 * only as a digest.
 */
export async function countCall(
  db: Queryable,
  name: string,
  client: string,
  limit: RateLimit,
): Promise<RateLimitVerdict> {
  const bucket = `${name}:${createHash('sha256').update(client).digest('base64url')}`;
  const { hits, retryAfter } = await countHit(db, bucket, limit.windowSeconds);
  // A new window: a bounded clean-up of windows long gone keeps the table small.
  if (hits === 1) await purgeOldWindows(db);
  return { allowed: hits <= limit.max, retryAfterSeconds: Math.max(1, retryAfter) };
}
