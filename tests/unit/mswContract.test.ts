import { beforeEach, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { CALENDAR_QUERY_HASH } from '@contract/api/calendarQuery';
import {
  ANSWERED_BY_TESTS_ONLY,
  checkedHandlers,
  http,
  ROUTE_CONTRACTS,
  takeContractViolations,
} from '../msw/contract';
import { resetDetails } from '../msw/details';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../msw/fixtures';
import { apiError } from '../msw/handlers';
import { CSRF, GA_PERFORMANCE, resetInventory, seatId, THEATRE_PLAN_ID } from '../msw/inventory';
import { resetOrders } from '../msw/orders';
import { server, useMswServer } from '../msw/server';

/**
 * The test double cannot drift from the booking API: every handler answers through the
 * contract's schema for its route, and a shape the server would never send is refused.
 */

useMswServer();

beforeEach(() => {
  resetInventory();
  resetDetails();
  resetOrders();
});

let keys = 0;

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  keys += 1;
  const response = await fetch(new URL(path, window.location.origin), {
    method,
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': CSRF,
      'idempotency-key': `contract-test-key-${keys}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

describe('the MSW booking API answers through the contract', () => {
  it('makes every handler with the checked http, for a route the contract table names', () => {
    const handlers = server.listHandlers();
    expect(handlers.length).toBeGreaterThan(0);
    const unchecked = handlers.filter((handler) => !checkedHandlers.has(handler));
    expect(unchecked).toEqual([]);
    const answered = new Set(handlers.map((handler) => checkedHandlers.get(handler)));
    const unanswered = Object.keys(ROUTE_CONTRACTS).filter(
      (route) => !answered.has(route) && !ANSWERED_BY_TESTS_ONLY.has(route),
    );
    expect(unanswered).toEqual([]);
  });

  it('answers every route of a purchase with shapes its schemas accept', async () => {
    const hash = { version: 1, sha256Hash: CALENDAR_QUERY_HASH };
    const calendar = await call('POST', '/api/uk/graphql', {
      variables: { venueSlug: 'lumen-theatre', titleSlug: 'the-glass-orchard' },
      extensions: { persistedQuery: hash },
    });
    expect(calendar.status).toBe(200);
    expect((await call('GET', '/api/uk/cms')).status).toBe(200);
    expect((await call('GET', '/api/uk/venues/lumen-theatre')).status).toBe(200);
    expect((await call('GET', '/api/uk/venues/lumen-theatre/queue')).status).toBe(200);
    expect((await call('GET', '/api/uk/venues/lumen-theatre/shows/the-glass-orchard')).status).toBe(
      200,
    );
    expect((await call('POST', '/services/session/sessions')).status).toBe(200);
    expect((await call('GET', `/api/uk/plans/${THEATRE_PLAN_ID}`)).status).toBe(200);
    expect(
      (await call('GET', `/api/uk/performances/${GLASS_ORCHARD_LUMEN_FIRST}/seats`)).status,
    ).toBe(200);
    expect((await call('GET', `/api/us-east/performances/${GA_PERFORMANCE}/seats`)).status).toBe(
      200,
    );

    const held = await call('POST', '/api/uk/holds', {
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      seats: [seatId(1, 0, 2), seatId(1, 0, 3)],
    });
    expect(held.status).toBe(201);
    const holdId = (held.body as { hold: { id: string } }).hold.id;
    const best = await call('POST', '/api/uk/holds/best-available', {
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      quantity: 1,
    });
    expect(best.status).toBe(201);
    const taken = await call('POST', '/api/uk/holds', {
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      seats: [seatId(1, 1, 4)],
    });
    expect(taken.status).toBe(409);
    expect((await call('GET', `/api/uk/holds/${holdId}`)).status).toBe(200);
    expect((await call('POST', `/api/uk/holds/${holdId}/extend`)).status).toBe(200);
    expect((await call('GET', `/api/uk/holds/${holdId}/basket`)).status).toBe(200);
    const basket = await call('PUT', `/api/uk/holds/${holdId}/basket`, { ticketProtection: 'no' });
    expect(basket.status).toBe(200);
    expect((await call('GET', `/api/uk/holds/${holdId}/details`)).status).toBe(200);
    expect((await call('PUT', `/api/uk/holds/${holdId}/details`, { answers: {} })).status).toBe(
      200,
    );
    expect(
      (await call('GET', '/services/address-lookup/addresses?country=GB&postcode=SW1A2AA')).status,
    ).toBe(200);

    const token = await call('POST', '/services/payment/tokens', {
      number: '4111 1111 1111 1111',
      name: 'Ada Lovelace',
      expiry: '12/39',
      cvv: '123',
    });
    expect(token.status).toBe(201);
    const paid = await call('POST', `/api/uk/holds/${holdId}/order`, {
      basketVersion: (basket.body as { basket: { version: string } }).basket.version,
      cardToken: (token.body as { token: string }).token,
      browser: {
        language: 'en-GB',
        colorDepth: 24,
        screenWidth: 1280,
        screenHeight: 800,
        timeZoneOffset: 0,
      },
    });
    expect(paid.status).toBe(200);
    const { orderId, paymentId } = paid.body as { orderId: string; paymentId: string };
    const continued = await call(
      'POST',
      `/api/uk/orders/${orderId}/payments/${paymentId}/continue`,
    );
    expect(continued.status).toBe(200);
    expect((continued.body as { outcome: string }).outcome).toBe('confirmed');
    expect((await call('GET', `/api/uk/orders/${orderId}`)).status).toBe(200);
    expect((await call('POST', `/api/uk/orders/${orderId}/app-handover`)).status).toBe(201);
    expect(
      (await call('DELETE', `/api/uk/holds/${(best.body as { hold: { id: string } }).hold.id}`))
        .status,
    ).toBe(204);
    expect((await call('GET', '/api/uk/holds/40AD0000-0000-4000-8000-00000000FFFF')).status).toBe(
      404,
    );
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses an answer the server would never send, with the schema’s message', async () => {
    server.use(http.get('/api/:region/cms', () => HttpResponse.json({ region: 'uk', venues: [] })));
    const answer = await call('GET', '/api/uk/cms');
    expect(answer.status).toBe(500);
    const [refused, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(refused).toContain('GET /api/:region/cms 200 answered a shape the contract refuses');
    expect(refused).toContain('shows');
  });

  it('refuses an error body outside the error schema, and a status the route never answers', async () => {
    server.use(
      http.get('/api/:region/venues/:venueSlug', () => apiError(404, 'no_such_code' as never)),
      http.post('/api/:region/orders/:orderId/app-handover', () =>
        HttpResponse.json({ deepLink: 'x', webLink: 'y', expiresAt: 'z' }),
      ),
    );
    expect((await call('GET', '/api/uk/venues/lumen-theatre')).status).toBe(500);
    const orderId = '0DE40000-0000-4000-8000-000000000001';
    expect((await call('POST', `/api/uk/orders/${orderId}/app-handover`)).status).toBe(500);
    const refused = takeContractViolations();
    expect(refused).toHaveLength(2);
    expect(refused[0]).toContain('GET /api/:region/venues/:venueSlug 404');
    expect(refused[0]).toContain('code');
    expect(refused[1]).toContain('answered 200, a status the server never sends there');
  });

  it('will not make a handler for a route the contract table does not name', () => {
    expect(() => http.get('/api/:region/nowhere', () => HttpResponse.json({}))).toThrow(
      'no contract for GET /api/:region/nowhere',
    );
  });
});
