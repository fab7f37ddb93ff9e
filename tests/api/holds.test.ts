import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import {
  HOLD_EXTENSION_MINUTES,
  HOLD_MAX_EXTENSIONS,
  SEAT_FLAGS,
  SEAT_STATUS,
  holdResponseSchema,
  seatMapSchema,
  seatsUnavailableSchema,
} from '../../contract/api/holds';
import { sessionSchema } from '../../contract/api/session';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { requestHash } from '../../server/domain/holdsIdempotency';
import { cleanPerformance, expireHold, seatsInRow, type PerformanceFixture } from './race/fixtures';
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

interface Buyer {
  cookie: string;
  csrf: string;
}

async function newBuyer(): Promise<Buyer> {
  const response = await app.inject({ method: 'POST', url: '/services/session/sessions' });
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, csrf: sessionSchema.parse(response.json()).csrfToken };
}

let keys = 0;
const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

function call(
  buyer: Buyer | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { body?: unknown; key?: string | null; csrf?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (buyer) headers.cookie = buyer.cookie;
  const csrf = options.csrf === undefined ? buyer?.csrf : options.csrf;
  if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
  const key = options.key === undefined ? newKey() : options.key;
  if (key && method === 'POST') headers['idempotency-key'] = key;
  return app.inject({
    method,
    url: `/api/uk${url}`,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

const codeOf = (response: { json(): unknown }) =>
  seatsUnavailableSchema.parse(response.json()).code;

async function holdSeats(buyer: Buyer, seats: string[], key?: string) {
  return call(buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats },
    key,
  });
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

    const mine = seatMapSchema.parse(
      (await call(buyer, 'GET', `/performances/${theatre.performanceId}/seats`)).json(),
    );
    const other = seatMapSchema.parse(
      (await call(await newBuyer(), 'GET', `/performances/${theatre.performanceId}/seats`)).json(),
    );
    const at = mine.seats.id.indexOf(rowF[0]!);
    expect(mine.seats.status[at]).toBe(SEAT_STATUS.heldByYou);
    expect(other.seats.status[at]).toBe(SEAT_STATUS.unavailable);
    expect(other.seats.status[mine.seats.id.indexOf(rowF[5]!)]).toBe(SEAT_STATUS.available);
  });

  it('holds nothing and names the taken seats when one is held by someone else', async () => {
    const first = await newBuyer();
    const second = await newBuyer();
    expect((await holdSeats(first, [rowF[10]!])).statusCode).toBe(201);
    const response = await holdSeats(second, [rowF[9]!, rowF[10]!, rowF[11]!]);
    expect(response.statusCode).toBe(409);
    const body = seatsUnavailableSchema.parse(response.json());
    expect(body.code).toBe('seats_unavailable');
    expect(body.seatIds).toEqual([rowF[10]]);
    // All or nothing: the two free seats of the request are still free.
    expect((await holdSeats(await newBuyer(), [rowF[9]!, rowF[11]!])).statusCode).toBe(201);
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
    const map = seatMapSchema.parse(
      (await call(buyer, 'GET', `/performances/${theatre.performanceId}/seats`)).json(),
    );
    expect(map.seats.status[map.seats.id.indexOf(rowF[23]!)]).toBe(SEAT_STATUS.available);
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
  it('holds N seats together in one row, front and centre, away from access seats', async () => {
    const fixture = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon');
    const buyer = await newBuyer();
    const response = await call(buyer, 'POST', '/holds/best-available', {
      body: { performanceId: fixture.performanceId, quantity: 4, priceBand: 'A' },
    });
    expect(response.statusCode).toBe(201);
    const { hold } = holdResponseSchema.parse(response.json());
    // Band A starts at Stalls row C; the centre of a 25-seat row is seat 13.
    expect(hold.seats.map((s) => `${s.section} ${s.row}${s.number}`)).toEqual([
      'STALLS C11',
      'STALLS C12',
      'STALLS C13',
      'STALLS C14',
    ]);
    const accessible = await call(buyer, 'POST', '/holds/best-available', {
      body: {
        performanceId: fixture.performanceId,
        quantity: 2,
        section: 'STALLS',
        accessible: false,
      },
    });
    const map = seatMapSchema.parse(
      (await call(buyer, 'GET', `/performances/${fixture.performanceId}/seats`)).json(),
    );
    for (const seat of holdResponseSchema.parse(accessible.json()).hold.seats) {
      const flags = map.seats.flags[map.seats.id.indexOf(seat.id)]!;
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
      const map = seatMapSchema.parse(
        (await app.inject({ url: `/api/us-east/performances/${gig.performanceId}/seats` })).json(),
      );
      expect(map.seating).toBe('general-admission');
      expect(map.seats.id).toEqual([]);
      return map.areas.find((area) => area.code === 'BALCONY')!.remaining;
    };
    expect(await remaining()).toBe(400);
    const response = await hold(3);
    expect(response.statusCode).toBe(201);
    const held = holdResponseSchema.parse(response.json()).hold;
    expect(held.admissions).toEqual([{ area: 'BALCONY', quantity: 3 }]);
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
