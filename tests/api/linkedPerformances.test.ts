import { beforeAll, describe, expect, it } from 'vitest';
import { calendarResponseSchema } from '../../contract/api/calendar';
import { CALENDAR_QUERY_EXTENSIONS } from '../../contract/api/calendarQuery';
import {
  SEAT_STATUS,
  seatStatusSchema,
  seatingPlanSchema,
  seatsUnavailableSchema,
  holdResponseSchema,
} from '../../contract/api/holds';
import { accountOrdersResponseSchema } from '../../contract/api/members';
import { orderResponseSchema, verifyTicketResponseSchema } from '../../contract/api/orders';
import { DEMO, signInAs } from './memberSessions';
import { callApi, type Buyer } from './buyers';
import {
  app,
  basketOf,
  buy,
  collectDeviceData,
  continuePay,
  db,
  holdOf,
  newBuyer,
  orderOf,
  pay,
  saveDetails,
  startOrdersApp,
  tokenFor,
} from './orderFixtures';
import { cleanLinkedPair, expireHold, seatsInRow, type LinkedPairFixture } from './race/fixtures';

/**
 * Issue 24: a two-part show (The Salt Road at the Lumen) sells Part One and Part Two together,
 * the same seats in both. The buyer chooses Part One; whatever is held, sold, released or lost
 * happens in both parts at once.
 */
startOrdersApp();

let pair: LinkedPairFixture;
let evenings: LinkedPairFixture;
let rowH: string[];

beforeAll(async () => {
  pair = await cleanLinkedPair(db, 'lumen-theatre', 'the-salt-road', { sameDay: true });
  evenings = await cleanLinkedPair(db, 'lumen-theatre', 'the-salt-road', { sameDay: false });
  rowH = (await seatsInRow(db, pair.planId, 'STALLS', 'H')).map((seat) => seat.id);
});

/** Who has each seat of the pair: one row per part, by hold or sale. */
async function allocations(seatIds: string[], fixture = pair) {
  const { rows } = await db.query<{ part: number; seat: string; status: string; hold: string }>(
    `SELECT p.part, upper(a.seat_id::text) AS seat, a.status, upper(a.hold_id::text) AS hold
     FROM seat_allocations a JOIN performances p ON p.id = a.performance_id
     WHERE a.performance_id IN ($1, $2) AND a.seat_id = ANY($3::uuid[])
     ORDER BY p.part, a.seat_id`,
    [fixture.performanceId, fixture.partTwoId, seatIds],
  );
  return rows;
}

/** The seat map as the SPA assembles it for `performanceId`. */
async function seatMapOf(buyer: Buyer | undefined, performanceId: string) {
  const status = seatStatusSchema.parse(
    (await callApi(app, buyer, 'GET', `/performances/${performanceId}/seats`)).json(),
  );
  const plan = seatingPlanSchema.parse(
    (await callApi(app, buyer, 'GET', `/plans/${status.planId}`)).json(),
  );
  const statusOf = (seatId: string) => Number(status.status[plan.seats.id.indexOf(seatId)]);
  return { status, statusOf };
}

const sellInPartTwo = (seatIds: string[]) =>
  db.query(
    `INSERT INTO seat_allocations (performance_id, seat_id, status)
     SELECT $1, unnest($2::uuid[]), 'sold'`,
    [pair.partTwoId, seatIds],
  );

const holdPair = (buyer: Buyer, performanceId: string, seats: string[]) =>
  callApi(app, buyer, 'POST', '/holds', { body: { performanceId, seats } });

describe('linked performances: the demo', () => {
  it('seeds The Salt Road in linked pairs: same-day matinee and evening, and consecutive evenings', async () => {
    const { rows } = await db.query<{ partOne: string; partTwo: string; days: number }>(
      `SELECT to_char(p.starts_at AT TIME ZONE 'Europe/London', 'Dy HH24:MI') AS "partOne",
              to_char(lp.starts_at AT TIME ZONE 'Europe/London', 'Dy HH24:MI') AS "partTwo",
              (lp.starts_at AT TIME ZONE 'Europe/London')::date
                - (p.starts_at AT TIME ZONE 'Europe/London')::date AS days
       FROM performances p
       JOIN performances lp ON lp.id = p.linked_performance_id AND lp.linked_performance_id = p.id
       JOIN shows sh ON sh.id = p.show_id
       WHERE sh.title_slug = 'the-salt-road' AND p.part = 1 AND lp.part = 2`,
    );
    const kinds = new Set(rows.map((row) => `${row.partOne} → ${row.partTwo} (+${row.days})`));
    expect([...kinds].sort()).toEqual(['Sat 14:30 → Sat 19:30 (+0)', 'Wed 19:30 → Thu 19:30 (+1)']);
    const unlinked = await db.query(
      `SELECT 1 FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.title_slug = 'the-salt-road' AND p.linked_performance_id IS NULL`,
    );
    expect(unlinked.rows).toEqual([]);
  });
});

describe('linked performances: the seat map', () => {
  it('names both parts and shows a seat taken when it is sold in Part Two only', async () => {
    await sellInPartTwo([rowH[20]!]);
    const { status, statusOf } = await seatMapOf(await newBuyer(), pair.performanceId);
    expect(status.parts?.map((part) => [part.part, part.performanceId])).toEqual([
      [1, pair.performanceId],
      [2, pair.partTwoId],
    ]);
    expect(status.parts?.[0].startsAt).toBe(status.startsAt);
    expect(statusOf(rowH[20]!)).toBe(SEAT_STATUS.unavailable);
    expect(statusOf(rowH[21]!)).toBe(SEAT_STATUS.available);
  });
});

describe('linked performances: holds', () => {
  it('holds the same seats in both parts, as the buyer’s in both and taken for anyone else', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, {
      performanceId: pair.performanceId,
      seats: [rowH[0]!, rowH[1]!],
    });
    expect(hold.seats).toHaveLength(2);
    const rows = await allocations([rowH[0]!, rowH[1]!]);
    expect(rows.map((row) => [row.part, row.status, row.hold])).toEqual([
      [1, 'held', hold.id],
      [1, 'held', hold.id],
      [2, 'held', hold.id],
      [2, 'held', hold.id],
    ]);
    for (const performanceId of [pair.performanceId, pair.partTwoId]) {
      expect((await seatMapOf(buyer, performanceId)).statusOf(rowH[0]!)).toBe(
        SEAT_STATUS.heldByYou,
      );
      expect((await seatMapOf(await newBuyer(), performanceId)).statusOf(rowH[1]!)).toBe(
        SEAT_STATUS.unavailable,
      );
    }
  });

  it('holds nothing in either part when one seat is taken in Part Two, and names it', async () => {
    await sellInPartTwo([rowH[3]!]);
    const response = await holdPair(await newBuyer(), pair.performanceId, [rowH[2]!, rowH[3]!]);
    expect(response.statusCode).toBe(409);
    expect(seatsUnavailableSchema.parse(response.json()).seatIds).toEqual([rowH[3]]);
    expect(await allocations([rowH[2]!])).toEqual([]);
  });

  it('gives back both parts when the buyer releases the hold', async () => {
    const buyer = await newBuyer();
    // Seat 5, beside the seat sold in Part Two: the single-seat rule leaves no gap there.
    const hold = await holdOf(buyer, { performanceId: pair.performanceId, seats: [rowH[4]!] });
    const released = await callApi(app, buyer, 'DELETE', `/holds/${hold.id}`);
    expect(released.statusCode, released.body).toBe(204);
    expect(await allocations([rowH[4]!])).toEqual([]);
    expect((await seatMapOf(await newBuyer(), pair.partTwoId)).statusOf(rowH[4]!)).toBe(
      SEAT_STATUS.available,
    );
  });

  it('lets the next buyer take both parts of an expired hold, from either part', async () => {
    const first = await holdOf(await newBuyer(), {
      performanceId: pair.performanceId,
      seats: [rowH[7]!],
    });
    await expireHold(db, first.id);
    expect((await seatMapOf(await newBuyer(), pair.performanceId)).statusOf(rowH[7]!)).toBe(
      SEAT_STATUS.available,
    );
    const second = await holdOf(await newBuyer(), {
      performanceId: pair.partTwoId,
      seats: [rowH[7]!],
    });
    expect((await allocations([rowH[7]!])).map((row) => [row.part, row.hold])).toEqual([
      [1, second.id],
      [2, second.id],
    ]);
  });

  it('chooses best available seats that are free in both parts', async () => {
    const bestOf = async (buyer: Buyer) => {
      const response = await callApi(app, buyer, 'POST', '/holds/best-available', {
        body: { performanceId: evenings.performanceId, quantity: 2, priceBand: 'A' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return holdResponseSchema.parse(response.json()).hold;
    };
    const buyer = await newBuyer();
    const first = await bestOf(buyer);
    const firstSeats = first.seats.map((seat) => seat.id);
    expect((await callApi(app, buyer, 'DELETE', `/holds/${first.id}`)).statusCode).toBe(204);
    // Those seats sold in Part Two only: the chooser must look past them.
    await db.query(
      `INSERT INTO seat_allocations (performance_id, seat_id, status)
       SELECT $1, unnest($2::uuid[]), 'sold'`,
      [evenings.partTwoId, firstSeats],
    );
    const second = await bestOf(await newBuyer());
    const secondSeats = second.seats.map((seat) => seat.id);
    expect(secondSeats.some((id) => firstSeats.includes(id))).toBe(false);
    expect((await allocations(secondSeats, evenings)).map((row) => row.part)).toEqual([1, 1, 2, 2]);
  });
});

describe('linked performances: the calendar', () => {
  it('lists each pair once, by its Part One, with both parts on the venue’s clock', async () => {
    const { rows } = await db.query<{ month: string }>(
      `SELECT to_char(starts_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month
       FROM performances WHERE id = $1`,
      [evenings.performanceId],
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/uk/graphql',
      payload: {
        variables: {
          venueSlug: 'lumen-theatre',
          titleSlug: 'the-salt-road',
          month: rows[0]!.month,
        },
        extensions: CALENDAR_QUERY_EXTENSIONS,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { performances } = calendarResponseSchema.parse(response.json()).data.calendar;
    const ids = performances.map((performance) => performance.id);
    expect(ids).not.toContain(evenings.partTwoId);
    const choice = performances.find((performance) => performance.id === evenings.performanceId);
    expect(choice?.parts?.map((part) => part.id)).toEqual([
      evenings.performanceId,
      evenings.partTwoId,
    ]);
    // Consecutive evenings: Part Two is the next day, at 19:30 in London.
    const [one, two] = choice!.parts!;
    expect(one.localDate).toBe(choice!.localDate);
    expect(Date.parse(two.localDate) - Date.parse(one.localDate)).toBe(86_400_000);
    expect(two.localTime).toBe('19:30');
    expect(performances.every((performance) => performance.parts !== null)).toBe(true);
  });
});

describe('linked performances: paying', () => {
  it('sells the seats in both parts and names both parts on the basket, order, email and My account', async () => {
    const buyer = await signInAs(app, await newBuyer(), DEMO.plain);
    const hold = await holdOf(buyer, {
      performanceId: pair.performanceId,
      seats: [rowH[10]!, rowH[11]!],
    });
    await saveDetails(buyer, hold.id);
    const basket = await basketOf(buyer, hold.id);
    expect(basket.performance.parts?.map((part) => part.performanceId)).toEqual([
      pair.performanceId,
      pair.partTwoId,
    ]);
    const done = await buy(buyer, hold.id, basket);
    expect(
      (await allocations([rowH[10]!, rowH[11]!])).map((row) => [row.part, row.status]),
    ).toEqual([
      [1, 'sold'],
      [1, 'sold'],
      [2, 'sold'],
      [2, 'sold'],
    ]);
    const order = orderResponseSchema.parse((await orderOf(buyer, done.orderId)).json()).order;
    expect(order.show.parts?.map((part) => part.part)).toEqual([1, 2]);
    expect(order.show.parts?.[1].performanceId).toBe(pair.partTwoId);
    expect(order.tickets).toHaveLength(2);
    // The venue's door scanner at Part Two is told the ticket admits to both parts.
    const scanned = verifyTicketResponseSchema.parse(
      (
        await callApi(app, undefined, 'POST', '/tickets/verify', {
          body: { code: order.tickets[0]!.code },
        })
      ).json(),
    );
    expect(scanned.valid).toBe(true);
    expect(scanned.ticket?.parts?.map((part) => part.performanceId)).toEqual([
      pair.performanceId,
      pair.partTwoId,
    ]);
    const { rows } = await db.query<{ text: string }>(
      'SELECT text FROM email_outbox WHERE order_id = $1',
      [done.orderId],
    );
    expect(rows[0]!.text).toContain('Part One');
    expect(rows[0]!.text).toContain('Part Two');
    expect(rows[0]!.text).toContain('Each ticket is for both parts, in the same seat.');
    const listed = accountOrdersResponseSchema
      .parse(
        (
          await app.inject({
            method: 'GET',
            url: '/services/account-management/orders',
            headers: { cookie: buyer.cookie },
          })
        ).json(),
      )
      .orders.find((mine) => mine.orderId === done.orderId);
    expect(listed?.parts?.map((part) => part.startsAt)).toEqual(
      order.show.parts?.map((part) => part.startsAt),
    );
  });

  it('keeps both parts held together after a declined payment, and frees both at expiry', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, { performanceId: pair.performanceId, seats: [rowH[14]!] });
    await saveDetails(buyer, hold.id);
    const basket = await basketOf(buyer, hold.id);
    const started = await pay(buyer, hold.id, {
      cardToken: await tokenFor('visa', 'decline'),
      basketVersion: basket.version,
    });
    await collectDeviceData(started);
    const answer = await continuePay(buyer, started);
    expect(answer.outcome).toBe('declined');
    expect((await allocations([rowH[14]!])).map((row) => [row.part, row.hold])).toEqual([
      [1, hold.id],
      [2, hold.id],
    ]);
    await expireHold(db, hold.id);
    const next = await holdPair(await newBuyer(), pair.performanceId, [rowH[14]!]);
    expect(next.statusCode, next.body).toBe(201);
  });
});
