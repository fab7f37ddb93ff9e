import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { makeStore } from '@/app/store';
import { server, useMswServer } from '../../../tests/msw/server';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { inventory, resetInventory, seatId } from '../../../tests/msw/inventory';
import { readStoredHold, storeHold } from './holdStorage';
import {
  extendRequested,
  holdRequested,
  releaseRequested,
  type HoldRequest,
} from './reservationSlice';

useMswServer();
beforeEach(() => {
  resetInventory();
  window.sessionStorage.clear();
});

const target = {
  region: 'uk' as const,
  venueSlug: 'lumen-theatre',
  titleSlug: 'the-glass-orchard',
  performanceId: GLASS_ORCHARD_LUMEN_FIRST,
};

function holdSeats(store: ReturnType<typeof makeStore>, request: HoldRequest) {
  store.dispatch(holdRequested({ ...target, request }));
}

const settled = (store: ReturnType<typeof makeStore>) =>
  waitFor(() => expect(['held', 'none']).toContain(store.getState().reservation.status));

describe('the reservation flow', () => {
  it('holds the chosen seats on the server and remembers the hold for a reload', async () => {
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(1, 0, 2), seatId(1, 0, 3)] });
    await settled(store);
    const { reservation } = store.getState();
    expect(reservation.status).toBe('held');
    expect(reservation.hold?.seats.map((seat) => `${seat.row}${seat.number}`)).toEqual([
      'A2',
      'A3',
    ]);
    expect(inventory.holds.size).toBe(1);
    expect(readStoredHold()?.holdId).toBe(reservation.hold?.id);
  });

  it('names the seats someone else got first and keeps nothing half-held', async () => {
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(1, 1, 3), seatId(1, 1, 4)] });
    await settled(store);
    const { reservation } = store.getState();
    expect(reservation.status).toBe('none');
    expect(reservation.error).toBe('unavailable');
    expect(reservation.takenSeatIds).toEqual([seatId(1, 1, 4)]);
    expect(inventory.holds.size).toBe(0);
  });

  it('retries a dropped connection with the same idempotency key, so one hold is made', async () => {
    const keys: string[] = [];
    let failures = 1;
    server.use(
      http.post('/api/:region/holds', ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (failures > 0) {
          failures -= 1;
          return HttpResponse.error();
        }
        return undefined;
      }),
    );
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(2, 0, 4)] });
    await waitFor(() => expect(store.getState().reservation.status).toBe('held'), {
      timeout: 4000,
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(inventory.holdCalls).toBe(1);
  });

  it('starts a new session and tries again when the server has forgotten the old one', async () => {
    let refusals = 1;
    server.use(
      http.post('/api/:region/holds', () => {
        if (refusals === 0) return undefined;
        refusals -= 1;
        return HttpResponse.json({ code: 'unauthorised', message: 'no session' }, { status: 401 });
      }),
    );
    const store = makeStore({});
    holdSeats(store, { kind: 'seats', seats: [seatId(2, 0, 5)] });
    await settled(store);
    expect(store.getState().reservation.status).toBe('held');
  });

  it('reports a connection error after the retries, and holds nothing', async () => {
    server.use(http.post('/api/:region/holds', () => HttpResponse.error()));
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(2, 0, 6)] });
    await waitFor(() => expect(store.getState().reservation.error).toBe('connection'), {
      timeout: 6000,
    });
    expect(store.getState().reservation.status).toBe('none');
  });

  it('sends the same choice again under the unanswered key, so a hold that did land is not made twice', async () => {
    const keys: string[] = [];
    let failures = 3; // the first try and both of its retries
    server.use(
      http.post('/api/:region/holds', ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.error();
      }),
    );
    const store = makeStore();
    const seats: HoldRequest = { kind: 'seats', seats: [seatId(2, 0, 7)] };
    holdSeats(store, seats);
    await waitFor(() => expect(store.getState().reservation.error).toBe('connection'), {
      timeout: 6000,
    });
    holdSeats(store, seats);
    await settled(store);
    expect(store.getState().reservation.status).toBe('held');
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    // Another choice is another request, with a key of its own.
    holdSeats(store, { kind: 'seats', seats: [seatId(2, 0, 8)] });
    await waitFor(() => expect(keys).toHaveLength(5));
    expect(keys[4]).not.toBe(keys[0]);
  }, 20_000);

  it('extends the deadline by five minutes, and says so when no more time can be added', async () => {
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(1, 0, 6)] });
    await settled(store);
    const before = Date.parse(store.getState().reservation.expiresAt!);
    store.dispatch(extendRequested());
    await waitFor(() =>
      expect(Date.parse(store.getState().reservation.expiresAt!) - before).toBe(5 * 60_000),
    );
    expect(store.getState().reservation.hold?.extensionsLeft).toBe(9);

    const hold = inventory.holds.get(store.getState().reservation.hold!.id)!;
    inventory.holds.set(hold.id, { ...hold, extensionsLeft: 0 });
    store.dispatch(extendRequested());
    await waitFor(() => expect(store.getState().reservation.error).toBe('extensionLimit'));
    expect(store.getState().reservation.status).toBe('held');
  });

  it('expires the hold at its deadline and releases it on the server', async () => {
    server.use(
      http.post('/api/:region/holds', () =>
        HttpResponse.json(
          {
            hold: {
              id: '40AD0000-0000-4000-8000-0000000000FF',
              performanceId: GLASS_ORCHARD_LUMEN_FIRST,
              expiresAt: new Date(Date.now() + 300).toISOString(),
              extensionsLeft: 10,
              seats: [],
              admissions: [],
            },
          },
          { status: 201 },
        ),
      ),
    );
    const deleted: string[] = [];
    server.use(
      http.delete('/api/:region/holds/:holdId', ({ params }) => {
        deleted.push(String(params.holdId));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(1, 0, 7)] });
    await waitFor(() => expect(store.getState().reservation.status).toBe('expired'), {
      timeout: 3000,
    });
    await waitFor(() => expect(deleted).toEqual(['40AD0000-0000-4000-8000-0000000000FF']));
    expect(readStoredHold()).toBeNull();
  });

  it('releases on request: the server lets the seats go and the tab forgets the hold', async () => {
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(1, 2, 1)] });
    await settled(store);
    store.dispatch(releaseRequested({ reason: 'leave' }));
    await waitFor(() => expect(store.getState().reservation.status).toBe('none'));
    expect(inventory.holds.size).toBe(0);
    expect(readStoredHold()).toBeNull();
  });

  it('finds the hold again after a reload, and drops one the server no longer has', async () => {
    const first = makeStore();
    holdSeats(first, { kind: 'seats', seats: [seatId(1, 2, 2)] });
    await settled(first);
    const holdId = first.getState().reservation.hold!.id;

    const reloaded = makeStore();
    expect(reloaded.getState().reservation.status).toBe('restoring');
    await waitFor(() => expect(reloaded.getState().reservation.status).toBe('held'));
    expect(reloaded.getState().reservation.hold?.id).toBe(holdId);

    storeHold({ ...target, holdId: '40AD0000-0000-4000-8000-00000000DEAD' });
    const stale = makeStore();
    await waitFor(() => expect(stale.getState().reservation.status).toBe('none'));
    expect(readStoredHold()).toBeNull();
  });
});

describe('a reserve the server fails', () => {
  it.each([
    [
      'its own 500',
      () =>
        HttpResponse.json({ code: 'internal_error', message: 'internal error' }, { status: 500 }),
    ],
    ['a gateway’s 502 page', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })],
  ])('gives the general error for %s, and holds nothing', async (_answer, answer) => {
    server.use(http.post('/api/:region/holds', answer));
    const store = makeStore();
    holdSeats(store, { kind: 'seats', seats: [seatId(2, 1, 2)] });
    await waitFor(() => expect(store.getState().reservation.error).toBe('general'));
    const { reservation } = store.getState();
    expect(reservation.status).toBe('none');
    expect(reservation.takenSeatIds).toEqual([]);
    expect(inventory.holds.size).toBe(0);
    expect(readStoredHold()).toBeNull();
  });
});
