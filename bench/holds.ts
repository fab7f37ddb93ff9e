import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadVenues } from '../contract/venueFiles';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed/seed';
import { createSeatHold, type HoldScope } from '../server/domain/holds';
import { inTransaction } from '../server/domain/holdsTransaction';
import { PerformanceCache } from '../server/domain/performanceCache';
import { VENUES_DIR } from '../server/start';
import { startPostgresCluster } from '../tests/setup/postgres';

/**
 * Seat-hold throughput on a real PostgreSQL: `clients` buyers at once holding random pairs of
 * adjacent arena seats through createSeatHold (so requests collide), for `durationMs`. The
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
  /** Connections shared by the clients; default two per core. */
  poolSize?: number;
  /** Arena performances the pairs are spread over. */
  performances?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

// The bench measures the inventory core, not the venue's per-buyer selection limit.
const scope: HoldScope = {
  region: 'us-east',
  policyFor: () => ({ holdMinutes: 15, seatSelectionLimit: 1_000_000 }),
  performances: new PerformanceCache(),
};

async function prepare(
  url: string,
  count: number,
): Promise<{ performanceIds: string[]; seats: string[] }> {
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db);
    await seed(db, loadVenues(VENUES_DIR));
    const { rows } = await db.query<{ performanceId: string; planId: string }>(
      `SELECT upper(p.id::text) AS "performanceId", sh.seating_plan_id AS "planId"
       FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'harbor-arena' AND p.starts_at > now() + interval '1 day'
         AND p.presale_until IS NULL
       ORDER BY p.starts_at LIMIT $1`,
      [count],
    );
    if (rows.length < count) throw new Error('the seed has too few arena performances');
    const performanceIds = rows.map((row) => row.performanceId);
    await db.query('DELETE FROM seat_allocations WHERE performance_id = ANY($1::uuid[])', [
      performanceIds,
    ]);
    const seats = await db.query<{ id: string }>(
      `SELECT upper(id::text) AS id FROM seats WHERE seating_plan_id = $1
       ORDER BY section_code, length(row_label), row_label, seat_number`,
      [rows[0]!.planId],
    );
    return { performanceIds, seats: seats.rows.map((r) => r.id) };
  } finally {
    await db.close();
  }
}

export async function benchHolds(options: HoldBenchOptions = {}): Promise<Record<string, number>> {
  const clients = options.clients ?? 64;
  const durationMs = options.durationMs ?? 5_000;
  const poolSize = options.poolSize ?? 2 * availableParallelism();
  const cluster = await startPostgresCluster();
  let db: Database | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_holds');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/bench_holds';
    const { performanceIds, seats } = await prepare(url.toString(), options.performances ?? 8);
    db = await openDatabase({ databaseUrl: url.toString(), poolSize });
    const pool = db;
    const { rows: sessions } = await pool.query<{ id: string }>(
      `INSERT INTO sessions (token_hash, csrf_token, expires_at)
       SELECT gen_random_uuid()::text, 'bench', now() + interval '1 hour' FROM generate_series(1, $1)
       RETURNING id`,
      [clients],
    );
    // Open every connection before the clock starts.
    await Promise.all(Array.from({ length: poolSize }, () => pool.query('SELECT 1')));

    const latencies: number[] = [];
    const won: string[] = [];
    const deadline = performance.now() + durationMs;
    const started = performance.now();
    await Promise.all(
      sessions.map(async (session) => {
        while (performance.now() < deadline) {
          const performanceId = performanceIds[randomInt(performanceIds.length)]!;
          const first = randomInt(seats.length - 1);
          const pair = [seats[first]!, seats[first + 1]!];
          const t0 = performance.now();
          try {
            await inTransaction(pool, (tx) =>
              createSeatHold(tx, scope, session.id, { performanceId, seats: pair }),
            );
            won.push(...pair.map((seat) => `${performanceId}/${seat}`));
          } catch (error) {
            if ((error as { code?: string }).code !== 'seats_unavailable') throw error;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const { rows: stored } = await pool.query<{ held: number }>(
      `SELECT count(*)::int AS held FROM seat_allocations WHERE performance_id = ANY($1::uuid[])`,
      [performanceIds],
    );
    // A seat won twice, or a win the database does not have (or the reverse), is oversold.
    const oversold = won.length - new Set(won).size + Math.abs(stored[0]!.held - won.length);

    // The same number of plain single-row UPDATEs on the same table, with the same pool.
    const attempts = latencies.length;
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
    latencies.sort((a, b) => a - b);
    return {
      'hold.clients': clients,
      'hold.poolSize': poolSize,
      'hold.perSecond': Math.round(won.length / 2 / elapsedS),
      'hold.attemptsPerSecond': Math.round(attempts / elapsedS),
      'hold.p50Ms': round1(percentile(latencies, 50)),
      'hold.p99Ms': round1(percentile(latencies, 99)),
      'hold.oversold': oversold,
      'hold.rawUpdatePerSecond': Math.round(attempts / rawS),
    };
  } finally {
    await db?.close();
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
