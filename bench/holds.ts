import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadVenues } from '../contract/venueFiles';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/db/seed/seed';
import { createSeatHold, type HoldScope } from '../server/domain/holds';
import { inTransaction } from '../server/domain/holdsTransaction';
import { VENUES_DIR } from '../server/start';
import { startPostgresCluster } from '../tests/setup/postgres';

/**
 * Seat-hold throughput on a real PostgreSQL: `clients` buyers at once, each on its own
 * connection, holding random pairs of adjacent arena seats (so requests collide) for
 * `durationMs`. Reports successful holds per second, p99 latency of a hold call, seats held
 * twice (must be 0), and the rate of the same number of plain UPDATEs on seat_allocations as a
 * floor-of-cost reference.
 */
export interface HoldBenchOptions {
  clients?: number;
  durationMs?: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

// The bench measures the inventory core, not the venue's per-buyer selection limit.
const scope: HoldScope = {
  region: 'us-east',
  policyFor: () => ({ holdMinutes: 15, seatSelectionLimit: 1_000_000 }),
};

async function prepare(url: string): Promise<{ performanceId: string; seats: string[] }> {
  const db = await openDatabase({ databaseUrl: url });
  try {
    await migrate(db);
    await seed(db, loadVenues(VENUES_DIR));
    const { rows } = await db.query<{ performanceId: string; planId: string }>(
      `SELECT upper(p.id::text) AS "performanceId", sh.seating_plan_id AS "planId"
       FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'harbor-arena' AND p.starts_at > now() + interval '1 day'
       ORDER BY p.starts_at LIMIT 1`,
    );
    const performance = rows[0];
    if (!performance) throw new Error('the seed has no arena performance');
    await db.query('DELETE FROM seat_allocations WHERE performance_id = $1', [
      performance.performanceId,
    ]);
    const seats = await db.query<{ id: string }>(
      `SELECT upper(id::text) AS id FROM seats WHERE seating_plan_id = $1
       ORDER BY section_code, length(row_label), row_label, seat_number`,
      [performance.planId],
    );
    return { performanceId: performance.performanceId, seats: seats.rows.map((r) => r.id) };
  } finally {
    await db.close();
  }
}

export async function benchHolds(options: HoldBenchOptions = {}): Promise<Record<string, number>> {
  const clients = options.clients ?? 64;
  const durationMs = options.durationMs ?? 5_000;
  const cluster = await startPostgresCluster();
  const handles: Database[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_holds');
    await admin.end();
    const url = new URL(cluster.url);
    url.pathname = '/bench_holds';
    const { performanceId, seats } = await prepare(url.toString());
    for (let i = 0; i < clients; i += 1)
      handles.push(await openDatabase({ databaseUrl: url.toString() }));
    const sessions = await Promise.all(
      handles.map(async (db) => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO sessions (token_hash, csrf_token, expires_at)
           VALUES (gen_random_uuid()::text, 'bench', now() + interval '1 hour') RETURNING id`,
        );
        return rows[0]!.id;
      }),
    );

    const latencies: number[] = [];
    const won: string[][] = [];
    let attempts = 0;
    const deadline = performance.now() + durationMs;
    const started = performance.now();
    await Promise.all(
      handles.map(async (db, index) => {
        while (performance.now() < deadline) {
          const first = randomInt(seats.length - 1);
          const pair = [seats[first]!, seats[first + 1]!];
          const t0 = performance.now();
          try {
            await inTransaction(db, (tx) =>
              createSeatHold(tx, scope, sessions[index]!, { performanceId, seats: pair }),
            );
            won.push(pair);
          } catch (error) {
            if ((error as { code?: string }).code !== 'seats_unavailable') throw error;
          }
          latencies.push(performance.now() - t0);
          attempts += 1;
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const claimed = won.flat();
    const oversold = claimed.length - new Set(claimed).size;

    // The same number of plain single-row UPDATEs on the same table, with the same clients.
    let next = 0;
    const rawStarted = performance.now();
    await Promise.all(
      handles.map(async (db) => {
        while (next < attempts) {
          next += 1;
          await db.query(
            `UPDATE seat_allocations SET updated_at = now() WHERE performance_id = $1 AND seat_id = $2`,
            [performanceId, claimed[randomInt(Math.max(1, claimed.length))] ?? seats[0]],
          );
        }
      }),
    );
    const rawS = (performance.now() - rawStarted) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      'hold.perSecond': Math.round(won.length / elapsedS),
      'hold.attemptsPerSecond': Math.round(attempts / elapsedS),
      'hold.p99Ms': Math.round(percentile(latencies, 99) * 10) / 10,
      'hold.oversold': oversold,
      'hold.rawUpdatePerSecond': Math.round(attempts / rawS),
    };
  } finally {
    await Promise.all(handles.map((db) => db.close()));
    cluster.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await benchHolds(), null, 2));
}
