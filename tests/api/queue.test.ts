import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { queueSettingsSchema } from '../../contract/api/content';
import { holdResponseSchema } from '../../contract/api/holds';
import { QUEUE_PASS_HEADER, queueTicketSchema, type QueueTicket } from '../../contract/api/queue';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { meterSale } from '../../server/queue/queries';
import { OnsaleQueue } from '../../server/queue/queue';
import { hashSessionToken } from '../../server/http/buyerSession';
import { QUEUES_OFF, type OnsaleQueueSettings } from '../../server/queue/settings';
import { newBuyer as newBuyerOf, newBuyerAddress, newKey, type Buyer } from './buyers';
import { cleanPerformance, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * The onsale queue through the booking API (issue 16): Harbor Arena's Harbor Lights Live onsale
 * (venues/harbor-arena/venue.json). The metering step is driven by the test (a second
 * OnsaleQueue on the same database, as another process would run it), and the opening and the
 * meter's last step are moved on the database's clock.
 */

const SALE = 'harbor-lights-live-onsale';
const REGION = '/api/us-east';
const JOIN_LIMIT = 3;

const settings: OnsaleQueueSettings = {
  ...QUEUES_OFF,
  enabled: true,
  // An hour away: the test opens the sale itself.
  openInSeconds: 3600,
  joinRateLimit: { max: JOIN_LIMIT, windowSeconds: 600 },
  meterIntervalMs: 0,
};

let db: Database;
let app: FastifyInstance;
/** Another process's view of the same queues: it meters and signs with the shared key. */
let meter: OnsaleQueue;
let gig: PerformanceFixture;
let seats: string[];

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false, onsaleQueues: settings });
  meter = await OnsaleQueue.open(db, venues, settings);
  gig = await cleanPerformance(db, 'harbor-arena', 'harbor-lights-live');
  const { rows } = await db.query<{ id: string }>(
    `SELECT upper(id::text) AS id FROM seats
     WHERE seating_plan_id = $1 AND NOT (is_wheelchair OR is_companion OR is_access_zone)
     ORDER BY section_code, row_label, seat_number LIMIT 40`,
    [gig.planId],
  );
  seats = rows.map((row) => row.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** A buyer with an address of their own, which the join's rate limit counts. */
interface QueueBuyer extends Buyer {
  address: string;
}

async function newBuyer(address = newBuyerAddress()): Promise<QueueBuyer> {
  return { ...(await newBuyerOf(app)), address };
}

function join(buyer: QueueBuyer) {
  return app.inject({
    method: 'POST',
    url: `${REGION}/queues/${SALE}/join`,
    remoteAddress: buyer.address,
    headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
  });
}

async function joined(buyer: QueueBuyer): Promise<QueueTicket> {
  const response = await join(buyer);
  expect(response.statusCode, response.body).toBe(200);
  return queueTicketSchema.parse(response.json());
}

async function position(buyer: QueueBuyer): Promise<QueueTicket> {
  const response = await app.inject({
    method: 'GET',
    url: `${REGION}/queues/${SALE}/position`,
    headers: { cookie: buyer.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return queueTicketSchema.parse(response.json());
}

function hold(buyer: QueueBuyer, seat: string, pass?: string) {
  return app.inject({
    method: 'POST',
    url: `${REGION}/holds`,
    headers: {
      cookie: buyer.cookie,
      'x-csrf-token': buyer.csrf,
      'idempotency-key': newKey(),
      ...(pass ? { [QUEUE_PASS_HEADER]: pass } : {}),
    },
    payload: { performanceId: gig.performanceId, seats: [seat] },
  });
}

/** The sale opens now, and the next metering step draws the pre-queue. */
async function openSale() {
  await db.query('UPDATE queue_sales SET opens_at = now() WHERE sale_id = $1', [SALE]);
  await meter.meter();
}

/** The meter's last step was `seconds` ago: the next one lets through that long's outflow. */
async function meterAfter(seconds: number) {
  await db.query(
    `UPDATE queue_sales SET metered_at = now() - make_interval(secs => $2) WHERE sale_id = $1`,
    [SALE, seconds],
  );
  await meter.meter();
}

const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

describe('the onsale queue', () => {
  // Filled by the first test, used by the ones after it (they run in order).
  const early: QueueBuyer[] = [];

  it('lists the sale it guards and keeps one place per session in the pre-queue', async () => {
    const listed = queueSettingsSchema.parse(
      (await app.inject({ url: `${REGION}/venues/harbor-arena/queue` })).json(),
    );
    expect(listed.active).toBe(true);
    expect(listed.sales).toEqual([
      expect.objectContaining({ saleId: SALE, scope: { showSlugs: ['harbor-lights-live'] } }),
    ]);
    expect(Date.parse(listed.sales[0]!.opensAt)).toBeGreaterThan(Date.now() + 3000_000);

    for (let i = 0; i < 12; i += 1) early.push(await newBuyer());
    for (const [index, buyer] of early.entries()) {
      const ticket = await joined(buyer);
      expect(ticket).toMatchObject({
        phase: 'preQueue',
        place: null,
        ahead: null,
        total: index + 1,
        pass: null,
      });
    }
    // A reload or a second tab: the same session gets the same place, and no new one is made.
    const again = await joined(early[0]!);
    expect(again).toMatchObject({ phase: 'preQueue', total: 12 });
    expect(await position(early[0]!)).toEqual(again);
  });

  it('refuses holds on the queued show without a pass, and leaves other shows alone', async () => {
    const buyer = early[0]!;
    const refused = await hold(buyer, seats[0]!);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('queue_pass_required');
    // A made-up pass is no better than none.
    const forged = await hold(buyer, seats[0]!, `${SALE}.9999999999.AAAA`);
    expect(codeOf(forged)).toBe('queue_pass_required');
    const other = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands');
    const admissions = await app.inject({
      method: 'POST',
      url: `${REGION}/holds`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf, 'idempotency-key': newKey() },
      payload: {
        performanceId: other.performanceId,
        admissions: [{ area: 'BALCONY', quantity: 1 }],
      },
    });
    expect(admissions.statusCode, admissions.body).toBe(201);
  });

  it('draws random places for the pre-queue at the opening, then serves arrivals in order', async () => {
    await openSale();
    const places = await Promise.all(early.map(async (buyer) => (await position(buyer)).place));
    // Every early buyer has one of the places 1..12, whatever the order they arrived in.
    expect([...places].sort((a, b) => a! - b!)).toEqual(early.map((_, index) => index + 1));
    // Arriving first is no advantage: a draw that kept the arrival order would be 1 in 12!.
    expect(places).not.toEqual(early.map((_, index) => index + 1));
    for (const ticket of await Promise.all(early.map(position))) {
      expect(ticket.phase).toBe('waiting');
      expect(ticket.ahead).toBe(ticket.place! - 1);
      expect(ticket.estimatedWaitSeconds).toBe(Math.ceil((ticket.place! * 60) / 120));
    }
    const late = [await newBuyer(), await newBuyer()];
    expect((await joined(late[0]!)).place).toBe(13);
    expect((await joined(late[1]!)).place).toBe(14);
    expect((await position(late[1]!)).total).toBe(14);
  });

  it('lets buyers through at the outflow rate, in order, each with their own pass', async () => {
    // 120 a minute: three seconds let six through.
    await meterAfter(3);
    const tickets = await Promise.all(early.map(position));
    const admitted = tickets.filter((ticket) => ticket.phase === 'admitted');
    expect(admitted.map((ticket) => ticket.place).sort((a, b) => a! - b!)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    for (const ticket of admitted) {
      expect(ticket.pass).toEqual(expect.any(String));
      expect(Date.parse(ticket.passExpiresAt!)).toBeGreaterThan(Date.now() + 19 * 60_000);
    }
    const next = tickets.find((ticket) => ticket.place === 7)!;
    expect(next).toMatchObject({ phase: 'waiting', ahead: 0, pass: null });
    // Polling again never lengthens a pass.
    const first = early[tickets.findIndex((ticket) => ticket.place === 1)]!;
    const before = tickets.find((ticket) => ticket.place === 1)!;
    expect(await position(first)).toEqual(before);
  });

  it('honours a pass only for its own session and sale, and not once expired', async () => {
    const tickets = await Promise.all(early.map(position));
    const index = tickets.findIndex((ticket) => ticket.phase === 'admitted');
    const [buyer, ticket] = [early[index]!, tickets[index]!];
    const stranger = early[tickets.findIndex((t) => t.phase === 'waiting')]!;

    expect(codeOf(await hold(stranger, seats[1]!, ticket.pass!))).toBe('queue_pass_required');
    const sessionId = await sessionIdOf(buyer);
    const otherSale = (await meter.passes()).sign(
      'another-onsale',
      sessionId,
      new Date(Date.now() + 60_000),
    );
    expect(codeOf(await hold(buyer, seats[1]!, otherSale))).toBe('queue_pass_required');
    const expired = (await meter.passes()).sign(SALE, sessionId, new Date(Date.now() - 1000));
    expect(codeOf(await hold(buyer, seats[1]!, expired))).toBe('queue_pass_required');

    const held = await hold(buyer, seats[1]!, ticket.pass!);
    expect(held.statusCode, held.body).toBe(201);
    expect(holdResponseSchema.parse(held.json()).hold.seats.map((seat) => seat.id)).toEqual([
      seats[1],
    ]);
  });

  it('sends a buyer whose pass has expired to the back of the queue', async () => {
    const tickets = await Promise.all(early.map(position));
    const index = tickets.findIndex((ticket) => ticket.phase === 'admitted');
    const buyer = early[index]!;
    // Its pass ran out (on the database's clock; the signed pass carries the same instant).
    await db.query(
      `UPDATE queue_entries SET pass_expires_at = now() - interval '1 second'
       WHERE sale_id = $1 AND session_id = $2`,
      [SALE, await sessionIdOf(buyer)],
    );
    const requeued = await joined(buyer);
    expect(requeued).toMatchObject({ phase: 'waiting', place: 15, pass: null });
    expect(requeued.total).toBe(14);
  });

  it('limits new places per address, never a returning one', async () => {
    const address = newBuyerAddress();
    const household = await Promise.all(
      Array.from({ length: JOIN_LIMIT + 1 }, () => newBuyer(address)),
    );
    for (const buyer of household.slice(0, JOIN_LIMIT)) await joined(buyer);
    const refused = await join(household[JOIN_LIMIT]!);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Those with a place keep getting it back from the same address.
    expect((await join(household[0]!)).statusCode).toBe(200);
  });

  it('gives buyers arriving at the same moment distinct places, one after another', async () => {
    const before = await db.query<{ last: number }>(
      'SELECT last_place AS last FROM queue_sales WHERE sale_id = $1',
      [SALE],
    );
    const crowd = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    const tickets = await Promise.all(crowd.map(joined));
    const last = before.rows[0]!.last;
    expect(tickets.map((ticket) => ticket.place).sort((a, b) => a! - b!)).toEqual(
      crowd.map((_, index) => last + index + 1),
    );
  });

  it('lets no one through while the cap on buyers choosing is reached', async () => {
    const { rows } = await db.query<{ live: number }>(
      `SELECT count(*)::int AS live FROM queue_entries
       WHERE sale_id = $1 AND pass_expires_at > now()`,
      [SALE],
    );
    const live = rows[0]!.live;
    expect(live).toBeGreaterThan(0);
    const step = (maxChoosing: number) =>
      db.transaction(async (tx) => {
        await tx.query(
          `UPDATE queue_sales SET metered_at = now() - interval '10 seconds' WHERE sale_id = $1`,
          [SALE],
        );
        return meterSale(tx, SALE, { outflowPerMinute: 120, maxChoosing, maxCatchUpSeconds: 10 });
      });
    // Ten seconds owe twenty buyers, but the cap leaves room for none, then for two.
    expect(await step(live)).toMatchObject({ kind: 'metered', admitted: 0 });
    expect(await step(live + 2)).toMatchObject({ kind: 'metered', admitted: 2 });
  });

  it('answers not_found for a sale it does not run or a session without a place', async () => {
    const buyer = await newBuyer();
    const unknown = await app.inject({
      method: 'POST',
      url: `${REGION}/queues/no-such-sale/join`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
    });
    expect(unknown.statusCode).toBe(404);
    const none = await app.inject({
      url: `${REGION}/queues/${SALE}/position`,
      headers: { cookie: buyer.cookie },
    });
    expect(none.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: `${REGION}/queues/${SALE}/join` });
    expect(anonymous.statusCode).toBe(401);
  });
});

/** The buyer's session id, found as the server finds it: by the digest of the cookie's token. */
async function sessionIdOf(buyer: QueueBuyer): Promise<string> {
  const token = buyer.cookie.split('=').slice(1).join('=');
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM sessions WHERE token_hash = $1',
    [hashSessionToken(token)],
  );
  return rows[0]!.id;
}
