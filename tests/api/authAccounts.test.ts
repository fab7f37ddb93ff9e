import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_PATH, RESET_PASSWORD_COMPLETE_PATH } from '../../contract/accountLinks';
import { ACCOUNT_VERIFY_PATH } from '../../contract/accountActivation';
import {
  changePasswordResponseSchema,
  confirmEmailResponseSchema,
  signInStateSchema,
} from '../../contract/api/auth';
import { apiErrorSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { newBuyer as newBuyerOf, type Buyer } from './buyers';
import { cookieOf, makeAccount, postSignIn, signIn, SIGN_IN_VENUE } from './signIn';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Sign-up from anywhere, password reset, change of password and of email (issue 14), on both
 * databases. No answer may tell a stranger whether an address has an account: the emails in the
 * outbox are where the difference shows, and only to the mailbox's owner.
 */

const SHOP = 'https://shop.example';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    payment: { shopOrigins: [SHOP] },
    accounts: {
      signUpRateLimit: { max: 1000, windowSeconds: 900 },
      passwordResetRateLimit: { max: 1000, windowSeconds: 900 },
      signInThrottle: {
        perAccount: { max: 1000, windowSeconds: 900 },
        perClient: { max: 1000, windowSeconds: 900 },
        slowAfter: 1000,
        clientSlowAfter: 1000,
        slowStepMs: 0,
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);
const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;
const fieldsOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).fields;

function post(buyer: Buyer | undefined, url: string, payload: object) {
  return app.inject({
    method: 'POST',
    url,
    headers: buyer ? { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf } : {},
    payload,
  });
}

const GOOD_PASSWORD = 'violet tram crossing dusk';
const uniqueEmail = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

interface Email {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
}

async function emailsTo(address: string): Promise<Email[]> {
  const { rows } = await db.query<Email>(
    `SELECT kind, recipient, subject, text FROM email_outbox
     WHERE lower(recipient) = lower($1) ORDER BY created_at, id`,
    [address],
  );
  return rows;
}

/** The token of the link to `path` in an email's text part, as its reader would open it. */
function tokenIn(email: Email, path: string): string {
  const match = new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?\\S+`).exec(email.text);
  if (!match) throw new Error(`no ${path} link in:\n${email.text}`);
  const url = new URL(match[0]);
  expect(url.origin).toBe(SHOP);
  expect(url.searchParams.get('venue')).toBe(SIGN_IN_VENUE);
  return url.searchParams.get('token')!;
}

/**
 * The newest `kind` email to `address` once there are `count` of them. Polled: a reset email is
 * written after its answer has gone (so the answer's timing says nothing).
 */
async function latest(address: string, kind: string, count = 1): Promise<Email> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const emails = (await emailsTo(address)).filter((row) => row.kind === kind);
    if (emails.length >= count) return emails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no ${count} ${kind} email(s) to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stateOf(buyer: Buyer) {
  const response = await app.inject({
    method: 'GET',
    url: '/services/auth/session',
    headers: { cookie: buyer.cookie },
  });
  return response.statusCode === 200 ? signInStateSchema.parse(response.json()) : null;
}

describe('sign-up from anywhere', () => {
  const register = (buyer: Buyer, body: Record<string, unknown>) =>
    post(buyer, '/services/customer-accounts/accounts/register', {
      firstName: 'Grace',
      lastName: 'Hopper',
      password: GOOD_PASSWORD,
      marketingOptIn: false,
      venue: SIGN_IN_VENUE,
      ...body,
    });

  it('answers 202 alike for a new and a known address; the known one is emailed instead', async () => {
    const member = await makeAccount(db);
    const fresh = uniqueEmail('grace');
    const known = await register(await newBuyer(), { email: member.email });
    const unknown = await register(await newBuyer(), { email: fresh });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual({ email: member.email });
    expect(unknown.json()).toEqual({ email: fresh });

    // The new address gets its activation link; the known one is told it has an account.
    const activation = await latest(fresh, 'account_activation');
    expect(activation.text).toContain(fresh);
    expect(activation.text).toContain('You asked to create an account with The Lumen Theatre');
    const token = tokenIn(activation, ACCOUNT_VERIFY_PATH);
    expect(
      (await post(undefined, '/services/customer-accounts/accounts/verify', { token })).statusCode,
    ).toBe(200);
    expect((await emailsTo(member.email)).map((email) => email.kind)).toEqual(['account_exists']);
    const exists = await latest(member.email, 'account_exists');
    expect(exists.subject).toBe('You already have an account with The Lumen Theatre');
    // The known account is untouched: its own password still signs in.
    await signIn(app, await newBuyer(), member.email, member.password);
    // And the new one, once activated, signs in with what was typed.
    await signIn(app, await newBuyer(), fresh, GOOD_PASSWORD);
  });

  it('refuses a password on the common-passwords list, in any letter case', async () => {
    const response = await register(await newBuyer(), {
      email: uniqueEmail('common'),
      password: 'QWERTY123456',
    });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe('validation_failed');
    expect(fieldsOf(response)).toEqual(['body.password']);
  });

  it('refuses a venue with loginDisabled', async () => {
    const response = await register(await newBuyer(), {
      email: uniqueEmail('bayou'),
      venue: 'bayou-discovery',
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('forbidden');
  });
});

describe('password reset', () => {
  const askReset = (buyer: Buyer, email: string) =>
    post(buyer, '/services/auth/password-reset', { email, venue: SIGN_IN_VENUE });
  const complete = (buyer: Buyer, token: string, password: string) =>
    post(buyer, '/services/auth/password-reset/complete', { token, password });

  it('says the same for a known and an unknown address and emails only the account', async () => {
    const member = await makeAccount(db);
    const stranger = uniqueEmail('stranger');
    const known = await askReset(await newBuyer(), member.email);
    const unknown = await askReset(await newBuyer(), stranger);
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    await latest(member.email, 'password_reset');
    expect((await emailsTo(member.email)).map((email) => email.kind)).toEqual(['password_reset']);
    expect(await emailsTo(stranger)).toEqual([]);
  });

  it('sets the new password once, and signs every session of the account out', async () => {
    const member = await makeAccount(db);
    const elsewhere = await signIn(app, await newBuyer(), member.email, member.password);
    const buyer = await newBuyer();
    await askReset(buyer, member.email);
    const email = await latest(member.email, 'password_reset');
    expect(email.text).toContain('The link works once, for 60 minutes.');
    const token = tokenIn(email, RESET_PASSWORD_COMPLETE_PATH);

    // A refused password leaves the link working.
    const common = await complete(buyer, token, 'Password1234');
    expect(fieldsOf(common)).toEqual(['body.password']);

    const done = await complete(buyer, token, GOOD_PASSWORD);
    expect(done.statusCode, done.body).toBe(200);
    const again = await complete(buyer, token, `${GOOD_PASSWORD} again`);
    expect(again.statusCode).toBe(410);
    expect(codeOf(again)).toBe('reset_link_invalid');

    expect((await stateOf(elsewhere))?.account).toBeNull();
    expect(
      codeOf(
        await postSignIn(app, await newBuyer(), { email: member.email, password: member.password }),
      ),
    ).toBe('sign_in_failed');
    await signIn(app, await newBuyer(), member.email, GOOD_PASSWORD);
  });

  it('refuses a link past its hour, and one replaced by a newer link', async () => {
    const member = await makeAccount(db);
    const buyer = await newBuyer();
    await askReset(buyer, member.email);
    const first = tokenIn(
      await latest(member.email, 'password_reset'),
      RESET_PASSWORD_COMPLETE_PATH,
    );
    await askReset(buyer, member.email);
    const second = tokenIn(
      await latest(member.email, 'password_reset', 2),
      RESET_PASSWORD_COMPLETE_PATH,
    );
    expect(codeOf(await complete(buyer, first, GOOD_PASSWORD))).toBe('reset_link_invalid');

    await db.query(
      `UPDATE account_links SET created_at = now() - interval '2 hours',
         expires_at = now() - interval '1 hour' WHERE account_id = $1`,
      [member.id],
    );
    expect(codeOf(await complete(buyer, second, GOOD_PASSWORD))).toBe('reset_link_invalid');
  });
});

describe('changing the password', () => {
  it('checks the current one, keeps this browser signed in under a new cookie and signs out the rest', async () => {
    const member = await makeAccount(db);
    const here = await signIn(app, await newBuyer(), member.email, member.password);
    const there = await signIn(app, await newBuyer(), member.email, member.password);

    const wrong = await post(here, '/services/auth/password', {
      currentPassword: 'not my password at all',
      newPassword: GOOD_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(codeOf(wrong)).toBe('sign_in_failed');

    const changed = await post(here, '/services/auth/password', {
      currentPassword: member.password,
      newPassword: GOOD_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = {
      cookie: cookieOf(changed)!,
      csrf: changePasswordResponseSchema.parse(changed.json()).csrfToken,
    };
    expect((await stateOf(renewed))?.account?.email).toBe(member.email);
    expect(await stateOf(here)).toBeNull();
    expect((await stateOf(there))?.account).toBeNull();
    await signIn(app, await newBuyer(), member.email, GOOD_PASSWORD);
  });

  it('needs a signed-in session', async () => {
    const response = await post(await newBuyer(), '/services/auth/password', {
      currentPassword: 'anything at all here',
      newPassword: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('sign_in_required');
  });
});

describe('changing the email address', () => {
  const askChange = (buyer: Buyer, password: string, newEmail: string) =>
    post(buyer, '/services/auth/email', { password, newEmail, venue: SIGN_IN_VENUE });

  it('moves the account once the new address opens its link, and tells the old one', async () => {
    const member = await makeAccount(db);
    const here = await signIn(app, await newBuyer(), member.email, member.password);
    const newEmail = uniqueEmail('moved');

    const asked = await askChange(here, member.password, newEmail);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ email: newEmail });
    const notice = await latest(member.email, 'email_change_notice');
    expect(notice.text).toContain(newEmail);
    const token = tokenIn(await latest(newEmail, 'email_change'), CONFIRM_EMAIL_PATH);

    // Until the link is opened the account keeps its address.
    await signIn(app, await newBuyer(), member.email, member.password);
    const confirmed = await post(undefined, '/services/auth/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmEmailResponseSchema.parse(confirmed.json()).account.email).toBe(newEmail);
    const again = await post(undefined, '/services/auth/email/confirm', { token });
    expect(codeOf(again)).toBe('verification_link_invalid');

    await signIn(app, await newBuyer(), newEmail, member.password);
    expect(
      codeOf(
        await postSignIn(app, await newBuyer(), { email: member.email, password: member.password }),
      ),
    ).toBe('sign_in_failed');
  });

  it('answers alike when the new address has an account, which is told instead', async () => {
    const member = await makeAccount(db);
    const other = await makeAccount(db);
    const here = await signIn(app, await newBuyer(), member.email, member.password);
    const asked = await askChange(here, member.password, other.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ email: other.email });
    expect((await emailsTo(other.email)).map((email) => email.kind)).toEqual(['account_exists']);
    // The old address is told as it would be for a free address: its reader learns nothing.
    expect((await emailsTo(member.email)).map((email) => email.kind)).toEqual([
      'email_change_notice',
    ]);
  });

  it('checks the password first', async () => {
    const member = await makeAccount(db);
    const here = await signIn(app, await newBuyer(), member.email, member.password);
    const response = await askChange(here, 'not my password at all', uniqueEmail('x'));
    expect(codeOf(response)).toBe('sign_in_failed');
  });
});
