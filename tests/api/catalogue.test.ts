import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_PROTECTION } from '../../contract/api/products';
import type { Database } from '../../server/db/database';
import { listMigrations, migrate } from '../../server/db/migrate';
import { seed } from '../../server/catalogue/seed/seed';
import { wallClockAt } from '../../server/lib/zonedTime';
import { openTestDatabasePair, venues } from './testDatabase';

let db: Database;
let firstSeed: { seeded: boolean; milliseconds: number };
let startResults: { migrated: string[]; seeded: boolean }[];
const seededAt = new Date();

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT (${sql})::int AS n`, params);
  return rows[0]!.n;
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    'venues',
    'seating_plans',
    'seats',
    'shows',
    'price_options',
    'performances',
    'seat_allocations',
    'admission_capacities',
    'upsell_products',
    'promo_codes',
    'membership_schemes',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await count(`SELECT count(*) FROM ${table}`);
  return counts;
}

beforeAll(async () => {
  // Two processes starting at once on one database: the advisory lock lets one migrate and seed.
  const [a, b] = await openTestDatabasePair();
  const start = async (handle: Database) => {
    const migrated = await migrate(handle);
    const result = await seed(handle, venues, seededAt);
    if (result.seeded) firstSeed = result;
    return { migrated, seeded: result.seeded };
  };
  startResults = await Promise.all([start(a), start(b)]);
  if (b !== a) await b.close();
  db = a;
});
afterAll(async () => {
  await db?.close();
});

describe('migrations', () => {
  it('migrate and seed exactly once when two processes start together', () => {
    const applied = startResults.map((result) => result.migrated.length).sort();
    expect(applied).toEqual([0, listMigrations().length]);
    expect(startResults.filter((result) => result.seeded)).toHaveLength(1);
  });

  it('applies every migration once and nothing on a second run', async () => {
    const versions = listMigrations().map((migration) => migration.version);
    expect(versions[0]).toBe('0001_catalogue');
    expect(await count('SELECT count(*) FROM schema_migrations')).toBe(versions.length);
    expect(await migrate(db)).toEqual([]);
    expect(await count('SELECT count(*) FROM schema_migrations')).toBe(versions.length);
  });
});

describe('demo catalogue seed', () => {
  // How long the seed takes is a figure for `npm run bench` (server.startMs), not a test.
  it('writes the catalogue once and changes nothing when run again', async () => {
    expect(firstSeed.seeded).toBe(true);
    const before = await tableCounts();
    expect(await seed(db, venues)).toMatchObject({ seeded: false });
    expect(await tableCounts()).toEqual(before);
  });

  it('stores each plan size equal to the seats it really has', async () => {
    const { rows } = await db.query<{ stored: number; counted: number }>(
      `SELECT sp.seat_count AS stored, (SELECT count(*)::int FROM seats s WHERE s.seating_plan_id = sp.id) AS counted
       FROM seating_plans sp`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.stored).toBe(row.counted);
    expect(rows.map((row) => row.stored)).toContain(20_000);
  });

  it('seeds the eight demo venues and eleven shows, one of them a one-night gala', async () => {
    expect(await count('SELECT count(*) FROM venues')).toBe(8);
    expect(await count('SELECT count(*) FROM shows')).toBe(11);
    expect(
      await count(
        `SELECT count(*) FROM performances p JOIN shows sh ON sh.id = p.show_id
         WHERE sh.title_slug = 'fog-city-follies-gala'`,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) FROM shows WHERE title_slug = 'the-glass-orchard'")).toBe(
      2,
    );
  });

  it('builds a 1,200-seat theatre over Stalls, Dress Circle and Upper Circle with access and offer seats', async () => {
    const { rows } = await db.query<{ name: string; seats: number }>(
      `SELECT ps.name, count(*)::int AS seats FROM seats s
       JOIN seating_plans sp ON sp.id = s.seating_plan_id
       JOIN plan_sections ps ON ps.seating_plan_id = s.seating_plan_id AND ps.code = s.section_code
       WHERE sp.venue_slug = 'lumen-theatre' GROUP BY ps.name, ps.sort_order ORDER BY ps.sort_order`,
    );
    expect(rows).toEqual([
      { name: 'Stalls', seats: 500 },
      { name: 'Dress Circle', seats: 350 },
      { name: 'Upper Circle', seats: 350 },
    ]);
    const flagged = await db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE is_restricted_view)::int AS restricted, count(*) FILTER (WHERE is_wheelchair)::int AS wheelchair,
              count(*) FILTER (WHERE is_companion)::int AS companion, count(*) FILTER (WHERE is_access_zone)::int AS access,
              count(*) FILTER (WHERE is_amex)::int AS amex, count(DISTINCT price_band)::int AS bands
       FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id WHERE sp.venue_slug = 'lumen-theatre'`,
    );
    const seats = flagged.rows[0]!;
    expect(seats.wheelchair).toBe(4);
    expect(seats.companion).toBe(seats.wheelchair);
    expect(seats.restricted).toBeGreaterThan(0);
    expect(seats.access).toBeGreaterThan(0);
    expect(seats.amex).toBeGreaterThan(0);
    expect(seats.bands).toBe(5);
    for (const slug of [
      'northern-playhouse',
      'golden-gate-playhouse',
      'hudson-stage',
      'lone-star-theater',
    ]) {
      expect(
        await count(
          'SELECT count(*) FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id WHERE sp.venue_slug = $1',
          [slug],
        ),
      ).toBe(1200);
    }
    expect(
      await count(
        "SELECT count(*) FROM offers o JOIN shows sh ON sh.id = o.show_id WHERE sh.venue_slug = 'lumen-theatre' AND o.type = 'package'",
      ),
    ).toBe(3);
  });

  it('builds a 20,000-seat arena in 40 sections, a general-admission hall and a timed-entry attraction', async () => {
    expect(
      await count(
        "SELECT count(*) FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id WHERE sp.venue_slug = 'harbor-arena'",
      ),
    ).toBe(20_000);
    expect(
      await count(
        "SELECT count(*) FROM plan_sections ps JOIN seating_plans sp ON sp.id = ps.seating_plan_id WHERE sp.venue_slug = 'harbor-arena'",
      ),
    ).toBe(40);
    const { rows } = await db.query<{ name: string; capacity: number }>(
      `SELECT a.name, a.default_capacity AS capacity FROM admission_areas a JOIN seating_plans sp ON sp.id = a.seating_plan_id
       WHERE sp.venue_slug = 'motor-city-music-hall' ORDER BY a.code`,
    );
    expect(rows).toEqual([
      { name: 'Balcony (unreserved seating)', capacity: 400 },
      { name: 'Standing floor', capacity: 1400 },
    ]);
    expect(
      await count(
        "SELECT count(*) FROM price_options po JOIN shows sh ON sh.id = po.show_id WHERE sh.title_slug = 'neon-lowlands'",
      ),
    ).toBe(3);
    // Every timed-entry slot has its own capacity row.
    expect(
      await count(
        `SELECT count(*) FROM performances p JOIN shows sh ON sh.id = p.show_id
         LEFT JOIN admission_capacities ac ON ac.performance_id = p.id
         WHERE sh.title_slug = 'swamp-after-dark' AND ac.performance_id IS NULL`,
      ),
    ).toBe(0);
  });

  it('schedules every show for the next 120 days at local wall-clock times across DST changes', async () => {
    const { rows } = await db.query<{ venue: string; timezone: string; startsAt: Date }>(
      `SELECT sh.venue_slug AS venue, v.timezone, p.starts_at AS "startsAt" FROM performances p
       JOIN shows sh ON sh.id = p.show_id JOIN venues v ON v.slug = sh.venue_slug`,
    );
    const perVenue = new Map<string, number>();
    for (const row of rows) perVenue.set(row.venue, (perVenue.get(row.venue) ?? 0) + 1);
    expect([...perVenue.keys()].sort()).toEqual(venues.map((venue) => venue.settings.slug).sort());
    expect(perVenue.get('lumen-theatre')).toBeGreaterThan(100);
    expect(perVenue.get('bayou-discovery')).toBeGreaterThan(700);
    const day = 86_400_000;
    for (const row of rows) {
      const startsAt = new Date(row.startsAt);
      expect(startsAt.getTime()).toBeGreaterThan(seededAt.getTime());
      expect(startsAt.getTime()).toBeLessThan(seededAt.getTime() + 122 * day);
    }
    // Whatever the UTC offset of the day, a London evening starts at 19:30 and a matinée at 14:30.
    const londonTimes = new Set(
      rows
        .filter((row) => row.venue === 'lumen-theatre')
        .map((row) => {
          const wall = wallClockAt(new Date(row.startsAt), row.timezone);
          return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
        }),
    );
    expect([...londonTimes].sort()).toEqual(['14:30', '15:00', '19:30']);
  });

  it('marks sold-out and low performances with sold allocations, plus presales and notices', async () => {
    expect(
      await count(
        `SELECT count(*) FROM (SELECT p.id FROM performances p JOIN shows sh ON sh.id = p.show_id
         JOIN seat_allocations a ON a.performance_id = p.id
         WHERE sh.venue_slug = 'harbor-arena' GROUP BY p.id HAVING count(*) = 20000) sold_out`,
      ),
    ).toBe(1);
    expect(
      await count('SELECT count(*) FROM performances WHERE presale_until IS NOT NULL'),
    ).toBeGreaterThan(0);
    expect(await count('SELECT count(*) FROM performances WHERE notice IS NOT NULL')).toBe(1);
    expect(
      await count('SELECT count(*) FROM performances WHERE admission_section_message IS NOT NULL'),
    ).toBe(1);
  });

  it('seeds upsells, ticket protection, fees, promo codes and memberships', async () => {
    const protection = await db.query<{ id: string; slug: string; label: string }>(
      'SELECT upper(id::text) AS id, slug, label FROM ticket_protection_products',
    );
    expect(protection.rows).toEqual([
      {
        id: TICKET_PROTECTION.id,
        slug: 'ticket-refund-protection',
        label: 'Ticket refund protection',
      },
    ]);
    expect(
      await count(
        "SELECT count(DISTINCT price_zone) FROM upsell_products WHERE kind = 'bistro' AND venue_slug = 'lumen-theatre'",
      ),
    ).toBe(3);
    expect(
      await count('SELECT count(*) FROM venues WHERE booking_fee > 0 AND transaction_fee > 0'),
    ).toBe(8);
    expect(await count("SELECT count(*) FROM promo_codes WHERE kind = 'presale'")).toBeGreaterThan(
      0,
    );
    const schemes = await db.query<{ name: string }>(
      'SELECT name FROM membership_schemes ORDER BY slug',
    );
    expect(schemes.rows.map((row) => row.name)).toEqual(['Access', 'ATG+']);
  });
});

describe('inventory constraints', () => {
  async function performanceAndSeat(): Promise<{ performanceId: string; seatId: string }> {
    const { rows } = await db.query<{ performanceId: string; seatId: string }>(
      `SELECT p.id AS "performanceId", s.id AS "seatId" FROM performances p
       JOIN shows sh ON sh.id = p.show_id JOIN seats s ON s.seating_plan_id = sh.seating_plan_id
       WHERE sh.venue_slug = 'northern-playhouse'
         AND NOT EXISTS (SELECT 1 FROM seat_allocations a WHERE a.performance_id = p.id AND a.seat_id = s.id)
       ORDER BY p.starts_at DESC LIMIT 1`,
    );
    return rows[0]!;
  }

  it('refuses to allocate one seat of one performance twice', async () => {
    const { performanceId, seatId } = await performanceAndSeat();
    await db.query(
      "INSERT INTO seat_allocations (performance_id, seat_id, status) VALUES ($1, $2, 'held')",
      [performanceId, seatId],
    );
    await expect(
      db.query(
        "INSERT INTO seat_allocations (performance_id, seat_id, status) VALUES ($1, $2, 'sold')",
        [performanceId, seatId],
      ),
    ).rejects.toThrow(/duplicate key|unique/i);
  });

  it('keeps general-admission sales between zero and the capacity', async () => {
    const { rows } = await db.query<{ performanceId: string; capacity: number }>(
      `SELECT ac.performance_id AS "performanceId", ac.capacity FROM admission_capacities ac
       WHERE ac.area_code = 'FLOOR' AND ac.sold = 0 LIMIT 1`,
    );
    const { performanceId, capacity } = rows[0]!;
    const sell = (delta: number) =>
      db.query(
        "UPDATE admission_capacities SET sold = sold + $2 WHERE performance_id = $1 AND area_code = 'FLOOR'",
        [performanceId, delta],
      );
    await expect(sell(-1)).rejects.toThrow(/check constraint/i);
    await expect(sell(capacity + 1)).rejects.toThrow(/check constraint/i);
    await sell(capacity);
    expect(
      await count(
        "SELECT sold FROM admission_capacities WHERE performance_id = $1 AND area_code = 'FLOOR'",
        [performanceId],
      ),
    ).toBe(capacity);
  });
});
