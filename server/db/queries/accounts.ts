import type { Queryable } from '../database';

/** The SQL of accounts (migration 0012) and of the orders they are made from. */

export interface OrderCustomer {
  email: string;
  firstName: string;
  lastName: string;
  number: string;
  venueSlug: string;
}

/** Who bought a confirmed order of this session, from the order's details; undefined otherwise. */
export async function findOrderCustomer(
  db: Queryable,
  sessionId: string,
  orderId: string,
): Promise<OrderCustomer | undefined> {
  const { rows } = await db.query<OrderCustomer>(
    `SELECT o.details->'contact'->>'email' AS email,
            o.details->'contact'->>'firstName' AS "firstName",
            o.details->'contact'->>'lastName' AS "lastName",
            o.number, sh.venue_slug AS "venueSlug"
     FROM orders o
     JOIN performances p ON p.id = o.performance_id
     JOIN shows sh ON sh.id = p.show_id
     WHERE o.id = $1 AND o.session_id = $2 AND o.status = 'confirmed'`,
    [orderId, sessionId],
  );
  return rows[0];
}

export async function verifiedAccountExists(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND verified_at IS NOT NULL',
    [email],
  );
  return rows.length > 0;
}

/** The email's account, locked until the transaction ends. */
export async function lockAccountByEmail(
  tx: Queryable,
  email: string,
): Promise<{ id: string; verified: boolean } | undefined> {
  const { rows } = await tx.query<{ id: string; verified: boolean }>(
    `SELECT id, verified_at IS NOT NULL AS verified FROM accounts
     WHERE lower(email) = lower($1) FOR UPDATE`,
    [email],
  );
  return rows[0];
}

export async function deleteAccount(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM accounts WHERE id = $1', [id]);
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  marketingOptIn: boolean;
  verificationTokenHash: string;
  verificationHours: number;
}

/** The new account's id, or undefined when an account for the email exists. */
export async function insertAccount(
  tx: Queryable,
  account: NewAccount,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO accounts (email, first_name, last_name, password_hash, marketing_opt_in,
       verification_token_hash, verification_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7::int))
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING id`,
    [
      account.email,
      account.firstName,
      account.lastName,
      account.passwordHash,
      account.marketingOptIn,
      account.verificationTokenHash,
      account.verificationHours,
    ],
  );
  return rows[0]?.id;
}

/** Links the order to the account unless it is in one already; false when it was. */
export async function linkOrderToAccount(
  tx: Queryable,
  accountId: string,
  orderId: string,
): Promise<boolean> {
  const linked = await tx.query(
    'UPDATE orders SET account_id = $1 WHERE id = $2 AND account_id IS NULL',
    [accountId, orderId],
  );
  return linked.rowCount === 1;
}

/**
 * Activates the account of a live link in one statement (so two clicks activate it once);
 * returns its email, or undefined for an unknown, used or expired link.
 */
export async function verifyAccountByToken(
  db: Queryable,
  tokenHash: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>(
    `UPDATE accounts SET verified_at = now(), verification_token_hash = NULL,
       verification_expires_at = NULL
     WHERE verification_token_hash = $1 AND verification_expires_at > now()
     RETURNING email`,
    [tokenHash],
  );
  return rows[0]?.email;
}
