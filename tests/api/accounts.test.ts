import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_VERIFY_PATH } from '../../contract/accountActivation';
import { accountResponseSchema } from '../../contract/api/accounts';
import { basketResponseSchema } from '../../contract/api/basket';
import { holdResponseSchema } from '../../contract/api/holds';
import { payResponseSchema } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { apiErrorSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { signUpFromOrder } from '../../server/members/accounts';
import { verifyPassword } from '../../server/members/passwordHash';
import { testCard } from '../../server/payments/sandbox/testCards';
import { callApi, newBuyer as newBuyerOf, type Buyer } from './buyers';
import { cleanPerformance, seatsInRow } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';
import { buyerBrowser, deviceData } from './checkoutFixtures';

const BASE = '/services/customer-accounts';
/** The configured shop origin (SHOP_ORIGIN) every link the service writes must use. */
const SHOP = 'https://shop.example';

let db: Database;
let app: FastifyInstance;
let performanceId: string;
const logLines: string[] = [];
/** Every password a test sent, accepted or not, for the final search of logs and tables. */
const sentPasswords = new Set<string>();

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    // Debug level, so even what is logged below info is searched for passwords.
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
    payment: { shopOrigins: [SHOP] },
    accounts: {
      signUpRateLimit: { max: 1000, windowSeconds: 600 },
      verifyRateLimit: { max: 1000, windowSeconds: 600 },
    },
  });
  // A venue that offers the sign-up panel (lumen-theatre: shouldShowOrderConfirmationSignup).
  const { rows } = await db.query<{ id: string }>(
    `SELECT p.id FROM performances p JOIN shows sh ON sh.id = p.show_id
     WHERE sh.venue_slug = 'lumen-theatre' LIMIT 1`,
  );
  performanceId = rows[0]!.id;
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);

/** The session row behind a buyer's cookie (the service keeps only the token's digest). */
async function sessionIdOf(buyer: Buyer): Promise<string> {
  const token = buyer.cookie.split('=')[1]!;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    createHash('sha256').update(token).digest('base64url'),
  ]);
  return rows[0]!.id;
}

const NUMBER_LETTERS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const orderNumber = () =>
  `SD-${Array.from(randomBytes(8), (byte) => NUMBER_LETTERS[byte % NUMBER_LETTERS.length]).join('')}`;

interface OrderOptions {
  email?: string;
  status?: 'pending' | 'confirmed' | 'failed';
}

/**
 * An order of `buyer` as migration 0011 stores a sale: the buyer's details (contact included)
 * snapshotted in `details`. Written directly so these tests do not depend on paying.
 */
async function orderOf(buyer: Buyer, options: OrderOptions = {}): Promise<string> {
  const { email = `buyer-${randomUUID().slice(0, 8)}@example.com`, status = 'confirmed' } = options;
  const id = randomUUID().toUpperCase();
  const details = {
    delivery: { method: 'eTicket', address: null },
    contact: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '020 7946 0000' },
    answers: {},
    consents: {
      termsAccepted: true,
      marketingOptIn: true,
      pecrOptOut: false,
      abandonedBasketOptOut: false,
    },
  };
  const confirmed = status === 'confirmed';
  await db.query(
    `INSERT INTO orders (id, number, session_id, idempotency_key, performance_id, status, failure,
       currency, total, transaction_fee, basket, details, access_key_hash, access_key_sealed,
       confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'GBP', 9045, 295, '{}', $8, $9, $10, $11)`,
    [
      id,
      orderNumber(),
      await sessionIdOf(buyer),
      `key-${id}`,
      performanceId,
      status,
      status === 'failed' ? 'declined' : null,
      JSON.stringify(details),
      confirmed ? randomBytes(32).toString('base64url') : null,
      confirmed ? 'sealed' : null,
      confirmed ? new Date() : null,
    ],
  );
  return id;
}

interface SignUpOptions {
  csrf?: string | null;
  target?: FastifyInstance;
  ip?: string;
  /** A Host header other than inject's own. */
  host?: string;
}

function signUp(
  buyer: Buyer | undefined,
  body: Record<string, unknown>,
  options: SignUpOptions = {},
) {
  if (typeof body.password === 'string') sentPasswords.add(body.password);
  const headers: Record<string, string> = {};
  if (buyer) headers.cookie = buyer.cookie;
  const csrf = options.csrf === undefined ? buyer?.csrf : options.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (options.host) headers.host = options.host;
  return (options.target ?? app).inject({
    method: 'POST',
    url: `${BASE}/accounts`,
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: body,
  });
}

const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

async function accountOf(email: string) {
  const { rows } = await db.query<{
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    marketingOptIn: boolean;
    verifiedAt: Date | null;
    tokenHash: string | null;
    expiresAt: Date | null;
  }>(
    `SELECT id, email, first_name AS "firstName", last_name AS "lastName",
            password_hash AS "passwordHash", marketing_opt_in AS "marketingOptIn",
            verified_at AS "verifiedAt", verification_token_hash AS "tokenHash",
            verification_expires_at AS "expiresAt"
     FROM accounts WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows;
}

async function accountOfOrder(orderId: string): Promise<string | null> {
  const { rows } = await db.query<{ accountId: string | null }>(
    'SELECT account_id AS "accountId" FROM orders WHERE id = $1',
    [orderId],
  );
  return rows[0]!.accountId;
}

async function orderNumberOf(orderId: string): Promise<string> {
  const { rows } = await db.query<{ number: string }>('SELECT number FROM orders WHERE id = $1', [
    orderId,
  ]);
  return rows[0]!.number;
}

async function venueOfPerformance(id: string): Promise<string> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT sh.venue_slug AS slug FROM performances p JOIN shows sh ON sh.id = p.show_id
     WHERE p.id = $1`,
    [id],
  );
  return rows[0]!.slug;
}

interface ActivationEmail {
  recipient: string;
  subject: string;
  html: string;
  text: string;
  orderId: string | null;
}

/** The activation emails the outbox holds for `email` (any letter case), oldest first. */
async function activationEmails(email: string): Promise<ActivationEmail[]> {
  const { rows } = await db.query<ActivationEmail>(
    `SELECT recipient, subject, html, text, order_id AS "orderId" FROM email_outbox
     WHERE kind = 'account_activation' AND lower(recipient) = lower($1)
     ORDER BY created_at, id`,
    [email],
  );
  return rows;
}

/** The link in an activation email's text part, as its reader would open it. */
function linkIn(email: ActivationEmail): URL {
  const match = /https?:\/\/\S+/.exec(
    email.text.slice(email.text.indexOf(ACCOUNT_VERIFY_PATH) - 80),
  );
  if (!match) throw new Error(`no activation link in:\n${email.text}`);
  return new URL(match[0]);
}

const tokenIn = (email: ActivationEmail) => linkIn(email).searchParams.get('token')!;

/** The token of the newest activation email sent to `email`. */
async function latestToken(email: string): Promise<string> {
  const emails = await activationEmails(email);
  if (emails.length === 0) throw new Error(`no activation email to ${email}`);
  return tokenIn(emails.at(-1)!);
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** What the routes give signUpFromOrder, for the tests that call it directly. */
const testSignUpContext = {
  venueFor: (slug: string) => venues.find((venue) => venue.settings.slug === slug)?.settings,
  linkOrigin: SHOP,
};

/** Every token a test sent or was emailed, for the final search of logs and tables. */
const seenTokens = new Set<string>();

function verify(
  body: Record<string, unknown>,
  options: { target?: FastifyInstance; ip?: string } = {},
) {
  if (typeof body.token === 'string') seenTokens.add(body.token);
  return (options.target ?? app).inject({
    method: 'POST',
    url: `${BASE}/accounts/verify`,
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: body,
  });
}

/** Signs up from a fresh order of a fresh buyer; returns the order and the emailed token. */
async function signedUp(email: string, password: string) {
  const buyer = await newBuyer();
  const orderId = await orderOf(buyer, { email });
  const response = await signUp(buyer, { orderId, password });
  expect(response.statusCode, response.body).toBe(201);
  const token = await latestToken(email);
  seenTokens.add(token);
  return { buyer, orderId, token };
}

describe('POST /accounts', () => {
  it("makes an unverified account from the buyer's order and emails its activation link", async () => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer, { email: 'Ada.Lovelace@Example.com' });
    const password = 'analytical engine notes';

    const response = await signUp(buyer, { orderId, password });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(accountResponseSchema.parse(response.json())).toEqual({
      account: { email: 'Ada.Lovelace@Example.com' },
    });

    const [account, ...more] = await accountOf('ada.lovelace@example.com');
    expect(more).toEqual([]);
    expect(account).toMatchObject({
      email: 'Ada.Lovelace@Example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      // Left out is no: the checkout's opt-in was for the order, not the account.
      marketingOptIn: false,
      verifiedAt: null,
    });
    expect(account!.passwordHash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword(password, account!.passwordHash)).toBe(true);
    expect(await accountOfOrder(orderId)).toBe(account!.id);
    // The link works for a day from now.
    const hoursLeft = (account!.expiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const [email, ...others] = await activationEmails('ada.lovelace@example.com');
    expect(others).toEqual([]);
    expect(email).toMatchObject({ recipient: 'Ada.Lovelace@Example.com', orderId: null });
    const link = linkIn(email!);
    expect(link.origin).toBe(SHOP);
    expect(link.pathname).toBe(ACCOUNT_VERIFY_PATH);
    expect(link.searchParams.get('venue')).toBe(await venueOfPerformance(performanceId));
    const token = link.searchParams.get('token')!;
    seenTokens.add(token);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is kept with the account.
    expect(account!.tokenHash).toBe(sha256(token));
    expect(email!.text).toContain(await orderNumberOf(orderId));
    expect(email!.html).toContain(`href="${link.toString().replaceAll('&', '&amp;')}"`);
  });

  it('keeps the marketing choice sent, and takes the order id in any letter case', async () => {
    const buyer = await newBuyer();
    const email = 'grace.hopper@example.com';
    const orderId = await orderOf(buyer, { email });
    const response = await signUp(buyer, {
      orderId: orderId.toLowerCase(),
      // Twelve characters as people count them, though 24 UTF-16 units.
      password: '🎭🎟🎶🎻🎺🥁🎷🎸🪕🎹🪗🎤',
      marketingOptIn: true,
    });
    expect(response.statusCode).toBe(201);
    expect((await accountOf(email))[0]!.marketingOptIn).toBe(true);
  });

  it('refuses a second account for a verified email in any letter case, and links nothing', async () => {
    const first = await newBuyer();
    const second = await newBuyer();
    const firstOrder = await orderOf(first, { email: 'Alan.Turing@example.com' });
    const secondOrder = await orderOf(second, { email: 'alan.turing@EXAMPLE.com' });
    expect(
      (await signUp(first, { orderId: firstOrder, password: 'bombe at bletchley' })).statusCode,
    ).toBe(201);
    expect((await verify({ token: await latestToken('alan.turing@example.com') })).statusCode).toBe(
      200,
    );

    const again = await signUp(second, { orderId: secondOrder, password: 'enigma every morning' });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('account_exists');
    const [account, ...more] = await accountOf('alan.turing@example.com');
    expect(more).toEqual([]);
    expect(await verifyPassword('bombe at bletchley', account!.passwordHash)).toBe(true);
    expect(await accountOfOrder(secondOrder)).toBeNull();
    expect(await activationEmails('alan.turing@example.com')).toHaveLength(1);

    // The same buyer asking again for one order is told the same.
    const twice = await signUp(first, { orderId: firstOrder, password: 'bombe at bletchley' });
    expect(codeOf(twice)).toBe('account_exists');
  });

  it('makes one account when two sign-ups for one email race, and only its link works', async () => {
    const buyers = await Promise.all([newBuyer(), newBuyer()]);
    const orders = await Promise.all([
      orderOf(buyers[0], { email: 'katherine.johnson@example.com' }),
      orderOf(buyers[1], { email: 'Katherine.Johnson@example.com' }),
    ]);
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        signUp(buyer, { orderId: orders[index], password: `orbital mechanics ${index}` }),
      ),
    );
    // Neither is verified, so the later one replaces the earlier: both are told a link is sent.
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [account, ...more] = await accountOf('katherine.johnson@example.com');
    expect(more).toEqual([]);
    const linked = await Promise.all(orders.map(accountOfOrder));
    expect(linked.filter((accountId) => accountId !== null)).toEqual([account!.id]);

    const tokens = (await activationEmails('katherine.johnson@example.com')).map(tokenIn);
    expect(tokens).toHaveLength(2);
    tokens.forEach((token) => seenTokens.add(token));
    const live = tokens.filter((token) => sha256(token) === account!.tokenHash);
    expect(live).toHaveLength(1);
    const dead = tokens.find((token) => token !== live[0])!;
    expect(codeOf(await verify({ token: dead }))).toBe('verification_link_invalid');
    expect((await verify({ token: live[0] })).statusCode).toBe(200);
  });

  it('lets the locked look decide a race the early check missed, and rolls the loser back', async () => {
    const buyer = await newBuyer();
    const email = 'dorothy.vaughan@example.com';
    const orderId = await orderOf(buyer, { email });
    // The mailbox's owner activates an account just after this sign-up looked for one.
    const racing: Database = {
      ...db,
      query: async <T>(sql: string, params?: readonly unknown[]) => {
        const result = await db.query<T>(sql, params);
        if (sql.includes('FROM accounts WHERE lower(email)')) {
          await db.query(
            `INSERT INTO accounts (email, first_name, last_name, password_hash, verified_at)
             VALUES ('Dorothy.Vaughan@example.com', 'D', 'V', '$scrypt$elsewhere', now())`,
          );
        }
        return result;
      },
      transaction: (work) => db.transaction(work),
    };
    await expect(
      signUpFromOrder(
        racing,
        {
          sessionId: await sessionIdOf(buyer),
          orderId,
          password: 'fortran by the book',
          marketingOptIn: false,
        },
        testSignUpContext,
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: 'account_exists' });
    expect((await accountOf(email)).map((account) => account.firstName)).toEqual(['D']);
    expect(await accountOfOrder(orderId)).toBeNull();
    expect(await activationEmails(email)).toEqual([]);
  });

  it('looks again when another sign-up inserted first, and replaces that unverified account', async () => {
    const buyer = await newBuyer();
    const email = 'annie.easley@example.com';
    const orderId = await orderOf(buyer, { email });
    // Another sign-up for the email inserts its unverified account between this one's locked
    // look (which found none) and its insert.
    let raced = false;
    const racing: Database = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            ...tx,
            query: async <T>(sql: string, params?: readonly unknown[]) => {
              const result = await tx.query<T>(sql, params);
              if (!raced && sql.includes('FOR UPDATE')) {
                raced = true;
                await tx.query(
                  `INSERT INTO accounts (email, first_name, last_name, password_hash,
                     verification_token_hash, verification_expires_at)
                   VALUES ('Annie.Easley@example.com', 'Other', 'Tab', '$scrypt$elsewhere',
                     'racing-token-hash', now() + interval '1 day')`,
                );
              }
              return result;
            },
          }),
        ),
    };
    await signUpFromOrder(
      racing,
      {
        sessionId: await sessionIdOf(buyer),
        orderId,
        password: 'centaur rocket stage',
        marketingOptIn: false,
      },
      testSignUpContext,
    );
    expect(raced).toBe(true);
    const [account, ...more] = await accountOf(email);
    expect(more).toEqual([]);
    expect(account).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(account!.tokenHash).toBe(sha256(await latestToken(email)));
    expect(await accountOfOrder(orderId)).toBe(account!.id);
  });

  it('leaves an order that is already in a verified account where it is', async () => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer, { email: 'mary.jackson@example.com' });
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO accounts (email, first_name, last_name, password_hash, verified_at)
       VALUES ('renamed@example.com', 'M', 'J', '$scrypt$elsewhere', now()) RETURNING id`,
    );
    await db.query('UPDATE orders SET account_id = $1 WHERE id = $2', [rows[0]!.id, orderId]);

    const response = await signUp(buyer, { orderId, password: 'wind tunnel models' });
    expect([response.statusCode, codeOf(response)]).toEqual([409, 'account_exists']);
    expect(await accountOf('mary.jackson@example.com')).toEqual([]);
    expect(await accountOfOrder(orderId)).toBe(rows[0]!.id);
    expect(await activationEmails('mary.jackson@example.com')).toEqual([]);
  });

  it('lets only the session that bought a confirmed order make the account', async () => {
    const owner = await newBuyer();
    const stranger = await newBuyer();
    const orderId = await orderOf(owner, { email: 'owner@example.com' });
    const password = 'mine and only mine';

    const other = await signUp(stranger, { orderId, password });
    expect([other.statusCode, codeOf(other)]).toEqual([404, 'not_found']);
    const nobody = await signUp(undefined, { orderId, password });
    expect([nobody.statusCode, codeOf(nobody)]).toEqual([401, 'unauthorised']);
    const forged = await signUp(owner, { orderId, password }, { csrf: null });
    expect([forged.statusCode, codeOf(forged)]).toEqual([403, 'csrf_failed']);
    const wrongToken = await signUp(owner, { orderId, password }, { csrf: stranger.csrf });
    expect([wrongToken.statusCode, codeOf(wrongToken)]).toEqual([403, 'csrf_failed']);
    const unknown = await signUp(owner, { orderId: randomUUID().toUpperCase(), password });
    expect(unknown.statusCode).toBe(404);

    for (const status of ['pending', 'failed'] as const) {
      const unpaid = await orderOf(owner, { email: `${status}@example.com`, status });
      const response = await signUp(owner, { orderId: unpaid, password });
      expect([status, response.statusCode]).toEqual([status, 404]);
    }
    expect(await accountOf('owner@example.com')).toEqual([]);
    expect(await accountOf('pending@example.com')).toEqual([]);
    expect(await activationEmails('owner@example.com')).toEqual([]);
  });

  it('takes who the account is for from the order only: a body naming anyone is refused', async () => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer, { email: 'real.buyer@example.com' });
    const response = await signUp(buyer, {
      orderId,
      password: 'somebody else entirely',
      email: 'someone.else@example.com',
    });
    expect([response.statusCode, codeOf(response)]).toEqual([400, 'validation_failed']);
    expect(await accountOf('someone.else@example.com')).toEqual([]);
    expect(await accountOf('real.buyer@example.com')).toEqual([]);
  });

  it.each([
    ['11 characters', 'eleven char'],
    ['129 characters', 'y'.repeat(129)],
    ['the email name', 'my Rosalind.Franklin pass'],
    ['the email name without its tag', 'rosalind.franklin2024!'],
    ['nothing', ''],
  ])('refuses a password of %s, naming the field', async (_, password) => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer, { email: 'Rosalind.Franklin+shows@example.com' });
    const response = await signUp(buyer, { orderId, password });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      code: 'validation_failed',
      fields: ['body.password'],
    });
    expect(await accountOf('Rosalind.Franklin+shows@example.com')).toEqual([]);
  });

  it('refuses bodies that are not JSON or too large', async () => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer);
    const huge = await signUp(buyer, { orderId, password: 'z'.repeat(3000) });
    expect([huge.statusCode, codeOf(huge)]).toEqual([413, 'payload_too_large']);
    const text = await app.inject({
      method: 'POST',
      url: `${BASE}/accounts`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf, 'content-type': 'text/plain' },
      payload: 'password=whatever',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('venues without accounts', () => {
  it('refuses a sign-up where the venue disables login or offers no sign-up panel', async () => {
    const buyer = await newBuyer();
    const orderId = await orderOf(buyer, { email: 'no.accounts@example.com' });
    const input = {
      sessionId: await sessionIdOf(buyer),
      orderId,
      password: 'orchard in the snow',
      marketingOptIn: false,
    };
    for (const flags of [{ loginDisabled: true }, { shouldShowOrderConfirmationSignup: false }]) {
      const context = {
        ...testSignUpContext,
        venueFor: (slug: string) => {
          const venue = testSignUpContext.venueFor(slug)!;
          return { ...venue, flags: { ...venue.flags, ...flags } };
        },
      };
      await expect(signUpFromOrder(db, input, context)).rejects.toMatchObject({
        statusCode: 403,
        code: 'forbidden',
      });
    }
    expect(await accountOf('no.accounts@example.com')).toEqual([]);
    expect(await activationEmails('no.accounts@example.com')).toEqual([]);
  });
});

describe('POST /accounts/verify', () => {
  it('activates the account once: the token is cleared, a second use is refused', async () => {
    const email = 'Lise.Meitner@example.com';
    const { token } = await signedUp(email, 'nuclear fission winter walk');

    const response = await verify({ token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(accountResponseSchema.parse(response.json())).toEqual({ account: { email } });
    const [account] = await accountOf(email);
    expect(account!.verifiedAt).toBeInstanceOf(Date);
    expect(account).toMatchObject({ tokenHash: null, expiresAt: null });

    const again = await verify({ token });
    expect([again.statusCode, codeOf(again)]).toEqual([410, 'verification_link_invalid']);
    expect((await accountOf(email))[0]!.verifiedAt).toEqual(account!.verifiedAt);
  });

  it('activates once when the link is opened twice at the same moment', async () => {
    const { token } = await signedUp('emmy.noether@example.com', 'symmetry means conservation');
    const answers = await Promise.all([verify({ token }), verify({ token })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses an expired link and leaves the account unverified, for a later sign-up to replace', async () => {
    const email = 'chien-shiung.wu@example.com';
    const { buyer, token, orderId } = await signedUp(email, 'parity is not conserved');
    await db.query(
      `UPDATE accounts SET verification_expires_at = now() - interval '1 second'
       WHERE lower(email) = lower($1)`,
      [email],
    );
    const expired = await verify({ token });
    expect([expired.statusCode, codeOf(expired)]).toEqual([410, 'verification_link_invalid']);
    expect((await accountOf(email))[0]!.verifiedAt).toBeNull();

    // The buyer signs up again from the same order: a fresh link, and this one works.
    const response = await signUp(buyer, { orderId, password: 'beta decay experiments' });
    expect(response.statusCode, response.body).toBe(201);
    const fresh = await latestToken(email);
    seenTokens.add(fresh);
    expect(fresh).not.toBe(token);
    expect((await verify({ token: fresh })).statusCode).toBe(200);
    expect(await accountOfOrder(orderId)).toBe((await accountOf(email))[0]!.id);
  });

  it('gives one answer for a token nobody was sent, and refuses what is not a token', async () => {
    const unknown = await verify({ token: randomBytes(32).toString('base64url') });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([410, 'verification_link_invalid']);
    for (const body of [
      { token: 'short' },
      { token: `${'a'.repeat(43)}=` },
      { token: randomBytes(32).toString('base64url'), email: 'x@example.com' },
      {},
    ]) {
      const response = await verify(body);
      expect([response.statusCode, codeOf(response)]).toEqual([400, 'validation_failed']);
    }
  });
});

describe('an email typed by someone else', () => {
  it("never blocks its owner: the owner's later sign-up replaces the squatter's unverified account", async () => {
    const victim = 'Marie.Curie@example.com';
    // Someone orders with the victim's email and makes the account with their own password.
    const squatter = await signedUp(victim, 'squatter owns this one');
    // The victim, booking later, signs up from their own order.
    const owner = await signedUp(victim.toLowerCase(), 'polonium and radium');

    const [account, ...more] = await accountOf(victim);
    expect(more).toEqual([]);
    expect(account!.verifiedAt).toBeNull();
    expect(await verifyPassword('polonium and radium', account!.passwordHash)).toBe(true);
    expect(await verifyPassword('squatter owns this one', account!.passwordHash)).toBe(false);
    // The squatter's order left with the squatter's account; the owner's is in the new one.
    expect(await accountOfOrder(squatter.orderId)).toBeNull();
    expect(await accountOfOrder(owner.orderId)).toBe(account!.id);

    // The squatter's link (in the victim's inbox) no longer activates anything.
    const stale = await verify({ token: squatter.token });
    expect([stale.statusCode, codeOf(stale)]).toEqual([410, 'verification_link_invalid']);
    expect((await verify({ token: owner.token })).statusCode).toBe(200);

    // Once the owner has activated it, nobody replaces it.
    const late = await newBuyer();
    const lateOrder = await orderOf(late, { email: victim });
    const refused = await signUp(late, { orderId: lateOrder, password: 'squatter tries again' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'account_exists']);
    expect(
      await verifyPassword('polonium and radium', (await accountOf(victim))[0]!.passwordHash),
    ).toBe(true);
  });

  it('is told in the email itself not to open the link', async () => {
    const email = 'rachel.carson@example.com';
    await signedUp(email, 'silent spring notes');
    const [sent] = await activationEmails(email);
    expect(sent!.text).toContain("If you didn't ask for an account, don't open the link");
  });
});

describe('activation links', () => {
  it('take the configured origin whatever Host the request names', async () => {
    const buyer = await newBuyer();
    const email = 'forged.host@example.com';
    const orderId = await orderOf(buyer, { email });
    const response = await app.inject({
      method: 'POST',
      url: `${BASE}/accounts`,
      headers: {
        cookie: buyer.cookie,
        'x-csrf-token': buyer.csrf,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      },
      payload: { orderId, password: 'hosts are not trusted' },
    });
    sentPasswords.add('hosts are not trusted');
    expect(response.statusCode).toBe(201);
    const [sent] = await activationEmails(email);
    seenTokens.add(tokenIn(sent!));
    expect(linkIn(sent!).origin).toBe(SHOP);
    expect(`${sent!.html}${sent!.text}`).not.toContain('evil.example');
  });

  it("take the server's own listening address when no shop origin is set, not the Host", async () => {
    const listening = await buildApp({
      db,
      venues,
      logger: false,
      payment: { shopOrigins: [] },
      accounts: { signUpRateLimit: { max: 1000, windowSeconds: 600 } },
    });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as { port: number };
      const buyer = await newBuyerOf(listening);
      const email = 'no.origin@example.com';
      const orderId = await orderOf(buyer, { email });
      const response = await signUp(
        buyer,
        { orderId, password: 'listening on loopback' },
        { target: listening, host: 'evil.example' },
      );
      expect(response.statusCode, response.body).toBe(201);
      const [sent] = await activationEmails(email);
      seenTokens.add(tokenIn(sent!));
      expect(linkIn(sent!).origin).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await listening.close();
    }
  });
});

/** Sign-ups counted for a client address (the limit keeps only a digest of it). */
async function hitsOf(ip: string): Promise<number> {
  const { rows } = await db.query<{ hits: number }>(
    'SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limit_hits WHERE bucket = $1',
    [`account-sign-up:${createHash('sha256').update(ip).digest('base64url')}`],
  );
  return rows[0]!.hits;
}

/** The real sale: a seat held, details saved, paid by a frictionless Visa through 3-D Secure. */
async function boughtThroughCheckout(buyer: Buyer, contact: Record<string, string>) {
  const theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 5);
  const [seat] = await seatsInRow(db, theatre.planId, 'STALLS', 'K');
  const hold = holdResponseSchema.parse(
    (
      await callApi(app, buyer, 'POST', '/holds', {
        body: { performanceId: theatre.performanceId, seats: [seat!.id] },
      })
    ).json(),
  ).hold;
  const details = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, {
    body: {
      delivery: { method: 'eTicket', address: null },
      contact: { ...contact, phone: '020 7946 0958' },
      answers: {},
      consents: {
        termsAccepted: true,
        marketingOptIn: false,
        pecrOptOut: false,
        abandonedBasketOptOut: false,
      },
    },
  });
  expect(details.statusCode, details.body).toBe(200);
  // Ticket protection needs an explicit answer before paying.
  const basket = basketResponseSchema.parse(
    (
      await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
        body: { ticketProtection: 'no' },
      })
    ).json(),
  ).basket;
  const { number } = testCard('visa', 'approve');
  const token = cardTokenSchema.parse(
    (
      await app.inject({
        method: 'POST',
        url: '/services/payment/tokens',
        payload: { number, name: 'Ada Lovelace', expiry: '08/30', cvv: '382' },
      })
    ).json(),
  ).token;
  const paid = await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
    body: {
      basketVersion: basket.version,
      cardToken: token,
      browser: buyerBrowser,
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const started = payResponseSchema.parse(paid.json());
  expect(started.outcome).toBe('action_required');
  // The browser on the gateway's device-data page, submitting its form.
  const page = await app.inject({ method: 'GET', url: started.action!.url });
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
  await app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(deviceData).toString(),
  });
  const done = payResponseSchema.parse(
    (
      await callApi(
        app,
        buyer,
        'POST',
        `/orders/${started.orderId}/payments/${started.paymentId}/continue`,
      )
    ).json(),
  );
  expect(done.outcome).toBe('confirmed');
  return done.order!;
}

describe('after a real checkout', () => {
  it('turns the order just paid for into an account with the details the buyer gave', async () => {
    const buyer = await newBuyer();
    const order = await boughtThroughCheckout(buyer, {
      firstName: 'Hedy',
      lastName: 'Lamarr',
      email: 'Hedy.Lamarr@example.com',
    });
    const stranger = await newBuyer();
    const password = 'frequency hopping spread';
    expect((await signUp(stranger, { orderId: order.id, password })).statusCode).toBe(404);

    const response = await signUp(buyer, { orderId: order.id, password });
    expect(response.statusCode, response.body).toBe(201);
    expect(accountResponseSchema.parse(response.json()).account.email).toBe(
      'Hedy.Lamarr@example.com',
    );
    const [account] = await accountOf('hedy.lamarr@example.com');
    expect(account).toMatchObject({ firstName: 'Hedy', lastName: 'Lamarr', verifiedAt: null });
    expect(await accountOfOrder(order.id)).toBe(account!.id);

    // Beside the order's confirmation, the activation email: the venue's words and link.
    const [activation] = await activationEmails('hedy.lamarr@example.com');
    expect(activation!.subject).toBe('Activate your account with The Lumen Theatre');
    expect(activation!.text).toContain('Dear Hedy,');
    expect(activation!.text).toContain(order.number);
    expect(linkIn(activation!).searchParams.get('venue')).toBe('lumen-theatre');
    const token = tokenIn(activation!);
    seenTokens.add(token);
    expect((await verify({ token })).statusCode).toBe(200);
  });
});

describe('the sign-up rate limit', () => {
  it('turns a client away after its sign-ups for the window, and not other clients', async () => {
    const limited = await buildApp({
      db,
      venues,
      logger: false,
      accounts: { signUpRateLimit: { max: 2, windowSeconds: 600 } },
    });
    try {
      const buyer = await newBuyer();
      const orderId = await orderOf(buyer, { email: 'limited@example.com' });
      const tooShort = { orderId, password: 'short' };
      const ip = '198.51.100.7';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await signUp(buyer, tooShort, { target: limited, ip })).statusCode).toBe(400);
      }
      const refused = await signUp(buyer, tooShort, { target: limited, ip });
      expect([refused.statusCode, codeOf(refused)]).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The limit is per client: another address still gets its answer.
      const elsewhere = await signUp(buyer, tooShort, { target: limited, ip: '198.51.100.8' });
      expect(elsewhere.statusCode).toBe(400);
      // Requests without a session are refused before they count.
      const anonymous = await signUp(undefined, tooShort, { target: limited, ip: '198.51.100.9' });
      expect(anonymous.statusCode).toBe(401);
      expect(await hitsOf('198.51.100.7')).toBe(3);
      expect(await hitsOf('198.51.100.8')).toBe(1);
      expect(await hitsOf('198.51.100.9')).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('the activation rate limit', () => {
  it('turns a client away after its attempts for the window, session or none', async () => {
    const limited = await buildApp({
      db,
      venues,
      logger: false,
      accounts: { verifyRateLimit: { max: 2, windowSeconds: 600 } },
    });
    try {
      const guess = () => ({ token: randomBytes(32).toString('base64url') });
      const ip = '203.0.113.7';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect((await verify(guess(), { target: limited, ip })).statusCode).toBe(410);
      }
      const refused = await verify(guess(), { target: limited, ip });
      expect([refused.statusCode, codeOf(refused)]).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await verify(guess(), { target: limited, ip: '203.0.113.8' })).statusCode).toBe(410);
    } finally {
      await limited.close();
    }
  });
});

describe('passwords', () => {
  it('appear in no log line and no row of any table after all the runs above', async () => {
    const logs = logLines.join('\n');
    expect(logs).toContain(`${BASE}/accounts`);
    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['accounts', 'orders', 'sessions', 'rate_limit_hits']),
    );
    // The search finds what is there: the first account's email is in its row.
    const { rows: found } = await db.query(
      `SELECT 1 FROM accounts t WHERE strpos(t::text, $1) > 0`,
      ['Ada.Lovelace@Example.com'],
    );
    expect(found).toHaveLength(1);
    // "", "short" and one letter repeated could turn up by chance; the rest must be nowhere.
    const distinctive = [...sentPasswords].filter(
      (password) => password.length >= 8 && new Set(password).size > 1,
    );
    expect(distinctive.length).toBeGreaterThan(10);
    for (const password of distinctive) {
      expect(logs).not.toContain(password);
      expect(logs).not.toContain(JSON.stringify(password).slice(1, -1));
    }
    for (const { name } of tables) {
      const { rows } = await db.query<{ password: string }>(
        `SELECT p AS password FROM ${name} t, unnest($1::text[]) p WHERE strpos(t::text, p) > 0`,
        [distinctive],
      );
      expect(rows, `${name} holds a password`).toEqual([]);
    }
  });
});

describe('activation tokens', () => {
  it('are kept only as hashes: in no log line and no table but the outbox that mails them', async () => {
    const tokens = [...seenTokens];
    expect(tokens.length).toBeGreaterThan(10);
    const logs = logLines.join('\n');
    expect(logs).toContain(`${BASE}/accounts/verify`);
    for (const token of tokens) expect(logs).not.toContain(token);

    const { rows: tables } = await db.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) {
      const { rows } = await db.query<{ token: string }>(
        `SELECT DISTINCT p AS token FROM ${name} t, unnest($1::text[]) p WHERE strpos(t::text, p) > 0`,
        [tokens],
      );
      if (name === 'email_outbox') {
        // The search finds what is there: every emailed token is in its email, by design.
        expect(rows.length).toBeGreaterThan(10);
      } else {
        expect(rows, `${name} holds a token`).toEqual([]);
      }
    }
  });
});
