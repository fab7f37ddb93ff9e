import type { Queryable } from '../../db/database';

/**
 * Failed sign-ins counted in the rate limits' table (migration 0008, `rate_limit_hits`): one
 * bucket per account key or client digest and fixed window. Only failures are counted (with
 * countHit), so a buyer who signs in at the first try leaves nothing; this reads a bucket's
 * current window without counting.
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

/** Forgets a bucket's failures (the account's, once its owner has signed in). */
export async function clearBucket(db: Queryable, bucket: string): Promise<void> {
  await db.query('DELETE FROM rate_limit_hits WHERE bucket = $1', [bucket]);
}
