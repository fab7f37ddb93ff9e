import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { RootState } from '@/app/store';
import { CHECKOUT_PATHS } from '@/config/paths';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { inventory, resetInventory } from '../../../tests/msw/inventory';
import { renderApp } from '../../../tests/msw/render';
import { useMswServer } from '../../../tests/msw/server';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';

useMswServer();
afterEach(() => {
  vi.useRealTimers();
  resetInventory();
});

/** A guest at checkout holding two seats for 15 minutes, under a one-minute guest limit. */
function guestHolding(limitSeconds: number, holdMinutes = 15): Partial<RootState> {
  return {
    ...heldState({ minutes: holdMinutes }),
    session: {
      sessionId: 'test-session',
      attribution: {},
      forcedVariations: {},
      cfg: null,
      csrfToken: 'csrf-test',
      guestIdleSeconds: limitSeconds,
    },
  };
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe(
  'a guest holding seats times out after inactivity (issue 24, WCAG 2.2.1)',
  {
    timeout: 30_000,
  },
  () => {
    it('warns before the end, carries on when asked, then lets the seats go in the spec’s words', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      resetInventory();
      const preloaded = guestHolding(60);
      const holdId = checkoutHoldId();
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const { history, container } = renderApp({
        route: CHECKOUT_PATHS.extras,
        preloadedState: preloaded,
      });
      await screen.findByRole('heading', { level: 1, name: 'Extras' }, { timeout: 10_000 });

      // A minute's limit warns half-way: 30 seconds to answer.
      await advance(31_000);
      const warning = await screen.findByRole('alertdialog', { name: 'Are you still there?' });
      expect(warning.textContent).toMatch(
        /your session will time out in 0:[0-2]\d and the seats you're holding will be released, unless you choose to carry on\./,
      );
      expect((await axe.run(container)).violations.map((v) => v.id)).toEqual([]);
      await user.click(within(warning).getByRole('button', { name: 'Carry on booking' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(inventory.holds.has(holdId)).toBe(true);

      // Left alone again: warned, and at the limit the seats are let go on the server too.
      await advance(31_000);
      await screen.findByRole('alertdialog', { name: 'Are you still there?' });
      await advance(30_000);
      const timedOut = await screen.findByRole('alertdialog', {
        name: 'Your session has timed out',
      });
      expect(timedOut.textContent).toContain(
        'In order to protect your personal information, your session is automatically timed out after a period of inactivity.',
      );
      expect(timedOut.textContent).toContain(
        'The seats you were holding have been released. Please start your booking again.',
      );
      await waitFor(() => expect(inventory.holds.has(holdId)).toBe(false));
      // What they typed does not stay on screen: checkout gave way to the show's page.
      await waitFor(() =>
        expect(history.location.pathname).toBe('/shows/the-glass-orchard/lumen-theatre/'),
      );

      await user.click(within(timedOut).getByRole('button', { name: 'Close' }));
      const expired = await screen.findByRole('complementary', {
        name: 'Your session has expired',
      });
      expect(expired.textContent).toContain('Please start your booking again.');
      await user.click(within(expired).getByRole('button', { name: 'Start again' }));
      await waitFor(() =>
        expect(history.location.pathname).toBe(
          `/shows/the-glass-orchard/lumen-theatre/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`,
        ),
      );
      expect(screen.queryByRole('complementary', { name: 'Your session has expired' })).toBeNull();
    });

    it('keeps the session while the guest is busy on the page', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      resetInventory();
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: guestHolding(60) });
      await screen.findByRole('heading', { level: 1, name: 'Extras' }, { timeout: 10_000 });
      for (let step = 0; step < 4; step += 1) {
        await advance(25_000);
        await user.keyboard('{Tab}');
      }
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });

    it('leaves a hold that ends before the limit to the reservation timer', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      resetInventory();
      // The hold ends in a minute, the guest limit in 90 seconds: the hold's own warning speaks.
      renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: guestHolding(90, 1) });
      await screen.findByRole('heading', { level: 1, name: 'Extras' }, { timeout: 10_000 });
      await screen.findByRole('button', { name: 'Add 5 more minutes' });
      await advance(50_000);
      expect(screen.queryByRole('alertdialog', { name: 'Are you still there?' })).toBeNull();
    });
  },
);
