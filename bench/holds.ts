import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../server/db/database';
import { createSeatHold } from '../server/holds/holds';
import { inTransaction } from '../server/db/transaction';
import { startPostgresCluster } from '../tests/setup/postgres';
import { closedLoop } from './closedLoop';
import { benchHoldsApi } from './holdsApi';
import { benchHotSeats } from './holdsHot';
import {
  benchScope,
  benchSessions,
  oversoldSeats,
  prepareBenchDatabase,
  randomPair,
} from './holdsInventory';
import { percentile, round1 } from './stats';

/**
 * Seat-hold throughput on a real PostgreSQL: `clients` buyers at once holding random pairs of
 * adjacent arena seats through createSeatHold (so requests collide), for `durationMs` after a
 * warm-up of `warmupMs` (holds made then count for overselling, not for the figures). The
 * clients share one connection pool of `poolSize`, as the API's requests do; a hold's latency
 * therefore includes its wait for a connection. Pairs are spread over several arena
 * performances so that the run measures holding, not an arena running out of seats (64 clients
 * fill one 20,000-seat performance within seconds).
 *
 * Reports successful holds per second (and all hold calls, refusals included), p50 and p99
 * latency of a call, seats held twice (must be 0: counted in memory and in the database), and
 * the rate of the same number of plain single-row UPDATEs on seat_allocations with the same
 * pool: the machine's floor of cost for one write.
 */
export interface HoldBenchOptions {
  clients?: number;
  durationMs?: number;
  warmupMs?: number;
  /** Connections shared by the clients; default two per core. */
  poolSize?: number;
  /** Arena performances the pairs are spread over. */
  performances?: number;
}

async function benchHoldCore(
  clusterUrl: string,
  options: HoldBenchOptions,
): Promise<Record<string, number>> {
  const clients = options.clients ?? 64;
  const window = { warmupMs: options.warmupMs ?? 1_000, durationMs: options.durationMs ?? 5_000 };
  const poolSize = options.poolSize ?? 2 * availableParallelism();
  let db: Database | undefined;
  try {
    const { url, inventory } = await prepareBenchDatabase(
      clusterUrl,
      'bench_holds',
      options.performances ?? 8,
    );
    const { performanceIds, seats } = inventory;
    db = await openDatabase({ databaseUrl: url, poolSize });
    const pool = db;
    const sessions = await benchSessions(pool, clients);
    // Open every connection before the clock starts.
    await Promise.all(Array.from({ length: poolSize }, () => pool.query('SELECT 1')));

    const won: string[] = [];
    const run = await closedLoop(sessions, window, async (session) => {
      const request = randomPair(inventory);
      try {
        await inTransaction(pool, (tx) => createSeatHold(tx, benchScope, session.id, request));
      } catch (error) {
        if ((error as { code?: string }).code !== 'seats_unavailable') throw error;
        return 'lost';
      }
      won.push(...request.seats.map((seat) => `${request.performanceId}/${seat}`));
      return 'won';
    });
    const oversold = await oversoldSeats(pool, inventory, won);

    // The same number of plain single-row UPDATEs on the same table, with the same pool.
    const attempts = run.latencies.length;
    let next = 0;
    const rawStarted = performance.now();
    await Promise.all(
      sessions.map(async () => {
        while (next < attempts) {
          next += 1;
          const [performanceId, seatId] = won[randomInt(Math.max(1, won.length))]?.split('/') ?? [];
          await pool.query(
            `UPDATE seat_allocations SET updated_at = now() WHERE performance_id = $1 AND seat_id = $2`,
            [performanceId ?? performanceIds[0], seatId ?? seats[0]],
          );
        }
      }),
    );
    const rawS = (performance.now() - rawStarted) / 1000;
    return {
      'hold.clients': clients,
      'hold.poolSize': poolSize,
      'hold.perSecond': Math.round(run.wonPerSecond),
      'hold.attemptsPerSecond': Math.round(run.callsPerSecond),
      'hold.p50Ms': round1(percentile(run.latencies, 50)),
      'hold.p99Ms': round1(percentile(run.latencies, 99)),
      'hold.oversold': oversold,
      'hold.rawUpdatePerSecond': Math.round(attempts / rawS),
    };
  } finally {
    await db?.close();
  }
}

/** Two decimals, as ratios are printed. */
const round2 = (ratio: number) => Math.round(ratio * 100) / 100;

/**
 * The inventory core (above), the same holds through the HTTP API (bench/holdsApi.ts), and an
 * onsale's rush for a hundred seats (bench/holdsHot.ts), on one PostgreSQL cluster started for
 * the run. Issue 26: what the API keeps of the core's speed, as ratios of the same run's figures
 * (the machine's load moves both, so the ratios say more than either figure alone).
 */
export async function benchHolds(options: HoldBenchOptions = {}): Promise<Record<string, number>> {
  const cluster = await startPostgresCluster();
  try {
    const core = await benchHoldCore(cluster.url, options);
    const api = await benchHoldsApi(cluster.url, { ...options, poolSize: core['hold.poolSize'] });
    return {
      ...core,
      ...api,
      'hold.api.ratioPerSecond': round2(api['hold.api.perSecond']! / core['hold.perSecond']!),
      'hold.api.ratioP99': round2(api['hold.api.p99Ms']! / core['hold.p99Ms']!),
      ...(await benchHotSeats(cluster.url, options)),
    };
  } finally {
    cluster.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const numeric = (name: string) =>
    process.env[name] === undefined ? undefined : Number(process.env[name]);
  console.log(
    JSON.stringify(
      await benchHolds({
        clients: numeric('HOLD_BENCH_CLIENTS'),
        durationMs: numeric('HOLD_BENCH_MS'),
        poolSize: numeric('HOLD_BENCH_POOL'),
      }),
      null,
      2,
    ),
  );
}
