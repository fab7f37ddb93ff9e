import type { Queryable } from '../database';

/**
 * The SQL of buyers' anonymous sessions (migrations 0002, 0014). Sessions are found by the hash
 * of their cookie's token (server/domain/tokenHash.ts), never by the token itself.
 */

export interface LiveSession {
  id: string;
  csrfToken: string;
  /** The account it is signed in to, null for a guest or once a sign-in limit passed (0018). */
  accountId: string | null;
}

/** The live session of a token's hash, with its CSRF token and signed-in account. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<LiveSession | undefined> {
  const { rows } = await db.query<LiveSession>(
    `SELECT id, csrf_token AS "csrfToken",
            CASE WHEN signed_in_idle_until > now() AND signed_in_until > now()
                 THEN account_id END AS "accountId"
       FROM sessions WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

/** Marks a live session seen and returns it; undefined when there is none (or it expired). */
export async function touchLiveSession(
  db: Queryable,
  tokenHash: string,
): Promise<{ csrfToken: string; expiresAt: Date } | undefined> {
  const { rows } = await db.query<{ csrfToken: string; expiresAt: Date }>(
    `UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1 AND expires_at > now()
     RETURNING csrf_token AS "csrfToken", expires_at AS "expiresAt"`,
    [tokenHash],
  );
  return rows[0];
}

export interface NewSession {
  tokenHash: string;
  csrfToken: string;
  ttlHours: number;
  /** Keyed digest of the client address that made it (the hold cap's key), never the address. */
  clientDigest: string;
}

/** Stores a new session; returns when it expires. */
export async function insertSession(db: Queryable, session: NewSession): Promise<Date> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `INSERT INTO sessions (token_hash, csrf_token, expires_at, client_digest)
     VALUES ($1, $2, now() + make_interval(hours => $3::int), $4)
     RETURNING expires_at AS "expiresAt"`,
    [session.tokenHash, session.csrfToken, session.ttlHours, session.clientDigest],
  );
  return rows[0]!.expiresAt;
}
