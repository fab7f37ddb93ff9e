import { inject } from 'vitest';
import { REGIONS, type Region } from '../../../contract/regions';
import { openDatabase, type Database, type Queryable } from '../../../server/db/database';
import type { HoldScope } from '../../../server/holds/holds';
import { regionContext } from '../../../server/regionContext';
import { openSeededDatabase, seededPostgresUrl, venues } from '../testDatabase';

/** Whether this run has a real PostgreSQL (server-postgres project). */
export const onPostgres = () => Boolean(inject('databaseUrl'));

/**
 * `count` independent handles on one freshly seeded database: on PostgreSQL each is its own
 * pool, so concurrent callers really race on separate connections; on PGlite (one embedded
 * database per process) the same instance `count` times.
 */
export async function openSeededHandles(count: number): Promise<Database[]> {
  const databaseUrl = await seededPostgresUrl();
  if (!databaseUrl) {
    const db = await openSeededDatabase();
    return Array.from({ length: count }, () => db);
  }
  return Promise.all(Array.from({ length: count }, () => openDatabase({ databaseUrl })));
}

export async function closeAll(handles: Database[]): Promise<void> {
  await Promise.all([...new Set(handles)].map((db) => db.close()));
}

export function scopeOf(region: Region): HoldScope {
  if (!REGIONS.includes(region)) throw new Error(`unknown region ${region}`);
  return regionContext(region, venues);
}

/** A buyer session row, as POST /services/session/sessions would create. */
export async function newSession(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO sessions (token_hash, csrf_token, expires_at)
     VALUES (gen_random_uuid()::text, gen_random_uuid()::text, now() + interval '8 hours') RETURNING id`,
  );
  return rows[0]!.id;
}

export interface PerformanceFixture {
  performanceId: string;
  planId: string;
}

/**
 * A future performance of the show with no sales or holds, so a test sees only its own doing
 * (the seed sells a scattered share of many performances).
 */
export async function cleanPerformance(
  db: Queryable,
  venueSlug: string,
  titleSlug: string,
  skip = 0,
): Promise<PerformanceFixture> {
  const { rows } = await db.query<{ performanceId: string; planId: string }>(
    `SELECT upper(p.id::text) AS "performanceId", sh.seating_plan_id AS "planId"
     FROM performances p JOIN shows sh ON sh.id = p.show_id
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2 AND p.starts_at > now() + interval '1 day'
     ORDER BY p.starts_at OFFSET $3 LIMIT 1`,
    [venueSlug, titleSlug, skip],
  );
  const found = rows[0];
  if (!found) throw new Error(`no performance of ${titleSlug} at ${venueSlug}`);
  await db.query('DELETE FROM seat_allocations WHERE performance_id = $1', [found.performanceId]);
  await db.query('UPDATE admission_capacities SET sold = 0 WHERE performance_id = $1', [
    found.performanceId,
  ]);
  return found;
}

/**
 * A performance of the show still in its presale (`presale_until` ahead), cleared like
 * cleanPerformance.
 */
export async function presalePerformance(
  db: Queryable,
  venueSlug: string,
  titleSlug: string,
): Promise<PerformanceFixture> {
  const { rows } = await db.query<{ performanceId: string; planId: string }>(
    `SELECT upper(p.id::text) AS "performanceId", sh.seating_plan_id AS "planId"
     FROM performances p JOIN shows sh ON sh.id = p.show_id
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2 AND p.presale_until > now()
     ORDER BY p.starts_at LIMIT 1`,
    [venueSlug, titleSlug],
  );
  const found = rows[0];
  if (!found) throw new Error(`no presale performance of ${titleSlug} at ${venueSlug}`);
  await db.query('DELETE FROM seat_allocations WHERE performance_id = $1', [found.performanceId]);
  return found;
}

export interface SeatRow {
  id: string;
  section: string;
  row: string;
  number: number;
  accessible: boolean;
}

/** Seats of a plan in a row, by number. */
export async function seatsInRow(
  db: Queryable,
  planId: string,
  section: string,
  row: string,
): Promise<SeatRow[]> {
  const { rows } = await db.query<SeatRow>(
    `SELECT upper(id::text) AS id, section_code AS section, row_label AS row, seat_number AS number,
            (is_wheelchair OR is_companion OR is_access_zone) AS accessible
     FROM seats WHERE seating_plan_id = $1 AND section_code = $2 AND row_label = $3 ORDER BY seat_number`,
    [planId, section, row],
  );
  return rows;
}

/** Moves a hold's deadline into the past, as if its buyer had walked away. */
export async function expireHold(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `UPDATE holds SET created_at = now() - interval '30 minutes', expires_at = now() - interval '1 minute'
     WHERE id = $1`,
    [holdId],
  );
  await db.query(
    `UPDATE seat_allocations SET held_until = now() - interval '1 minute' WHERE hold_id = $1`,
    [holdId],
  );
}

/** Outcome of a call that may be refused: the error's code, or the value. */
export async function settle<T>(
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: string; error: unknown }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, code: typeof code === 'string' ? code : 'thrown', error };
  }
}

export interface LinkedPairFixture extends PerformanceFixture {
  /** The performance the buyer chooses is Part One (`performanceId`); this is its Part Two. */
  partTwoId: string;
}

/**
 * A future two-part pair of the show (issue 24) with no sales or holds in either part. `sameDay`
 * picks a matinee-and-evening pair, otherwise one on consecutive evenings.
 */
export async function cleanLinkedPair(
  db: Queryable,
  venueSlug: string,
  titleSlug: string,
  { sameDay, skip = 0 }: { sameDay: boolean; skip?: number },
): Promise<LinkedPairFixture> {
  const { rows } = await db.query<LinkedPairFixture>(
    `SELECT upper(p.id::text) AS "performanceId", upper(lp.id::text) AS "partTwoId",
            sh.seating_plan_id AS "planId"
     FROM performances p
     JOIN performances lp ON lp.id = p.linked_performance_id
     JOIN shows sh ON sh.id = p.show_id
     JOIN venues v ON v.slug = sh.venue_slug
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2 AND p.part = 1
       AND p.starts_at > now() + interval '1 day' AND p.presale_until IS NULL
       AND ((p.starts_at AT TIME ZONE v.timezone)::date = (lp.starts_at AT TIME ZONE v.timezone)::date) = $3
     ORDER BY p.starts_at OFFSET $4 LIMIT 1`,
    [venueSlug, titleSlug, sameDay, skip],
  );
  const found = rows[0];
  if (!found) throw new Error(`no linked pair of ${titleSlug} at ${venueSlug}`);
  await db.query('DELETE FROM seat_allocations WHERE performance_id IN ($1, $2)', [
    found.performanceId,
    found.partTwoId,
  ]);
  return found;
}
