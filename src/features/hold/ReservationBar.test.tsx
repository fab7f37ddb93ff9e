import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { inventory, resetInventory, seatId } from '../../../tests/msw/inventory';
import { holdRequested } from './reservationSlice';

/**
 * The countdown and the hold's dialogs are a chunk of their own, loaded once there is a hold.
 * Here that chunk is held back until the test lets it through, as a slow network would.
 */
let arrive: () => void = () => undefined;
let arrived = Promise.resolve();
vi.mock('./HoldBar', async (importOriginal) => {
  await arrived;
  return importOriginal();
});

useMswServer();
beforeEach(() => {
  resetInventory();
  window.sessionStorage.clear();
  arrived = new Promise((resolve) => (arrive = resolve));
});
afterEach(() => arrive());

const VENUE_PAGE = '/venues/lumen-theatre/';

const reserve = holdRequested({
  region: 'uk',
  venueSlug: 'lumen-theatre',
  titleSlug: 'the-glass-orchard',
  performanceId: GLASS_ORCHARD_LUMEN_FIRST,
  request: { kind: 'seats', seats: [seatId(1, 0, 2)] },
});

describe('the reservation bar', () => {
  it('holds back leaving from the moment a reserve is sent, before its dialog has arrived', async () => {
    const user = userEvent.setup();
    const { history, store } = renderApp({ route: VENUE_PAGE });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });

    store.dispatch(reserve);
    act(() => history.push('/'));
    expect(history.location.pathname).toBe(VENUE_PAGE);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    arrive();
    const dialog = await screen.findByRole('alertdialog', { name: 'Release your tickets?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my tickets' }));
    expect(history.location.pathname).toBe(VENUE_PAGE);
    await waitFor(() => expect(store.getState().reservation.status).toBe('held'));
    expect(inventory.holds.size).toBe(1);
    expect(await screen.findByRole('timer', undefined, { timeout: 5000 })).toBeInTheDocument();
  });
});
