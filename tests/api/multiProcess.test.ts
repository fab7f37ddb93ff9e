import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { basketResponseSchema } from '../../contract/api/basket';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { payResponseSchema } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { QUEUE_PASS_HEADER, queueTicketSchema, type QueueTicket } from '../../contract/api/queue';
import { sessionSchema } from '../../contract/api/session';
import { openDatabase, type Database } from '../../server/db/database';
import { testCard } from '../../server/payments/sandbox/testCards';
import { VENUES_DIR } from '../../server/start';
import { buyerBrowser, detailsBody } from './checkoutFixtures';
import { startServerChild, type ServerChild } from './multiProcess/processes';
import { cleanPerformance, type PerformanceFixture } from './race/fixtures';
import { freshPostgresUrl } from './testDatabase';

/**
 * Issue 16: the shop as it runs on an onsale night, two server processes on one PostgreSQL
 * (each its own process, pool and caches, as behind a load balancer). Across them: holds on the
 * same seats never oversell, one Idempotency-Key makes one hold and one order, the queue lets
 * buyers through in order at its rate, and a pass from one process is honoured by the other.
 * Only on the run's PostgreSQL: an embedded database belongs to one process.
 */

const SALE = 'harbor-lights-live-onsale';
/** The test's outflow: fast enough to measure in seconds (the demo's is 120 a minute). */
const OUTFLOW_PER_MINUTE = 300;
/** Each process offers a metering step this often. */
const METER_INTERVAL_MS = 250;
/** The let-through rate, measured on the database's clock, is within 5 % of the setting. */
const RATE_TOLERANCE = 0.05;

let db: Database;
let servers: ServerChild[] = [];
let venuesDir: string;
let serverEnv: Record<string, string>;

/** The repository's venues, with the Harbor Arena onsale at the test's outflow and no cap. */
function testVenues(): string {
  const dir = mkdtempSync(join(tmpdir(), 'stagedoor-mp-venues-'));
  cpSync(VENUES_DIR, dir, { recursive: true });
  const file = join(dir, 'harbor-arena', 'venue.json');
  const venue = JSON.parse(readFileSync(file, 'utf8')) as {
    queue: { sales: Record<string, unknown>[] };
  };
  const sale = venue.queue.sales.find((candidate) => candidate.saleId === SALE)!;
  sale.outflowPerMinute = OUTFLOW_PER_MINUTE;
  delete sale.maxChoosing;
  writeFileSync(file, JSON.stringify(venue, null, 2));
  return dir;
}

beforeAll(async () => {
  // Run by the server-postgres project only (vite.config.ts), which starts the cluster.
  if (!inject('databaseUrl')) throw new Error('the multi-process test needs the run’s PostgreSQL');
  const databaseUrl = (await freshPostgresUrl())!;
  venuesDir = testVenues();
  serverEnv = {
    MP_DATABASE_URL: databaseUrl,
    MP_VENUES_DIR: venuesDir,
    ONSALE_QUEUES: 'on',
    // The test opens the sale itself (on the database's clock) once its buyers are queued.
    QUEUE_OPENS_IN_SECONDS: '3600',
    QUEUE_METER_INTERVAL_MS: String(METER_INTERVAL_MS),
    QUEUE_JOIN_RATE_LIMIT: '100000',
    SESSION_RATE_LIMIT: '100000',
    PAYMENT_TOKEN_RATE_LIMIT: '1000',
    CLIENT_HOLD_FACTOR: '0',
    LOG_LEVEL: 'warn',
  };
  // Started together, as after a deploy: they migrate and seed the empty database between them.
  servers = await Promise.all([startServerChild(serverEnv), startServerChild(serverEnv)]);
  db = await openDatabase({ databaseUrl, poolSize: 2 });
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await db?.close();
  if (venuesDir) rmSync(venuesDir, { recursive: true, force: true });
});

interface CallOptions {
  body?: unknown;
  key?: string;
  pass?: string;
  region?: string;
}

/** A buyer with one session, which every process knows (sessions are in the database). */
class Buyer {
  private constructor(
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  static async arrive(server: ServerChild): Promise<Buyer> {
    const response = await fetch(new URL('services/session/sessions', server.url), {
      method: 'POST',
    });
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    return new Buyer(cookie, sessionSchema.parse(await response.json()).csrfToken);
  }

  call(
    server: ServerChild,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: CallOptions = {},
  ) {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') {
      headers['x-csrf-token'] = this.csrf;
      headers['idempotency-key'] = options.key ?? randomUUID();
    }
    if (options.pass) headers[QUEUE_PASS_HEADER] = options.pass;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(new URL(`api/${options.region ?? 'uk'}${path}`, server.url), {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
  }

  async ticket(server: ServerChild, action: 'join' | 'position'): Promise<QueueTicket> {
    const response = await this.call(
      server,
      action === 'join' ? 'POST' : 'GET',
      `/queues/${SALE}/${action}`,
      { region: 'us-east' },
    );
    const body: unknown = await response.json();
    if (response.status !== 200) throw new Error(`${action}: ${JSON.stringify(body)}`);
    return queueTicketSchema.parse(body);
  }
}

async function codeOf(response: Response): Promise<string> {
  return apiErrorSchema.parse(await response.json()).code;
}

/** Polls `check` until it returns a value or the deadline passes. */
async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Plain Lumen stalls seats of a night nobody has touched, `count` of them. */
async function lumenSeats(skip: number, count: number) {
  const night: PerformanceFixture = await cleanPerformance(
    db,
    'lumen-theatre',
    'the-glass-orchard',
    skip,
  );
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats
     WHERE seating_plan_id = $1 AND section_code = 'STALLS' AND row_label BETWEEN 'F' AND 'M'
       AND NOT (is_restricted_view OR is_wheelchair OR is_companion OR is_access_zone OR is_amex)
     ORDER BY row_label, seat_number LIMIT $2`,
    [night.planId, count],
  );
  return { performanceId: night.performanceId, seats: rows.map((row) => row.id) };
}

describe('two server processes on one PostgreSQL', () => {
  it('never oversells a seat that buyers on both processes race for', async () => {
    const [a, b] = servers as [ServerChild, ServerChild];
    const { performanceId, seats } = await lumenSeats(3, 8);
    const buyers = await Promise.all(
      Array.from({ length: 24 }, (_, index) => Buyer.arrive(index % 2 ? b : a)),
    );
    const wins: string[] = [];
    // Four rounds: all 24 buyers, half through each process, want the same two seats at once.
    for (let round = 0; round < 4; round += 1) {
      const pair = seats.slice(round * 2, round * 2 + 2);
      const answers = await Promise.all(
        buyers.map((buyer, index) =>
          buyer.call(index % 2 ? a : b, 'POST', '/holds', { body: { performanceId, seats: pair } }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 201),
        `round ${round}`,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(
        true,
      );
      const won = answers.find((answer) => answer.status === 201)!;
      wins.push(holdResponseSchema.parse(await won.json()).hold.id);
    }
    const { rows } = await db.query<{ seat: string; holds: number; hold: string }>(
      `SELECT upper(seat_id::text) AS seat, count(*)::int AS holds, max(upper(hold_id::text)) AS hold
       FROM seat_allocations WHERE performance_id = $1 AND seat_id = ANY($2::uuid[])
       GROUP BY seat_id`,
      [performanceId, seats],
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.holds).toBe(1);
      expect(wins).toContain(row.hold);
    }
  });

  it('makes one hold and one order of one Idempotency-Key sent to both processes', async () => {
    const [a, b] = servers as [ServerChild, ServerChild];
    const { performanceId, seats } = await lumenSeats(4, 1);
    const buyer = await Buyer.arrive(a);

    /** The same write to both processes at once; an in-flight refusal is asked again. */
    const both = async (path: string, key: string, body: unknown): Promise<unknown[]> =>
      Promise.all(
        [a, b].map(async (server) =>
          eventually(async () => {
            const response = await buyer.call(server, 'POST', path, { key, body });
            const answer: unknown = await response.json();
            if (
              response.status === 409 &&
              (answer as { code?: string }).code === 'idempotency_in_flight'
            ) {
              return undefined;
            }
            expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
            return answer;
          }, 20_000),
        ),
      );

    const holds = (await both('/holds', randomUUID(), { performanceId, seats })).map(
      (answer) => holdResponseSchema.parse(answer).hold.id,
    );
    expect(holds[0]).toBe(holds[1]);
    const holdId = holds[0]!;
    const held = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM holds h JOIN seat_allocations s ON s.hold_id = h.id
       WHERE h.performance_id = $1`,
      [performanceId],
    );
    expect(held.rows[0]!.n).toBe(1);

    // Ready to pay: details, no ticket protection, a card token.
    const details = await buyer.call(a, 'PUT', `/holds/${holdId}/details`, { body: detailsBody() });
    expect(details.status).toBe(200);
    let basket = basketResponseSchema.parse(
      await (await buyer.call(b, 'GET', `/holds/${holdId}/basket`)).json(),
    ).basket;
    if (basket.ticketProtection?.choice === 'undecided') {
      await buyer.call(b, 'PUT', `/holds/${holdId}/basket`, { body: { ticketProtection: 'no' } });
      basket = basketResponseSchema.parse(
        await (await buyer.call(a, 'GET', `/holds/${holdId}/basket`)).json(),
      ).basket;
    }
    const tokenResponse = await fetch(new URL('services/payment/tokens', a.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: testCard('visa', 'approve').number,
        name: 'Ada Lovelace',
        expiry: '08/30',
        cvv: '123',
      }),
    });
    const { token } = cardTokenSchema.parse(await tokenResponse.json());
    const paid = (
      await both(`/holds/${holdId}/order`, randomUUID(), {
        basketVersion: basket.version,
        cardToken: token,
        browser: buyerBrowser,
      })
    ).map((answer) => payResponseSchema.parse(answer).orderId);
    expect(paid[0]).toBe(paid[1]);
    const orders = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE hold_id = $1',
      [holdId],
    );
    expect(orders.rows[0]!.n).toBe(1);
  });

  it('queues buyers of both processes in one order, lets them through at the rate, and honours either process’s pass', async () => {
    const [a, b] = servers as [ServerChild, ServerChild];
    const via = (index: number) => (index % 2 ? b : a);
    const early = await Promise.all(Array.from({ length: 60 }, (_, i) => Buyer.arrive(via(i))));
    for (const [index, buyer] of early.entries()) {
      expect(await buyer.ticket(via(index), 'join')).toMatchObject({ phase: 'preQueue' });
    }
    expect((await early[0]!.ticket(b, 'position')).total).toBe(60);
    const gig = await cleanPerformance(db, 'harbor-arena', 'harbor-lights-live');
    const { rows: arenaSeats } = await db.query<{ id: string }>(
      `SELECT upper(id::text) AS id FROM seats
       WHERE seating_plan_id = $1 AND NOT (is_wheelchair OR is_companion OR is_access_zone)
       ORDER BY section_code, row_label, seat_number LIMIT 4`,
      [gig.planId],
    );
    const holdArena = (buyer: Buyer, server: ServerChild, seat: string, pass?: string) =>
      buyer.call(server, 'POST', '/holds', {
        region: 'us-east',
        pass,
        body: { performanceId: gig.performanceId, seats: [seat] },
      });
    expect(await codeOf(await holdArena(early[0]!, b, arenaSeats[0]!.id))).toBe(
      'queue_pass_required',
    );

    // The sale opens; one of the processes draws the pre-queue on its next metering step.
    await db.query('UPDATE queue_sales SET opens_at = now() WHERE sale_id = $1', [SALE]);
    await eventually(async () => {
      const { rows } = await db.query<{ drawn: boolean }>(
        'SELECT drawn FROM queue_sales WHERE sale_id = $1',
        [SALE],
      );
      return rows[0]!.drawn || undefined;
    }, 20_000);
    const drawnPlaces = await Promise.all(
      early.map(async (buyer, index) => (await buyer.ticket(via(index + 1), 'position')).place!),
    );
    expect([...drawnPlaces].sort((x, y) => x - y)).toEqual(early.map((_, index) => index + 1));
    expect(drawnPlaces).not.toEqual(early.map((_, index) => index + 1));

    // Outflow: from the draw, and again at least eight seconds later on the database's clock.
    const sample = async () =>
      (
        await db.query<{ admitted: number; at: number }>(
          `SELECT admitted_through AS admitted, extract(epoch FROM metered_at)::float8 AS at
           FROM queue_sales WHERE sale_id = $1`,
          [SALE],
        )
      ).rows[0]!;
    const first = await sample();

    // After the opening: first come, first served, whichever process a buyer reaches.
    const late: Buyer[] = [];
    let lastPlace = 0;
    for (let index = 0; index < 60; index += 1) {
      const buyer = await Buyer.arrive(via(index));
      late.push(buyer);
      const { place } = await buyer.ticket(via(index), 'join');
      expect(place).toBeGreaterThan(60);
      if (index > 0) expect(place).toBeGreaterThan(lastPlace);
      lastPlace = place!;
    }

    const second = await eventually(async () => {
      const now = await sample();
      return now.at - first.at >= 8 ? now : undefined;
    }, 30_000);
    // Still people waiting: the queue, not the meter, would have held the rate down otherwise.
    expect(second.admitted).toBeLessThan(early.length + late.length);
    const perMinute = ((second.admitted - first.admitted) / (second.at - first.at)) * 60;
    expect(Math.abs(perMinute - OUTFLOW_PER_MINUTE) / OUTFLOW_PER_MINUTE).toBeLessThanOrEqual(
      RATE_TOLERANCE,
    );

    // In order: read from the back, once a buyer is let through everyone in front is too.
    const everyone = [...early, ...late];
    const tickets = await Promise.all(everyone.map((buyer, i) => buyer.ticket(via(i), 'position')));
    const fromTheBack = everyone
      .map((buyer, index) => ({ buyer, index, place: tickets[index]!.place! }))
      .sort((x, y) => y.place - x.place);
    let seenAdmitted = false;
    for (const { buyer, index } of fromTheBack) {
      const { phase } = await buyer.ticket(via(index), 'position');
      if (seenAdmitted) expect(phase).toBe('admitted');
      seenAdmitted ||= phase === 'admitted';
    }

    // A pass collected from one process holds seats through the other; not another buyer's.
    const admittedIndex = tickets.findIndex((ticket) => ticket.phase === 'admitted');
    const lucky = everyone[admittedIndex]!;
    const { pass } = await lucky.ticket(a, 'position');
    const waitingIndex = tickets.findIndex((ticket) => ticket.place === 120);
    expect(
      await codeOf(await holdArena(everyone[waitingIndex]!, b, arenaSeats[1]!.id, pass!)),
    ).toBe('queue_pass_required');
    const held = await holdArena(lucky, b, arenaSeats[1]!.id, pass!);
    expect(held.status, await held.clone().text()).toBe(201);
  }, 120_000);

  it('keeps every place when a process restarts', async () => {
    const [a, b] = servers as [ServerChild, ServerChild];
    const buyers = await Promise.all(Array.from({ length: 4 }, () => Buyer.arrive(a)));
    const before: QueueTicket[] = [];
    for (const buyer of buyers) before.push(await buyer.ticket(a, 'join'));
    await a.stop();
    const restarted = await startServerChild(serverEnv);
    servers[0] = restarted;
    for (const [index, buyer] of buyers.entries()) {
      // Joining again through the new process and the other one: the same place, no new one.
      expect((await buyer.ticket(restarted, 'join')).place).toBe(before[index]!.place);
      expect((await buyer.ticket(b, 'position')).place).toBe(before[index]!.place);
    }
  }, 120_000);
});
