import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { delay } from 'msw';
import { http } from '../../../tests/msw/contract';
import { makeStore } from '@/app/store';
import { server, useMswServer } from '../../../tests/msw/server';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { watchSeats } from './seatsSaga';
import { left, loadRequested, selectSeats } from './seatsSlice';

useMswServer();

const REQUEST = { region: 'uk', performanceId: GLASS_ORCHARD_LUMEN_FIRST } as const;

/** A store with the seat page's flow running, as its route (ChoosingFlows) starts it. */
function seatsStore() {
  const store = makeStore();
  store.runSagaOnce(watchSeats);
  return store;
}

describe('seats flow', () => {
  it('loads the live status, then the plan it names', async () => {
    const store = seatsStore();
    store.dispatch(loadRequested(REQUEST));
    expect(selectSeats(store.getState()).status).toBe('loading');
    await waitFor(() => expect(selectSeats(store.getState()).status).toBe('succeeded'));
    const { plan, seatStatus } = selectSeats(store.getState());
    expect(plan?.id).toBe(seatStatus?.planId);
  });

  it('aborts the read in flight when the page is left, and ignores a late answer', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.get('/api/:region/performances/:performanceId/seats', async () => {
        arrived();
        await delay(200);
        return undefined;
      }),
    );
    // The browser's request itself is cancelled, not just its answer ignored.
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    try {
      const store = seatsStore();
      store.dispatch(loadRequested(REQUEST));
      await reached;
      store.dispatch(left());
      await waitFor(() => expect(abort).toHaveBeenCalled());
      await delay(250);
      expect(selectSeats(store.getState())).toMatchObject({
        status: 'idle',
        plan: null,
        seatStatus: null,
      });
    } finally {
      abort.mockRestore();
    }
  });
});
