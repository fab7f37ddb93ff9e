import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { SeatStatus } from '@contract/api/holds';
import { SEAT_STATUS } from '@contract/api/constants';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { theatreStatus } from '../../../tests/msw/inventory';
import { renderWithProviders } from '../../../tests/msw/render';
import { makeStore } from '@/app/store';
import { selectSeatMapModel } from './choiceSelectors';
import { LinkedParts } from './LinkedParts';
import { selectLinkedAvailability } from './linkedAvailabilitySlice';
import { watchLinkedAvailability } from './linkedAvailabilitySaga';
import { watchSeats } from './seatsSaga';
import { loadRequested } from './seatsSlice';

useMswServer();

const PART_ONE = 'AA000001-0000-4000-8000-000000000001';
const PART_TWO = 'AA000002-0000-4000-8000-000000000002';
const PARTS: NonNullable<SeatStatus['parts']> = [
  { part: 1, performanceId: PART_ONE, startsAt: '2026-03-14T14:30:00.000Z' },
  { part: 2, performanceId: PART_TWO, startsAt: '2026-03-14T19:30:00.000Z' },
];

/** Part One answers every seat free; Part Two has its fourth seat sold. */
function answerBothParts(partTwo: 'ok' | 'fails') {
  const base = theatreStatus();
  const free = '0'.repeat(base.status.length);
  const partOne = { ...base, performanceId: PART_ONE, status: free, parts: PARTS };
  const two = {
    ...partOne,
    performanceId: PART_TWO,
    startsAt: PARTS[1].startsAt,
    status: `000${SEAT_STATUS.unavailable}${free.slice(4)}`,
  };
  let partTwoCalls = 0;
  server.use(
    http.get('/api/:region/performances/:performanceId/seats', ({ params }) => {
      if (params.performanceId === PART_ONE) return HttpResponse.json(partOne);
      partTwoCalls += 1;
      return partTwo === 'ok' || partTwoCalls > 1
        ? HttpResponse.json(two)
        : HttpResponse.json({ code: 'internal_error', message: 'Down.' }, { status: 500 });
    }),
  );
}

function choosingStore() {
  const store = makeStore();
  store.runSagaOnce(watchSeats);
  store.runSagaOnce(watchLinkedAvailability);
  return store;
}

describe('linked availabilities (a two-part show’s seats)', () => {
  it('reads Part Two after Part One, and shows a seat sold only in Part Two as unavailable', async () => {
    answerBothParts('ok');
    const store = choosingStore();
    store.dispatch(loadRequested({ region: 'uk', performanceId: PART_ONE }));
    await waitFor(() =>
      expect(selectLinkedAvailability(store.getState())).toMatchObject({
        status: 'succeeded',
        request: { forPerformanceId: PART_ONE, performanceId: PART_TWO },
      }),
    );
    const model = selectSeatMapModel(store.getState())!;
    expect(model.status[3]).toBe(SEAT_STATUS.unavailable);
    expect(model.status[4]).toBe(SEAT_STATUS.available);
  });

  it('says when Part Two could not be read, and reads it again on Try again', async () => {
    answerBothParts('fails');
    const { store } = renderWithProviders(<LinkedParts parts={PARTS} />);
    store.runSagaOnce(watchSeats);
    store.runSagaOnce(watchLinkedAvailability);
    store.dispatch(loadRequested({ region: 'uk', performanceId: PART_ONE }));
    const parts = await screen.findAllByText(
      (_, element) =>
        element?.tagName === 'LI' && /^Part (One|Two): /.test(element.textContent ?? ''),
    );
    expect(parts.map((part) => part.textContent)).toEqual([
      'Part One: Sat, 14 March 2026, 14:30',
      'Part Two: Sat, 14 March 2026, 19:30',
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We can't check the other part's seats just now");
    // Until then the map is Part One's answer alone.
    expect(selectSeatMapModel(store.getState())!.status[3]).toBe(SEAT_STATUS.available);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(selectSeatMapModel(store.getState())!.status[3]).toBe(SEAT_STATUS.unavailable),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
