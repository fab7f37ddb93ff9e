/**
 * After the sale: reading an order, its signed tickets, the app handover, and the links the
 * server writes.
 */
import { verify } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appHandoverSchema,
  orderResponseSchema,
  payResponseSchema,
  ticketKeySchema,
  verifyTicketResponseSchema,
  type PayResponse,
} from '../../contract/api/orders';
import { buildApp } from '../../server/app';
import { buyerBrowser as browser } from './checkoutFixtures';
import { callApi, type Buyer } from './buyers';
import { venues } from './testDatabase';
import {
  app,
  buy,
  codeOf,
  collectDeviceData,
  db,
  expectNoCardDataLeft,
  listenOrigin,
  logLines,
  newBuyer,
  orderOf,
  readyToPay,
  row,
  startOrdersApp,
  tablesHolding,
  theatre,
  tokenFor,
} from './orderFixtures';

startOrdersApp();

describe('reading an order, its tickets and the app handover', () => {
  let owner: Buyer;
  let confirmed: PayResponse;

  beforeAll(async () => {
    owner = await newBuyer();
    const seats = await row('STALLS', 'N');
    const { hold, basket } = await readyToPay(owner, [seats[0]!, seats[1]!]);
    confirmed = await buy(owner, hold.id, basket);
  });

  it('shows the order to its owner with the key, to a link holder without it, to nobody else', async () => {
    const order = confirmed.order!;
    const mine = orderResponseSchema.parse((await orderOf(owner, order.id)).json()).order;
    // Issue 24: the owner's read adds the order's attribution (here only the venue's source id).
    expect(mine).toEqual({ ...order, attribution: { sourceId: 'LUMEN-LDN' } });
    expect(mine.accessKey).toMatch(/^[\w-]{43}$/);

    const stranger = await newBuyer();
    const linked = await orderOf(stranger, order.id, `?key=${order.accessKey}`);
    expect(linked.statusCode).toBe(200);
    expect(linked.headers['cache-control']).toBe('no-store');
    expect(orderResponseSchema.parse(linked.json()).order).toEqual({ ...order, accessKey: null });
    // With no session at all (the email's reader), the link works the same.
    expect((await orderOf(undefined, order.id, `?key=${order.accessKey}`)).statusCode).toBe(200);

    const wrongKey = `${order.accessKey!.slice(0, -1)}${order.accessKey!.endsWith('A') ? 'B' : 'A'}`;
    for (const response of [
      await orderOf(stranger, order.id),
      await orderOf(stranger, order.id, `?key=${wrongKey}`),
      await orderOf(undefined, order.id),
      await orderOf(owner, order.id, '', 'us-east'),
      await orderOf(undefined, order.id, `?key=${order.accessKey}`, 'us-east'),
      await orderOf(stranger, '00000000-0000-4000-8000-000000000000', `?key=${order.accessKey}`),
    ]) {
      expect([response.statusCode, codeOf(response)]).toEqual([404, 'not_found']);
    }
    const malformed = await orderOf(stranger, order.id, '?key=short');
    expect(malformed.statusCode).toBe(400);
    // The secret link's key is kept only hashed and sealed, never as itself: the one place it
    // is written out is the confirmation email, which must carry the link. No log line has it.
    expect(await tablesHolding(order.accessKey!)).toEqual(['email_outbox']);
    expect(logLines.join('\n')).not.toContain(order.accessKey);
  });

  it('signs each e-ticket: the venue’s scanner accepts a code once issued and refuses a forgery', async () => {
    const [ticket] = confirmed.order!.tickets;
    const check = async (code: unknown, region = 'uk') =>
      callApi(app, undefined, 'POST', '/tickets/verify', { body: { code }, region });

    const genuine = verifyTicketResponseSchema.parse((await check(ticket!.code)).json());
    expect(genuine).toEqual({
      valid: true,
      ticket: {
        id: ticket!.id,
        orderNumber: confirmed.order!.number,
        performanceId: theatre.performanceId,
        label: 'Stalls, Row N, Seat 1',
      },
    });
    const [prefix, payload, signature] = ticket!.code!.split('.') as [string, string, string];
    const bytes = Buffer.from(payload, 'base64url');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    for (const forged of [
      `${prefix}.${bytes.toString('base64url')}.${signature}`,
      'SD1.garbage.garbage',
      'not a ticket',
    ]) {
      const response = await check(forged);
      expect(response.statusCode).toBe(200);
      expect(verifyTicketResponseSchema.parse(response.json())).toEqual({
        valid: false,
        ticket: null,
      });
    }
    // Another region's scanners do not admit to this venue.
    expect(
      verifyTicketResponseSchema.parse((await check(ticket!.code, 'us-east')).json()).valid,
    ).toBe(false);
    // A NUL is refused at the edge with every other text field's (issue 11).
    for (const body of [{ code: 42 }, { code: 'x'.repeat(1001) }, { code: '\u0000' }, {}]) {
      const response = await callApi(app, undefined, 'POST', '/tickets/verify', { body });
      expect(response.statusCode).toBe(400);
    }

    // Offline, with the published key.
    const key = ticketKeySchema.parse(
      (await callApi(app, undefined, 'GET', '/tickets/public-key')).json(),
    );
    const signed = Buffer.concat([Buffer.from('SD1.'), Buffer.from(payload, 'base64url')]);
    expect(verify(null, signed, key.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('signs with the key a restarted server or another instance uses too', async () => {
    const second = await buildApp({ db, venues, logger: false });
    try {
      const response = await second.inject({
        method: 'POST',
        url: '/api/uk/tickets/verify',
        payload: { code: confirmed.order!.tickets[1]!.code },
      });
      expect(verifyTicketResponseSchema.parse(response.json()).valid).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('hands the order to the app once, with a token that works once', async () => {
    const url = `/orders/${confirmed.orderId}/app-handover`;
    const stranger = await newBuyer();
    const refused = await callApi(app, stranger, 'POST', url);
    expect([refused.statusCode, codeOf(refused)]).toEqual([404, 'not_found']);
    const noCsrf = await callApi(app, owner, 'POST', url, { csrf: null });
    expect(noCsrf.statusCode).toBe(403);

    const response = await callApi(app, owner, 'POST', url);
    expect(response.statusCode).toBe(201);
    const handover = appHandoverSchema.parse(response.json());
    const token = new URL(handover.deepLink).searchParams.get('token')!;
    expect(handover.deepLink).toBe(`stagedoor://tickets?token=${token}`);
    expect(handover.webLink).toMatch(new RegExp(`^https?://[^/]+/app/tickets\\?token=${token}$`));
    expect(Date.parse(handover.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const redeem = (region = 'uk') =>
      callApi(app, undefined, 'POST', '/app/handover/redeem', { body: { token }, region });
    expect((await redeem('us-east')).statusCode).toBe(404);
    const first = await redeem();
    expect(first.statusCode).toBe(200);
    expect(orderResponseSchema.parse(first.json()).order).toEqual(confirmed.order);
    const second = await redeem();
    expect([second.statusCode, codeOf(second)]).toEqual([404, 'not_found']);
    // Only the token's hash is kept.
    const { rows } = await db.query(
      'SELECT 1 FROM app_handover_tokens t WHERE strpos(t::text, $1) > 0',
      [token],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('links the server writes', () => {
  it('point at the configured origin, never at the Host header, and name the venue', async () => {
    const buyer = await newBuyer();
    const { hold, basket } = await readyToPay(buyer, [(await row('STALLS', 'Q'))[16]!]);
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const paid = await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
      headers: forged,
      body: {
        basketVersion: basket.version,
        cardToken: await tokenFor('visa', 'approve'),
        browser,
      },
    });
    const started = payResponseSchema.parse(paid.json());
    await collectDeviceData(started);
    const continued = await callApi(
      app,
      buyer,
      'POST',
      `/orders/${started.orderId}/payments/${started.paymentId}/continue`,
      { headers: forged },
    );
    const order = payResponseSchema.parse(continued.json()).order!;
    const { rows } = await db.query<{ text: string; html: string }>(
      'SELECT text, html FROM email_outbox WHERE order_id = $1',
      [order.id],
    );
    const link = `${listenOrigin}/checkout/confirmation?order=${order.id}&venue=lumen-theatre&key=${order.accessKey}`;
    expect(rows[0]!.text).toContain(link);
    expect(rows[0]!.text + rows[0]!.html).not.toContain('evil.example');

    const handover = await callApi(app, buyer, 'POST', `/orders/${order.id}/app-handover`, {
      headers: forged,
    });
    expect(appHandoverSchema.parse(handover.json()).webLink).toMatch(
      new RegExp(`^${listenOrigin}/app/tickets\\?token=`),
    );

    // A configured shop origin wins over both.
    const behindProxy = await buildApp({
      db,
      venues,
      logger: false,
      payment: { shopOrigins: ['https://tickets.example'] },
    });
    try {
      const response = await behindProxy.inject({
        method: 'POST',
        url: `/api/uk/orders/${order.id}/app-handover`,
        headers: { ...forged, cookie: buyer.cookie, 'x-csrf-token': buyer.csrf },
      });
      expect(appHandoverSchema.parse(response.json()).webLink).toMatch(
        /^https:\/\/tickets\.example\/app\/tickets\?token=/,
      );
    } finally {
      await behindProxy.close();
    }
  });
});

describe('card data', () => {
  it("appears in no log line and no row of any table after this file's payments", async () => {
    await expectNoCardDataLeft();
  });
});
