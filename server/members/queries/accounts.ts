import type { Queryable } from '../../db/database';

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

/** Signing in and looking after an account (issue 14, migration 0019's links). */

export interface AccountCredentials {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  verified: boolean;
}

const CREDENTIAL_COLUMNS = `id, email, first_name AS "firstName", last_name AS "lastName",
  password_hash AS "passwordHash", verified_at IS NOT NULL AS verified`;

/** The account of an email, in any letter case, activated or not. */
export async function findAccountByEmail(
  db: Queryable,
  email: string,
): Promise<AccountCredentials | undefined> {
  const { rows } = await db.query<AccountCredentials>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM accounts WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

export async function findAccountById(
  db: Queryable,
  id: string,
): Promise<AccountCredentials | undefined> {
  const { rows } = await db.query<AccountCredentials>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM accounts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export type AccountLinkPurpose = 'password_reset' | 'email_change';

/** A new one-time link for the account; the account's older links of the purpose stop working. */
export async function replaceAccountLink(
  tx: Queryable,
  link: {
    accountId: string;
    purpose: AccountLinkPurpose;
    tokenHash: string;
    minutes: number;
    newEmail?: string;
  },
): Promise<void> {
  await deleteAccountLinks(tx, link.accountId, link.purpose);
  await tx.query(
    `INSERT INTO account_links (token_hash, account_id, purpose, new_email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [link.tokenHash, link.accountId, link.purpose, link.newEmail ?? null, link.minutes],
  );
}

export async function deleteAccountLinks(
  tx: Queryable,
  accountId: string,
  purpose: AccountLinkPurpose,
): Promise<void> {
  await tx.query('DELETE FROM account_links WHERE account_id = $1 AND purpose = $2', [
    accountId,
    purpose,
  ]);
}

export interface AccountLink {
  accountId: string;
  email: string;
  newEmail: string | null;
}

/** A live link's account, without using it (the reset form checks the password first). */
export async function findAccountLink(
  db: Queryable,
  tokenHash: string,
  purpose: AccountLinkPurpose,
): Promise<AccountLink | undefined> {
  const { rows } = await db.query<AccountLink>(
    `SELECT l.account_id AS "accountId", a.email, l.new_email AS "newEmail"
       FROM account_links l JOIN accounts a ON a.id = l.account_id
      WHERE l.token_hash = $1 AND l.purpose = $2 AND l.expires_at > now()`,
    [tokenHash, purpose],
  );
  return rows[0];
}

/** Uses a live link once: the statement that finds it deletes it, so two clicks use it once. */
export async function useAccountLink(
  tx: Queryable,
  tokenHash: string,
  purpose: AccountLinkPurpose,
): Promise<{ accountId: string; newEmail: string | null } | undefined> {
  const { rows } = await tx.query<{ accountId: string; newEmail: string | null }>(
    `DELETE FROM account_links WHERE token_hash = $1 AND purpose = $2 AND expires_at > now()
     RETURNING account_id AS "accountId", new_email AS "newEmail"`,
    [tokenHash, purpose],
  );
  return rows[0];
}

/**
 * Sets the account's password. Opening an emailed link proves the mailbox as the activation
 * link does, so a reset also activates an account that was not yet (its activation link ends).
 */
export async function setAccountPassword(
  tx: Queryable,
  accountId: string,
  passwordHash: string,
  activate: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE accounts SET password_hash = $2,
       verified_at = CASE WHEN $3::boolean THEN coalesce(verified_at, now()) ELSE verified_at END,
       verification_token_hash = CASE WHEN $3::boolean THEN NULL ELSE verification_token_hash END,
       verification_expires_at = CASE WHEN $3::boolean THEN NULL ELSE verification_expires_at END
     WHERE id = $1`,
    [accountId, passwordHash, activate],
  );
}

/** Moves the account to a new address; undefined when another account has it (in any case). */
export async function setAccountEmail(
  tx: Queryable,
  accountId: string,
  email: string,
): Promise<AccountCredentials | undefined> {
  const { rows } = await tx.query<AccountCredentials>(
    `UPDATE accounts SET email = $2 WHERE id = $1
       AND NOT EXISTS (SELECT 1 FROM accounts o WHERE lower(o.email) = lower($2) AND o.id <> $1)
     RETURNING ${CREDENTIAL_COLUMNS}`,
    [accountId, email],
  );
  return rows[0];
}
