import { createHash } from 'node:crypto';
import type { Database } from '../../server/db/database';
import type { Buyer } from './buyers';

/**
 * Signs a test buyer's session in to a seeded account directly in the database, as sign-in
 * (server/domain/signIn.ts, another branch of issue 14) leaves it: account set, both limits
 * ahead. Member tests use it until they can go through the auth service's own sign-in.
 */

export const DEMO = {
  atg: 'atg@demo.stagedoor.test',
  access: 'access@demo.stagedoor.test',
  plain: 'plain@demo.stagedoor.test',
  lapsing: 'lapsing@demo.stagedoor.test',
} as const;

const tokenHash = (buyer: Buyer) =>
  createHash('sha256').update(buyer.cookie.split('=')[1]!).digest('base64url');

export async function signInAs(db: Database, buyer: Buyer, email: string): Promise<string> {
  const { rows } = await db.query<{ accountId: string }>(
    `UPDATE sessions SET account_id = a.id, signed_in_idle_until = now() + interval '30 minutes',
       signed_in_until = now() + interval '12 hours'
     FROM accounts a WHERE lower(a.email) = lower($2) AND sessions.token_hash = $1
     RETURNING a.id::text AS "accountId"`,
    [tokenHash(buyer), email],
  );
  if (!rows[0]) throw new Error(`no session or no account ${email}`);
  return rows[0].accountId;
}

export async function sessionIdOf(db: Database, buyer: Buyer): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    tokenHash(buyer),
  ]);
  return rows[0]!.id;
}

/** A fresh verified account with no membership, for tests that change one. */
export async function newAccount(db: Database, email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO accounts (email, first_name, last_name, password_hash, verified_at)
     SELECT $1, 'Tess', 'Member', password_hash, now() FROM accounts
     WHERE email = 'plain@demo.stagedoor.test'
     RETURNING id::text AS id`,
    [email],
  );
  return rows[0]!.id;
}

/** Ends a membership's benefits now, as time passing its end would. */
export async function lapse(db: Database, email: string, scheme: string): Promise<void> {
  await db.query(
    `UPDATE memberships SET benefits_until = now() - interval '1 second'
     WHERE scheme = $2 AND account_id = (SELECT id FROM accounts WHERE lower(email) = lower($1))`,
    [email, scheme],
  );
}
