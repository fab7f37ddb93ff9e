import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Hold } from '@contract/api/holds';
import type { RootState } from '@/app/store';
import { CHECKOUT_PATHS } from '@/config/paths';
import { useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { inventory, resetInventory, seatId } from '../../../tests/msw/inventory';
import { heldState } from '../../../tests/msw/checkoutState';
import { resetDetails } from '../../../tests/msw/details';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetDetails();
});

function heldFor(ms: number, extensionsLeft = 10): Partial<RootState> {
  const hold: Hold = {
    id: '40AD0000-0000-4000-8000-0000000000AA',
    performanceId: GLASS_ORCHARD_LUMEN_FIRST,
    expiresAt: new Date(Date.now() + ms).toISOString(),
    extensionsLeft,
    seats: [
      {
        id: seatId(1, 0, 2),
        section: 'STALLS',
        row: 'A',
        number: 2,
        priceBand: 'A',
        price: { amount: 6500, currency: 'GBP' },
      },
    ],
    admissions: [],
  };
  inventory.holds.set(hold.id, hold);
  return {
    reservation: {
      status: 'held',
      pending: null,
      error: null,
      takenSeatIds: [],
      clockOffsetMs: 0,
      region: 'uk',
      venueSlug: 'lumen-theatre',
      titleSlug: 'the-glass-orchard',
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      hold,
      expiresAt: hold.expiresAt,
    },
  };
}

describe('the reservation timer', () => {
  it('runs on the server clock: a browser three minutes fast still shows the full time', async () => {
    const state = heldFor(10 * 60_000);
    // The server is three minutes behind this browser; its deadline is ten minutes after its now.
    const skew = -3 * 60_000;
    const serverDeadline = new Date(Date.now() + skew + 10 * 60_000).toISOString();
    state.reservation = {
      ...state.reservation!,
      expiresAt: serverDeadline,
      clockOffsetMs: skew,
      hold: { ...state.reservation!.hold!, expiresAt: serverDeadline },
    };
    renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: state });
    await screen.findByRole('heading', { level: 1, name: 'Extras' }, { timeout: 5000 });
    // The countdown's chunk loads once there is a hold, beside the page's own.
    expect(await screen.findByRole('timer', undefined, { timeout: 5000 })).toHaveTextContent(
      /: (10:00|09:5\d)$/,
    );
  });

  // Every step a held buyer can open, each with the heading that shows it was not sent away.
  // Protection is answered "no" so the steps after it open, and the basket offers extras and
  // protection so neither step skips itself.
  it.each([
    [CHECKOUT_PATHS.reservations, 'Best available tickets'],
    [CHECKOUT_PATHS.extras, 'Extras'],
    [CHECKOUT_PATHS.ticketProtection, 'Ticket refund protection'],
    [CHECKOUT_PATHS.collection, 'Ticket delivery'],
    [CHECKOUT_PATHS.contacts, 'Contact details'],
    [CHECKOUT_PATHS.payment, 'Payment'],
  ])(
    'counts down in minutes:seconds on %s, without a warning early on',
    { timeout: 30_000 },
    async (path, heading) => {
      const { history } = renderApp({
        route: path,
        preloadedState: heldState({ minutes: 10, protection: 'no' }),
      });
      // The details steps carry the form layer, the biggest chunk: the first load takes longest.
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
      expect(history.location.pathname).toBe(path);
      expect(await screen.findByRole('timer', undefined, { timeout: 5000 })).toHaveTextContent(
        /^Time left to complete your order: (10:00|09:5\d)$/,
      );
      expect(screen.queryByRole('button', { name: 'Add 5 more minutes' })).not.toBeInTheDocument();
    },
  );

  it('warns before the end and adds five minutes with one action (WCAG 2.2.1)', async () => {
    const user = userEvent.setup();
    const { store } = renderApp({
      route: CHECKOUT_PATHS.extras,
      preloadedState: heldFor(90_000),
    });
    const region = await screen.findByRole('region', { name: 'Your reservation' });
    expect(within(region).getByRole('alert')).toHaveTextContent(
      'Your seats are held for less than 2 minutes. Do you need more time?',
    );
    await user.click(within(region).getByRole('button', { name: 'Add 5 more minutes' }));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/: 0[56]:\d\d$/));
    expect(store.getState().reservation.hold?.extensionsLeft).toBe(9);
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    // The button went with the warning: focus stays in the timer, and the change is announced.
    await waitFor(() => expect(region).toHaveFocus());
    expect(region).toHaveTextContent('Done: 5 minutes added.');
  });

  it('says plainly when the hold cannot be extended any more', async () => {
    renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: heldFor(60_000, 0) });
    const region = await screen.findByRole('region', { name: 'Your reservation' });
    expect(within(region).getByRole('alert')).toHaveTextContent(
      "This reservation can't be extended any further.",
    );
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('on expiry offers "Cancel order" or "Reselect seats", and reselecting returns to the seats', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: heldFor(300) });
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Reservation expired' },
      { timeout: 3000 },
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Reservation expired' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reselect seats' }));
    await waitFor(() =>
      expect(history.location.pathname).toBe(
        `/shows/the-glass-orchard/lumen-theatre/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`,
      ),
    );
    await waitFor(() => expect(inventory.holds.size).toBe(0));
  });
});
