import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { inTransaction } from './holdsTransaction';

/** An answer as the client sees it; stored so a replay returns exactly the first one. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * A key left in flight this long belongs to a request whose process died before answering;
 * its work was rolled back with it (the answer is written in the same transaction), so it may
 * run again.
 */
export const IN_FLIGHT_TIMEOUT_S = 60;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Digest of what a request asks for: the same key must always ask for the same thing. */
export function requestHash(route: string, payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([route, canonical(payload)]))
    .digest('base64url');
}

/** The body an ApiError leaves as; `extra` carries fields like seatIds. */
export function errorResponse(error: ApiError): StoredResponse {
  const extra = (error as ApiError & { extra?: Record<string, unknown> }).extra ?? {};
  return {
    status: error.statusCode,
    body: {
      code: error.code,
      message: error.message,
      ...(error.fields && error.fields.length > 0 ? { fields: error.fields } : {}),
      ...extra,
    },
  };
}

async function store(db: Queryable, sessionId: string, key: string, response: StoredResponse) {
  await db.query(
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4::jsonb
     WHERE session_id = $1 AND key = $2`,
    [sessionId, key, response.status, JSON.stringify(response.body)],
  );
}

/**
 * Runs `work` once per (session, key). The key is claimed in its own statement (so a duplicate
 * arriving meanwhile sees it in flight); the work and its stored answer commit together. A 4xx
 * answer is stored and replayed like a success; after a 5xx the key is freed for a retry.
 */
export async function idempotent(
  db: Database,
  request: { sessionId: string; key: string; hash: string },
  work: (tx: Queryable) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const { sessionId, key, hash } = request;
  const claimed = await db.query(
    `INSERT INTO idempotency_keys (session_id, key, request_hash, state) VALUES ($1, $2, $3, 'in_flight')
     ON CONFLICT (session_id, key) DO UPDATE SET locked_at = now()
       WHERE idempotency_keys.state = 'in_flight' AND idempotency_keys.request_hash = EXCLUDED.request_hash
         AND idempotency_keys.locked_at < now() - make_interval(secs => $4::int)
     RETURNING key`,
    [sessionId, key, hash, IN_FLIGHT_TIMEOUT_S],
  );
  if (claimed.rows.length === 0) {
    const { rows } = await db.query<{
      requestHash: string;
      state: string;
      status: number | null;
      body: unknown;
    }>(
      `SELECT request_hash AS "requestHash", state, response_status AS status, response_body AS body
       FROM idempotency_keys WHERE session_id = $1 AND key = $2`,
      [sessionId, key],
    );
    const existing = rows[0];
    if (existing && existing.requestHash !== hash) {
      throw new ApiError(
        422,
        'idempotency_mismatch',
        'This idempotency key was used for a different request.',
      );
    }
    if (!existing || existing.state !== 'done' || existing.status === null) {
      throw new ApiError(409, 'idempotency_in_flight', 'This request is still being processed.');
    }
    return { status: existing.status, body: existing.body };
  }
  try {
    return await inTransaction(db, async (tx) => {
      const response = await work(tx);
      await store(tx, sessionId, key, response);
      return response;
    });
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) {
      const response = errorResponse(error);
      await store(db, sessionId, key, response);
      return response;
    }
    await db
      .query('DELETE FROM idempotency_keys WHERE session_id = $1 AND key = $2', [sessionId, key])
      .catch(() => undefined);
    throw error;
  }
}
