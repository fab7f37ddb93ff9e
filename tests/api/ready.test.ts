import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readinessSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { READY_PROBE_CACHE_MS, Readiness } from '../../server/health/readiness';
import { createMetrics } from '../../server/http/metrics';
import { listenOperatorPort } from '../../server/operatorPort';
import { Relay } from './dbRelay';
import { openSeededDatabase, seededPostgresUrl, venues } from './testDatabase';

/**
 * GET /ready (issue 25): whether a balancer should send this process traffic. Not until start-up
 * is done, and not while the database does not answer; GET /health stays the liveness check.
 */

/** The database as the app sees it, with a switch for the answers to `select 1`. */
function probed(db: Database) {
  const state = { mode: 'up' as 'up' | 'refusing' | 'hanging', pings: 0 };
  const query: Database['query'] = (sql, params) => {
    if (/^SELECT 1$/i.test(sql.trim())) {
      state.pings += 1;
      if (state.mode === 'refusing') {
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        );
      }
      if (state.mode === 'hanging') return new Promise(() => undefined);
    }
    return db.query(sql, params);
  };
  return { db: { ...db, query } satisfies Database, state };
}

async function ready(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/ready' });
  expect(response.headers['cache-control']).toBe('no-store');
  return { status: response.statusCode, body: readinessSchema.parse(response.json()) };
}

/** Past the probe's cache: the next /ready asks the database again. */
const pastCache = () => new Promise((resolve) => setTimeout(resolve, READY_PROBE_CACHE_MS + 50));

let db: Database;
let app: FastifyInstance;
let readiness: Readiness;
let probe: ReturnType<typeof probed>['state'];

beforeAll(async () => {
  db = await openSeededDatabase();
  const wrapped = probed(db);
  probe = wrapped.state;
  readiness = new Readiness(wrapped.db);
  app = await buildApp({ db: wrapped.db, venues, logger: false, operator: { readiness } });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('GET /ready', () => {
  it('answers 503 "starting" until start-up is done, then 200', async () => {
    expect(await ready(app)).toEqual({ status: 503, body: { status: 'starting' } });
    expect(probe.pings).toBe(0);
    readiness.loaded();
    expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('asks the database once a second however many probes come', async () => {
    await pastCache();
    const before = probe.pings;
    const answers = await Promise.all(Array.from({ length: 20 }, () => ready(app)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(probe.pings - before).toBe(1);
    await pastCache();
    await ready(app);
    expect(probe.pings - before).toBe(2);
  });

  it('answers 503 while the database refuses or hangs, and 200 once it answers again', async () => {
    await pastCache();
    probe.mode = 'refusing';
    expect(await ready(app)).toEqual({ status: 503, body: { status: 'database_unreachable' } });

    await pastCache();
    probe.mode = 'hanging';
    const started = Date.now();
    expect(await ready(app)).toEqual({ status: 503, body: { status: 'database_unreachable' } });
    // Within the probe's time limit (a second), not the driver's 30 s connect time-out.
    expect(Date.now() - started).toBeLessThan(5_000);

    await pastCache();
    probe.mode = 'up';
    expect(await ready(app)).toEqual({ status: 200, body: { status: 'ready' } });
    // Liveness is a separate question, answered as before.
    expect((await app.inject({ method: 'GET', url: '/api/uk/health' })).statusCode).toBe(200);
  });
});

describe('GET /ready on a PostgreSQL server that goes away', () => {
  const onPostgres = Boolean(inject('databaseUrl'));
  it('runs where the database is a server (server-postgres project)', ({ task }) => {
    expect(task.file.projectName).toBe(onPostgres ? 'server-postgres' : 'server-pglite');
  });
  // Registered only where it can run: an embedded PGlite cannot go away under the server.
  if (onPostgres)
    it('answers 503 while the database is cut off and 200 when it is back', async () => {
      const url = new URL((await seededPostgresUrl())!);
      const relay = new Relay(url.hostname, Number(url.port));
      await relay.open();
      url.port = String(relay.port);
      const cutOff = await openDatabase({ databaseUrl: url.toString() });
      const server = await buildApp({ db: cutOff, venues, logger: false });
      try {
        expect((await ready(server)).status).toBe(200);
        await relay.cut();
        await pastCache();
        expect(await ready(server)).toEqual({
          status: 503,
          body: { status: 'database_unreachable' },
        });
        await relay.open();
        await pastCache();
        expect(await ready(server)).toEqual({ status: 200, body: { status: 'ready' } });
      } finally {
        await server.close();
        await relay.cut();
        await cutOff.close();
      }
    });
});

describe('METRICS_PORT', () => {
  it('answers /ready and /metrics on its own port, before start-up is done', async () => {
    const token = 'operator-port-token-0123456789abcdef';
    const metrics = createMetrics({ region: 'all' });
    const starting = new Readiness(db);
    const operator = await listenOperatorPort({
      port: 0,
      host: '127.0.0.1',
      metrics,
      readiness: starting,
      token,
    });
    try {
      const readyAt = await operator.inject({ method: 'GET', url: '/ready' });
      expect(readyAt.statusCode).toBe(503);
      expect(readyAt.json()).toEqual({ status: 'starting' });
      expect((await operator.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const scraped = await operator.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('# TYPE stagedoor_holds_made_total counter');
      starting.loaded();
      expect((await operator.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      // Nothing of the shop answers there.
      expect((await operator.inject({ method: 'GET', url: '/api/uk/cms' })).statusCode).toBe(404);
    } finally {
      await operator.close();
    }
  });
});
