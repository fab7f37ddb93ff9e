import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hold } from '../../../contract/api/holds';
import type { Database } from '../../../server/db/database';
import {
  createAdmissionHold,
  createBestAvailableHold,
  createSeatHold,
  extendHold,
  readHold,
  releaseHold,
  sweepExpiredHolds,
} from '../../../server/holds/holds';
import { inTransaction } from '../../../server/db/transaction';
import {
  cleanPerformance,
  closeAll,
  expireHold,
  newSession,
  onPostgres,
  openSeededHandles,
  scopeOf,
  seatsInRow,
  settle,
} from './fixtures';

/**
 * Inventory races (issue 4). In the server-postgres project every client is its own connection
 * pool on a real PostgreSQL, so these are true concurrent transactions; on PGlite (one
 * connection) they serialise and must still hold.
 */
const CLIENTS = 50;
const uk = scopeOf('uk');
let handles: Database[];
const db = () => handles[0]!;
const client = (index: number) => handles[index % handles.length]!;

beforeAll(async () => {
  handles = await openSeededHandles(CLIENTS);
  // Connect every pool before the races, so they start together rather than in connect order.
  await Promise.all(handles.map((handle) => handle.query('SELECT 1')));
}, 120_000);
afterAll(async () => {
  if (handles) await closeAll(handles);
});

const sessions = (count: number) =>
  Promise.all(Array.from({ length: count }, () => newSession(db())));

describe('hold races', () => {
  it('runs against a real PostgreSQL in the server-postgres project', ({ task }) => {
    if (task.file.projectName === 'server-postgres') {
      expect(onPostgres()).toBe(true);
      expect(new Set(handles).size).toBe(CLIENTS);
    } else {
      expect(task.file.projectName).toBe('server-pglite');
    }
  });

  it('gives 10 seats wanted by 50 clients at once to exactly one winner, all or nothing', async () => {
    const { performanceId, planId } = await cleanPerformance(
      db(),
      'lumen-theatre',
      'the-glass-orchard',
    );
    const seats = (await seatsInRow(db(), planId, 'STALLS', 'F')).slice(0, 10).map((s) => s.id);
    const buyers = await sessions(CLIENTS);
    const results = await Promise.all(
      buyers.map((session, index) =>
        settle(() =>
          inTransaction(client(index), (tx) =>
            createSeatHold(tx, uk, session, { performanceId, seats }),
          ),
        ),
      ),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.code))).toEqual(
      Array(CLIENTS - 1).fill('seats_unavailable'),
    );
    const { rows } = await db().query<{ held: number; holds: number }>(
      `SELECT count(*)::int AS held, count(DISTINCT hold_id)::int AS holds FROM seat_allocations
       WHERE performance_id = $1 AND status = 'held'`,
      [performanceId],
    );
    expect(rows[0]).toEqual({ held: 10, holds: 1 });
    // Losers left no hold behind, not even an empty one.
    const holds = await db().query('SELECT 1 FROM holds WHERE performance_id = $1', [
      performanceId,
    ]);
    expect(holds.rows).toHaveLength(1);
  });

  it('never holds part of a request when 50 clients want overlapping sets of the same 10 seats', async () => {
    const { performanceId, planId } = await cleanPerformance(
      db(),
      'lumen-theatre',
      'the-glass-orchard',
      1,
    );
    const seats = (await seatsInRow(db(), planId, 'STALLS', 'G')).slice(0, 10).map((s) => s.id);
    const buyers = await sessions(CLIENTS);
    // Each client wants 1 to 4 seats; neighbours overlap, so most requests collide somewhere.
    const wanted = buyers.map((_, index) =>
      Array.from({ length: 1 + (index % 4) }, (_, k) => seats[(index * 3 + k) % 10]!),
    );
    const results = await Promise.all(
      buyers.map((session, index) =>
        settle(() =>
          inTransaction(client(index), (tx) =>
            createSeatHold(tx, uk, session, { performanceId, seats: wanted[index]! }),
          ),
        ),
      ),
    );
    const held = new Map<string, string>();
    results.forEach((result, index) => {
      if (result.ok) {
        expect(result.value.seats.map((s) => s.id).sort()).toEqual([...wanted[index]!].sort());
        for (const seat of result.value.seats) {
          expect(held.has(seat.id)).toBe(false);
          held.set(seat.id, result.value.id);
        }
      } else {
        expect(result.code).toBe('seats_unavailable');
      }
    });
    expect(held.size).toBeGreaterThan(0);
    const { rows } = await db().query<{ seat: string; hold: string }>(
      `SELECT upper(seat_id::text) AS seat, upper(hold_id::text) AS hold FROM seat_allocations
       WHERE performance_id = $1`,
      [performanceId],
    );
    expect(new Map(rows.map((row) => [row.seat, row.hold]))).toEqual(held);
    // Every loser named at least one seat that a winner holds.
    for (const result of results) {
      if (!result.ok) {
        const named = (result.error as { extra: { seatIds: string[] } }).extra.seatIds;
        expect(named.length).toBeGreaterThan(0);
        for (const seat of named) expect(held.has(seat)).toBe(true);
      }
    }
  });

  it('keeps one buyer within the selection limit when they send many holds at once', async () => {
    const { performanceId, planId } = await cleanPerformance(
      db(),
      'lumen-theatre',
      'the-glass-orchard',
      3,
    );
    const seats = (await seatsInRow(db(), planId, 'STALLS', 'J')).map((s) => s.id);
    const [session] = await sessions(1);
    // The Lumen's limit is 10: eight requests of 3 different seats each, all at once.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        settle(() =>
          inTransaction(client(index), (tx) =>
            createSeatHold(tx, uk, session!, {
              performanceId,
              seats: seats.slice(index * 3, index * 3 + 3),
            }),
          ),
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(3);
    for (const result of results) if (!result.ok) expect(result.code).toBe('seat_limit_exceeded');
    const { rows } = await db().query<{ held: number }>(
      'SELECT count(*)::int AS held FROM seat_allocations WHERE performance_id = $1',
      [performanceId],
    );
    expect(rows[0]!.held).toBe(9);
  });

  it('seats 100 best-available parties at once with no seat twice and no avoidable single left', async () => {
    const { performanceId, planId } = await cleanPerformance(
      db(),
      'lumen-theatre',
      'echoes-of-avalon',
    );
    const buyers = await sessions(100);
    const sizes = buyers.map((_, index) => 2 + (index % 3));
    const results = await Promise.all(
      buyers.map((session, index) =>
        settle(() =>
          inTransaction(client(index), (tx) =>
            createBestAvailableHold(tx, uk, session, { performanceId, quantity: sizes[index]! }),
          ),
        ),
      ),
    );
    const holds = results.map((result) => {
      if (!result.ok) throw result.error;
      return result.value;
    });
    const all = holds.flatMap((hold) => hold.seats.map((seat) => seat.id));
    expect(all).toHaveLength(sizes.reduce((a, b) => a + b, 0));
    expect(new Set(all).size).toBe(all.length);
    for (const [index, hold] of holds.entries()) {
      expect(hold.seats).toHaveLength(sizes[index]!);
      expect(new Set(hold.seats.map((s) => `${s.section}/${s.row}`)).size).toBe(1);
      const numbers = hold.seats.map((s) => s.number).sort((a, b) => a - b);
      expect(numbers.at(-1)! - numbers[0]!).toBe(numbers.length - 1);
    }
    // No free ordinary seat is left alone between taken seats or a row's end.
    const { rows } = await db().query<{
      section: string;
      row: string;
      number: number;
      free: boolean;
    }>(
      `SELECT s.section_code AS section, s.row_label AS row, s.seat_number AS number,
              a.seat_id IS NULL AS free
       FROM seats s LEFT JOIN seat_allocations a ON a.seat_id = s.id AND a.performance_id = $1
       WHERE s.seating_plan_id = $2 AND NOT (s.is_wheelchair OR s.is_companion OR s.is_access_zone)
         AND (s.section_code, s.row_label) IN (
           SELECT s2.section_code, s2.row_label FROM seat_allocations a2 JOIN seats s2 ON s2.id = a2.seat_id
           WHERE a2.performance_id = $1)
       ORDER BY 1, length(s.row_label), 2, 3`,
      [performanceId, planId],
    );
    const free = new Set(
      rows.filter((r) => r.free).map((r) => `${r.section}/${r.row}/${r.number}`),
    );
    const stranded = [...free].filter((key) => {
      const [section, row, number] = key.split('/');
      const n = Number(number);
      return !free.has(`${section}/${row}/${n - 1}`) && !free.has(`${section}/${row}/${n + 1}`);
    });
    expect(stranded).toEqual([]);
    // Accessible seats stay out of a choice nobody asked to include them in.
    const accessible = await db().query(
      `SELECT 1 FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
       WHERE a.performance_id = $1 AND (s.is_wheelchair OR s.is_companion OR s.is_access_zone)`,
      [performanceId],
    );
    expect(accessible.rows).toHaveLength(0);
  });

  it('never sells general admission past capacity or below zero with 50 clients hammering it', async () => {
    const { performanceId } = await cleanPerformance(
      db(),
      'motor-city-music-hall',
      'neon-lowlands',
    );
    const usEast = scopeOf('us-east');
    await db().query(
      `UPDATE admission_capacities SET sold = capacity - 60 WHERE performance_id = $1 AND area_code = 'FLOOR'`,
      [performanceId],
    );
    const soldOf = async () =>
      (
        await db().query<{ sold: number; capacity: number }>(
          `SELECT sold, capacity FROM admission_capacities WHERE performance_id = $1 AND area_code = 'FLOOR'`,
          [performanceId],
        )
      ).rows[0]!;
    const before = await soldOf();
    const buyers = await sessions(CLIENTS);
    const quantity = (index: number) => 1 + (index % 4);
    const results = await Promise.all(
      buyers.map((session, index) =>
        settle(() =>
          inTransaction(client(index), (tx) =>
            createAdmissionHold(tx, usEast, session, {
              performanceId,
              admissions: [{ area: 'FLOOR', quantity: quantity(index) }],
            }),
          ),
        ),
      ),
    );
    const won = results.flatMap((r, index) =>
      r.ok ? [{ hold: r.value, quantity: quantity(index), session: buyers[index]! }] : [],
    );
    for (const r of results) if (!r.ok) expect(r.code).toBe('admissions_unavailable');
    const after = await soldOf();
    expect(after.sold).toBeLessThanOrEqual(after.capacity);
    expect(after.sold).toBe(before.sold + won.reduce((sum, w) => sum + w.quantity, 0));
    // 60 places and 125 asked for: only a request bigger than what was left can have failed.
    expect(after.capacity - after.sold).toBeLessThan(4);

    // Half expire and are swept by ten instances at once; the rest are released together.
    const expiring = won.filter((_, index) => index % 2 === 0);
    for (const w of expiring) await expireHold(db(), w.hold.id);
    const swept = await Promise.all(
      Array.from({ length: 10 }, (_, index) => sweepExpiredHolds(client(index), 'us-east')),
    );
    expect(swept.reduce((a, b) => a + b, 0)).toBe(expiring.reduce((sum, w) => sum + w.quantity, 0));
    await Promise.all(
      won
        .filter((_, index) => index % 2 === 1)
        .map((w, index) =>
          inTransaction(client(index), (tx) => releaseHold(tx, usEast, w.session, w.hold.id)),
        ),
    );
    // Reading an expired hold after the sweep gives nothing back twice.
    for (const w of expiring.slice(0, 3)) {
      const read = await settle(() => readHold(db(), usEast, w.session, w.hold.id));
      expect(read.ok ? 'ok' : read.code).toBe('hold_expired');
    }
    expect((await soldOf()).sold).toBe(before.sold);
  });

  it('lets an expired hold be taken over, by exactly one of many, while a live hold is not', async () => {
    const { performanceId, planId } = await cleanPerformance(
      db(),
      'lumen-theatre',
      'the-glass-orchard',
      2,
    );
    const row = await seatsInRow(db(), planId, 'DRESS', 'D');
    const [s1, s2, s3] = row.map((seat) => seat.id);
    const [walkedAway, live, ...racers] = await sessions(22);
    const hold = (session: string, seats: string[], index = 0) =>
      settle(() =>
        inTransaction(client(index), (tx) =>
          createSeatHold(tx, uk, session, { performanceId, seats }),
        ),
      );
    const old = await hold(walkedAway!, [s1!, s2!]);
    const kept = await hold(live!, [s3!]);
    if (!old.ok || !kept.ok) throw new Error('setup holds failed');
    await expireHold(db(), old.value.id);

    const results = await Promise.all(
      racers.map((session, index) => hold(session, [s1!, s2!, s3!], index)),
    );
    expect(results.every((r) => !r.ok && r.code === 'seats_unavailable')).toBe(true);
    const first = results[0]!;
    expect(first.ok ? [] : (first.error as { extra: { seatIds: string[] } }).extra.seatIds).toEqual(
      [s3],
    );

    const takeovers = await Promise.all(
      racers.map((session, index) => hold(session, [s1!, s2!], index)),
    );
    const winners = takeovers.filter((r): r is { ok: true; value: Hold } => r.ok);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.value.seats.map((s) => s.id).sort()).toEqual([s1, s2].sort());

    // The old buyer's hold is over; the live one is untouched and can still be extended.
    const reread = await settle(() => readHold(db(), uk, walkedAway!, old.value.id));
    expect(reread.ok ? 'ok' : reread.code).toBe('hold_expired');
    const extended = await inTransaction(db(), (tx) => extendHold(tx, uk, live!, kept.value.id));
    expect(extended.seats.map((s) => s.id)).toEqual([s3]);
    expect(Date.parse(extended.expiresAt)).toBeGreaterThan(Date.parse(kept.value.expiresAt));
  });
});
