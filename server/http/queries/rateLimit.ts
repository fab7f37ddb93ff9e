import type { Queryable } from '../../db/database';

/** The SQL of the rate limits' counters (migration 0008): one row per bucket and fixed window. */

/**
 * Counts one hit in the bucket's current window of `windowSeconds`; returns the window's hits
 * so far and the seconds until it ends.
 */
export async function countHit(
  db: Queryable,
  bucket: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await db.query<{ hits: number; retryAfter: number }>(
    `WITH slot AS (
       SELECT to_timestamp(floor(extract(epoch FROM now()) / $2::int) * $2::int) AS start
     )
     INSERT INTO rate_limit_hits (bucket, window_start, hits)
     SELECT $1, start, 1 FROM slot
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
     RETURNING hits,
       ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now()))::int AS "retryAfter"`,
    [bucket, windowSeconds],
  );
  return rows[0]!;
}

/** A bounded clean-up of windows long gone, which keeps the table small. */
export async function purgeOldWindows(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM rate_limit_hits WHERE (bucket, window_start) IN (
       SELECT bucket, window_start FROM rate_limit_hits
       WHERE window_start < now() - interval '1 day' LIMIT 100)`,
  );
}

/**
 * Reads a bucket's current window without counting (the failure throttles count only
 * failures, with countHit, so a buyer who gets it right at the first try leaves nothing).
 */
export async function currentWindowHits(
  db: Queryable,
  bucket: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await db.query<{ hits: number; retryAfter: number }>(
    `SELECT hits,
       ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now()))::int AS "retryAfter"
     FROM rate_limit_hits
     WHERE bucket = $1
       AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2::int) * $2::int)`,
    [bucket, windowSeconds],
  );
  return rows[0] ?? { hits: 0, retryAfter: 0 };
}

/** Forgets a bucket's hits (a sign-in's account, once its owner has signed in). */
export async function clearBucket(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_hits WHERE bucket = $1', [bucket]);
}
