import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { sessionSchema } from '../../contract/api/session';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { DEFAULT_CLIENT_HOLD_FACTOR, DEFAULT_SESSION_RATE_LIMIT } from '../../server/config';
import { callApi, type Buyer } from './buyers';
import { cleanPerformance, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Seat hoarding (issue 11): one address made a thousand sessions and held almost all of the
 * Lumen, because the seat limit counted per session. New sessions are limited per client
 * address, and what one address holds on a performance is capped across all its sessions.
 */

let db: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;

const LUMEN_LIMIT = venues.find((venue) => venue.settings.slug === 'lumen-theatre')!.settings
  .seatSelectionLimit;
const CAP = DEFAULT_CLIENT_HOLD_FACTOR * LUMEN_LIMIT;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  proxied = await buildApp({ db, venues, logger: false, trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await db?.close();
});

function createSession(
  from: string,
  options: { target?: FastifyInstance; headers?: Record<string, string> } = {},
) {
  return (options.target ?? app).inject({
    method: 'POST',
    url: '/services/session/sessions',
    remoteAddress: from,
    headers: options.headers ?? {},
  });
}

async function buyerFrom(from: string): Promise<Buyer> {
  const response = await createSession(from);
  expect(response.statusCode).toBe(201);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, csrf: sessionSchema.parse(response.json()).csrfToken };
}

/**
 * `count` blocks of `size` seats of the plan, in plan order, none shared. No access seating: a
 * guest may not hold it (issue 14), and these tests are about how many seats, not which.
 */
async function seatBlocks(planId: string, count: number, size: number): Promise<string[][]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats WHERE seating_plan_id = $1
       AND NOT (is_wheelchair OR is_companion OR is_access_zone)
     ORDER BY section_code, row_label, seat_number LIMIT $2`,
    [planId, count * size],
  );
  const ids = rows.map((row) => row.id);
  return Array.from({ length: count }, (_, n) => ids.slice(n * size, (n + 1) * size));
}

const hold = (buyer: Buyer, performance: PerformanceFixture, seats: string[]) =>
  callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: performance.performanceId, seats },
  });
const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

describe('new sessions per client address', () => {
  it(`allows ${DEFAULT_SESSION_RATE_LIMIT.max} in 10 minutes, then 429 with Retry-After for that address only`, async () => {
    const from = '198.51.100.10';
    const made: number[] = [];
    for (let n = 0; n < DEFAULT_SESSION_RATE_LIMIT.max; n += 1) {
      made.push((await createSession(from)).statusCode);
    }
    expect(made.every((status) => status === 201)).toBe(true);

    const refused = await createSession(from);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();

    // Someone else is not held up, and a browser with a live session still gets it back.
    expect((await createSession('198.51.100.11')).statusCode).toBe(201);
    const live = await buyerFrom('198.51.100.12');
    const resumed = await app.inject({
      method: 'POST',
      url: '/services/session/sessions',
      remoteAddress: from,
      headers: { cookie: live.cookie },
    });
    expect(resumed.statusCode).toBe(200);
  });

  it('counts the buyer behind a trusted proxy, not the proxy', async () => {
    for (let n = 1; n <= DEFAULT_SESSION_RATE_LIMIT.max + 1; n += 1) {
      const response = await createSession('127.0.0.1', {
        target: proxied,
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
      });
      expect(response.statusCode, `buyer ${n}`).toBe(201);
    }
  });
});

describe('what one client address may hold on a performance', () => {
  it(`stops at ${CAP} seats across its sessions with client_hold_limit; others are not affected`, async () => {
    const performance = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 4);
    const blocks = await seatBlocks(
      performance.planId,
      DEFAULT_CLIENT_HOLD_FACTOR + 2,
      LUMEN_LIMIT,
    );
    const from = '198.51.100.20';
    const sessions = await Promise.all(blocks.map(() => buyerFrom(from)));

    const held: string[] = [];
    for (let n = 0; n < DEFAULT_CLIENT_HOLD_FACTOR; n += 1) {
      const response = await hold(sessions[n]!, performance, blocks[n]!);
      expect(response.statusCode, response.body).toBe(201);
      held.push(holdResponseSchema.parse(response.json()).hold.id);
    }
    // One more seat, from yet another session of the same address: over the cap, nothing held.
    const over = await hold(sessions[DEFAULT_CLIENT_HOLD_FACTOR]!, performance, [
      blocks[DEFAULT_CLIENT_HOLD_FACTOR]![0]!,
    ]);
    expect(over.statusCode).toBe(422);
    expect(codeOf(over)).toBe('client_hold_limit');
    expect(apiErrorSchema.parse(over.json()).message).toMatch(/this connection/);

    // Another buyer holds as ever; so does this address on another performance.
    const neighbour = await buyerFrom('198.51.100.21');
    expect((await hold(neighbour, performance, blocks.at(-1)!)).statusCode).toBe(201);
    const other = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 5);
    const elsewhere = await hold(sessions[DEFAULT_CLIENT_HOLD_FACTOR]!, other, blocks[0]!);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    // Letting seats go makes room again.
    const released = await callApi(app, sessions[0], 'DELETE', `/holds/${held[0]!}`);
    expect(released.statusCode).toBe(204);
    const again = await hold(sessions[DEFAULT_CLIENT_HOLD_FACTOR]!, performance, blocks[0]!);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('holds across sessions racing at once never pass the cap', async () => {
    const performance = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 6);
    const racers = DEFAULT_CLIENT_HOLD_FACTOR * 2;
    const blocks = await seatBlocks(performance.planId, racers, LUMEN_LIMIT);
    const from = '198.51.100.30';
    const sessions = await Promise.all(blocks.map(() => buyerFrom(from)));
    const results = await Promise.all(
      sessions.map((session, n) => hold(session, performance, blocks[n]!)),
    );
    const statuses = results.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(DEFAULT_CLIENT_HOLD_FACTOR).fill(201),
      ...Array<number>(racers - DEFAULT_CLIENT_HOLD_FACTOR).fill(422),
    ]);
    const { rows } = await db.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM seat_allocations WHERE performance_id = $1`,
      [performance.performanceId],
    );
    expect(rows[0]!.held).toBe(CAP);
  });

  it('counts general admission places the same way', async () => {
    const gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 3);
    const limit = venues.find((venue) => venue.settings.slug === 'motor-city-music-hall')!.settings
      .seatSelectionLimit;
    const from = '198.51.100.35';
    const places = (buyer: Buyer) =>
      callApi(app, buyer, 'POST', '/holds', {
        region: 'us-east',
        body: {
          performanceId: gig.performanceId,
          admissions: [{ area: 'BALCONY', quantity: limit }],
        },
      });
    for (let n = 0; n < DEFAULT_CLIENT_HOLD_FACTOR; n += 1) {
      const response = await places(await buyerFrom(from));
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await places(await buyerFrom(from));
    expect([over.statusCode, codeOf(over)]).toEqual([422, 'client_hold_limit']);
    expect((await places(await buyerFrom('198.51.100.36'))).statusCode).toBe(201);
  });

  it('keeps no client address at rest, only a keyed digest', async () => {
    await buyerFrom('198.51.100.40');
    const { rows } = await db.query<{ digest: string }>(
      `SELECT client_digest AS digest FROM sessions WHERE client_digest IS NOT NULL LIMIT 1`,
    );
    expect(rows[0]!.digest).toMatch(/^[\w-]{43}$/);
    const { rows: found } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions WHERE client_digest LIKE '%198.51.100%'`,
    );
    expect(found[0]!.n).toBe(0);
  });
});
