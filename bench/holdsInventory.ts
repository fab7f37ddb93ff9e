import { randomInt } from 'node:crypto';
import pg from 'pg';
import { loadVenues } from '../contract/venueFiles';
import { openDatabase, type Queryable } from '../server/db/database';
import type { HoldScope } from '../server/holds/holds';
import { PerformanceCache } from '../server/holds/performanceCache';
import { migrate } from '../server/db/migrate';
import { seed } from '../server/catalogue/seed/seed';
import { VENUES_DIR } from '../server/start';

/**
 * What the hold benches race for: arena performances (none started, none in presale, no seat
 * taken) and the arena's seats a guest may hold (access seating is for Access members).
 */
export interface BenchInventory {
  performanceIds: string[];
  /** Seat ids in plan order, so neighbours in the list sit together. */
  seats: string[];
}

/** The benches measure the inventory core, not the venue's per-buyer selection limit. */
export const benchScope: HoldScope = {
  region: 'us-east',
  policyFor: () => ({ holdMinutes: 15, seatSelectionLimit: 1_000_000 }),
  performances: new PerformanceCache(),
};

/** `count` buyers' sessions, made directly in the database. */
export async function benchSessions(db: Queryable, count: number): Promise<{ id: string }[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, csrf_token, expires_at)
     SELECT gen_random_uuid()::text, 'bench', now() + interval '1 hour' FROM generate_series(1, $1)
     RETURNING id`,
    [count],
  );
  return rows;
}

/**
 * A fresh database `name` on the cluster, migrated and seeded, with `count` arena performances
 * emptied for the run; returns its URL.
 */
export async function prepareBenchDatabase(
  clusterUrl: string,
  name: string,
  count: number,
): Promise<{ url: string; inventory: BenchInventory }> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), inventory: await prepare(url.toString(), count) };
}

/**
 * Seats sold twice: a seat in `won` (`performanceId/seatId` of every hold answered as won) twice,
 * or a difference between the wins and the seats the database has taken. Must be 0.
 */
export async function oversoldSeats(
  db: Queryable,
  inventory: BenchInventory,
  won: readonly string[],
): Promise<number> {
  const { rows } = await db.query<{ held: number }>(
    `SELECT count(*)::int AS held FROM seat_allocations WHERE performance_id = ANY($1::uuid[])`,
    [inventory.performanceIds],
  );
  return won.length - new Set(won).size + Math.abs(rows[0]!.held - won.length);
}

/** A random pair of neighbouring seats of a random performance: clients' choices collide. */
export function randomPair(inventory: BenchInventory): { performanceId: string; seats: string[] } {
  const { performanceIds, seats } = inventory;
  const first = randomInt(seats.length - 1);
  return {
    performanceId: performanceIds[randomInt(performanceIds.length)]!,
    seats: [seats[first]!, seats[first + 1]!],
  };
}

async function prepare(url: string, count: number): Promise<BenchInventory> {
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
         AND NOT (is_wheelchair OR is_companion OR is_access_zone)
       ORDER BY section_code, length(row_label), row_label, seat_number`,
      [rows[0]!.planId],
    );
    return { performanceIds, seats: seats.rows.map((r) => r.id) };
  } finally {
    await db.close();
  }
}
