import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { openDatabase, type Database } from '../server/db/database';
import { createSeatHold } from '../server/holds/holds';
import { inTransaction } from '../server/db/transaction';
import { benchScope, benchSessions, oversoldSeats, prepareBenchDatabase } from './holdsInventory';
import { percentile, round1 } from './stats';

/**
 * An onsale's worst minute: everybody wants the same few seats. `clients` buyers at once ask for
 * random pairs of neighbours among the first `seats` seats of one arena performance, through
 * createSeatHold on one pool as in bench/holds.ts, until no two neighbours are left free.
 * Every call collides with others on the same rows, so this is the locking path: losers wait for
 * the winner's transaction, then are refused.
 *
 * Reports how long the block took to sell out, how many calls that took, the p99 latency of a
 * call (the wait of a loser included) and seats held twice (must be 0).
 */
export interface HotSeatsOptions {
  clients?: number;
  poolSize?: number;
  /** The size of the block everyone wants. */
  hotSeats?: number;
}

export async function benchHotSeats(
  clusterUrl: string,
  options: HotSeatsOptions = {},
): Promise<Record<string, number>> {
  const clients = options.clients ?? 64;
  const poolSize = options.poolSize ?? 2 * availableParallelism();
  const { url, inventory } = await prepareBenchDatabase(clusterUrl, 'bench_holds_hot', 1);
  const block = inventory.seats.slice(0, options.hotSeats ?? 100);
  const performanceId = inventory.performanceIds[0]!;
  let db: Database | undefined;
  try {
    db = await openDatabase({ databaseUrl: url, poolSize });
    const pool = db;
    const sessions = await benchSessions(pool, clients);
    await Promise.all(Array.from({ length: poolSize }, () => pool.query('SELECT 1')));

    const free = new Set(block);
    const pairsLeft = () =>
      block.some((seat, index) => free.has(seat) && free.has(block[index + 1] ?? ''));
    const latencies: number[] = [];
    const won: string[] = [];
    const started = performance.now();
    await Promise.all(
      sessions.map(async (session) => {
        while (pairsLeft()) {
          const first = randomInt(block.length - 1);
          const seats = [block[first]!, block[first + 1]!];
          const t0 = performance.now();
          try {
            await inTransaction(pool, (tx) =>
              createSeatHold(tx, benchScope, session.id, { performanceId, seats }),
            );
            for (const seat of seats) free.delete(seat);
            won.push(...seats.map((seat) => `${performanceId}/${seat}`));
          } catch (error) {
            if ((error as { code?: string }).code !== 'seats_unavailable') throw error;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const soldOutMs = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return {
      'hold.hot.seats': block.length,
      'hold.hot.soldOutMs': round1(soldOutMs),
      'hold.hot.seatsWon': won.length,
      'hold.hot.calls': latencies.length,
      'hold.hot.p99Ms': round1(percentile(latencies, 99)),
      'hold.hot.oversold': await oversoldSeats(pool, inventory, won),
    };
  } finally {
    await db?.close();
  }
}
