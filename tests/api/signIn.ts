import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signInResponseSchema, type SignInResponse } from '../../contract/api/auth';
import type { Queryable } from '../../server/db/database';
import { hashPassword, type ScryptCost } from '../../server/members/passwordHash';
import type { Buyer } from './buyers';

/** A venue that offers accounts (no loginDisabled), for tests that do not care which. */
export const SIGN_IN_VENUE = 'lumen-theatre';

/** The cookie (name=value) a response sets, or undefined when it sets none. */
export function cookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? String(header[0]) : header;
  return typeof first === 'string' ? first.split(';')[0] : undefined;
}

/** A raw sign-in call as `buyer` (with its CSRF token), for tests of the refusals. */
export function postSignIn(
  app: FastifyInstance,
  buyer: Buyer,
  body: { email: string; password: string; venue?: string },
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/services/auth/sign-in',
    headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
    payload: { venue: SIGN_IN_VENUE, ...body },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * Signs `buyer`'s session in to the account (issue 14) and returns the buyer as the browser now
 * is: the new cookie and CSRF token (the old ones read nothing any more), with the sign-in state.
 * Fails the test on any refusal.
 */
export async function signIn(
  app: FastifyInstance,
  buyer: Buyer,
  email: string,
  password: string,
): Promise<Buyer & { state: SignInResponse }> {
  const response = await postSignIn(app, buyer, { email, password });
  expect(response.statusCode, response.body).toBe(200);
  const state = signInResponseSchema.parse(response.json());
  const cookie = cookieOf(response);
  expect(cookie).toBeDefined();
  return { cookie: cookie!, csrf: state.csrfToken, state };
}

/** A cheap scrypt cost for accounts a test makes by the dozen (the hash carries its cost). */
export const TEST_SCRYPT_COST: ScryptCost = { ln: 10, r: 8, p: 1 };

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

/**
 * An activated account written straight into the table (as B's demo seed or an opened
 * activation link leaves one). `cost` defaults to a cheap one; pass the default cost where the
 * test compares timings with unknown emails.
 */
export async function makeAccount(
  db: Queryable,
  options: { email?: string; password?: string; cost?: ScryptCost; verified?: boolean } = {},
): Promise<TestAccount> {
  const email = options.email ?? `member-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? `quiet harbour lanterns ${randomUUID().slice(0, 6)}`;
  const hash = await hashPassword(password, options.cost ?? TEST_SCRYPT_COST);
  const verified = options.verified ?? true;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO accounts (email, first_name, last_name, password_hash, verified_at,
       verification_token_hash, verification_expires_at)
     VALUES ($1, 'Ada', 'Lovelace', $2, CASE WHEN $3::boolean THEN now() END,
       CASE WHEN $3::boolean THEN NULL ELSE md5(random()::text) END,
       CASE WHEN $3::boolean THEN NULL ELSE now() + interval '1 day' END)
     RETURNING id`,
    [email, hash, verified],
  );
  return { id: rows[0]!.id, email, password };
}
