import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { PAYMENT_RETURN_PARAM, cardTokenSchema, type Payment } from '../../contract/api/payment';
import { cvvLength, normaliseCardNumber, type CardBrand } from '../../contract/cards';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { ApiError } from '../../server/lib/errors';
import type {
  AuthoriseRequest,
  CallOptions,
  ProviderPayment,
} from '../../server/payments/provider';
import { SandboxProvider } from '../../server/payments/sandbox/sandboxProvider';
import {
  TEST_CARDS,
  testCard,
  type SandboxBehaviour,
} from '../../server/payments/sandbox/testCards';
import { PaymentService, type AuthoriseInput } from '../../server/payments/service';
import { TOKEN_BODY_LIMIT_BYTES } from '../../server/payments/routes';
import { expectNoCardData } from './cardData';
import { openMigratedDatabase, venues } from './testDatabase';
import { buyerBrowser as browser } from './checkoutFixtures';

/**
 * The provider's time limit for the shared app: generous, so a loaded machine never turns a
 * slow sandbox answer into a time-out. The time-out test has its own service with a short one.
 */
const TIME_LIMIT_MS = 10_000;
const SHORT_TIME_LIMIT_MS = 300;
const BASE = '/services/payment';

let db: Database;
let app: FastifyInstance;
const logLines: string[] = [];
/** Every card number and security code a test sent, for the final search of logs and tables. */
const sentNumbers = new Set<string>();
const sentCvvs = new Set<string>();

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await buildApp({
    db,
    venues,
    // Debug level, so even what is logged below info is searched for card data.
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
    payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 1000, windowSeconds: 600 } },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function newSession(): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, csrf_token, expires_at)
     VALUES (gen_random_uuid()::text, gen_random_uuid()::text, now() + interval '8 hours') RETURNING id`,
  );
  return rows[0]!.id;
}

let keys = 0;
const newKey = () => `pay-key-${Date.now()}-${(keys += 1)}`;

/** A CVV per brand that appears nowhere else in the data, so the final search cannot misfire. */
const cvvFor = (brand: CardBrand) => (cvvLength(brand) === 4 ? '7391' : '382');

function postToken(
  body: Record<string, unknown>,
  options: { target?: FastifyInstance; headers?: Record<string, string>; ip?: string } = {},
) {
  if (typeof body.number === 'string') sentNumbers.add(normaliseCardNumber(body.number));
  if (typeof body.cvv === 'string') sentCvvs.add(body.cvv);
  return (options.target ?? app).inject({
    method: 'POST',
    url: `${BASE}/tokens`,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
    payload: body,
  });
}

function cardBody(number: string, brand: CardBrand, overrides: Record<string, unknown> = {}) {
  return { number, name: 'Ada Lovelace', expiry: '08/30', cvv: cvvFor(brand), ...overrides };
}

async function tokenFor(brand: CardBrand, behaviour: SandboxBehaviour): Promise<string> {
  const response = await postToken(cardBody(testCard(brand, behaviour).number, brand));
  expect(response.statusCode).toBe(201);
  return cardTokenSchema.parse(response.json()).token;
}

const fraud = {
  browser,
  userAgent: 'Mozilla/5.0 (test)',
  acceptHeader: 'text/html',
  ipAddress: '127.0.0.1',
};

function payInput(sessionId: string, token: string, overrides: Partial<AuthoriseInput> = {}) {
  return {
    sessionId,
    idempotencyKey: newKey(),
    token,
    amount: 9500,
    currency: 'GBP' as const,
    reference: 'HOLD-1',
    returnUrl: '/checkout/verify',
    fraud,
    ...overrides,
  } satisfies AuthoriseInput;
}

/** The ApiError a call throws (fails the test when it does not throw one). */
async function refusal(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** The browser on a 3-D Secure page: loads it, then submits its form as a browser would. */
async function visit(url: string, submit?: Record<string, string>) {
  const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  if (!submit) return { page };
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
  expect(action).toBeDefined();
  const sent = await app.inject({
    method: 'POST',
    url: action!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(submit).toString(),
  });
  return { page, sent };
}

const deviceData = {
  screenWidth: '1440',
  screenHeight: '900',
  colorDepth: '24',
  timeZoneOffset: '-60',
  timeZone: 'Europe/London',
  language: 'en-GB',
  javascriptEnabled: 'true',
};

/** Device-data collection as the page's script does it; returns where the browser is sent. */
async function collectDeviceData(payment: Payment): Promise<string> {
  expect(payment.action?.kind).toBe('device_data');
  const { sent } = await visit(payment.action!.url, deviceData);
  expect(sent!.statusCode).toBe(303);
  return String(sent!.headers.location);
}

describe('POST /services/payment/tokens', () => {
  it('exchanges a test card for a single-use token that names only brand, last four and expiry', async () => {
    const response = await postToken(cardBody('4111 1111 1111 1111', 'visa'));
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = cardTokenSchema.parse(response.json());
    expect(token).toMatchObject({ brand: 'visa', last4: '1111', expiryMonth: 8, expiryYear: 2030 });
    expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(JSON.stringify(response.json())).not.toContain('4111111111111111');
  });

  it('recognises every test card’s brand, Visa Debit by its test BIN', async () => {
    for (const card of TEST_CARDS) {
      const response = await postToken(cardBody(card.number, card.brand));
      expect(response.statusCode, card.number).toBe(201);
      expect(cardTokenSchema.parse(response.json()).brand, card.number).toBe(card.brand);
    }
  });

  it('answers each card mistake with its own code, naming the field but never the value', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [cardBody('4111 1111 1111 1112', 'visa'), 'card_number_invalid', 'body.number'],
      [cardBody('6011 1111 1111 1117', 'visa'), 'card_type_not_accepted', 'body.number'],
      [
        cardBody('4111 1111 1111 1111', 'visa', { expiry: '13/30' }),
        'card_expiry_month_invalid',
        'body.expiry',
      ],
      [
        cardBody('4111 1111 1111 1111', 'visa', { expiry: '08/20' }),
        'card_expiry_year_invalid',
        'body.expiry',
      ],
      [cardBody('3782 822463 10005', 'amex', { cvv: '382' }), 'card_cvv_invalid', 'body.cvv'],
      [cardBody('4111 1111 1111 1111', 'visa', { cvv: '7391' }), 'card_cvv_invalid', 'body.cvv'],
    ];
    for (const [body, code, field] of cases) {
      const response = await postToken(body);
      expect(response.statusCode, code).toBe(422);
      const error = apiErrorSchema.parse(response.json());
      expect(error).toMatchObject({ code, fields: [field] });
      expect(response.body).not.toContain(normaliseCardNumber(String(body.number)));
    }
  });

  it('refuses unknown fields, a missing name, big bodies and anything but JSON', async () => {
    const unknown = await postToken({ ...cardBody('4111111111111111', 'visa'), pin: '1234' });
    expect(unknown.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unknown.json())).toMatchObject({
      code: 'validation_failed',
      fields: ['body.pin'],
    });
    const nameless = await postToken(cardBody('4111111111111111', 'visa', { name: '  ' }));
    expect(apiErrorSchema.parse(nameless.json()).fields).toEqual(['body.name']);
    // The limit is a wallet token's (issue 15); anything past it is refused unread.
    const huge = await postToken({
      ...cardBody('4111111111111111', 'visa'),
      name: 'x'.repeat(TOKEN_BODY_LIMIT_BYTES),
    });
    expect(huge.statusCode).toBe(413);
    const form = await app.inject({
      method: 'POST',
      url: `${BASE}/tokens`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4111111111111111&name=A&expiry=08%2F30&cvv=382',
    });
    expect(form.statusCode).toBe(415);
  });

  it('is described in the OpenAPI document; the 3-D Secure pages are not API', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(`${BASE}/tokens`);
    expect(paths.filter((path) => path.includes('/3ds/'))).toEqual([]);
  });

  it('limits tokenisations per client address and says when to come back', async () => {
    const limited = await buildApp({
      db,
      venues,
      logger: false,
      payment: { timeoutMs: TIME_LIMIT_MS, tokenRateLimit: { max: 2, windowSeconds: 600 } },
    });
    try {
      const body = cardBody('5555 5555 5555 4444', 'mastercard');
      const from = (ip: string) => postToken(body, { target: limited, ip });
      expect((await from('198.51.100.7')).statusCode).toBe(201);
      expect((await from('198.51.100.7')).statusCode).toBe(201);
      const third = await from('198.51.100.7');
      expect(third.statusCode).toBe(429);
      expect(apiErrorSchema.parse(third.json()).code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is counted on its own.
      expect((await from('198.51.100.8')).statusCode).toBe(201);
      // The address is kept only as a digest.
      const { rows } = await db.query(`SELECT 1 FROM rate_limit_hits WHERE bucket LIKE '%198.51%'`);
      expect(rows).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });

  it('answers CORS only for the configured shop origin', async () => {
    const apart = await buildApp({
      db,
      venues,
      logger: false,
      payment: { timeoutMs: TIME_LIMIT_MS, shopOrigins: ['https://shop.example'] },
    });
    try {
      const preflight = (origin: string) =>
        apart.inject({
          method: 'OPTIONS',
          url: `${BASE}/tokens`,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      const shop = await preflight('https://shop.example');
      expect(shop.statusCode).toBe(204);
      expect(shop.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(shop.headers['access-control-allow-headers']).toBe('content-type');
      expect(shop.headers['access-control-allow-credentials']).toBeUndefined();
      const evil = await preflight('https://evil.example');
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();

      const post = await postToken(cardBody('4111111111111111', 'visa'), {
        target: apart,
        headers: { origin: 'https://shop.example' },
      });
      expect(post.statusCode).toBe(201);
      expect(post.headers['access-control-allow-origin']).toBe('https://shop.example');
    } finally {
      await apart.close();
    }
    // Same origin (npm start): no CORS headers at all.
    const same = await postToken(cardBody('4111111111111111', 'visa'), {
      headers: { origin: 'https://shop.example' },
    });
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('frictionless payments', () => {
  it.each(['visa', 'visa-debit', 'mastercard', 'amex'] as const)(
    '%s: device-data collection, then authorised without a challenge',
    async (brand) => {
      const session = await newSession();
      const token = await tokenFor(brand, 'approve');
      const started = await app.payments.authorise(payInput(session, token));
      expect(started.status).toBe('action_required');
      expect(started.action?.url).toMatch(new RegExp(`^${BASE}/3ds/[0-9a-f-]{36}/device-data$`));
      expect(started.card).toEqual({ brand, last4: testCard(brand, 'approve').number.slice(-4) });

      const back = await collectDeviceData(started);
      expect(back).toBe(`/checkout/verify?${PAYMENT_RETURN_PARAM}=${started.id}`);
      const done = await app.payments.continue(session, started.id);
      expect(done).toMatchObject({ id: started.id, status: 'authorised', amount: 9500 });
      expect(done.action).toBeUndefined();
    },
  );

  it('serves device-data collection as an accessible page with no inline script', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa', 'approve')),
    );
    const { page } = await visit(started.action!.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/<html lang="en">/);
    expect(page.body).toMatch(/<title>[^<]+<\/title>/);
    expect(page.body).toMatch(/<h1>/);
    expect(page.body).toContain(`<script src="${BASE}/3ds/device-data.js" defer></script>`);
    expect(page.body).not.toMatch(/<script>|<script(?![^>]*\ssrc=)|\son\w+=|<style/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Continue<\/button>/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['cache-control']).toBe('no-store');

    const script = await app.inject({ method: 'GET', url: `${BASE}/3ds/device-data.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    for (const field of Object.keys(deviceData)) expect(script.body).toContain(field);

    // What the page collected is kept with the payment, for the issuer's risk check.
    await collectDeviceData(started);
    const { rows } = await db.query<{ data: Record<string, unknown>; fraud: { browser: unknown } }>(
      `SELECT device_data AS data, browser AS fraud FROM sandbox_payments
       WHERE ref = (SELECT provider_ref::uuid FROM payments WHERE id = $1)`,
      [started.id],
    );
    expect(rows[0]!.data).toMatchObject({ screenWidth: 1440, timeZone: 'Europe/London' });
    expect(rows[0]!.fraud.browser).toEqual(browser);
  });

  it.each([
    ['en-US@posix', 'en-US'],
    ['en_GB.UTF-8', 'en-GB'],
    ['not a language', null],
  ])('goes on when the browser calls its language %j (kept as %j)', async (language, kept) => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa', 'approve')),
    );
    const { sent } = await visit(started.action!.url, { ...deviceData, language });
    expect(sent!.statusCode).toBe(303);
    expect(sent!.headers.location).toBe(`/checkout/verify?${PAYMENT_RETURN_PARAM}=${started.id}`);
    expect(await app.payments.continue(session, started.id)).toMatchObject({
      status: 'authorised',
    });
    const { rows } = await db.query<{ data: Record<string, unknown> }>(
      `SELECT device_data AS data FROM sandbox_payments
       WHERE ref = (SELECT provider_ref::uuid FROM payments WHERE id = $1)`,
      [started.id],
    );
    expect(rows[0]!.data.language).toBe(kept);
  });

  it('sends a browser back to the shop when the step is already done', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('mastercard', 'approve')),
    );
    await collectDeviceData(started);
    const again = await app.inject({ method: 'GET', url: started.action!.url });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain(`${PAYMENT_RETURN_PARAM}=${started.id}`);
  });

  it('captures, refunds in parts, and never refunds one key twice', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa', 'approve'), { amount: 12000 }),
    );
    await collectDeviceData(started);
    await app.payments.continue(session, started.id);
    expect(await app.payments.capture(started.id)).toMatchObject({
      status: 'captured',
      capturedAmount: 12000,
    });
    const refundKey = newKey();
    const part = await app.payments.refund(started.id, 5000, refundKey);
    expect(part).toMatchObject({ status: 'captured', refundedAmount: 5000 });
    expect(await app.payments.refund(started.id, 5000, refundKey)).toMatchObject({
      refundedAmount: 5000,
    });
    expect((await refusal(app.payments.refund(started.id, 9000, newKey()))).code).toBe(
      'payment_state_invalid',
    );
    expect(await app.payments.refund(started.id, 7000, newKey())).toMatchObject({
      status: 'refunded',
      refundedAmount: 12000,
    });
    expect((await refusal(app.payments.capture(started.id))).code).toBe('payment_state_invalid');
  });

  it('voids an authorisation that will not be captured', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('amex', 'approve')),
    );
    await collectDeviceData(started);
    await app.payments.continue(session, started.id);
    expect((await app.payments.void(started.id)).status).toBe('voided');
    expect((await refusal(app.payments.capture(started.id))).code).toBe('payment_state_invalid');
  });
});

describe('3-D Secure challenge', () => {
  async function challenged(brand: CardBrand) {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor(brand, 'challenge'), { currency: 'USD', amount: 4550 }),
    );
    await collectDeviceData(started);
    const next = await app.payments.continue(session, started.id);
    expect(next.status).toBe('action_required');
    expect(next.action?.kind).toBe('challenge');
    return { session, payment: next };
  }

  it.each(['visa', 'amex', 'mastercard', 'visa-debit'] as const)(
    '%s: "Authenticate" on the challenge page authorises the payment',
    async (brand) => {
      const { session, payment } = await challenged(brand);
      const { page, sent } = await visit(payment.action!.url, { result: 'authenticated' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('$45.50');
      expect(sent!.statusCode).toBe(303);
      expect(sent!.headers.location).toBe(`/checkout/verify?${PAYMENT_RETURN_PARAM}=${payment.id}`);
      expect((await app.payments.continue(session, payment.id)).status).toBe('authorised');
    },
  );

  it('shows a page with labelled buttons, a language and a title, under a strict CSP', async () => {
    const { payment } = await challenged('amex');
    const { page } = await visit(payment.action!.url);
    // A dollar payment's bank page is in American English (issue 24): "ending in".
    expect(page.body).toMatch(/<html lang="en-US">/);
    expect(page.body).toMatch(/<title>Confirm your payment[^<]*<\/title>/);
    expect(page.body).toMatch(
      /<button type="submit" name="result" value="authenticated"[^>]*>Authenticate<\/button>/,
    );
    expect(page.body).toMatch(
      /<button type="submit" name="result" value="failed"[^>]*>Fail authentication<\/button>/,
    );
    expect(page.body).toMatch(/<form method="post" action="[^"]+\/challenge">/);
    expect(page.body).toContain('American Express ending in 8431');
    expect(page.body).not.toMatch(/<script/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("default-src 'none'");
  });

  it('"Fail authentication" declines the payment, and a second answer changes nothing', async () => {
    const { session, payment } = await challenged('visa');
    const { sent } = await visit(payment.action!.url, { result: 'failed' });
    expect(sent!.statusCode).toBe(303);
    const late = await app.inject({
      method: 'POST',
      url: payment.action!.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=authenticated',
    });
    expect(late.statusCode).toBe(303);
    expect(await app.payments.continue(session, payment.id)).toMatchObject({
      status: 'declined',
      declineReason: 'authentication_failed',
    });
  });

  it('fails authentication when the challenge is left until it expires', async () => {
    const { session, payment } = await challenged('visa');
    await db.query(
      `UPDATE sandbox_payments SET action_expires_at = now() - interval '1 second'
       WHERE ref = (SELECT provider_ref::uuid FROM payments WHERE id = $1)`,
      [payment.id],
    );
    const page = await app.inject({ method: 'GET', url: payment.action!.url });
    expect(page.statusCode).toBe(303);
    expect(await app.payments.continue(session, payment.id)).toMatchObject({
      status: 'declined',
      declineReason: 'authentication_failed',
    });
  });

  it('refuses a bad answer and an unknown payment with a page, not a stack trace', async () => {
    const { payment } = await challenged('mastercard');
    const bad = await app.inject({
      method: 'POST',
      url: payment.action!.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/<html lang="en">/);
    const unknown = await app.inject({
      method: 'GET',
      url: `${BASE}/3ds/00000000-0000-4000-8000-000000000000/challenge`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/<h1>This payment step is not available<\/h1>/);
    const garbage = await app.inject({ method: 'GET', url: `${BASE}/3ds/not-a-ref/device-data` });
    expect(garbage.statusCode).toBe(404);
  });
});

describe('declines and time-outs', () => {
  it.each([
    ['visa', 'decline', 'declined'],
    ['mastercard', 'decline', 'declined'],
    ['amex', 'decline', 'declined'],
    ['visa', 'insufficient_funds', 'insufficient_funds'],
    ['amex', 'insufficient_funds', 'insufficient_funds'],
  ] as const)(
    '%s %s card: declined (%s) after device-data collection',
    async (brand, behaviour, reason) => {
      const session = await newSession();
      const started = await app.payments.authorise(
        payInput(session, await tokenFor(brand, behaviour)),
      );
      expect(started.action?.kind).toBe('device_data');
      await collectDeviceData(started);
      const done = await app.payments.continue(session, started.id);
      expect(done).toMatchObject({ status: 'declined', declineReason: reason });
      expect((await refusal(app.payments.capture(started.id))).code).toBe('payment_state_invalid');
    },
  );

  it('times out at the time limit, cancels the attempt, and replays the time-out', async () => {
    const payments = new PaymentService({
      db,
      provider: new SandboxProvider(db, { publicBase: BASE }),
      timeoutMs: SHORT_TIME_LIMIT_MS,
      shopOrigins: [],
    });
    const session = await newSession();
    const input = payInput(session, await tokenFor('visa', 'timeout'));
    const first = await payments.authorise(input);
    expect(first).toMatchObject({ status: 'timed_out', card: null, capturedAmount: 0 });
    const { rows } = await db.query<{ state: string }>(
      'SELECT state FROM sandbox_payments WHERE idempotency_key = $1',
      [first.id.toLowerCase()],
    );
    expect(rows).toEqual([{ state: 'voided' }]);
    // A reload of the same attempt gets the same answer and asks the provider nothing.
    expect(await payments.authorise(input)).toEqual(first);
    const { rows: attempts } = await db.query(
      'SELECT 1 FROM sandbox_payments WHERE idempotency_key = $1',
      [first.id.toLowerCase()],
    );
    expect(attempts).toHaveLength(1);
    expect((await refusal(payments.capture(first.id))).code).toBe('payment_state_invalid');
  });

  it('fails authentication when the buyer never comes back from device-data collection', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa', 'approve')),
    );
    expect((await app.payments.continue(session, started.id)).status).toBe('action_required');
    await db.query(
      `UPDATE sandbox_payments SET action_expires_at = now() - interval '1 second'
       WHERE ref = (SELECT provider_ref::uuid FROM payments WHERE id = $1)`,
      [started.id],
    );
    expect(await app.payments.continue(session, started.id)).toMatchObject({
      status: 'declined',
      declineReason: 'authentication_failed',
    });
  });
});

describe('tokens and what a payment may take', () => {
  it('spends a token once; an expired token pays nothing', async () => {
    const session = await newSession();
    const token = await tokenFor('visa', 'approve');
    await app.payments.authorise(payInput(session, token));
    const again = await refusal(app.payments.authorise(payInput(session, token)));
    expect([again.statusCode, again.code]).toEqual([422, 'payment_token_invalid']);

    const stale = await tokenFor('mastercard', 'approve');
    await db.query(
      `UPDATE sandbox_card_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [createHash('sha256').update(stale).digest('base64url')],
    );
    expect((await refusal(app.payments.authorise(payInput(session, stale)))).code).toBe(
      'payment_token_invalid',
    );
    // A refused attempt leaves no payment behind.
    const { rows } = await db.query(`SELECT 1 FROM payments WHERE status = 'pending'`);
    expect(rows).toHaveLength(0);
  });

  it('takes only an American Express card for American Express seats, keeping a refused token', async () => {
    const session = await newSession();
    const visa = await tokenFor('visa', 'approve');
    const amexOnly = await refusal(
      app.payments.authorise(payInput(session, visa, { acceptedBrands: ['amex'] })),
    );
    expect([amexOnly.statusCode, amexOnly.code]).toEqual([422, 'card_type_not_accepted']);
    expect((await app.payments.authorise(payInput(session, visa))).status).toBe('action_required');
    const amex = await tokenFor('amex', 'approve');
    expect(
      (await app.payments.authorise(payInput(session, amex, { acceptedBrands: ['amex'] }))).card,
    ).toMatchObject({ brand: 'amex' });
  });

  it('returns only to a path or a shop origin, and shows a payment only to its session', async () => {
    const session = await newSession();
    for (const returnUrl of [
      'https://evil.example/checkout/verify',
      '//evil.example/x',
      'javascript:alert(1)',
    ]) {
      const error = await refusal(
        app.payments.authorise(payInput(session, 'tok_unused', { returnUrl })),
      );
      expect([error.code, error.fields]).toEqual(['validation_failed', ['returnUrl']]);
    }
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa', 'approve')),
    );
    const stranger = await newSession();
    expect((await refusal(app.payments.continue(stranger, started.id))).code).toBe('not_found');
    expect((await app.payments.status(started.id, { sessionId: session })).id).toBe(started.id);
  });

  it('refuses malformed pay requests before anything is charged', async () => {
    const session = await newSession();
    const token = await tokenFor('visa', 'approve');
    for (const [overrides, field] of [
      [{ amount: 0 }, 'amount'],
      [{ amount: 12.5 }, 'amount'],
      [{ idempotencyKey: 'short' }, 'idempotencyKey'],
      [{ currency: 'EUR' as 'GBP' }, 'currency'],
    ] as const) {
      const error = await refusal(app.payments.authorise(payInput(session, token, overrides)));
      expect([error.code, error.fields], field).toEqual(['validation_failed', [field]]);
    }
    expect((await app.payments.authorise(payInput(session, token))).status).toBe('action_required');
  });
});

/** A sandbox that holds every authorisation until the test lets it go. */
class GatedSandbox extends SandboxProvider {
  private release: () => void = () => undefined;
  private gate = new Promise<void>((resolve) => (this.release = resolve));
  entered = 0;
  open() {
    this.release();
  }
  override async authorise(
    request: AuthoriseRequest,
    options: CallOptions,
  ): Promise<ProviderPayment> {
    this.entered += 1;
    await this.gate;
    return super.authorise(request, options);
  }
}

describe('idempotent pay', () => {
  it('replays the first answer for the same key and payload, refuses another payload (422)', async () => {
    const session = await newSession();
    const input = payInput(session, await tokenFor('visa', 'challenge'));
    const first = await app.payments.authorise(input);
    const replay = await app.payments.authorise(input);
    expect(replay).toEqual(first);
    const changed = await refusal(app.payments.authorise({ ...input, amount: 9600 }));
    expect([changed.statusCode, changed.code]).toEqual([422, 'idempotency_mismatch']);
    // The same key value in another session is that session's own.
    const other = await newSession();
    const theirs = await app.payments.authorise({
      ...payInput(other, await tokenFor('visa', 'approve')),
      idempotencyKey: input.idempotencyKey,
    });
    expect(theirs.id).not.toBe(first.id);
    const { rows } = await db.query(`SELECT 1 FROM payments WHERE idempotency_key = $1`, [
      input.idempotencyKey,
    ]);
    expect(rows).toHaveLength(2);
  });

  it('replays a refusal too', async () => {
    const session = await newSession();
    const input = payInput(session, 'tok_never_issued');
    expect((await refusal(app.payments.authorise(input))).code).toBe('payment_token_invalid');
    expect((await refusal(app.payments.authorise(input))).code).toBe('payment_token_invalid');
  });

  it('answers a duplicate still in flight with 409 and charges once', async () => {
    const gated = new GatedSandbox(db, { publicBase: BASE });
    const payments = new PaymentService({
      db,
      provider: gated,
      timeoutMs: 10_000,
      shopOrigins: [],
    });
    const session = await newSession();
    const input = payInput(session, await tokenFor('visa', 'approve'));
    const first = payments.authorise(input);
    await expect.poll(() => gated.entered).toBe(1);
    const duplicate = await refusal(payments.authorise(input));
    expect([duplicate.statusCode, duplicate.code]).toEqual([409, 'idempotency_in_flight']);
    gated.open();
    const paid = await first;
    expect(paid.status).toBe('action_required');
    expect(await payments.authorise(input)).toEqual(paid);
    expect(gated.entered).toBe(1);
    const { rows } = await db.query(`SELECT 1 FROM sandbox_payments WHERE idempotency_key = $1`, [
      paid.id.toLowerCase(),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('charges once when ten copies of one pay request race (a frantic double click)', async () => {
    const session = await newSession();
    const input = payInput(session, await tokenFor('amex', 'approve'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.payments.authorise(input).then(
          (payment) => payment.id,
          (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
        ),
      ),
    );
    const ids = new Set(answers.filter((answer) => /^[0-9A-F-]{36}$/.test(answer)));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => !ids.has(answer))).toEqual(
      answers.filter((answer) => answer === 'idempotency_in_flight'),
    );
    const { rows } = await db.query(`SELECT 1 FROM payments WHERE session_id = $1`, [session]);
    expect(rows).toHaveLength(1);
    const [id] = [...ids];
    const { rows: charges } = await db.query(
      `SELECT 1 FROM sandbox_payments WHERE idempotency_key = $1`,
      [id!.toLowerCase()],
    );
    expect(charges).toHaveLength(1);
  });

  it('makes the gateway itself answer one key with one payment, however many calls race', async () => {
    const provider = app.payments.provider;
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => tokenFor('visa', 'approve')));
    const key = randomUUID();
    const request = (token: string): AuthoriseRequest => ({
      source: { kind: 'token', token, method: 'card' },
      amount: 2000,
      currency: 'GBP',
      idempotencyKey: key,
      returnUrl: '/checkout/verify',
      fraud,
    });
    const signal = new AbortController().signal;
    // The same key with five different tokens: only the first call's token may be spent.
    const answers = await Promise.allSettled(
      tokens.map((token) => provider.authorise(request(token), { signal })),
    );
    const refs = new Set(
      answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value.ref] : [])),
    );
    expect(refs.size).toBeLessThanOrEqual(1);
    const { rows } = await db.query(`SELECT 1 FROM sandbox_payments WHERE idempotency_key = $1`, [
      key,
    ]);
    expect(rows).toHaveLength(1);
    const { rows: spent } = await db.query<{ spent: number }>(
      `SELECT count(*)::int AS spent FROM sandbox_card_tokens WHERE token_hash = ANY($1) AND used_at IS NOT NULL`,
      [tokens.map((token) => createHash('sha256').update(token).digest('base64url'))],
    );
    expect(spent[0]!.spent).toBe(1);
  });

  it('charges once even when the first answer was never stored (a crash) and the key is retried', async () => {
    const session = await newSession();
    const input = payInput(session, await tokenFor('mastercard', 'approve'));
    const first = await app.payments.authorise(input);
    // As if the process died after the provider answered: no stored answer, key free again.
    await db.query(`DELETE FROM idempotency_keys WHERE session_id = $1`, [session]);
    const rerun = await app.payments.authorise(input);
    expect(rerun.id).toBe(first.id);
    const { rows } = await db.query(`SELECT 1 FROM sandbox_payments WHERE idempotency_key = $1`, [
      first.id.toLowerCase(),
    ]);
    expect(rows).toHaveLength(1);
    const { rows: ours } = await db.query(`SELECT 1 FROM payments WHERE session_id = $1`, [
      session,
    ]);
    expect(ours).toHaveLength(1);
  });

  it('lets concurrent continuations agree on one outcome', async () => {
    const session = await newSession();
    const started = await app.payments.authorise(
      payInput(session, await tokenFor('visa-debit', 'approve')),
    );
    await collectDeviceData(started);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => app.payments.continue(session, started.id)),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set(['authorised']));
    expect((await app.payments.status(started.id, { refresh: true })).status).toBe('authorised');
  });
});

describe('card data', () => {
  it('appears in no log line and no row of any table after all the runs above', async () => {
    expect(sentNumbers.size).toBeGreaterThan(5);
    expect(logLines.join('\n')).toContain(`${BASE}/tokens`);
    // Every table, those of orders and checkout included (tests/api/orders.*.test.ts search
    // them again after real orders).
    await expectNoCardData(db, { logLines, numbers: sentNumbers, cvvs: sentCvvs });
  });
});
