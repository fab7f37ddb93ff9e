import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEAT_STATUS,
  holdResponseSchema,
  seatStatusSchema,
  seatingPlanSchema,
  seatsUnavailableSchema,
} from '../../contract/api/holds';
import { SEAT_AISLE } from '../../contract/seatGaps';
import type { VenueBundle } from '../../contract/venueFiles';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { callApi, newBuyer, type Buyer } from './buyers';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Issue 24 item 7: the hold route refuses hand-picked seats that would leave a single seat on its
 * own (spec §8's seat-validation failure), naming it, unless the venue turns the rule off. The
 * Lumen's theatre plan marks aisles at both ends of every row and between seats 12 and 13.
 */

let db: Database;
let app: FastifyInstance;
/** The same database served with the Lumen's preventSingleSeatGaps flag off. */
let ruleOff: FastifyInstance;
let theatre: PerformanceFixture;

/** Stalls row `row` of the Lumen's plan: seat ids by seat number (index 0 is seat 1). */
const rowOf = async (row: string) =>
  (await seatsInRow(db, theatre.planId, 'STALLS', row)).map((seat) => seat.id);

const withoutRule = (bundles: readonly VenueBundle[]): VenueBundle[] =>
  bundles.map((bundle) =>
    bundle.settings.slug === 'lumen-theatre'
      ? {
          ...bundle,
          settings: {
            ...bundle.settings,
            flags: { ...bundle.settings.flags, preventSingleSeatGaps: false },
          },
        }
      : bundle,
  );

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  ruleOff = await buildApp({ db, venues: withoutRule(venues), logger: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard');
});
afterAll(async () => {
  await ruleOff?.close();
  await app?.close();
  await db?.close();
});

const hold = (server: FastifyInstance, buyer: Buyer, seats: string[]) =>
  callApi(server, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats },
  });

async function statusOf(seatId: string): Promise<number> {
  const call = (url: string) => callApi(app, undefined, 'GET', url);
  const status = seatStatusSchema.parse(
    (await call(`/performances/${theatre.performanceId}/seats`)).json(),
  );
  const plan = seatingPlanSchema.parse((await call(`/plans/${status.planId}`)).json());
  return Number(status.status[plan.seats.id.indexOf(seatId)]);
}

describe('POST /holds and the single-seat rule', () => {
  it('refuses seats that leave one seat beside the row’s aisle, names it and holds nothing', async () => {
    const row = await rowOf('D');
    const response = await hold(app, await newBuyer(app), [row[1]!, row[2]!]);
    expect(response.statusCode).toBe(422);
    const body = seatsUnavailableSchema.parse(response.json());
    expect(body.code).toBe('seat_validation_failed');
    expect(body.seatIds).toEqual([row[0]]);
    expect(body.message).toBe(
      'These seats would leave Stalls row D seat 1 empty on its own: add it to your choice, or move your seats.',
    );
    // Nothing was held: the seats are free for the next buyer, who takes the row's end.
    expect(await statusOf(row[1]!)).toBe(SEAT_STATUS.available);
    const fixed = await hold(app, await newBuyer(app), [row[0]!, row[1]!, row[2]!]);
    expect(fixed.statusCode).toBe(201);
  });

  it('refuses a seat left between the choice and another buyer’s seats, and takes it added', async () => {
    const row = await rowOf('E');
    expect((await hold(app, await newBuyer(app), [row[4]!, row[5]!])).statusCode).toBe(201);
    const buyer = await newBuyer(app);
    // Seats 8 and 9 would leave seat 7 between them and the other buyer's seat 6.
    const refused = await hold(app, buyer, [row[7]!, row[8]!]);
    expect(refused.statusCode).toBe(422);
    expect(seatsUnavailableSchema.parse(refused.json()).seatIds).toEqual([row[6]]);
    const moved = await hold(app, buyer, [row[6]!, row[7]!]);
    expect(moved.statusCode).toBe(201);
    expect(holdResponseSchema.parse(moved.json()).hold.seats.map((seat) => seat.number)).toEqual([
      7, 8,
    ]);
  });

  it('counts the centre aisle, and names every seat a choice leaves alone', async () => {
    const row = await rowOf('H');
    // Seats 10 and 11: seat 12 is left beside the centre aisle. Seats 14 and 16: 13 sits between
    // the aisle and 14, and 15 between the two chosen seats.
    const response = await hold(app, await newBuyer(app), [row[9]!, row[10]!, row[13]!, row[15]!]);
    expect(response.statusCode).toBe(422);
    const body = seatsUnavailableSchema.parse(response.json());
    expect(body.seatIds).toEqual([row[11], row[12], row[14]]);
    expect(body.message).toBe(
      'These seats would leave Stalls row H seat 12, Stalls row H seat 13, Stalls row H seat 15 each empty on its own: add them to your choice, or move your seats.',
    );
  });

  it('lets a party take all but the last seat of a block when no placement could avoid it', async () => {
    const row = await rowOf('J');
    // Seats 1–9 taken: three free seats (10–12) are left before the centre aisle.
    const others = await newBuyer(app);
    expect((await hold(app, others, row.slice(0, 9))).statusCode).toBe(201);
    const pair = await hold(app, await newBuyer(app), [row[9]!, row[10]!]);
    expect(pair.statusCode).toBe(201);
  });

  it('holds the same seats when the venue turns the rule off', async () => {
    const row = await rowOf('K');
    const response = await hold(ruleOff, await newBuyer(ruleOff), [row[1]!, row[2]!]);
    expect(response.statusCode).toBe(201);
    expect(await statusOf(row[0]!)).toBe(SEAT_STATUS.available);
  });

  it('sends the aisles the plan marks with the plan', async () => {
    const status = seatStatusSchema.parse(
      (await callApi(app, undefined, 'GET', `/performances/${theatre.performanceId}/seats`)).json(),
    );
    const plan = seatingPlanSchema.parse(
      (await callApi(app, undefined, 'GET', `/plans/${status.planId}`)).json(),
    );
    const row = await rowOf('A');
    const aisles = row.map((id) => plan.seats.aisles?.[plan.seats.id.indexOf(id)]);
    expect(aisles[0]).toBe(SEAT_AISLE.before);
    expect(aisles[11]).toBe(SEAT_AISLE.after);
    expect(aisles[12]).toBe(SEAT_AISLE.before);
    expect(aisles[24]).toBe(SEAT_AISLE.after);
    expect(aisles.filter((bits) => bits !== 0)).toHaveLength(4);
  });
});
