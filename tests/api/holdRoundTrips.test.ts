import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdResponseSchema, seatsUnavailableSchema } from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import type { Database, Queryable } from '../../server/db/database';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Issue 26: what a hold of hand-picked seats asks of the database. One statement claims the
 * Idempotency-Key, holds the seats and stores the answer (one round trip, one commit), where it
 * took a claim, a transaction of its own, hold_seats and an update of the key. The answer the
 * buyer gets is the one stored for replays.
 */
let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let rowG: string[];
let rowH: string[];
let rowJ: string[];
/** Every statement the app sent while `sent` was set, in transactions or not. */
let sent: string[] | undefined;

beforeAll(async () => {
  db = await openSeededDatabase();
  // The app's database, noting what the app sends it (the test's own queries go to `db`).
  const note = (sql: string) => sent?.push(sql.replace(/\s+/g, ' '));
  const noting = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      note(sql);
      return target.query(sql, params);
    },
    exec: (sql) => {
      note(sql);
      return target.exec(sql);
    },
  });
  const noted: Database = {
    ...db,
    ...noting(db),
    transaction: (fn) => db.transaction((tx) => fn(noting(tx))),
  };
  app = await buildApp({ db: noted, venues, logger: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard');
  rowG = (await seatsInRow(db, theatre.planId, 'STALLS', 'G')).map((seat) => seat.id);
  rowH = (await seatsInRow(db, theatre.planId, 'STALLS', 'H')).map((seat) => seat.id);
  rowJ = (await seatsInRow(db, theatre.planId, 'STALLS', 'J')).map((seat) => seat.id);
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

/**
 * What `call` asked of the database about Idempotency-Keys and seats: the one-statement hold, or
 * the way of four steps (the key's claim, a transaction, hold_seats, the answer's update). The
 * app's periodic jobs may run meanwhile; none of them writes keys or holds seats.
 */
async function holdPathOf<T>(
  call: () => Promise<T>,
): Promise<{ result: T; path: string[]; statements: string[] }> {
  sent = [];
  try {
    const result = await call();
    const statements = sent;
    const path = sent.flatMap((sql) => {
      const step =
        /hold_seats_once\(|FROM hold_seats\(|INSERT INTO idempotency_keys|UPDATE idempotency_keys/.exec(
          sql,
        );
      return step ? [step[0]] : [];
    });
    return { result, path, statements };
  } finally {
    sent = undefined;
  }
}

describe('POST /holds (seats) on the database', () => {
  it('claims the key, holds the seats and keeps the answer in one statement, the answer it sends', async () => {
    const buyer = await newBuyerOf(app);
    // The first hold of the performance reads what the process then keeps (its plan, its venue).
    expect((await holdSeats(buyer, [rowG[0]!, rowG[1]!], newKey())).statusCode).toBe(201);

    const key = newKey();
    const { result: first, path } = await holdPathOf(() =>
      holdSeats(buyer, [rowG[2]!, rowG[3]!], key),
    );
    expect(first.statusCode).toBe(201);
    expect(path).toEqual(['hold_seats_once(']);
    const { hold } = holdResponseSchema.parse(first.json());
    expect(hold.seats.map((seat) => seat.number)).toEqual([3, 4]);
    const { rows } = await db.query<{ status: number; body: unknown }>(
      `SELECT response_status AS status, response_body AS body FROM idempotency_keys
       WHERE key = $1 AND state = 'done'`,
      [key],
    );
    const sent: unknown = first.json();
    expect(rows).toEqual([{ status: 201, body: sent }]);

    // A replay is the same statement finding the key's answer: nothing is held again.
    const { result: replay, path: replayPath } = await holdPathOf(() =>
      holdSeats(buyer, [rowG[2]!, rowG[3]!], key),
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(replayPath).toEqual(['hold_seats_once(']);
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

  it('answers a lost hold in the same one statement, the answer it keeps for a replay', async () => {
    const holder = await newBuyerOf(app);
    const buyer = await newBuyerOf(app);
    expect((await holdSeats(holder, [rowJ[0]!, rowJ[1]!], newKey())).statusCode).toBe(201);
    // The buyer's session is one the server has seen (and keeps), as in an onsale.
    expect((await holdSeats(buyer, [rowJ[6]!, rowJ[7]!], newKey())).statusCode).toBe(201);
    const key = newKey();
    const { result: lost, path } = await holdPathOf(() =>
      holdSeats(buyer, [rowJ[2]!, rowJ[1]!], key),
    );
    expect(lost.statusCode).toBe(409);
    expect(path).toEqual(['hold_seats_once(']);
    expect(seatsUnavailableSchema.parse(lost.json()).seatIds).toEqual([rowJ[1]!.toUpperCase()]);
    const { result: replay, path: replayPath } = await holdPathOf(() =>
      holdSeats(buyer, [rowJ[2]!, rowJ[1]!], key),
    );
    expect(replay.json()).toEqual(lost.json());
    expect(replayPath).toEqual(['hold_seats_once(']);
  });
});

describe('POST /holds (seats) for a guest the server has seen', () => {
  const sessionIdOf = async (buyer: Buyer) =>
    (await db.query<{ id: string }>(`SELECT id FROM sessions WHERE csrf_token = $1`, [buyer.csrf]))
      .rows[0]!.id;
  const heldSeats = async (seats: string[]) =>
    (
      await db.query<{ held: number }>(
        `SELECT count(*)::int AS held FROM seat_allocations
         WHERE performance_id = $1 AND seat_id = ANY($2::uuid[])`,
        [theatre.performanceId, seats],
      )
    ).rows[0]!.held;

  it('does not read the session before the hold: the hold’s statement checks it', async () => {
    const buyer = await newBuyerOf(app);
    // The session this process just made, and then one it has read once.
    for (const seat of [rowJ[8]!, rowJ[9]!]) {
      const { result, statements } = await holdPathOf(() => holdSeats(buyer, [seat], newKey()));
      expect(result.statusCode).toBe(201);
      expect(statements.filter((sql) => /FROM sessions/.test(sql))).toEqual([]);
    }
  });

  it('still refuses a wrong CSRF token before anything else', async () => {
    const buyer = await newBuyerOf(app);
    expect((await holdSeats(buyer, [rowJ[11]!], newKey())).statusCode).toBe(201);
    const forged = await callApi(
      app,
      { ...buyer, csrf: 'x'.repeat(buyer.csrf.length) },
      'POST',
      '/holds',
      {
        body: { performanceId: theatre.performanceId, seats: [rowJ[12]!] },
      },
    );
    expect(forged.statusCode).toBe(403);
    expect(await heldSeats([rowJ[12]!])).toBe(0);
  });

  it('refuses a session that has ended since (401) and holds nothing', async () => {
    const buyer = await newBuyerOf(app);
    expect((await holdSeats(buyer, [rowJ[14]!], newKey())).statusCode).toBe(201);
    await db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      await sessionIdOf(buyer),
    ]);
    const key = newKey();
    const refused = await holdSeats(buyer, [rowJ[15]!], key);
    expect(refused.statusCode).toBe(401);
    expect(await heldSeats([rowJ[15]!])).toBe(0);
    const { rows } = await db.query(`SELECT 1 FROM idempotency_keys WHERE key = $1`, [key]);
    expect(rows).toEqual([]);
  });

  it('refuses a cookie whose session has a new token since (a sign-in), and holds nothing', async () => {
    const buyer = await newBuyerOf(app);
    expect((await holdSeats(buyer, [rowJ[17]!], newKey())).statusCode).toBe(201);
    await db.query(`UPDATE sessions SET token_hash = $2 WHERE id = $1`, [
      await sessionIdOf(buyer),
      'replaced-by-a-sign-in',
    ]);
    const refused = await holdSeats(buyer, [rowJ[18]!], newKey());
    expect(refused.statusCode).toBe(401);
    expect(await heldSeats([rowJ[18]!])).toBe(0);
  });
});
