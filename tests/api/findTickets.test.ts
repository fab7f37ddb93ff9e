/**
 * Find my tickets (issue 25): a guest who lost the confirmation email gets it again by typing
 * the order's email address and number, and nobody learns from the answer which pairs match.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderView } from '../../contract/api/orders';
import { buildApp } from '../../server/app';
import { newBuyerAddress, type Buyer } from './buyers';
import { detailsBody } from './checkoutFixtures';
import { venues } from './testDatabase';
import { app, basketOf, buy, db, holdSeats, newBuyer, row, startOrdersApp } from './orderFixtures';

startOrdersApp();

const PATH = '/services/customer-accounts/find-tickets';

interface Asked {
  email: string;
  orderNumber: string;
}

function find(
  buyer: Buyer,
  body: unknown,
  options: { on?: FastifyInstance; from?: string; csrf?: string | null } = {},
) {
  const headers: Record<string, string> = { cookie: buyer.cookie };
  const csrf = options.csrf === undefined ? buyer.csrf : options.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  return (options.on ?? app).inject({
    method: 'POST',
    url: PATH,
    headers,
    payload: body as object,
    remoteAddress: options.from ?? newBuyerAddress(),
  });
}

/** A confirmed order whose buyer typed `email` at checkout. */
async function orderFor(email: string, seatIndex: number): Promise<OrderView> {
  const buyer = await newBuyer();
  const seats = await row('STALLS', 'P');
  const hold = await holdSeats(buyer, [seats[seatIndex]!]);
  const base = detailsBody();
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/uk/holds/${hold.id}/details`,
    headers: {
      cookie: buyer.cookie,
      'x-csrf-token': buyer.csrf,
      'idempotency-key': `d-${hold.id}`,
    },
    payload: { ...base, contact: { ...base.contact, email } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const answered = await app.inject({
    method: 'PUT',
    url: `/api/uk/holds/${hold.id}/basket`,
    headers: {
      cookie: buyer.cookie,
      'x-csrf-token': buyer.csrf,
      'idempotency-key': `b-${hold.id}`,
    },
    payload: { ticketProtection: 'no' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const confirmed = await buy(buyer, hold.id, await basketOf(buyer, hold.id));
  return confirmed.order!;
}

async function emailsOf(orderId: string) {
  const { rows } = await db.query<{
    kind: string;
    recipient: string;
    subject: string;
    html: string;
    text: string;
    venue: string | null;
  }>(
    `SELECT kind, recipient, subject, html, text, venue_slug AS venue FROM email_outbox
     WHERE order_id = $1 ORDER BY created_at, kind`,
    [orderId],
  );
  return rows;
}

const copiesOf = async (orderId: string) =>
  (await emailsOf(orderId)).filter((email) => email.kind === 'order_confirmation_copy');

/** What a stranger can compare between two answers. */
const visible = (response: Awaited<ReturnType<typeof find>>) => ({
  status: response.statusCode,
  body: response.body,
  headers: Object.keys(response.headers)
    .filter((name) => !['date', 'content-length'].includes(name))
    .sort()
    .map((name) => [name, name === 'set-cookie' ? 'cookie' : response.headers[name]]),
});

describe('Find my tickets', () => {
  let guest: Buyer;
  let first: OrderView;
  let second: OrderView;
  let third: OrderView;

  beforeAll(async () => {
    guest = await newBuyer();
    first = await orderFor('grace.hopper@example.com', 0);
    second = await orderFor('katherine@example.org', 1);
    third = await orderFor('mary@example.net', 2);
  });

  it('queues the confirmation again, word for word, for a right pair however it is typed', async () => {
    const answer = await find(guest, {
      email: '  Grace.Hopper@Example.COM ',
      orderNumber: ` ${first.number.toLowerCase().replace('-', ' ')} `,
    } satisfies Asked);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({});
    expect(answer.headers['cache-control']).toBe('no-store');

    await vi.waitFor(async () => expect(await copiesOf(first.id)).toHaveLength(1));
    const [confirmation, copy] = await emailsOf(first.id);
    expect(confirmation!.kind).toBe('order_confirmation');
    expect(copy).toEqual({ ...confirmation, kind: 'order_confirmation_copy' });
    expect(copy!.recipient).toBe('grace.hopper@example.com');
    expect(copy!.venue).toBe('lumen-theatre');
  });

  it('answers a wrong pair exactly as a right one, and queues nothing for it', async () => {
    const right = await find(guest, { email: 'katherine@example.org', orderNumber: second.number });
    const wrongs = [
      // The order's number with another address, and the order's address with another number.
      { email: 'eve@example.com', orderNumber: third.number },
      { email: 'mary@example.net', orderNumber: 'SD-22222222' },
      // Another order's address: a pair of real halves is still a wrong pair.
      { email: 'grace.hopper@example.com', orderNumber: third.number },
    ];
    for (const body of wrongs) {
      const wrong = await find(guest, body);
      expect(visible(wrong), JSON.stringify(body)).toEqual(visible(right));
    }
    await vi.waitFor(async () => expect(await copiesOf(second.id)).toHaveLength(1));
    // The third order's buyer asks last; theirs is the only copy it gets.
    await find(guest, { email: 'mary@example.net', orderNumber: third.number });
    await vi.waitFor(async () => expect(await copiesOf(third.id)).toHaveLength(1));
    expect(await copiesOf(first.id)).toHaveLength(1);
  });

  it('refuses malformed input with 400 naming the field, and needs a session and its CSRF token', async () => {
    const bad = await find(guest, {
      email: 'grace.hopper@example.com',
      orderNumber: 'SD-0000000O',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: ['body.orderNumber'] });
    const badEmail = await find(guest, { email: 'grace', orderNumber: first.number });
    expect(badEmail.json()).toMatchObject({ code: 'validation_failed', fields: ['body.email'] });
    const extra = await find(guest, {
      email: 'grace.hopper@example.com',
      orderNumber: first.number,
      id: 1,
    });
    expect(extra.statusCode).toBe(400);

    const forged = await find(
      guest,
      { email: 'a@example.com', orderNumber: first.number },
      { csrf: null },
    );
    expect(forged.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: PATH,
      payload: { email: 'a@example.com', orderNumber: first.number },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await copiesOf(first.id)).toHaveLength(1);
  });

  describe('throttled', () => {
    let limited: FastifyInstance;
    beforeAll(async () => {
      limited = await buildApp({
        db,
        venues,
        logger: false,
        findTickets: {
          perOrder: { max: 2, windowSeconds: 3600 },
          perEmail: { max: 2, windowSeconds: 3600 },
          perClient: { max: 3, windowSeconds: 900 },
        },
      });
      return () => limited.close();
    });

    it('per order: a right pair is refused like a wrong one once the order was asked about enough', async () => {
      const order = await orderFor('ada.per.order@example.com', 3);
      const ask = (email: string) =>
        find(guest, { email, orderNumber: order.number }, { on: limited });
      expect((await ask('ada.per.order@example.com')).statusCode).toBe(202);
      expect((await ask('someone@example.com')).statusCode).toBe(202);
      const right = await ask('ada.per.order@example.com');
      const wrong = await ask('another@example.com');
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(visible(wrong).body).toEqual(visible(right).body);
      expect(wrong.statusCode).toBe(429);
      await vi.waitFor(async () => expect(await copiesOf(order.id)).toHaveLength(1));
    });

    it('per email address, whatever the case, across orders', async () => {
      const ask = (email: string, orderNumber: string) =>
        find(guest, { email, orderNumber }, { on: limited });
      expect((await ask('bob@example.com', 'SD-33333333')).statusCode).toBe(202);
      expect((await ask('BOB@example.com', 'SD-44444444')).statusCode).toBe(202);
      expect((await ask('bob@EXAMPLE.com', 'SD-55555555')).statusCode).toBe(429);
      expect((await ask('carol@example.com', 'SD-55555555')).statusCode).toBe(202);
    });

    it('per client address, whatever it asks', async () => {
      const from = newBuyerAddress();
      const ask = (n: number) =>
        find(
          guest,
          { email: `c${n}@example.com`, orderNumber: `SD-6666666${n}` },
          { on: limited, from },
        );
      expect((await ask(2)).statusCode).toBe(202);
      expect((await ask(3)).statusCode).toBe(202);
      expect((await ask(4)).statusCode).toBe(202);
      const refused = await ask(5);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another address is not held up by this one.
      expect(
        (
          await find(
            guest,
            { email: 'c6@example.com', orderNumber: 'SD-66666666' },
            { on: limited },
          )
        ).statusCode,
      ).toBe(202);
    });
  });
});
