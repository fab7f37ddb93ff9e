// The client is tested on an address of its own (/probe), which is no route of the API contract.
// eslint-disable-next-line no-restricted-imports -- tests/msw/contract's http only takes API routes
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server, useMswServer } from '../../tests/msw/server';
import { ApiError, toApiError } from './errors';
import { HttpClient } from './http';

useMswServer();

/** A client on an address of its own, so no contract route of the real API is involved. */
const client = () =>
  new HttpClient('/probe/', {
    timeout: 2_000,
    headers: { Accept: 'application/json' },
    failure: toApiError,
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the request should have failed');
    },
    (error: unknown) => error as ApiError,
  );

describe('HttpClient (the API modules’ fetch client)', () => {
  it('joins the base address, drops unset query values and sends JSON with its type', async () => {
    let seen: { url: string; type: string | null; accept: string | null; body: unknown } | null =
      null;
    server.use(
      http.post('/probe/things', async ({ request }) => {
        seen = {
          url: request.url,
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.json(),
        };
        return HttpResponse.json({ id: 7 }, { headers: { Date: 'Thu, 26 Nov 2026 10:00:00 GMT' } });
      }),
    );
    const response = await client().post<{ id: number }>(
      '/things',
      { seats: ['a'] },
      { params: { key: 'k 1', promoCode: undefined } },
    );
    expect(response.data).toEqual({ id: 7 });
    expect(response.status).toBe(200);
    expect(response.headers.date).toBe('Thu, 26 Nov 2026 10:00:00 GMT');
    expect(seen).toEqual({
      url: expect.stringMatching(/\/probe\/things\?key=k\+1$/) as string,
      type: 'application/json',
      accept: 'application/json',
      body: { seats: ['a'] },
    });
  });

  it('rejects a refusal as an ApiError with the code and the seats the server named', async () => {
    server.use(
      http.post('/probe/holds', () =>
        HttpResponse.json(
          { code: 'seats_unavailable', message: 'Taken', seatIds: ['s1'] },
          { status: 409 },
        ),
      ),
    );
    const error = await failureOf(client().post('/holds', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 409,
      code: 'seats_unavailable',
      seatIds: ['s1'],
    });
  });

  it('resolves the statuses a caller accepts, so it can read them itself', async () => {
    server.use(
      http.get('/probe/graphql', () => HttpResponse.json({ errors: [] }, { status: 400 })),
    );
    const response = await client().get('/graphql', { validateStatus: () => true });
    expect(response).toMatchObject({ status: 400, data: { errors: [] } });
  });

  it('gives up after the time limit as a timeout, and tells a cancelled read from a lost network', async () => {
    server.use(
      http.get('/probe/slow', async () => {
        await delay(1_000);
        return HttpResponse.json({});
      }),
      http.get('/probe/down', () => HttpResponse.error()),
    );
    expect(await failureOf(client().get('/slow', { timeout: 50 }))).toMatchObject({
      kind: 'timeout',
    });
    const controller = new AbortController();
    const read = failureOf(client().get('/slow', { signal: controller.signal }));
    controller.abort();
    expect(await read).toMatchObject({ kind: 'cancelled' });
    expect(await failureOf(client().get('/down'))).toMatchObject({ kind: 'network' });
  });
});
