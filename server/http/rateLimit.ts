import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiError } from '../lib/errors';
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

/**
 * Counts one call of `client` and, once it has used up `limit` for `name`, refuses it: 429
 * `rate_limited` with `message` and a Retry-After for the rest of the window.
 */
export async function enforceRateLimit(
  db: Queryable,
  name: string,
  client: string,
  limit: RateLimit,
  reply: FastifyReply,
  message: string,
): Promise<void> {
  const verdict = await countCall(db, name, client, limit);
  if (!verdict.allowed) {
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new ApiError(429, 'rate_limited', message);
  }
}
