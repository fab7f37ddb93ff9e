import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema } from '../../contract/api/basket';
import { showContentSchema, venueContentSchema } from '../../contract/api/content';
import { holdResponseSchema } from '../../contract/api/holds';
import { loadVenues } from '../../contract/venueFiles';
import { buildApp } from '../../server/app';
import { seed } from '../../server/catalogue/seed/seed';
import type { Database } from '../../server/db/database';
import { localDate } from '../../server/lib/zonedTime';
import { callApi, newBuyer, type Buyer } from './buyers';
import { cleanPerformance, seatsInRow } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Issue 25: the catalogue is the venue's files, applied on every start. A test edits a copy of the
 * demo's venues/ folder as a venue would edit its own, then starts the sync as a restart does.
 */

let db: Database;
let app: FastifyInstance;
let root: string;
const logged: { message: string; detail: Record<string, unknown> }[] = [];

const venueDir = (slug: string) => join(root, 'venues', slug);
const sync = () =>
  seed(db, loadVenues(join(root, 'venues')), new Date(), {
    log: (message, detail) => logged.push({ message, detail }),
  });

function edit<T>(file: string, change: (data: T) => void): void {
  const data = JSON.parse(readFileSync(file, 'utf8')) as T;
  change(data);
  writeFileSync(file, JSON.stringify(data, null, 2));
}

interface ShowEdit {
  title: string;
  strapline: string;
  prices: { code: string; faceValue: number }[];
  schedule: { weekly: { days: string[]; times: string[]; until?: string; except?: string[] }[] };
  presales: unknown[];
  notices: unknown[];
}

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  root = mkdtempSync(join(tmpdir(), 'catalogue-sync-'));
  cpSync(join(import.meta.dirname, '..', '..', 'venues'), join(root, 'venues'), {
    recursive: true,
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const get = <T>(url: string, schema: { parse(data: unknown): T }) =>
  callApi(app, undefined, 'GET', url).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  });

async function hold(buyer: Buyer, performanceId: string, seats: string[]) {
  const response = await callApi(app, buyer, 'POST', '/holds', { body: { performanceId, seats } });
  return response;
}

async function unitPrices(buyer: Buyer, holdId: string): Promise<number[]> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`);
  expect(response.statusCode, response.body).toBe(200);
  return basketResponseSchema.parse(response.json()).basket.tickets.map((line) => line.unitPrice);
}

describe('the catalogue sync on start', () => {
  it('does nothing when no file changed since the last start', async () => {
    const { rows: before } = await db.query('SELECT count(*)::int AS n FROM performances');
    expect(await sync()).toMatchObject({ seeded: false });
    const { rows: after } = await db.query('SELECT count(*)::int AS n FROM performances');
    expect(after).toEqual(before);
  });

  it('takes over a database the TypeScript seed filled, without moving a performance', async () => {
    const snapshot = async () =>
      (
        await db.query(
          `SELECT p.id, p.starts_at, p.presale_until, p.notice, p.off_sale_at,
                  (SELECT count(*)::int FROM seat_allocations a WHERE a.performance_id = p.id) AS sold
           FROM performances p ORDER BY p.id`,
        )
      ).rows;
    const before = await snapshot();
    const { rows: state } = await db.query<{ anchoredAt: Date }>(
      'SELECT anchored_at AS "anchoredAt" FROM catalogue_state',
    );
    // As migration 0039 finds a database seeded before it: the seed's marker, no applied files.
    await db.query('DELETE FROM catalogue_state');
    await db.query('UPDATE seating_plans SET content_hash = NULL');
    await db.query(
      `INSERT INTO seed_versions (name, version, seeded_at) VALUES ('demo-catalogue', 1, $1)`,
      [new Date(state[0]!.anchoredAt).toISOString()],
    );
    const migration = readFileSync(
      join(
        import.meta.dirname,
        '..',
        '..',
        'server',
        'db',
        'migrations',
        '0039_catalogue_files.sql',
      ),
      'utf8',
    );
    await db.exec(migration.slice(migration.indexOf('INSERT INTO catalogue_state')).split(';')[0]!);
    logged.length = 0;

    expect(await sync()).toMatchObject({ seeded: true });
    expect(await snapshot()).toEqual(before);
    expect(logged).toEqual([]);
    expect(await sync()).toMatchObject({ seeded: false });
  });

  it('adds a show when the venue adds its file', async () => {
    const file = join(venueDir('lumen-theatre'), 'shows', 'the-winter-garden.json');
    writeFileSync(
      file,
      readFileSync(join(venueDir('lumen-theatre'), 'shows', 'echoes-of-avalon.json')),
    );
    edit<ShowEdit>(file, (show) => {
      show.title = 'The Winter Garden';
      show.strapline = 'A glasshouse, a frost and a family that will not leave.';
      show.schedule = { weekly: [{ days: ['thu'], times: ['14:30'], until: '+28' }] };
    });
    expect(await sync()).toMatchObject({ seeded: true });

    const venue = await get('/venues/lumen-theatre', venueContentSchema);
    expect(venue.shows.map((show) => show.titleSlug)).toContain('the-winter-garden');
    const show = await get('/venues/lumen-theatre/shows/the-winter-garden', showContentSchema);
    expect(show.title).toBe('The Winter Garden');
    // Thursday matinées over the four weeks after the first load (the demo's anchor day).
    expect(show.performances.count).toBeGreaterThanOrEqual(3);
    expect(show.performances.count).toBeLessThanOrEqual(4);
    const first = show.performances.upcoming[0]!;
    expect(new Date(first.startsAt).toISOString()).toMatch(/T1[34]:30:00/);
    expect(first.availability).toBe('good');

    // It sells: a seat of its first performance can be held.
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'the-winter-garden', 0);
    const seats = await seatsInRow(db, fixture.planId, 'STALLS', 'F');
    const response = await hold(await newBuyer(app), fixture.performanceId, [seats[0]!.id]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it('keeps a sold performance the file drops, takes it off sale, and puts it back when listed again', async () => {
    const { rows } = await db.query<{ id: string; startsAt: Date; sold: number }>(
      `SELECT upper(p.id::text) AS id, p.starts_at AS "startsAt",
              (SELECT count(*)::int FROM seat_allocations a WHERE a.performance_id = p.id) AS sold
       FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'lumen-theatre' AND sh.title_slug = 'the-glass-orchard' AND p.starts_at > now()
       ORDER BY p.starts_at OFFSET 2 LIMIT 1`,
    );
    const sold = rows[0]!;
    // The demo's third performance is sold out.
    expect(sold.sold).toBe(1200);
    const before = await get('/venues/lumen-theatre/shows/the-glass-orchard', showContentSchema);
    expect(before.performances.upcoming.map((p) => p.id)).toContain(sold.id);

    const file = join(venueDir('lumen-theatre'), 'shows', 'the-glass-orchard.json');
    const original = readFileSync(file, 'utf8');
    const day = localDate(new Date(sold.startsAt), 'Europe/London');
    edit<ShowEdit>(file, (show) => {
      for (const rule of show.schedule.weekly) rule.except = [day];
      // The notice was for the nth performance, which the dropped day moves along.
      show.notices = [];
    });
    logged.length = 0;
    expect(await sync()).toMatchObject({ seeded: true });

    const { rows: kept } = await db.query<{ offSale: Date | null; sold: number }>(
      `SELECT p.off_sale_at AS "offSale",
              (SELECT count(*)::int FROM seat_allocations a WHERE a.performance_id = p.id) AS sold
       FROM performances p WHERE p.id = $1`,
      [sold.id],
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]!.sold).toBe(1200);
    expect(kept[0]!.offSale).not.toBeNull();
    expect(logged).toContainEqual({
      message: 'catalogue: performance taken off sale: the show file no longer lists it',
      detail: {
        show: 'lumen-theatre/the-glass-orchard',
        performance: sold.id,
        startsAt: new Date(sold.startsAt).toISOString(),
        soldOrHeld: 1200,
      },
    });
    const after = await get('/venues/lumen-theatre/shows/the-glass-orchard', showContentSchema);
    expect(after.performances.upcoming.map((p) => p.id)).not.toContain(sold.id);
    expect(after.performances.count).toBeLessThan(before.performances.count);
    // Off sale, it is no longer there to hold (sold out, it would answer that its seat is taken).
    const { rows: seat } = await db.query<{ id: string }>(
      `SELECT upper(s.id::text) AS id FROM seat_allocations a JOIN seats s ON s.id = a.seat_id
       WHERE a.performance_id = $1 LIMIT 1`,
      [sold.id],
    );
    const refused = await hold(await newBuyer(app), sold.id, [seat[0]!.id]);
    expect(refused.statusCode, refused.body).toBe(404);

    writeFileSync(file, original);
    expect(await sync()).toMatchObject({ seeded: true });
    const back = await get('/venues/lumen-theatre/shows/the-glass-orchard', showContentSchema);
    expect(back.performances.upcoming.map((p) => p.id)).toContain(sold.id);
    expect(back.performances.count).toBe(before.performances.count);
  });

  it('charges a changed price to holds made after it, and the price held to a hold made before', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon', 1);
    const rowF = (await seatsInRow(db, fixture.planId, 'STALLS', 'F')).map((seat) => seat.id);
    const early = await newBuyer(app);
    const earlyHold = await hold(early, fixture.performanceId, [rowF[0]!, rowF[1]!]);
    expect(earlyHold.statusCode, earlyHold.body).toBe(201);
    const earlyId = holdResponseSchema.parse(earlyHold.json()).hold.id;
    // Stalls row F is band A: £75 face value and the Lumen's £2.50 booking fee.
    expect(await unitPrices(early, earlyId)).toEqual([7750, 7750]);

    edit<ShowEdit>(join(venueDir('lumen-theatre'), 'shows', 'echoes-of-avalon.json'), (show) => {
      show.prices.find((price) => price.code === 'A')!.faceValue = 8000;
    });
    expect(await sync()).toMatchObject({ seeded: true });

    expect(await unitPrices(early, earlyId)).toEqual([7750, 7750]);
    const late = await newBuyer(app);
    const lateHold = await hold(late, fixture.performanceId, [rowF[2]!, rowF[3]!]);
    expect(lateHold.statusCode, lateHold.body).toBe(201);
    const lateId = holdResponseSchema.parse(lateHold.json()).hold.id;
    expect(await unitPrices(late, lateId)).toEqual([8250, 8250]);
  });

  it('does the same for a general-admission price', async () => {
    const gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 3);
    const standing = {
      performanceId: gig.performanceId,
      admissions: [{ area: 'FLOOR', quantity: 2 }],
    };
    const early = await newBuyer(app);
    const earlyHold = await callApi(app, early, 'POST', '/holds', {
      body: standing,
      region: 'us-east',
    });
    expect(earlyHold.statusCode, earlyHold.body).toBe(201);
    const earlyId = holdResponseSchema.parse(earlyHold.json()).hold.id;
    const prices = async (buyer: Buyer, holdId: string) => {
      const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`, {
        region: 'us-east',
      });
      return basketResponseSchema
        .parse(response.json())
        .basket.tickets.map((line) => line.unitPrice);
    };
    // Standing $45 and Motor City's $6 booking fee.
    expect(await prices(early, earlyId)).toEqual([5100]);

    edit<ShowEdit>(
      join(venueDir('motor-city-music-hall'), 'shows', 'neon-lowlands.json'),
      (show) => {
        show.prices.find((price) => price.code === 'STANDING')!.faceValue = 5000;
      },
    );
    expect(await sync()).toMatchObject({ seeded: true });

    expect(await prices(early, earlyId)).toEqual([5100]);
    const late = await newBuyer(app);
    const lateHold = await callApi(app, late, 'POST', '/holds', {
      body: standing,
      region: 'us-east',
    });
    expect(lateHold.statusCode, lateHold.body).toBe(201);
    expect(await prices(late, holdResponseSchema.parse(lateHold.json()).hold.id)).toEqual([5600]);
  });

  it('leaves a plan with seats sold as it is when its file changes, and says so', async () => {
    const { rows: before } = await db.query(
      `SELECT s.id, s.x, s.y, s.price_band FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id
       WHERE sp.venue_slug = 'lumen-theatre' ORDER BY s.id`,
    );
    edit<{ sections: { rows: { band: string }[] }[] }>(
      join(venueDir('lumen-theatre'), 'plans', 'theatre.json'),
      (plan) => {
        plan.sections[0]!.rows[0]!.band = 'A';
      },
    );
    logged.length = 0;
    expect(await sync()).toMatchObject({ seeded: true });
    const { rows: after } = await db.query(
      `SELECT s.id, s.x, s.y, s.price_band FROM seats s JOIN seating_plans sp ON sp.id = s.seating_plan_id
       WHERE sp.venue_slug = 'lumen-theatre' ORDER BY s.id`,
    );
    expect(after).toEqual(before);
    expect(logged).toEqual([
      {
        message:
          'catalogue: a changed seating plan was kept as it is, since seats on it are held or sold',
        detail: { venue: 'lumen-theatre', plan: 'theatre' },
      },
    ]);
  });
});
