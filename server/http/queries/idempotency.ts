import type { Queryable } from '../../db/database';

/**
 * The SQL of idempotency keys (migration 0004): one row per (session, key), claimed `in_flight`
 * and then `done` with the answer kept for replays. The rules are server/http/idempotency.ts.
 */

export interface KeyRef {
  sessionId: string;
  key: string;
}

export interface KeptAnswer {
  status: number;
  body: unknown;
}

export interface KeyState {
  requestHash: string;
  state: string;
  status: number | null;
  body: unknown;
}

/**
 * Claims the key for a request with `hash`: a new key, or one left in flight longer than
 * `inFlightTimeoutS` by the same request. False when someone else has it (or it has its answer).
 */
export async function claimKey(
  db: Queryable,
  ref: KeyRef,
  hash: string,
  inFlightTimeoutS: number,
): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (session_id, key, request_hash, state) VALUES ($1, $2, $3, 'in_flight')
     ON CONFLICT (session_id, key) DO UPDATE SET locked_at = now()
       WHERE idempotency_keys.state = 'in_flight' AND idempotency_keys.request_hash = EXCLUDED.request_hash
         AND idempotency_keys.locked_at < now() - make_interval(secs => $4::int)
     RETURNING key`,
    [ref.sessionId, ref.key, hash, inFlightTimeoutS],
  );
  return claimed.rows.length > 0;
}

export async function findKey(db: Queryable, ref: KeyRef): Promise<KeyState | undefined> {
  const { rows } = await db.query<KeyState>(
    `SELECT request_hash AS "requestHash", state, response_status AS status, response_body AS body
     FROM idempotency_keys WHERE session_id = $1 AND key = $2`,
    [ref.sessionId, ref.key],
  );
  return rows[0];
}

/** Keeps the answer while the key is still in flight; false when it no longer is. */
export async function storeAnswer(
  db: Queryable,
  ref: KeyRef,
  response: KeptAnswer,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4::jsonb
     WHERE session_id = $1 AND key = $2 AND state = 'in_flight'`,
    [ref.sessionId, ref.key, response.status, JSON.stringify(response.body)],
  );
  return rowCount > 0;
}

/** The answer kept under the key, if any. */
export async function keptAnswer(db: Queryable, ref: KeyRef): Promise<KeptAnswer | undefined> {
  const { rows } = await db.query<KeptAnswer>(
    `SELECT response_status AS status, response_body AS body FROM idempotency_keys
     WHERE session_id = $1 AND key = $2 AND state = 'done'`,
    [ref.sessionId, ref.key],
  );
  return rows[0];
}

/** Frees a key still in flight (never one that has its answer). */
export async function releaseKey(db: Queryable, ref: KeyRef): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys WHERE session_id = $1 AND key = $2 AND state = 'in_flight'`,
    [ref.sessionId, ref.key],
  );
}

/** Deletes up to `batch` keys older than a day; returns how many. */
export async function purgeOldKeys(db: Queryable, batch: number): Promise<number> {
  const { rows } = await db.query<{ purged: number }>(
    `WITH gone AS (
       DELETE FROM idempotency_keys WHERE (session_id, key) IN (
         SELECT session_id, key FROM idempotency_keys
         WHERE created_at < now() - interval '1 day' LIMIT $1)
       RETURNING 1
     )
     SELECT count(*)::int AS purged FROM gone`,
    [batch],
  );
  return rows[0]?.purged ?? 0;
}
