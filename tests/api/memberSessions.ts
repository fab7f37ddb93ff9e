import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { DEMO_MEMBER_PASSWORD } from '../../server/catalogue/seed/members';
import type { Buyer } from './buyers';
import { signIn } from './signIn';

export const DEMO = {
  atg: 'atg@demo.stagedoor.test',
  access: 'access@demo.stagedoor.test',
  plain: 'plain@demo.stagedoor.test',
  lapsing: 'lapsing@demo.stagedoor.test',
} as const;

const tokenHash = (buyer: Buyer) =>
  createHash('sha256').update(buyer.cookie.split('=')[1]!).digest('base64url');

/**
 * Signs `buyer`'s session in to a seeded account through the auth service (tests/api/signIn.ts)
 * and returns the buyer as the browser now is: a new cookie and CSRF token for the same session.
 */
export async function signInAs(app: FastifyInstance, buyer: Buyer, email: string): Promise<Buyer> {
  const { cookie, csrf } = await signIn(app, buyer, email, DEMO_MEMBER_PASSWORD);
  return { cookie, csrf };
}

export async function sessionIdOf(db: Database, buyer: Buyer): Promise<string> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    tokenHash(buyer),
  ]);
  return rows[0]!.id;
}

/** A fresh verified account with no membership (the demo password), for tests that change one. */
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
