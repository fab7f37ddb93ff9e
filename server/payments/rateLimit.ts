import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';

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
  const { rows } = await db.query<{ hits: number; retryAfter: number }>(
    `WITH slot AS (
       SELECT to_timestamp(floor(extract(epoch FROM now()) / $2::int) * $2::int) AS start
     )
     INSERT INTO rate_limit_hits (bucket, window_start, hits)
     SELECT $1, start, 1 FROM slot
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     RETURNING hits,
       ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now()))::int AS "retryAfter"`,
    [bucket, limit.windowSeconds],
  );
  const { hits, retryAfter } = rows[0]!;
  if (hits === 1) {
    // A new window: a bounded clean-up of windows long gone keeps the table small.
    await db.query(
      `DELETE FROM rate_limit_hits WHERE (bucket, window_start) IN (
         SELECT bucket, window_start FROM rate_limit_hits
         WHERE window_start < now() - interval '1 day' LIMIT 100)`,
    );
  }
  return { allowed: hits <= limit.max, retryAfterSeconds: Math.max(1, retryAfter) };
}
