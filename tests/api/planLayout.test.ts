import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatingPlanSchema } from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readPlanFile } from '../../server/catalogue/files/load';
import type { ReservedPlan } from '../../server/catalogue/files/plans';
import { callApi, newBuyer } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

const venueDir = (slug: string) => new URL(`../../venues/${slug}/`, import.meta.url).pathname;
const theatrePlan = () => readPlanFile(venueDir('lumen-theatre'), 'theatre') as ReservedPlan;
const arenaPlan = () => readPlanFile(venueDir('harbor-arena'), 'arena') as ReservedPlan;

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function planOf(venueSlug: string, region: string) {
  const { rows } = await db.query<{ id: string }>(
    "SELECT upper(id::text) AS id FROM seating_plans WHERE venue_slug = $1 AND kind = 'reserved'",
    [venueSlug],
  );
  const response = await callApi(app, await newBuyer(app), 'GET', `/plans/${rows[0]!.id}`, {
    region,
  });
  expect(response.statusCode).toBe(200);
  return seatingPlanSchema.parse(response.json());
}

describe('what a seating plan says about its layout', () => {
  it('gives the theatre a stage in front of the Stalls and the arena a floor inside its ring', async () => {
    const theatre = await planOf('lumen-theatre', 'uk');
    expect(theatre.stage).toEqual({ kind: 'stage', x: 64, y: -150, width: 600, height: 70 });
    const stallsRowA = Math.min(...theatre.seats.y);
    expect(theatre.stage!.y + theatre.stage!.height).toBeLessThan(stallsRowA);

    const arena = await planOf('harbor-arena', 'us-east');
    const floor = arena.stage!;
    expect(floor.kind).toBe('floor');
    // No seat stands on the floor.
    const onFloor = arena.seats.x.filter(
      (x, i) =>
        x >= floor.x &&
        x <= floor.x + floor.width &&
        arena.seats.y[i]! >= floor.y &&
        arena.seats.y[i]! <= floor.y + floor.height,
    );
    expect(onFloor).toHaveLength(0);
  });

  it('writes the same stages into databases seeded before the stage was recorded', () => {
    const sql = readFileSync(
      new URL('../../server/db/migrations/0016_plan_stage.sql', import.meta.url),
      'utf8',
    );
    const backfilled = [
      ...sql.matchAll(
        /stage_kind = '(\w+)', stage_x = (-?\d+), stage_y = (-?\d+), stage_width = (\d+), stage_height = (\d+)\s+WHERE kind = 'reserved' AND name = '(\w+)'/g,
      ),
    ].map(([, kind, x, y, width, height, name]) => ({
      name,
      stage: { kind, x: Number(x), y: Number(y), width: Number(width), height: Number(height) },
    }));
    expect(backfilled).toEqual([
      { name: 'Theatre', stage: theatrePlan().stage },
      { name: 'Arena', stage: arenaPlan().stage },
    ]);
  });

  it('places the arena’s seats as the seed does when an older database is brought up to date', async () => {
    const sql = readFileSync(
      new URL('../../server/db/migrations/0017_arena_aisles.sql', import.meta.url),
      'utf8',
    );
    await db.exec(sql);
    const { rows } = await db.query<{
      section: string;
      row: string;
      number: number;
      x: number;
      y: number;
    }>(
      `SELECT s.section_code AS section, s.row_label AS row, s.seat_number AS number, s.x, s.y
       FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id
       WHERE sp.venue_slug = 'harbor-arena'`,
    );
    const seeded = new Map(
      arenaPlan().seats.map((seat) => [`${seat.section}/${seat.row}/${seat.number}`, seat]),
    );
    expect(rows).toHaveLength(20_000);
    const moved = rows.filter((row) => {
      const seat = seeded.get(`${row.section}/${row.row}/${row.number}`)!;
      return seat.x !== row.x || seat.y !== row.y;
    });
    expect(moved).toEqual([]);
    // An aisle between sections: Section 101's seat 25 is three seat places from 102's seat 1.
    const at = (section: string, number: number) => seeded.get(`${section}/1/${number}`)!;
    const apart = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.hypot(a.x - b.x, a.y - b.y);
    expect(apart(at('101', 25), at('102', 1))).toBeGreaterThan(
      2.5 * apart(at('101', 1), at('101', 2)),
    );
  });
});
