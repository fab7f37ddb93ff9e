import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHECKOUT_PATHS } from '@/config/routes';
import { useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { heldState } from '../../../tests/msw/checkoutState';
import { inventory, resetInventory } from '../../../tests/msw/inventory';

useMswServer();
beforeEach(() => resetInventory());

async function continueFromReview() {
  const user = userEvent.setup();
  const view = renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState: heldState() });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Best available tickets' },
    { timeout: 5000 },
  );
  // The basket's total (fees included) once it has been read.
  await screen.findByRole('button', { name: 'Your basket £130' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return view;
}

// Pages are lazy chunks: the first in a run can take a while on a busy machine.
describe('the review step', { timeout: 20_000 }, () => {
  it('goes on to Extras when the hold is offered some', async () => {
    const { router } = await continueFromReview();
    await waitFor(() => expect(router.state.location.pathname).toBe(CHECKOUT_PATHS.extras));
  });

  it('goes straight to ticket protection when there are no extras', async () => {
    inventory.basket.upsells = [];
    const { router } = await continueFromReview();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(CHECKOUT_PATHS.ticketProtection),
    );
  });

  it('goes straight to delivery when the basket needs neither step', async () => {
    inventory.basket.upsells = [];
    inventory.basket.protectionFee = null;
    const { router } = await continueFromReview();
    await waitFor(() => expect(router.state.location.pathname).toBe(CHECKOUT_PATHS.collection));
    // Pushed, not replaced: Back returns to the review.
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('states the basket total, fees included, under the seats', async () => {
    inventory.basket.transactionFee = 300;
    renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState: heldState() });
    expect(await screen.findByText('Total: £133', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
