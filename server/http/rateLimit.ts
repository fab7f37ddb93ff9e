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

/** Clients remembered at most; past it the oldest refusals are forgotten (they count afresh). */
const MAX_REFUSED_CLIENTS = 10_000;

/**
 * The clients one limit has refused in this process, until the window that refused them ends.
 * Their further requests are refused from memory in an onRequest hook, before the body is read,
 * the request logged or anything asked of the database, so a flood from one address costs the
 * other buyers next to nothing (issue 26). The database counter stays the judge, and a limit
 * still holds across every instance: this only remembers its verdicts, never refuses a client
 * the database has not refused, and forgets each once the Retry-After it was sent runs out.
 */
export class RefusedClients {
  /** Client → when its refusal ends (ms since the epoch), oldest refusal first. */
  private readonly until = new Map<string, number>();

  constructor(private readonly maxClients = MAX_REFUSED_CLIENTS) {}

  /** Whole seconds left of the client's refusal (for Retry-After), or 0 when it is not refused. */
  secondsLeft(client: string, now = Date.now()): number {
    const ends = this.until.get(client);
    if (ends === undefined) return 0;
    if (ends <= now) {
      this.until.delete(client);
      return 0;
    }
    return Math.max(1, Math.ceil((ends - now) / 1000));
  }

  /** Records the database's refusal of `client` for the `verdict`'s rest of the window. */
  remember(client: string, verdict: RateLimitVerdict, now = Date.now()): void {
    this.until.delete(client);
    this.until.set(client, now + verdict.retryAfterSeconds * 1000);
    // Many addresses refused at once (a botnet, an IPv6 block): keep the memory bounded.
    for (const [oldest] of this.until) {
      if (this.until.size <= this.maxClients) break;
      this.until.delete(oldest);
    }
  }
}
