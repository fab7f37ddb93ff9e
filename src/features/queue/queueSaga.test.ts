import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { QueueTicket } from '@contract/api/queue';
import { createHold } from '@/api/holds';
import { setPassForHolds } from '@/api/queue';
import { makeStore } from '@/app/store';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { backoffMs, MAX_BACKOFF_MS, watchQueue } from './queueSaga';
import { followAborted, joinRequested, selectPassRefused, selectSaleTicket } from './queueSlice';

useMswServer();

const SALE = 'harbor-lights-live-onsale';

function ticket(overrides: Partial<QueueTicket>): QueueTicket {
  return {
    saleId: SALE,
    phase: 'waiting',
    opensAt: '2026-11-26T14:00:00.000Z',
    place: 40,
    ahead: 39,
    total: 120,
    estimatedWaitSeconds: 20,
    outflowPerMinute: 120,
    pollAfterSeconds: 1,
    pass: null,
    passExpiresAt: null,
    ...overrides,
  };
}

function queueStore() {
  const store = makeStore();
  store.runSagaOnce(watchQueue);
  return store;
}

describe('queue flow', () => {
  it('joins once, then follows the position at the server’s pace until admitted', async () => {
    const calls: string[] = [];
    const answers = [
      ticket({ ahead: 0, place: 40, estimatedWaitSeconds: 0 }),
      ticket({
        phase: 'admitted',
        ahead: 0,
        estimatedWaitSeconds: 0,
        pass: 'signed-pass',
        passExpiresAt: '2099-01-01T00:00:00.000Z',
      }),
    ];
    server.use(
      http.post('/api/:region/queues/:saleId/join', () => {
        calls.push('join');
        return HttpResponse.json(ticket({}));
      }),
      http.get('/api/:region/queues/:saleId/position', () => {
        calls.push('position');
        return HttpResponse.json(answers.shift() ?? answers[0]);
      }),
    );
    const store = queueStore();
    store.dispatch(joinRequested({ region: 'us-east', saleId: SALE }));
    await waitFor(() => expect(selectSaleTicket(store.getState(), SALE)?.ticket?.ahead).toBe(39));
    await waitFor(
      () => expect(selectSaleTicket(store.getState(), SALE)?.ticket?.phase).toBe('admitted'),
      { timeout: 5000 },
    );
    expect(selectSaleTicket(store.getState(), SALE)?.ticket?.pass).toBe('signed-pass');
    // Admitted: the flow stops asking.
    expect(calls).toEqual(['join', 'position', 'position']);
  });

  it('keeps the last place on screen while the server fails, and comes back after it', async () => {
    let failing = true;
    let joins = 0;
    server.use(
      http.post('/api/:region/queues/:saleId/join', () => {
        joins += 1;
        return HttpResponse.json(ticket({}));
      }),
      http.get('/api/:region/queues/:saleId/position', () =>
        failing
          ? HttpResponse.json({ code: 'internal_error', message: 'busy' }, { status: 500 })
          : HttpResponse.json(ticket({ ahead: 10 })),
      ),
    );
    const store = queueStore();
    store.dispatch(joinRequested({ region: 'us-east', saleId: SALE }));
    await waitFor(
      () => expect(selectSaleTicket(store.getState(), SALE)?.error).toBe('connection'),
      { timeout: 5000 },
    );
    expect(selectSaleTicket(store.getState(), SALE)?.ticket?.place).toBe(40);
    failing = false;
    await waitFor(() => expect(selectSaleTicket(store.getState(), SALE)?.ticket?.ahead).toBe(10), {
      timeout: 5000,
    });
    expect(selectSaleTicket(store.getState(), SALE)?.error).toBeNull();
    // The place was kept: the flow asked for the position again, it did not join anew.
    expect(joins).toBe(1);
    store.dispatch(followAborted({ saleId: SALE }));
  });

  it('backs off, doubling up to a minute, never sooner than the server asked', () => {
    expect(backoffMs(1, 1)).toBeGreaterThanOrEqual(2000);
    expect(backoffMs(1, 1)).toBeLessThanOrEqual(2400);
    expect(backoffMs(3, 1)).toBeGreaterThanOrEqual(8000);
    expect(backoffMs(1, 30)).toBeGreaterThanOrEqual(30_000);
    expect(backoffMs(20, 1)).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);
  });

  it('sends the pass with a new hold, and a refusal for want of one reaches the queue flow', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.post('/api/:region/holds', ({ request }) => {
        sent.push(request.headers.get('x-queue-pass'));
        return HttpResponse.json(
          { code: 'queue_pass_required', message: 'Queue first' },
          { status: 403 },
        );
      }),
    );
    const store = queueStore();
    setPassForHolds('pass-of-this-session');
    try {
      await expect(
        createHold(
          'us-east',
          { performanceId: '00000000-0000-0000-0000-000000000001', seats: ['A-1'] },
          { csrfToken: 'csrf', idempotencyKey: 'key-1' },
        ),
      ).rejects.toMatchObject({ status: 403, code: 'queue_pass_required' });
    } finally {
      setPassForHolds(null);
    }
    expect(sent).toEqual(['pass-of-this-session']);
    await waitFor(() => expect(selectPassRefused(store.getState())).toBe(true));
  });
});
