import type { Queryable } from '../../db/database';

/**
 * The SQL of buyers' anonymous sessions (migrations 0002, 0014). Sessions are found by the hash
 * of their cookie's token (server/lib/tokenHash.ts), never by the token itself.
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
  return (await insertSessionRow(db, session)).expiresAt;
}

/** Stores a new session; returns its id and when it expires. */
export async function insertSessionRow(
  db: Queryable,
  session: NewSession,
): Promise<{ id: string; expiresAt: Date }> {
  const { rows } = await db.query<{ id: string; expiresAt: Date }>(
    `INSERT INTO sessions (token_hash, csrf_token, expires_at, client_digest)
     VALUES ($1, $2, now() + make_interval(hours => $3::int), $4)
     RETURNING id, expires_at AS "expiresAt"`,
    [session.tokenHash, session.csrfToken, session.ttlHours, session.clientDigest],
  );
  return rows[0]!;
}

/**
 * Signing in (issue 14, migration 0018). The sign-in lives on the session row, so the basket,
 * holds and checkout answers stay with the browser; the token and CSRF token are replaced in the
 * same statement, so the cookie from before the sign-in reads nothing after it.
 */

export interface SignInLimits {
  idleMinutes: number;
  absoluteHours: number;
}

export interface SessionSignIn {
  /** The row's own end: never before the absolute limit, so a late sign-in gets its whole term. */
  expiresAt: Date;
}

/** Signs the live session in to the account under a new token; undefined when it has ended. */
export async function signInSession(
  db: Queryable,
  input: {
    sessionId: string;
    accountId: string;
    tokenHash: string;
    csrfToken: string;
    limits: SignInLimits;
  },
): Promise<SessionSignIn | undefined> {
  const { rows } = await db.query<SessionSignIn>(
    `UPDATE sessions SET token_hash = $2, csrf_token = $3, account_id = $4,
       signed_in_idle_until = now() + make_interval(mins => $5::int),
       signed_in_until = now() + make_interval(hours => $6::int),
       expires_at = greatest(expires_at, now() + make_interval(hours => $6::int)),
       last_seen_at = now()
     WHERE id = $1 AND expires_at > now()
     RETURNING expires_at AS "expiresAt"`,
    [
      input.sessionId,
      input.tokenHash,
      input.csrfToken,
      input.accountId,
      input.limits.idleMinutes,
      input.limits.absoluteHours,
    ],
  );
  return rows[0];
}

/**
 * Moves a live sign-in's idle limit on (a state-changing call or a keep-alive); false when the
 * session is not signed in or either limit has passed, which nothing revives.
 */
export async function extendSignIn(
  db: Queryable,
  sessionId: string,
  idleMinutes: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET signed_in_idle_until = now() + make_interval(mins => $2::int)
     WHERE id = $1 AND account_id IS NOT NULL AND signed_in_idle_until > now()
       AND signed_in_until > now() AND expires_at > now()`,
    [sessionId, idleMinutes],
  );
  return rowCount === 1;
}

export interface SignedInAccount {
  accountId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** When the sign-in ends unless the buyer acts: the idle limit, or the absolute one if sooner. */
  idleUntil: Date;
  until: Date;
}

/** The account the session is signed in to while both limits hold; undefined otherwise. */
export async function findSignedInAccount(
  db: Queryable,
  sessionId: string,
): Promise<SignedInAccount | undefined> {
  const { rows } = await db.query<SignedInAccount>(
    `SELECT a.id AS "accountId", a.email, a.first_name AS "firstName", a.last_name AS "lastName",
            least(s.signed_in_idle_until, s.signed_in_until) AS "idleUntil",
            s.signed_in_until AS until
       FROM sessions s JOIN accounts a ON a.id = s.account_id
      WHERE s.id = $1 AND s.expires_at > now()
        AND s.signed_in_idle_until > now() AND s.signed_in_until > now()`,
    [sessionId],
  );
  return rows[0];
}

/**
 * Ends a session (sign-out): it is past its end at once, so its cookie finds nothing, and it is
 * signed in to nobody. The row stays for the orders and holds that name it.
 */
export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET expires_at = least(expires_at, now()), account_id = NULL,
       signed_in_idle_until = NULL, signed_in_until = NULL
     WHERE id = $1`,
    [sessionId],
  );
}

/**
 * Signs the session out of its account but keeps it (a timed-out sign-in): a new token and CSRF
 * token, the basket and holds left to the hold rules. Returns the row's end.
 */
export async function signOutKeepingSession(
  db: Queryable,
  input: { sessionId: string; tokenHash: string; csrfToken: string },
): Promise<Date | undefined> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `UPDATE sessions SET token_hash = $2, csrf_token = $3, account_id = NULL,
       signed_in_idle_until = NULL, signed_in_until = NULL
     WHERE id = $1 AND expires_at > now()
     RETURNING expires_at AS "expiresAt"`,
    [input.sessionId, input.tokenHash, input.csrfToken],
  );
  return rows[0]?.expiresAt;
}

/** Replaces a live session's token and CSRF token (a password change); returns its end. */
export async function rotateSessionToken(
  db: Queryable,
  input: { sessionId: string; tokenHash: string; csrfToken: string },
): Promise<Date | undefined> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `UPDATE sessions SET token_hash = $2, csrf_token = $3
     WHERE id = $1 AND expires_at > now()
     RETURNING expires_at AS "expiresAt"`,
    [input.sessionId, input.tokenHash, input.csrfToken],
  );
  return rows[0]?.expiresAt;
}

/**
 * Signs every session of the account out (a password reset or change), but `keep`; the sessions
 * go on as guests', so whoever holds one keeps only what any guest would.
 */
export async function signOutAccountSessions(
  db: Queryable,
  accountId: string,
  keep: string | null = null,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET account_id = NULL, signed_in_idle_until = NULL, signed_in_until = NULL
     WHERE account_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
    [accountId, keep],
  );
  return rowCount;
}
