import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { payConflictSchema } from '../../contract/api/orders';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { OnsaleQueue } from '../../server/queue/queue';
import { QUEUES_OFF, type OnsaleQueueSettings } from '../../server/queue/settings';
import type { Database } from '../../server/db/database';
import { DEFAULT_POOL_SIZE } from '../../server/db/postgresDriver';
import { callApi, newBuyer as newBuyerOf } from './buyers';
import { samples, valueOf } from './metricsText';
import {
  app,
  buy,
  db,
  holdSeats,
  newBuyer,
  readyToPay,
  row,
  startOrdersApp,
  theatre,
  tokenFor,
} from './orderFixtures';
import { buyerBrowser } from './checkoutFixtures';
import { cleanPerformance } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * The operator's view (issue 25): GET /metrics behind METRICS_TOKEN, and the numbers an onsale
 * night is watched by moving when buyers hold, pay and wait.
 */

const TOKEN = 'metrics-test-token-0123456789abcdef';
// Read by loadConfig when startOrdersApp builds the app, as METRICS_TOKEN would be at start.
vi.stubEnv('METRICS_TOKEN', TOKEN);
startOrdersApp();
afterAll(() => vi.unstubAllEnvs());

function scrapeOf(target: FastifyInstance, authorization?: string) {
  return target.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
}

async function scrape(target: FastifyInstance = app): Promise<string> {
  const response = await scrapeOf(target, `Bearer ${TOKEN}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('GET /metrics', () => {
  it('answers only with the bearer token: 401 without it or with another', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef00',
      `Bearer ${TOKEN}x`,
      TOKEN,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
    ]) {
      const response = await scrapeOf(app, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(apiErrorSchema.parse(response.json()).code).toBe('unauthorised');
      expect(response.body).not.toContain('stagedoor_');
    }
    const text = await scrape();
    expect(text).toContain('# TYPE stagedoor_holds_made_total counter');
    // The process's own numbers come with them (event-loop lag matters on an onsale night).
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is not served at all without METRICS_TOKEN, nor on the shop port when METRICS_PORT is set', async () => {
    const config = loadConfig(process.env);
    for (const changed of [
      { ...config, metricsToken: undefined },
      { ...config, metricsPort: 0 },
    ]) {
      const other = await buildApp({ db, venues, config: changed, logger: false });
      try {
        for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
          const response = await scrapeOf(other, authorization);
          expect(response.statusCode).toBe(404);
          expect(apiErrorSchema.parse(response.json()).code).toBe('not_found');
        }
      } finally {
        await other.close();
      }
    }
  });

  it('refuses a METRICS_TOKEN short enough to guess', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow(/METRICS_TOKEN must be/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });

  it('counts a hold made, a hold refused with its reason, and how long each took', async () => {
    const before = await scrape();
    const seats = (await row('STALLS', 'C')).slice(0, 2);
    await holdSeats(await newBuyer(), seats);
    const taken = await callApi(app, await newBuyer(), 'POST', '/holds', {
      body: { performanceId: theatre.performanceId, seats },
    });
    expect(taken.statusCode).toBe(409);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('stagedoor_holds_made_total', { region: 'uk' })).toBe(1);
    expect(
      moved('stagedoor_holds_refused_total', { region: 'uk', reason: 'seats_unavailable' }),
    ).toBe(1);
    expect(moved('stagedoor_hold_duration_seconds_count', { region: 'uk', outcome: 'made' })).toBe(
      1,
    );
    expect(
      moved('stagedoor_hold_duration_seconds_count', { region: 'uk', outcome: 'refused' }),
    ).toBe(1);
    // Another region's numbers did not move.
    expect(moved('stagedoor_holds_made_total', { region: 'us-east' })).toBe(0);
  });

  it('counts an order by outcome and its payment by method and outcome, with its time', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'D'))[0]!]);
    const before = await scrape();
    await buy(buyer, hold.id, basket);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('stagedoor_orders_total', { region: 'uk', outcome: 'confirmed' })).toBe(1);
    // Every sandbox card payment passes device-data collection first: action_required, then
    // confirmed on the continuation.
    expect(
      moved('stagedoor_payments_total', {
        region: 'uk',
        method: 'card',
        outcome: 'action_required',
      }),
    ).toBe(1);
    expect(
      moved('stagedoor_payments_total', { region: 'uk', method: 'card', outcome: 'confirmed' }),
    ).toBe(1);
    expect(
      moved('stagedoor_payment_duration_seconds_count', {
        region: 'uk',
        method: 'card',
        step: 'pay',
      }),
    ).toBe(1);
    expect(
      moved('stagedoor_payment_duration_seconds_count', {
        region: 'uk',
        method: 'card',
        step: 'continue',
      }),
    ).toBe(1);
    // action_required is not where an order ends.
    expect(moved('stagedoor_orders_total', { outcome: 'action_required' })).toBe(0);
  });

  it('counts a refused pay request by its code, and no payment for it', async () => {
    const buyer = await newBuyer();
    const { hold } = await readyToPay(buyer, [(await row('STALLS', 'E'))[0]!]);
    const before = await scrape();
    const stale = await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
      body: {
        basketVersion: 'not-the-basket-version-0000',
        cardToken: await tokenFor('visa', 'approve'),
        browser: buyerBrowser,
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(payConflictSchema.parse(stale.json()).code).toBe('price_changed');
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('stagedoor_orders_total', { region: 'uk', outcome: 'price_changed' })).toBe(1);
    expect(moved('stagedoor_payments_total', { region: 'uk' })).toBe(0);
  });

  it('reads the email outbox at each scrape: what waits, since when, and what was given up', async () => {
    await db.query('UPDATE email_outbox SET sent_at = now() WHERE sent_at IS NULL');
    let text = await scrape();
    expect(valueOf(text, 'stagedoor_email_outbox_unsent', { region: 'all' })).toBe(0);
    expect(valueOf(text, 'stagedoor_email_outbox_oldest_unsent_seconds', { region: 'all' })).toBe(
      0,
    );

    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'F'))[0]!]);
    await buy(buyer, hold.id, basket);
    // The confirmation was written with the order and no transport sends it here.
    await db.query(
      "UPDATE email_outbox SET created_at = now() - interval '10 minutes' WHERE sent_at IS NULL",
    );
    text = await scrape();
    expect(valueOf(text, 'stagedoor_email_outbox_unsent', { region: 'all' })).toBe(1);
    expect(
      valueOf(text, 'stagedoor_email_outbox_oldest_unsent_seconds', { region: 'all' }),
    ).toBeGreaterThanOrEqual(600);
    expect(valueOf(text, 'stagedoor_email_outbox_given_up', { region: 'all' })).toBe(0);

    // Every attempt failed: no longer waiting, but given up, for an operator to look at.
    await db.query('UPDATE email_outbox SET attempts = 8 WHERE sent_at IS NULL');
    text = await scrape();
    expect(valueOf(text, 'stagedoor_email_outbox_unsent', { region: 'all' })).toBe(0);
    expect(valueOf(text, 'stagedoor_email_outbox_given_up', { region: 'all' })).toBe(1);
  });

  it('reports the database connections of the driver in use', async () => {
    const text = await scrape();
    const onPostgres = Boolean(inject('databaseUrl'));
    const driver = onPostgres ? 'postgres' : 'pglite';
    expect(valueOf(text, 'stagedoor_db_connections', { region: 'all', driver, state: 'max' })).toBe(
      onPostgres ? DEFAULT_POOL_SIZE : 1,
    );
    // The scrape itself ran on the database, so at least one connection was opened.
    const open =
      valueOf(text, 'stagedoor_db_connections', { driver, state: 'in_use' }) +
      valueOf(text, 'stagedoor_db_connections', { driver, state: 'idle' });
    expect(open).toBeGreaterThanOrEqual(1);
    expect(samples(text).some((sample) => sample.name === 'stagedoor_db_waiting_calls')).toBe(true);
  });

  it('carries no id, address or other unbounded value in any label', async () => {
    const text = await scrape();
    const values = samples(text).flatMap((sample) => Object.values(sample.labels));
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      expect(value).not.toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
      expect(value).not.toContain('@');
    }
    const labelNames = new Set(
      samples(text)
        .filter((sample) => sample.name.startsWith('stagedoor_'))
        .flatMap((sample) => Object.keys(sample.labels)),
    );
    expect([...labelNames].sort()).toEqual(
      [
        'collector',
        'driver',
        'le',
        'method',
        'outcome',
        'reason',
        'region',
        'sale',
        'state',
        'step',
      ]
        .filter((name) => labelNames.has(name))
        .sort(),
    );
    expect(labelNames.has('region')).toBe(true);
  });
});

describe('the onsale queue in /metrics', () => {
  const SALE = 'harbor-lights-live-onsale';
  const settings: OnsaleQueueSettings = {
    ...QUEUES_OFF,
    enabled: true,
    openInSeconds: 3600,
    meterIntervalMs: 0,
  };
  let queueDb: Database;
  let queued: FastifyInstance;

  beforeAll(async () => {
    queueDb = await openSeededDatabase();
    queued = await buildApp({
      db: queueDb,
      venues,
      logger: false,
      onsaleQueues: settings,
      regions: ['us-east'],
      operator: { metricsToken: TOKEN },
    });
    await cleanPerformance(queueDb, 'harbor-arena', 'harbor-lights-live');
  });
  afterAll(async () => {
    await queued?.close();
    await queueDb?.close();
  });

  it('shows who waits per sale and how many it let through, in the region it serves', async () => {
    const labels = { region: 'us-east', sale: SALE };
    let text = await scrape(queued);
    expect(valueOf(text, 'stagedoor_queue_waiting', labels)).toBe(0);
    expect(valueOf(text, 'stagedoor_queue_let_through', labels)).toBe(0);

    for (let i = 0; i < 3; i += 1) {
      const buyer = await newBuyerOf(queued);
      const joined = await queued.inject({
        method: 'POST',
        url: `/api/us-east/queues/${SALE}/join`,
        headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    text = await scrape(queued);
    // Before the opening: the pre-queue.
    expect(valueOf(text, 'stagedoor_queue_waiting', labels)).toBe(3);

    // The opening draws the pre-queue; a minute of outflow (120 a minute) lets all three through.
    const meter = await OnsaleQueue.open(queueDb, venues, settings);
    await queueDb.query('UPDATE queue_sales SET opens_at = now() WHERE sale_id = $1', [SALE]);
    await meter.meter();
    await queueDb.query(
      "UPDATE queue_sales SET metered_at = now() - interval '60 seconds' WHERE sale_id = $1",
      [SALE],
    );
    await meter.meter();
    text = await scrape(queued);
    expect(valueOf(text, 'stagedoor_queue_waiting', labels)).toBe(0);
    expect(valueOf(text, 'stagedoor_queue_let_through', labels)).toBe(3);
    // A process serving one region labels its process-wide numbers with it.
    expect(valueOf(text, 'stagedoor_db_connections', { region: 'us-east', state: 'max' })).toBe(
      inject('databaseUrl') ? DEFAULT_POOL_SIZE : 1,
    );
  });
});
