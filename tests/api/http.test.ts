import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, healthSchema } from '../../contract/api/common';
import { REGIONS, SERVICES } from '../../contract/regions';
import { SESSION_COOKIE, sessionSchema } from '../../contract/api/session';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { GUEST_IDLE_MINUTES } from '../../contract/api/constants';
import type { Database } from '../../server/db/database';
import { openMigratedDatabase, venues } from './testDatabase';

const INDEX_HTML =
  '<!doctype html><html lang="en"><title>Stagedoor</title><div id="root"></div></html>';
let db: Database;
let app: FastifyInstance;
let staticDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'stagedoor-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(staticDir, 'assets', 'index-3f9a1c.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'boot.js'), 'void 0');
  db = await openMigratedDatabase();
  app = await buildApp({
    db,
    venues,
    staticDir,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    security: { polyfillOrigin: 'https://polyfill.example', paymentOrigin: 'https://pay.example' },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict CSP and the other security headers on pages and APIs', async () => {
    for (const url of ['/api/uk/health', '/']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://polyfill.example https://pay.example");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("connect-src 'self' https://pay.example");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: HSTS would be ignored by browsers and pin local setups.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('single-page app', () => {
  it('answers a browser navigation to a client route with index.html, never cached', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/events/the-glass-orchard/lumen-theatre/calendar?pc=ORCHARD10',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('caches hashed assets for a year and serves the boot script', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/boot.js' })).statusCode).toBe(200);
  });

  it('answers an unknown API path with JSON 404 even when the client accepts HTML', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/uk/missing',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.parse(response.json()).code).toBe('not_found');
    const missingAsset = await app.inject({
      method: 'GET',
      url: '/assets/gone.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
  });
});

describe('health', () => {
  it('reports every region and service healthy while the database answers', async () => {
    for (const region of REGIONS) {
      const response = await app.inject({ method: 'GET', url: `/api/${region}/health` });
      expect(response.statusCode).toBe(200);
      expect(healthSchema.parse(response.json())).toEqual({ status: 'ok', region, database: 'ok' });
    }
    for (const service of SERVICES) {
      const response = await app.inject({ method: 'GET', url: `/services/${service}/health` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', service, database: 'ok' });
    }
  });
});

describe('session service', () => {
  it('issues an anonymous session in an httpOnly, SameSite=Lax cookie with a CSRF token', async () => {
    const response = await app.inject({ method: 'POST', url: '/services/session/sessions' });
    expect(response.statusCode).toBe(201);
    const session = sessionSchema.parse(response.json());
    expect(session.csrfToken.length).toBeGreaterThanOrEqual(40);
    // The guest inactivity limit the SPA times held seats out by (issue 24): 10 minutes.
    expect(session.guestIdleSeconds).toBe(GUEST_IDLE_MINUTES * 60);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const token = cookie.split(';')[0]!.split('=')[1]!;
    // Stored in the database, and only as a hash of the cookie value.
    const hash = createHash('sha256').update(token).digest('base64url');
    const stored = await db.query<{ hashed: number; plain: number }>(
      'SELECT count(*) FILTER (WHERE token_hash = $1)::int AS hashed, count(*) FILTER (WHERE token_hash = $2)::int AS plain FROM sessions',
      [hash, token],
    );
    expect(stored.rows[0]).toEqual({ hashed: 1, plain: 0 });
    const again = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(again.statusCode).toBe(200);
    expect(sessionSchema.parse(again.json()).csrfToken).toBe(session.csrfToken);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('takes the guest inactivity limit from GUEST_IDLE_SECONDS, refusing one too short to warn', () => {
    expect(loadConfig({ GUEST_IDLE_SECONDS: '45' }).guestIdleSeconds).toBe(45);
    expect(loadConfig({}).guestIdleSeconds).toBe(600);
    expect(() => loadConfig({ GUEST_IDLE_SECONDS: '10' })).toThrow(
      'GUEST_IDLE_SECONDS must be a whole number of at least 40, got "10"',
    );
  });

  it('takes the connections to DATABASE_URL from DATABASE_POOL_SIZE, the driver’s 10 when unset', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBeUndefined();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE must be a whole number of at least 1, got "0"',
    );
  });

  it('refuses unknown body fields, oversized bodies and non-JSON bodies with stable codes', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      payload: { admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(apiErrorSchema.parse(unknown.json())).toMatchObject({
      code: 'validation_failed',
      fields: ['body.admin'],
    });
    const huge = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      payload: { padding: 'x'.repeat(70 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(apiErrorSchema.parse(huge.json()).code).toBe('payload_too_large');
    const text = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(apiErrorSchema.parse(text.json()).code).toBe('unsupported_media_type');
    const broken = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

describe('logs', () => {
  it('never contain the cookie, the e-mail address in the query or the request body', async () => {
    logLines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/api/uk/cms?crmEmail=jane.doe%40example.com',
      headers: {
        cookie: `${SESSION_COOKIE}=very-secret-cookie-value`,
        authorization: 'Bearer secret-bearer-token',
      },
    });
    await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      headers: { cookie: `${SESSION_COOKIE}=very-secret-cookie-value` },
      payload: { email: 'jane.doe@example.com' },
    });
    const output = logLines.join('\n');
    expect(output).toContain('/api/uk/cms');
    expect(output).not.toContain('very-secret-cookie-value');
    expect(output).not.toContain('secret-bearer-token');
    expect(output).not.toMatch(/jane\.doe/);
  });
});

describe('database outage', () => {
  it('answers health with 503 once the database is unreachable', async () => {
    const outage = await openMigratedDatabase();
    const outageApp = await buildApp({ db: outage, venues, logger: false });
    await outage.close();
    const response = await outageApp.inject({ method: 'GET', url: '/api/us-west/health' });
    expect(response.statusCode).toBe(503);
    expect(healthSchema.parse(response.json())).toEqual({
      status: 'degraded',
      region: 'us-west',
      database: 'unreachable',
    });
    expect(
      (await outageApp.inject({ method: 'GET', url: '/services/session/health' })).statusCode,
    ).toBe(503);
    await outageApp.close();
  });
});
