import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdResponseSchema, seatsUnavailableSchema } from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Issue 26: what a hold of hand-picked seats costs the database. The session lookup, the
 * single-seat rule's read (the Lumen keeps the rule) and one statement that claims the
 * Idempotency-Key, holds the seats and stores the answer: no transaction of several round trips,
 * one commit. The answer the buyer gets is the one stored for replays.
 */
let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let rowG: string[];
let rowH: string[];
const counted = { statements: 0, transactions: 0 };

beforeAll(async () => {
  db = await openSeededDatabase();
  // The app's database, counting what the app sends it (the test's own queries go to `db`).
  const counting: Database = {
    ...db,
    query: (sql, params) => {
      counted.statements += 1;
      return db.query(sql, params);
    },
    exec: (sql) => {
      counted.statements += 1;
      return db.exec(sql);
    },
    transaction: (fn) => {
      counted.transactions += 1;
      return db.transaction(fn);
    },
  };
  app = await buildApp({ db: counting, venues, logger: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard');
  rowG = (await seatsInRow(db, theatre.planId, 'STALLS', 'G')).map((seat) => seat.id);
  rowH = (await seatsInRow(db, theatre.planId, 'STALLS', 'H')).map((seat) => seat.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const holdSeats = (buyer: Buyer, seats: string[], key: string) =>
  callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats },
    key,
  });

/** What the database was asked while `call` ran. */
async function costOf<T>(call: () => Promise<T>): Promise<{ result: T; cost: typeof counted }> {
  counted.statements = 0;
  counted.transactions = 0;
  const result = await call();
  return { result, cost: { ...counted } };
}

describe('POST /holds (seats) on the database', () => {
  it('takes the session, the rule and one statement; the answer sent is the answer kept', async () => {
    const buyer = await newBuyerOf(app);
    // The first hold of the performance reads what the process then keeps (its plan, its venue).
    expect((await holdSeats(buyer, [rowG[0]!, rowG[1]!], newKey())).statusCode).toBe(201);

    const key = newKey();
    const { result: first, cost } = await costOf(() => holdSeats(buyer, [rowG[2]!, rowG[3]!], key));
    expect(first.statusCode).toBe(201);
    expect(cost).toEqual({ statements: 3, transactions: 0 });
    const { hold } = holdResponseSchema.parse(first.json());
    expect(hold.seats.map((seat) => seat.number)).toEqual([3, 4]);
    const { rows } = await db.query<{ status: number; body: unknown }>(
      `SELECT response_status AS status, response_body AS body FROM idempotency_keys
       WHERE key = $1 AND state = 'done'`,
      [key],
    );
    const sent: unknown = first.json();
    expect(rows).toEqual([{ status: 201, body: sent }]);

    // A replay is the session lookup and the key's row: nothing is held again.
    const { result: replay, cost: replayCost } = await costOf(() =>
      holdSeats(buyer, [rowG[2]!, rowG[3]!], key),
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replayCost).toEqual({ statements: 3, transactions: 0 });
  });

  it('keeps a refusal as the key’s answer and holds nothing of a choice it could not complete', async () => {
    const holder = await newBuyerOf(app);
    const buyer = await newBuyerOf(app);
    expect((await holdSeats(holder, [rowH[0]!], newKey())).statusCode).toBe(201);
    const key = newKey();
    const refused = await holdSeats(buyer, [rowH[0]!, rowH[1]!, rowH[2]!], key);
    expect(refused.statusCode).toBe(409);
    expect(seatsUnavailableSchema.parse(refused.json()).seatIds).toEqual([rowH[0]]);
    const { rows } = await db.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM seat_allocations
       WHERE performance_id = $1 AND seat_id = ANY($2::uuid[])`,
      [theatre.performanceId, [rowH[1], rowH[2]]],
    );
    expect(rows[0]!.held).toBe(0);
    const replay = await holdSeats(buyer, [rowH[0]!, rowH[1]!, rowH[2]!], key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual(refused.json());
  });
});
