import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { createBestAvailableHold, createSeatHold } from '../../../server/holds/holds';
import { inTransaction } from '../../../server/db/transaction';
import {
  cleanLinkedPair,
  closeAll,
  newSession,
  onPostgres,
  openSeededHandles,
  scopeOf,
  seatsInRow,
  settle,
} from './fixtures';

/**
 * Linked performances under load (issue 24): many buyers hold overlapping seats of a two-part
 * pair at once, some from Part One and some from Part Two, while others ask best available. On
 * PostgreSQL each client is its own pool, so these are truly concurrent transactions.
 */
const CLIENTS = 40;
const uk = scopeOf('uk');
let handles: Database[];
const db = () => handles[0]!;

beforeAll(async () => {
  handles = await openSeededHandles(CLIENTS);
  await Promise.all(handles.map((handle) => handle.query('SELECT 1')));
}, 120_000);
afterAll(async () => {
  if (handles) await closeAll(handles);
});

describe('linked pair races', () => {
  it('runs against a real PostgreSQL in the server-postgres project', ({ task }) => {
    if (task.file.projectName === 'server-postgres') expect(onPostgres()).toBe(true);
    else expect(task.file.projectName).toBe('server-pglite');
  });

  it('never leaves a seat held in one part only, nor held twice, when 40 buyers race for overlapping seats', async () => {
    const pair = await cleanLinkedPair(db(), 'lumen-theatre', 'the-salt-road', {
      sameDay: true,
      skip: 1,
    });
    const row = (await seatsInRow(db(), pair.planId, 'STALLS', 'J')).map((seat) => seat.id);
    const sessions = await Promise.all(Array.from({ length: CLIENTS }, () => newSession(db())));
    const results = await Promise.all(
      sessions.map((session, index) =>
        settle(() =>
          inTransaction(handles[index % handles.length]!, (tx) => {
            // Every fifth buyer asks for best available; the others for 3 seats in a window
            // that overlaps their neighbours', half of them from Part Two's page.
            if (index % 5 === 4) {
              return createBestAvailableHold(tx, uk, session, {
                performanceId: pair.performanceId,
                quantity: 2,
                section: 'STALLS',
              });
            }
            const start = (index * 2) % (row.length - 3);
            return createSeatHold(tx, uk, session, {
              performanceId: index % 2 === 0 ? pair.performanceId : pair.partTwoId,
              seats: row.slice(start, start + 3),
            });
          }),
        ),
      ),
    );

    // Only the refusal a buyer is meant to see: no deadlock or other failure got through.
    const refusals = results.flatMap((result) => (result.ok ? [] : [result.code]));
    expect(new Set(refusals)).toEqual(
      refusals.length > 0 ? new Set(['seats_unavailable']) : new Set(),
    );
    const winners = results.flatMap((result) => (result.ok ? [result.value] : []));
    expect(winners.length).toBeGreaterThan(1);

    const { rows } = await db().query<{ seat: string; parts: number; holds: number; hold: string }>(
      `SELECT upper(a.seat_id::text) AS seat, count(*)::int AS parts,
              count(DISTINCT a.hold_id)::int AS holds, upper(min(a.hold_id::text)) AS hold
       FROM seat_allocations a WHERE a.performance_id IN ($1, $2)
       GROUP BY a.seat_id`,
      [pair.performanceId, pair.partTwoId],
    );
    // 0 seats held in one part only; each held seat is one hold's in both parts.
    expect(rows.filter((seat) => seat.parts !== 2 || seat.holds !== 1)).toEqual([]);
    // What each winner was told it holds is exactly what the pair's rows say, and no more.
    const told = new Map(winners.flatMap((hold) => hold.seats.map((seat) => [seat.id, hold.id])));
    expect(new Map(rows.map((seat) => [seat.seat, seat.hold]))).toEqual(told);
  }, 120_000);
});
