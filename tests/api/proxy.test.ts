import { createServer, request, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema } from '../../contract/api/basket';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { payResponseSchema } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { buildApp } from '../../server/app';
import { parseTrustProxy } from '../../server/config';
import type { Database } from '../../server/db/database';
import { testCard } from '../../server/payments/sandbox/testCards';
import { callApi, newBuyer, type Buyer } from './buyers';
import { buyerBrowser, detailsBody } from './checkoutFixtures';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * The shop behind a reverse proxy (issue 11): the buyer's address and scheme come from the
 * proxy's X-Forwarded-For and X-Forwarded-Proto, but only when the socket's peer is a proxy
 * TRUST_PROXY names; anyone else's forwarded headers change nothing.
 */

const PROXY = '127.0.0.1';
let db: Database;
/** Trusts the proxy on this machine, as a shop behind nginx on the same host would. */
let proxied: FastifyInstance;
/** Trusts no proxy (the default). */
let direct: FastifyInstance;
let theatre: PerformanceFixture;

beforeAll(async () => {
  db = await openSeededDatabase();
  proxied = await buildApp({ db, venues, logger: false, trustProxy: [PROXY] });
  // Paying writes links to where the server listens.
  await proxied.listen({ port: 0, host: '127.0.0.1' });
  direct = await buildApp({ db, venues, logger: false, trustProxy: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 3);
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
  await db?.close();
});

const card = testCard('visa', 'approve');

function tokenise(app: FastifyInstance, from: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/services/payment/tokens',
    remoteAddress: from,
    headers,
    payload: { number: card.number, name: 'Ada Lovelace', expiry: '08/30', cvv: '382' },
  });
}

describe('the client address', () => {
  it('is the buyer’s behind a trusted proxy: 31 buyers all get card tokens, one buyer past the limit does not', async () => {
    // Today's limit is 30 tokenisations per client in 10 minutes; keyed on the proxy, the 31st
    // buyer of the shop was refused and checkout stopped for everyone.
    for (let buyer = 1; buyer <= 31; buyer += 1) {
      const response = await tokenise(proxied, PROXY, { 'x-forwarded-for': `203.0.113.${buyer}` });
      expect(response.statusCode, `buyer ${buyer}`).toBe(201);
    }
    const one = { 'x-forwarded-for': '198.51.100.7' };
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await tokenise(proxied, PROXY, one)).statusCode).toBe(201);
    }
    const refused = await tokenise(proxied, PROXY, one);
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ignores X-Forwarded-For from anyone not trusted: a spoofer cannot dodge a limit', async () => {
    // One after another, each claiming to pass on a different buyer.
    const spoof = (app: FastifyInstance, from: string, n: number) =>
      tokenise(app, from, { 'x-forwarded-for': `192.0.2.${n + 1}` });
    // No proxy trusted at all, and a trusted proxy's server reached directly by someone else.
    for (const [app, from] of [
      [direct, '198.51.100.20'],
      [proxied, '198.51.100.21'],
    ] as const) {
      const statuses: number[] = [];
      for (let n = 0; n < 31; n += 1) statuses.push((await spoof(app, from, n)).statusCode);
      expect(
        statuses.slice(0, 30).every((status) => status === 201),
        from,
      ).toBe(true);
      expect(statuses[30], from).toBe(429);
    }
  });

  it('is what the fraud data of a payment records', async () => {
    const buyer = await newBuyer(proxied);
    const seats = (await seatsInRow(db, theatre.planId, 'STALLS', 'H')).slice(0, 2);
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, body?: unknown) =>
      callApi(proxied, buyer, method, url, {
        body,
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
    const held = await call('POST', '/holds', {
      performanceId: theatre.performanceId,
      seats: seats.map((seat) => seat.id),
    });
    expect(held.statusCode, held.body).toBe(201);
    const hold = holdResponseSchema.parse(held.json()).hold;
    const details = await call('PUT', `/holds/${hold.id}/details`, detailsBody());
    expect(details.statusCode, details.body).toBe(200);
    const protection = await call('PUT', `/holds/${hold.id}/basket`, { ticketProtection: 'no' });
    expect(protection.statusCode, protection.body).toBe(200);
    const basket = basketResponseSchema.parse(
      (await call('GET', `/holds/${hold.id}/basket`)).json(),
    );
    const token = cardTokenSchema.parse(
      (await tokenise(proxied, PROXY, { 'x-forwarded-for': '203.0.113.99' })).json(),
    ).token;
    const paid = await call('POST', `/holds/${hold.id}/order`, {
      basketVersion: basket.basket.version,
      cardToken: token,
      browser: buyerBrowser,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { paymentId } = payResponseSchema.parse(paid.json());
    const { rows } = await db.query<{ ip: string }>(
      `SELECT sp.browser->>'ipAddress' AS ip
       FROM payments p JOIN sandbox_payments sp ON sp.ref = p.provider_ref::uuid WHERE p.id = $1`,
      [paymentId],
    );
    expect(rows.map((row) => row.ip)).toEqual(['203.0.113.99']);
  });
});

/** A throwaway self-signed pair for 127.0.0.1, only for the TLS test below; it protects nothing. */
const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg5cE2JzFxpeHgKf6U
yZtIUXghZmS8oPaYEd/kqrdPPnKhRANCAASyDjKCEQnwprZh+VfLoiNQ1kbSmHU1
sjvs0aGP7gKLLEa5tt/zA9rj00iEl8UD98gRvoBd2OLHcd1APu9G9nw+
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUDfR3cNXYypEIXPL6w3kX5C/HyhcwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNjA4MjI1NloYDzIxMjYxMTAy
MDgyMjU2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASyDjKCEQnwprZh+VfLoiNQ1kbSmHU1sjvs0aGP7gKLLEa5tt/zA9rj
00iEl8UD98gRvoBd2OLHcd1APu9G9nw+o28wbTAdBgNVHQ4EFgQUzBVdc0NWBTBP
OAxa5tfIwkG+Qb4wHwYDVR0jBBgwFoAUzBVdc0NWBTBPOAxa5tfIwkG+Qb4wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSAAwRQIgaMH9EvXHHn6TR70bRXnfCJPT8gUyMC1mQ4hFgFlQ/4QCIQCZ
o7l7G89BJpZVcL29q5O+rlhlVyn2YMb8zeC3AkbE/A==
-----END CERTIFICATE-----`,
};

/** `app` served straight over TLS, as a shop with no proxy in front would be. */
async function overTls(app: FastifyInstance): Promise<Server> {
  await app.ready();
  const server = createServer(TEST_TLS, (req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function postOverTls(server: Server, path: string) {
  return new Promise<{ status?: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: (server.address() as AddressInfo).port,
        method: 'POST',
        path,
        ca: TEST_TLS.cert,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('HTTPS behind a proxy', () => {
  const session = (app: FastifyInstance, from: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/services/session/sessions', remoteAddress: from, headers });
  const secured = (response: Awaited<ReturnType<typeof session>>) => ({
    status: response.statusCode,
    secureCookie: /;\s*Secure(;|$)/i.test(String(response.headers['set-cookie'])),
    hsts: response.headers['strict-transport-security'] ?? null,
  });

  it('sets Secure cookies and HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const https = secured(await session(proxied, PROXY, { 'x-forwarded-proto': 'https' }));
    expect(https).toEqual({
      status: 201,
      secureCookie: true,
      hsts: 'max-age=31536000; includeSubDomains',
    });
    // Other answers carry HSTS too, not only the one that sets the cookie.
    const health = await proxied.inject({
      method: 'GET',
      url: '/api/uk/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sets both on a request that came straight over TLS', async () => {
    const server = await overTls(direct);
    try {
      const response = await postOverTls(server, '/services/session/sessions');
      expect(response.status).toBe(201);
      expect(String(response.headers['set-cookie'])).toMatch(/;\s*Secure(;|$)/i);
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('sets neither over plain HTTP, nor for an X-Forwarded-Proto nobody trusted sent', async () => {
    const plain = { status: 201, secureCookie: false, hsts: null };
    // `npm start` on loopback: a Secure cookie would be dropped by the browser.
    expect(secured(await session(direct, '127.0.0.1'))).toEqual(plain);
    expect(secured(await session(proxied, PROXY, { 'x-forwarded-proto': 'http' }))).toEqual(plain);
    expect(secured(await session(proxied, PROXY))).toEqual(plain);
    // A client's own header, with no proxy trusted or from outside the trusted one.
    const spoofed = { 'x-forwarded-proto': 'https' };
    expect(secured(await session(direct, '127.0.0.1', spoofed))).toEqual(plain);
    expect(secured(await session(proxied, '198.51.100.30', spoofed))).toEqual(plain);
  });
});

describe('the session answer', () => {
  it('is never stored by a browser or cache, new or given back to a live cookie', async () => {
    const buyer: Buyer = await newBuyer(direct);
    const again = await direct.inject({
      method: 'POST',
      url: '/services/session/sessions',
      headers: { cookie: buyer.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ csrfToken: string }>().csrfToken).toBe(buyer.csrf);
    expect(again.headers['cache-control']).toBe('no-store');
    const fresh = await direct.inject({
      method: 'POST',
      url: '/services/session/sessions',
      remoteAddress: '198.51.100.40',
    });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['cache-control']).toBe('no-store');
  });
});

describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR ranges, and nothing means no proxy', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else at start, naming what is wrong', async () => {
    for (const wrong of ['1', 'true', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '::1/129']) {
      expect(() => parseTrustProxy(wrong), wrong).toThrow(/^TRUST_PROXY must list/);
    }
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '2';
    try {
      await expect(buildApp({ db, venues, logger: false })).rejects.toThrow(
        /^TRUST_PROXY must list the proxies' addresses .* got "2"$/,
      );
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    }
  });
});
