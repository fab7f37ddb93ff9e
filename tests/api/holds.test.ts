import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import {
  HOLD_EXTENSION_MINUTES,
  HOLD_MAX_EXTENSIONS,
  SEAT_FLAGS,
  SEAT_STATUS,
  holdResponseSchema,
  seatStatusSchema,
  seatingPlanSchema,
  seatsUnavailableSchema,
} from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import { PLAN_CACHE_CONTROL } from '../../server/holds/routes';
import type { Database } from '../../server/db/database';
import { sweepExpiredHolds } from '../../server/holds/holds';
import { requestHash } from '../../server/http/idempotency';
import { promoDiscount } from '../../server/basket/pricing';
import {
  cleanPerformance,
  expireHold,
  presalePerformance,
  seatsInRow,
  type PerformanceFixture,
} from './race/fixtures';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer, type CallOptions } from './buyers';
import { DEMO, signInAs } from './memberSessions';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let rowF: string[];

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard');
  rowF = (await seatsInRow(db, theatre.planId, 'STALLS', 'F')).map((seat) => seat.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);
const call = (
  buyer: Buyer | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options?: CallOptions,
) => callApi(app, buyer, method, url, options);

const codeOf = (response: { json(): unknown }) =>
  seatsUnavailableSchema.parse(response.json()).code;

async function holdSeats(buyer: Buyer, seats: string[], key?: string) {
  return call(buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats },
    key,
  });
}

/** A performance's seat map as the SPA assembles it: the plan, and the status for this buyer. */
async function seatMapOf(buyer: Buyer | undefined, performanceId: string, region = 'uk') {
  const status = seatStatusSchema.parse(
    (await call(buyer, 'GET', `/performances/${performanceId}/seats`, { region })).json(),
  );
  const plan = seatingPlanSchema.parse(
    (await call(buyer, 'GET', `/plans/${status.planId}`, { region })).json(),
  );
  const statusOf = (seatId: string) => Number(status.status[plan.seats.id.indexOf(seatId)]);
  return { plan, status, statusOf };
}

describe('POST /holds (seats)', () => {
  it('holds the seats for the venue’s hold time and shows them as the buyer’s on the seat map', async () => {
    const buyer = await newBuyer();
    const before = Date.now();
    const response = await holdSeats(buyer, [rowF[0]!, rowF[1]!]);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { hold } = holdResponseSchema.parse(response.json());
    expect(hold.performanceId).toBe(theatre.performanceId);
    expect(hold.seats.map((s) => [s.section, s.row, s.number])).toEqual([
      ['STALLS', 'F', 1],
      ['STALLS', 'F', 2],
    ]);
    // Stalls row F is band A: £85 face value plus the Lumen's £2.50 booking fee, in pence —
    // the same all-in price whether the hold is new or read back.
    expect(hold.seats[0]!.priceBand).toBe('A');
    expect(hold.seats[0]!.price).toEqual({ amount: 8750, currency: 'GBP' });
    const readBack = holdResponseSchema.parse(
      (await call(buyer, 'GET', `/holds/${hold.id}`)).json(),
    ).hold;
    expect(readBack.seats.map((seat) => seat.price)).toEqual(hold.seats.map((seat) => seat.price));
    expect(hold.extensionsLeft).toBe(HOLD_MAX_EXTENSIONS);
    const minutes = (Date.parse(hold.expiresAt) - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);

    const mine = await seatMapOf(buyer, theatre.performanceId);
    const other = await seatMapOf(await newBuyer(), theatre.performanceId);
    expect(mine.statusOf(rowF[0]!)).toBe(SEAT_STATUS.heldByYou);
    expect(mine.statusOf(rowF[1]!)).toBe(SEAT_STATUS.heldByYou);
    expect(other.statusOf(rowF[0]!)).toBe(SEAT_STATUS.unavailable);
    expect(other.statusOf(rowF[5]!)).toBe(SEAT_STATUS.available);
    const anonymous = await seatMapOf(undefined, theatre.performanceId);
    expect(anonymous.statusOf(rowF[0]!)).toBe(SEAT_STATUS.unavailable);
  });

  it('holds nothing and names the taken seats when one is held by someone else', async () => {
    const first = await newBuyer();
    const second = await newBuyer();
    // Seats 6–8, clear of the centre aisle after 12: seat 11 alone would strand 12 beside it.
    expect((await holdSeats(first, [rowF[6]!])).statusCode).toBe(201);
    const response = await holdSeats(second, [rowF[5]!, rowF[6]!, rowF[7]!]);
    expect(response.statusCode).toBe(409);
    const body = seatsUnavailableSchema.parse(response.json());
    expect(body.code).toBe('seats_unavailable');
    expect(body.seatIds).toEqual([rowF[6]]);
    // All or nothing: the two free seats of the request are still free.
    expect((await holdSeats(await newBuyer(), [rowF[5]!, rowF[7]!])).statusCode).toBe(201);
  });

  it('refuses more seats than the venue’s selection limit (10) across the buyer’s holds', async () => {
    const buyer = await newBuyer();
    const rowG = (await seatsInRow(db, theatre.planId, 'STALLS', 'G')).map((s) => s.id);
    const eleven = await holdSeats(buyer, rowG.slice(0, 11));
    expect(eleven.statusCode).toBe(422);
    expect(codeOf(eleven)).toBe('seat_limit_exceeded');
    expect((await holdSeats(buyer, rowG.slice(0, 8))).statusCode).toBe(201);
    const more = await holdSeats(buyer, rowG.slice(8, 11));
    expect(codeOf(more)).toBe('seat_limit_exceeded');
  });

  it('requires the session cookie and the CSRF token', async () => {
    const buyer = await newBuyer();
    const body = { performanceId: theatre.performanceId, seats: [rowF[20]!] };
    const noCsrf = await call(buyer, 'POST', '/holds', { body, csrf: null });
    expect(noCsrf.statusCode).toBe(403);
    expect(codeOf(noCsrf)).toBe('csrf_failed');
    const wrongCsrf = await call(buyer, 'POST', '/holds', { body, csrf: 'x'.repeat(43) });
    expect(codeOf(wrongCsrf)).toBe('csrf_failed');
    const anonymous = await call(undefined, 'POST', '/holds', { body });
    expect(anonymous.statusCode).toBe(401);
    expect(codeOf(anonymous)).toBe('unauthorised');
    const { rows } = await db.query(
      'SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = $2',
      [theatre.performanceId, rowF[20]],
    );
    expect(rows).toHaveLength(0);
  });

  it('refuses bad input with 400 and a performance of another region with 404', async () => {
    const buyer = await newBuyer();
    const post = (body: unknown, key?: string | null) =>
      call(buyer, 'POST', '/holds', { body, key });
    const valid = { performanceId: theatre.performanceId, seats: [rowF[21]!] };
    for (const body of [
      { ...valid, price: 1 },
      { performanceId: 'nope', seats: [rowF[21]] },
      { performanceId: theatre.performanceId, seats: [] },
      { performanceId: theatre.performanceId, seats: [rowF[21], rowF[21]] },
      { performanceId: theatre.performanceId, seats: ['00000000-0000-0000-0000-000000000000'] },
      { performanceId: theatre.performanceId, admissions: [{ area: 'FLOOR', quantity: 1 }] },
    ]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(response)).toBe('validation_failed');
    }
    const noKey = await post(valid, null);
    expect(noKey.statusCode).toBe(400);
    expect(apiErrorSchema.parse(noKey.json()).fields).toEqual(['headers.idempotency-key']);

    const hudson = await cleanPerformance(db, 'hudson-stage', 'the-glass-orchard');
    const elsewhere = await post({ performanceId: hudson.performanceId, seats: [rowF[21]!] });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await call(buyer, 'GET', `/performances/${hudson.performanceId}/seats`)).statusCode,
    ).toBe(404);
  });
});

describe('idempotency', () => {
  it('keeps keys a session could still replay and purges day-old ones in the sweep', async () => {
    const buyer = await newBuyer();
    const fresh = newKey();
    const old = newKey();
    expect((await holdSeats(buyer, [rowF[20]!], fresh)).statusCode).toBe(201);
    expect((await holdSeats(buyer, [rowF[21]!], old)).statusCode).toBe(201);
    await db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1`,
      [old],
    );
    await sweepExpiredHolds(db, 'uk');
    const { rows } = await db.query<{ key: string }>(
      'SELECT key FROM idempotency_keys WHERE key = ANY($1)',
      [[fresh, old]],
    );
    expect(rows.map((row) => row.key)).toEqual([fresh]);
  });

  it('replays the first answer, refuses a changed payload and a duplicate in flight', async () => {
    const buyer = await newBuyer();
    const key = newKey();
    const first = await holdSeats(buyer, [rowF[14]!], key);
    const replay = await holdSeats(buyer, [rowF[14]!], key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const { rows } = await db.query('SELECT 1 FROM holds WHERE id = $1', [
      holdResponseSchema.parse(first.json()).hold.id,
    ]);
    expect(rows).toHaveLength(1);

    const changed = await holdSeats(buyer, [rowF[15]!], key);
    expect(changed.statusCode).toBe(422);
    expect(codeOf(changed)).toBe('idempotency_mismatch');

    // Another buyer's key of the same value is theirs alone.
    expect((await holdSeats(await newBuyer(), [rowF[15]!], key)).statusCode).toBe(201);

    const inFlightKey = newKey();
    const { rows: session } = await db.query<{ id: string }>(
      `SELECT h.session_id AS id FROM holds h WHERE h.id = $1`,
      [holdResponseSchema.parse(first.json()).hold.id],
    );
    await db.query(
      `INSERT INTO idempotency_keys (session_id, key, request_hash, state) VALUES ($1, $2, $3, 'in_flight')`,
      [
        session[0]!.id,
        inFlightKey,
        requestHash('POST /holds', { performanceId: theatre.performanceId, seats: [rowF[16]] }),
      ],
    );
    const duplicate = await holdSeats(buyer, [rowF[16]!], inFlightKey);
    expect(duplicate.statusCode).toBe(409);
    expect(codeOf(duplicate)).toBe('idempotency_in_flight');

    // A key left in flight by a process that died (its work rolled back) may run again later.
    await db.query(
      `UPDATE idempotency_keys SET locked_at = now() - interval '2 minutes' WHERE key = $1`,
      [inFlightKey],
    );
    expect((await holdSeats(buyer, [rowF[16]!], inFlightKey)).statusCode).toBe(201);
  });

  it('replays a refusal too, even after the seat has come free', async () => {
    const holder = await newBuyer();
    const buyer = await newBuyer();
    const held = holdResponseSchema.parse((await holdSeats(holder, [rowF[17]!])).json()).hold;
    const key = newKey();
    expect((await holdSeats(buyer, [rowF[17]!], key)).statusCode).toBe(409);
    expect((await call(holder, 'DELETE', `/holds/${held.id}`)).statusCode).toBe(204);
    expect((await holdSeats(buyer, [rowF[17]!], key)).statusCode).toBe(409);
    expect((await holdSeats(buyer, [rowF[17]!])).statusCode).toBe(201);
  });
});

describe('GET, extend and DELETE /holds/:id', () => {
  it('extends ten times by five minutes each, then refuses', async () => {
    const buyer = await newBuyer();
    let hold = holdResponseSchema.parse((await holdSeats(buyer, [rowF[22]!])).json()).hold;
    for (let n = 1; n <= HOLD_MAX_EXTENSIONS; n += 1) {
      const response = await call(buyer, 'POST', `/holds/${hold.id}/extend`);
      expect(response.statusCode).toBe(200);
      const next = holdResponseSchema.parse(response.json()).hold;
      expect(Date.parse(next.expiresAt) - Date.parse(hold.expiresAt)).toBe(
        HOLD_EXTENSION_MINUTES * 60_000,
      );
      expect(next.extensionsLeft).toBe(HOLD_MAX_EXTENSIONS - n);
      hold = next;
    }
    const refused = await call(buyer, 'POST', `/holds/${hold.id}/extend`);
    expect(refused.statusCode).toBe(422);
    expect(codeOf(refused)).toBe('hold_extension_limit');
    const read = holdResponseSchema.parse((await call(buyer, 'GET', `/holds/${hold.id}`)).json());
    expect(read.hold.expiresAt).toBe(hold.expiresAt);
  });

  it('answers 410 for an expired hold, whether read or extended', async () => {
    const buyer = await newBuyer();
    const hold = holdResponseSchema.parse((await holdSeats(buyer, [rowF[23]!])).json()).hold;
    await expireHold(db, hold.id);
    for (const response of [
      await call(buyer, 'GET', `/holds/${hold.id}`),
      await call(buyer, 'POST', `/holds/${hold.id}/extend`),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(codeOf(response)).toBe('hold_expired');
    }
    const map = await seatMapOf(buyer, theatre.performanceId);
    expect(map.statusOf(rowF[23]!)).toBe(SEAT_STATUS.available);
  });

  it('hides another buyer’s hold (404) and releases one’s own', async () => {
    const owner = await newBuyer();
    const stranger = await newBuyer();
    const hold = holdResponseSchema.parse((await holdSeats(owner, [rowF[24]!])).json()).hold;
    for (const response of [
      await call(stranger, 'GET', `/holds/${hold.id}`),
      await call(stranger, 'POST', `/holds/${hold.id}/extend`),
      await call(stranger, 'DELETE', `/holds/${hold.id}`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe('not_found');
    }
    expect((await call(owner, 'DELETE', `/holds/${hold.id}`, { csrf: null })).statusCode).toBe(403);
    expect((await call(owner, 'DELETE', `/holds/${hold.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/holds/${hold.id}`)).statusCode).toBe(404);
    expect((await holdSeats(stranger, [rowF[24]!])).statusCode).toBe(201);
  });
});

describe('POST /holds/best-available', () => {
  it("carries the show's offers with the seat status", async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon');
    const { status } = await seatMapOf(await newBuyer(), fixture.performanceId);
    expect(status.offers.map((offer) => offer.type)).toEqual([
      'package',
      'wheelchair',
      'accessZone',
      'amex',
    ]);
    expect(status.offers[0]!.extraAmount).toBe(3500);
    expect(status.offers[3]!.extraAmount).toBeNull();
  });

  it('marks each seat with exactly its own flags on the plan', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon');
    const { plan } = await seatMapOf(await newBuyer(), fixture.performanceId);
    const flagsOf = (section: string, row: string, number: number) => {
      const sectionIndex = plan.sections.findIndex((s) => s.code === section);
      const i = plan.seats.id.findIndex(
        (_, k) =>
          plan.seats.section[k] === sectionIndex &&
          plan.seats.row[k] === row &&
          plan.seats.number[k] === number,
      );
      return plan.seats.flags[i];
    };
    // The seed's theatre: wheelchair T5 beside companion T6, access zone S3, restricted R1, amex Dress B9.
    expect(flagsOf('STALLS', 'T', 5)).toBe(SEAT_FLAGS.wheelchair);
    expect(flagsOf('STALLS', 'T', 6)).toBe(SEAT_FLAGS.companion);
    expect(flagsOf('STALLS', 'S', 3)).toBe(SEAT_FLAGS.accessZone);
    expect(flagsOf('STALLS', 'R', 1)).toBe(SEAT_FLAGS.restrictedView);
    expect(flagsOf('DRESS', 'B', 9)).toBe(SEAT_FLAGS.amex);
    expect(flagsOf('STALLS', 'A', 13)).toBe(0);
  });

  it('holds N seats together in one row, front and centre, away from access seats', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon');
    const buyer = await newBuyer();
    const response = await call(buyer, 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 4, priceBand: 'A' },
    });
    expect(response.statusCode).toBe(201);
    const { hold } = holdResponseSchema.parse(response.json());
    // Band A starts at Stalls row C; the centre of a 25-seat row is seat 13, and the centre
    // aisle runs between 12 and 13 (issue 24): four together start at the aisle, not across it.
    expect(hold.seats.map((s) => `${s.section} ${s.row}${s.number}`)).toEqual([
      'STALLS C13',
      'STALLS C14',
      'STALLS C15',
      'STALLS C16',
    ]);
    const accessible = await call(buyer, 'POST', '/holds/best-available', {
      body: {
        performanceId: fixture.performanceId,
        quantity: 2,
        section: 'STALLS',
        accessible: false,
      },
    });
    const { plan } = await seatMapOf(buyer, fixture.performanceId);
    for (const seat of holdResponseSchema.parse(accessible.json()).hold.seats) {
      expect(plan.seats.id).toContain(seat.id);
      const flags = plan.seats.flags[plan.seats.id.indexOf(seat.id)]!;
      expect(flags & (SEAT_FLAGS.wheelchair | SEAT_FLAGS.companion | SEAT_FLAGS.accessZone)).toBe(
        0,
      );
    }
    const tooMany = await call(buyer, 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 5 },
    });
    expect(codeOf(tooMany)).toBe('seat_limit_exceeded');
    const unknownBand = await call(await newBuyer(), 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 2, priceBand: 'Z' },
    });
    expect(unknownBand.statusCode).toBe(409);
    expect(codeOf(unknownBand)).toBe('seats_unavailable');
  });
  it('gives access seating, and only access seating, to an Access member who asks for it', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon');
    // Issue 14: access seating is an Access member's benefit; a guest is asked to join.
    const guest = await call(await newBuyer(), 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 2, accessible: true },
    });
    expect(guest.statusCode).toBe(403);
    expect(codeOf(guest)).toBe('access_membership_required');
    const buyer = await signInAs(app, await newBuyer(), DEMO.access);
    const response = await call(buyer, 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 2, accessible: true },
    });
    expect(response.statusCode).toBe(201);
    const { plan } = await seatMapOf(buyer, fixture.performanceId);
    const access = SEAT_FLAGS.wheelchair | SEAT_FLAGS.companion | SEAT_FLAGS.accessZone;
    const seats = holdResponseSchema.parse(response.json()).hold.seats;
    expect(seats).toHaveLength(2);
    for (const seat of seats) {
      const index = plan.seats.id.indexOf(seat.id);
      expect(index, `${seat.id} is a seat of the plan`).toBeGreaterThanOrEqual(0);
      expect(
        plan.seats.flags[index]! & access,
        `${seat.section} ${seat.row}${seat.number}`,
      ).not.toBe(0);
    }
  });
});

describe('general admission holds', () => {
  it('takes places from the area, gives them back on release and refuses past capacity', async () => {
    const gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands');
    const buyer = await newBuyer();
    const hold = (quantity: number, who = buyer) =>
      app.inject({
        method: 'POST',
        url: '/api/us-east/holds',
        headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'idempotency-key': newKey() },
        payload: { performanceId: gig.performanceId, admissions: [{ area: 'BALCONY', quantity }] },
      });
    const remaining = async () => {
      const map = await seatMapOf(undefined, gig.performanceId, 'us-east');
      expect(map.status.seating).toBe('general-admission');
      expect(map.plan.seats.id).toEqual([]);
      expect(map.status.status).toBe('');
      return map.status.areas.find((area) => area.code === 'BALCONY')!.remaining;
    };
    expect(await remaining()).toBe(400);
    const response = await hold(3);
    expect(response.statusCode).toBe(201);
    const held = holdResponseSchema.parse(response.json()).hold;
    // Balcony's one option: $55 face value plus Motor City's $6 booking fee.
    expect(held.admissions).toEqual([
      {
        area: 'BALCONY',
        priceOption: 'BALCONY',
        quantity: 3,
        price: { amount: 6100, currency: 'USD' },
      },
    ]);
    expect(await remaining()).toBe(397);

    await db.query(
      `UPDATE admission_capacities SET sold = capacity - 2 WHERE performance_id = $1 AND area_code = 'BALCONY'`,
      [gig.performanceId],
    );
    const over = await hold(3, await newBuyer());
    expect(over.statusCode).toBe(409);
    expect(codeOf(over)).toBe('admissions_unavailable');
    expect(await remaining()).toBe(2);

    const release = await app.inject({
      method: 'DELETE',
      url: `/api/us-east/holds/${held.id}`,
      headers: { cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
    });
    expect(release.statusCode).toBe(204);
    expect(await remaining()).toBe(5);

    // An expired hold gives its places back as soon as it is read, before any sweep runs.
    const late = holdResponseSchema.parse((await hold(4)).json()).hold;
    expect(await remaining()).toBe(1);
    await expireHold(db, late.id);
    const read = await app.inject({
      url: `/api/us-east/holds/${late.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(read.statusCode).toBe(410);
    expect(await remaining()).toBe(5);
  });
});

describe('seat maps: the plan and the status of a performance', () => {
  it('lists the same seats in the same plan order in both, and marks each buyer’s own', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 3);
    const [dressA] = await seatsInRow(db, fixture.planId, 'DRESS', 'A');
    const upperN = await seatsInRow(db, fixture.planId, 'UPPER', 'N');
    // Dress Circle A1 is a wheelchair space: since issue 14 only an Access member holds one.
    const buyer = await signInAs(app, await newBuyer(), DEMO.access);
    const other = await newBuyer();
    const mine = [dressA!.id, upperN.at(-1)!.id];
    const theirs = [rowF[12]!];
    for (const [who, seats] of [
      [buyer, mine],
      [other, theirs],
    ] as const) {
      const response = await call(who, 'POST', '/holds', {
        body: { performanceId: fixture.performanceId, seats },
      });
      expect(response.statusCode).toBe(201);
    }

    const { plan, status } = await seatMapOf(buyer, fixture.performanceId);
    expect(plan.id).toBe(status.planId);
    expect(plan.seats.id).toHaveLength(1200);
    expect(status.status).toHaveLength(plan.seats.id.length);
    for (const column of Object.values(plan.seats)) expect(column).toHaveLength(1200);
    // Plan order: section order, then row (shorter labels first), then seat number.
    const key = (i: number) => {
      const row = plan.seats.row[i]!;
      return [plan.seats.section[i]!, row.length, row, plan.seats.number[i]!] as const;
    };
    for (let i = 1; i < plan.seats.id.length; i += 1) {
      const [a, b] = [key(i - 1), key(i)];
      const ordered =
        a[0] < b[0] ||
        (a[0] === b[0] &&
          (a[1] < b[1] || (a[1] === b[1] && (a[2] < b[2] || (a[2] === b[2] && a[3] < b[3])))));
      expect(ordered, `seat ${i} of the plan`).toBe(true);
    }
    expect(plan.sections.map((section) => section.code)).toEqual(['STALLS', 'DRESS', 'UPPER']);
    // Exactly the held seats are marked, each at its own plan position.
    const marked = new Map(
      [...status.status].flatMap((c, i) => (c === '0' ? [] : [[plan.seats.id[i]!, c]])),
    );
    expect(marked).toEqual(
      new Map([...mine.map((id) => [id, '1'] as const), ...theirs.map((id) => [id, '2'] as const)]),
    );
    // The Lumen prices its bands A–D and R; band A is £85 + £2.50 all in.
    expect(plan.bands.map((band) => band.code)).toEqual(['A', 'B', 'C', 'D', 'R']);
    expect(status.prices.find((price) => price.band === 'A')!.price).toBe(8750);
    expect(status.priceOptions.find((option) => option.code === 'A')).toEqual({
      code: 'A',
      name: 'Band A',
      band: 'A',
      area: null,
      price: 8750,
      // The Lumen shows face values (shouldShowFaceValue): £85 of the £87.50.
      faceValue: 8500,
    });
    expect(status.seatSelectionLimit).toBe(10);
    expect(status.currency).toBe('GBP');
  });

  it('lets browsers and CDNs keep the plan (ETag, 304, gzip) but never the status', async () => {
    const { status } = await seatMapOf(undefined, theatre.performanceId);
    const url = `/plans/${status.planId}`;
    const first = await call(undefined, 'GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PLAN_CACHE_CONTROL);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await call(undefined, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PLAN_CACHE_CONTROL);
    const stale = await call(undefined, 'GET', url, { headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);

    const zipped = await call(undefined, 'GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).not.toBe(etag);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(first.json());

    const live = await call(undefined, 'GET', `/performances/${theatre.performanceId}/seats`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(live.headers['cache-control']).toBe('no-store');
    expect(live.headers['content-encoding']).toBe('gzip');
    expect(live.headers.etag).toBeUndefined();
    expect(seatStatusSchema.parse(JSON.parse(gunzipSync(live.rawPayload).toString()))).toEqual(
      status,
    );
  });

  it('hides another region’s plan and performance (404, not cached)', async () => {
    const hudson = await cleanPerformance(db, 'hudson-stage', 'the-glass-orchard');
    const { status } = await seatMapOf(undefined, hudson.performanceId, 'us-east');
    for (const url of [`/plans/${status.planId}`, `/performances/${hudson.performanceId}/seats`]) {
      const response = await call(undefined, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe('not_found');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const unknown = await call(undefined, 'GET', `/plans/${hudson.performanceId}`);
    expect(unknown.statusCode).toBe(404);
    const bad = await call(undefined, 'GET', `/performances/${theatre.performanceId}/seats?x=1`);
    expect(bad.statusCode).toBe(400);
  });

  it('carries the performance notice a buyer must acknowledge', async () => {
    const { rows } = await db.query<{ id: string; notice: string }>(
      `SELECT upper(p.id::text) AS id, p.notice FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'lumen-theatre' AND p.notice IS NOT NULL`,
    );
    const { status } = await seatMapOf(undefined, rows[0]!.id);
    expect(status.performanceNotice).toBe(rows[0]!.notice);
    expect(status.admissionSectionMessage).toBeNull();
  });
});

describe('promo and presale codes', () => {
  it('takes a promo code’s percentage off the face value, never off the booking fee', async () => {
    const buyer = await newBuyer();
    const response = await call(buyer, 'POST', '/holds', {
      body: { performanceId: theatre.performanceId, seats: [rowF[2]!], promoCode: 'orchard10' },
    });
    expect(response.statusCode).toBe(201);
    const { hold } = holdResponseSchema.parse(response.json());
    // Band A: £85 less 10 % (£8.50) plus the £2.50 fee in full.
    expect(hold.seats[0]!.price).toEqual({ amount: 7900, currency: 'GBP' });
    const read = holdResponseSchema.parse((await call(buyer, 'GET', `/holds/${hold.id}`)).json());
    expect(read.hold.seats[0]!.price.amount).toBe(7900);
    const { rows } = await db.query<{ code: string }>(
      'SELECT promo_code AS code FROM holds WHERE id = $1',
      [hold.id],
    );
    expect(rows[0]!.code).toBe('ORCHARD10');

    const discounted = seatStatusSchema.parse(
      (
        await call(buyer, 'GET', `/performances/${theatre.performanceId}/seats?promoCode=ORCHARD10`)
      ).json(),
    );
    expect(discounted.prices.find((price) => price.band === 'A')!.price).toBe(7900);
    // Band R: £18 less £1.80 plus £2.50.
    expect(discounted.priceOptions.find((option) => option.code === 'R')!.price).toBe(1870);
  });

  it('rounds the discount half up in minor units, by the same rule as the calendar', async () => {
    const faces = [0, 1, 5, 99, 1805, 1810, 3333, 8500, 18900];
    const percents = [0, 5, 10, 15, 20, 33, 50, 100];
    const { rows } = await db.query<{ face: number; percent: number; price: number }>(
      `SELECT f AS face, pct AS percent, ticket_all_in_price(f, 250, pct) AS price
       FROM unnest($1::int[]) AS f CROSS JOIN unnest($2::int[]) AS pct`,
      [faces, percents],
    );
    expect(rows).toHaveLength(faces.length * percents.length);
    for (const { face, percent, price } of rows) {
      const rule = {
        code: 'X',
        kind: 'promo' as const,
        discountPercent: percent,
        singleUse: false,
      };
      expect(price, `${percent}% off ${face}`).toBe(face - promoDiscount(face, rule) + 250);
    }
    // 15 % of 1810 is 271.5: the buyer gets the half.
    expect(rows.find((row) => row.face === 1810 && row.percent === 15)!.price).toBe(1788);
  });

  it('refuses an unknown, expired or other show’s code with its own code, holding nothing', async () => {
    const echoes = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon', 1);
    const [seat] = await seatsInRow(db, echoes.planId, 'STALLS', 'K');
    for (const [promoCode, code] of [
      ['NOPE-NOT-A-CODE', 'promo_invalid'],
      ['WINTER5', 'promo_expired'],
      ['ORCHARD10', 'promo_not_for_event'],
    ] as const) {
      const response = await call(await newBuyer(), 'POST', '/holds', {
        body: { performanceId: echoes.performanceId, seats: [seat!.id], promoCode },
      });
      expect(response.statusCode, promoCode).toBe(422);
      expect(codeOf(response)).toBe(code);
      expect(apiErrorSchema.parse(response.json()).fields).toEqual(['body.promoCode']);
    }
    // The seats still show for a code that has expired since it was applied, at full price.
    const status = await call(
      undefined,
      'GET',
      `/performances/${echoes.performanceId}/seats?promoCode=WINTER5`,
    );
    expect(status.statusCode).toBe(200);
    const plain = await call(undefined, 'GET', `/performances/${echoes.performanceId}/seats`);
    expect(seatStatusSchema.parse(status.json()).prices).toEqual(
      seatStatusSchema.parse(plain.json()).prices,
    );
    const { rows } = await db.query('SELECT 1 FROM holds WHERE performance_id = $1', [
      echoes.performanceId,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('holds a presale performance only with a presale code for it (403 presale_required)', async () => {
    const presale = await presalePerformance(db, 'lumen-theatre', 'the-glass-orchard');
    const [first, second] = await seatsInRow(db, presale.planId, 'STALLS', 'H');
    const hold = (body: object) =>
      call(buyer, 'POST', '/holds', {
        body: { performanceId: presale.performanceId, seats: [first!.id], ...body },
      });
    const buyer = await newBuyer();
    for (const body of [{}, { promoCode: 'ORCHARD10' }]) {
      const refused = await hold(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(codeOf(refused)).toBe('presale_required');
    }
    const bestAvailable = await call(buyer, 'POST', '/holds/best-available', {
      body: { performanceId: presale.performanceId, quantity: 2 },
    });
    expect(codeOf(bestAvailable)).toBe('presale_required');
    // Anyone may still look at the seats.
    expect((await seatMapOf(undefined, presale.performanceId)).statusOf(second!.id)).toBe(
      SEAT_STATUS.available,
    );

    const allowed = await hold({ promoCode: 'orchard-presale' });
    expect(allowed.statusCode).toBe(201);
    const { hold: held } = holdResponseSchema.parse(allowed.json());
    expect(held.seats[0]!.price.amount).toBe(8750);
    const { rows } = await db.query<{ code: string }>(
      'SELECT promo_code AS code FROM holds WHERE id = $1',
      [held.id],
    );
    expect(rows[0]!.code).toBe('ORCHARD-PRESALE');
  });

  it('keeps a members’ presale from guests, asking them to sign in (issue 14)', async () => {
    const presale = await presalePerformance(db, 'hudson-stage', 'the-glass-orchard');
    const [seat] = await seatsInRow(db, presale.planId, 'STALLS', 'H');
    const response = await call(await newBuyer(), 'POST', '/holds', {
      region: 'us-east',
      body: {
        performanceId: presale.performanceId,
        seats: [seat!.id],
        promoCode: 'ATGPLUS-PRESALE',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('presale_sign_in_required');
  });
});

describe('general admission price options', () => {
  it('holds places by price option (the area’s first by default) at their all-in prices', async () => {
    const gig = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 2);
    const buyer = await newBuyer();
    const hold = (admissions: object[]) =>
      call(buyer, 'POST', '/holds', {
        region: 'us-east',
        body: { performanceId: gig.performanceId, admissions },
      });
    const floorLeft = async () =>
      (await seatMapOf(undefined, gig.performanceId, 'us-east')).status.areas.find(
        (area) => area.code === 'FLOOR',
      )!.remaining;
    const before = await floorLeft();

    for (const admissions of [
      [{ area: 'FLOOR', priceOption: 'VIP', quantity: 1 }],
      [{ area: 'FLOOR', priceOption: 'BALCONY', quantity: 1 }],
      [
        { area: 'FLOOR', quantity: 1 },
        { area: 'FLOOR', priceOption: 'STANDING', quantity: 1 },
      ],
    ]) {
      const refused = await hold(admissions);
      expect(refused.statusCode, JSON.stringify(admissions)).toBe(400);
      expect(codeOf(refused)).toBe('validation_failed');
    }
    expect(await floorLeft()).toBe(before);

    const response = await hold([
      { area: 'FLOOR', priceOption: 'EARLY', quantity: 1 },
      { area: 'FLOOR', quantity: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const held = holdResponseSchema.parse(response.json()).hold;
    // Standing $45 and early entry $65, each with the $6 booking fee.
    expect(held.admissions).toEqual([
      {
        area: 'FLOOR',
        priceOption: 'STANDING',
        quantity: 2,
        price: { amount: 5100, currency: 'USD' },
      },
      {
        area: 'FLOOR',
        priceOption: 'EARLY',
        quantity: 1,
        price: { amount: 7100, currency: 'USD' },
      },
    ]);
    const read = holdResponseSchema.parse(
      (await call(buyer, 'GET', `/holds/${held.id}`, { region: 'us-east' })).json(),
    );
    expect(read.hold.admissions).toEqual(held.admissions);
    expect(await floorLeft()).toBe(before - 3);

    const { status } = await seatMapOf(undefined, gig.performanceId, 'us-east');
    expect(
      status.priceOptions.filter((option) => option.area === 'FLOOR').map((o) => [o.code, o.price]),
    ).toEqual([
      ['STANDING', 5100],
      ['EARLY', 7100],
    ]);

    const release = await call(buyer, 'DELETE', `/holds/${held.id}`, { region: 'us-east' });
    expect(release.statusCode).toBe(204);
    expect(await floorLeft()).toBe(before);
  });
});
