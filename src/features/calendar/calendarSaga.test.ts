import { describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { makeStore } from '@/app/store';
import { watchPromo } from '@/features/promo/promoSaga';
import { useMswServer, server } from '../../../tests/msw/server';
import { calendarFixture } from '../../../tests/msw/calendarFixtures';
import { codeEntered, selectAppliedPromo, selectPromoEntry } from '@/features/promo/promoSlice';
import { watchCalendar } from './calendarSaga';
import { left, loadRequested, selectCalendar } from './calendarSlice';

useMswServer();

const SHOW = { region: 'uk', venueSlug: 'lumen-theatre', titleSlug: 'the-glass-orchard' } as const;

/** A store with the calendar page's flows running, as its route (ChoosingFlows) starts them. */
function calendarStore() {
  const store = makeStore();
  store.runSagaOnce(watchCalendar);
  store.runSagaOnce(watchPromo);
  return store;
}

/** The buyer enters a code (from a link or by hand) and the month is read with it. */
function readWithCode(
  store: ReturnType<typeof calendarStore>,
  code: string,
  source: Parameters<typeof codeEntered>[0]['source'],
) {
  store.dispatch(
    codeEntered({ venueSlug: SHOW.venueSlug, titleSlug: SHOW.titleSlug, code, source }),
  );
  store.dispatch(loadRequested({ ...SHOW, promoCode: code }));
}

function until(check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > 3000) reject(new Error('condition never held'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('calendar flow', () => {
  it('loads the first month on sale and keeps it', async () => {
    const store = calendarStore();
    store.dispatch(loadRequested(SHOW));
    expect(selectCalendar(store.getState()).status).toBe('loading');
    await until(() => selectCalendar(store.getState()).status === 'succeeded');
    expect(selectCalendar(store.getState()).data?.month).toBe('2026-03');
    expect(selectCalendar(store.getState()).latest?.month).toBe('2026-03');
  });

  it('aborts the read in flight when the page is left, and ignores a late answer', async () => {
    let arrived!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.all('/api/:region/graphql', async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ data: { calendar: calendarFixture(SHOW) } });
      }),
    );
    // The browser's request itself is cancelled, not just its answer ignored.
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    try {
      const store = calendarStore();
      store.dispatch(loadRequested(SHOW));
      await reached;
      store.dispatch(left());
      await until(() => abort.mock.calls.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(selectCalendar(store.getState())).toMatchObject({
        status: 'idle',
        data: null,
        key: null,
      });
    } finally {
      abort.mockRestore();
    }
  });

  it('records what the server said of a code the read carried', async () => {
    const store = calendarStore();
    readWithCode(store, 'orchard10', 'link');
    await until(
      () => selectAppliedPromo(store.getState(), SHOW.venueSlug, SHOW.titleSlug) !== null,
    );
    expect(selectPromoEntry(store.getState(), SHOW.venueSlug, SHOW.titleSlug)).toMatchObject({
      code: 'orchard10',
      label: 'ORCHARD10',
      status: 'applied',
      discountPercent: 10,
    });

    readWithCode(store, 'winter5', 'manual');
    await until(
      () =>
        selectPromoEntry(store.getState(), SHOW.venueSlug, SHOW.titleSlug)?.status === 'expired',
    );
    expect(selectAppliedPromo(store.getState(), SHOW.venueSlug, SHOW.titleSlug)).toBeNull();
  });
});
