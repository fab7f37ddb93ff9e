import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import { CHECKOUT_PATHS } from '@/config/paths';
import { server, useMswServer } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import {
  BISTRO_STALLS_ID,
  basketPutsFor,
  inventory,
  PROGRAMME_ID,
  resetInventory,
} from '../../../../tests/msw/inventory';

useMswServer();
beforeEach(() => resetInventory());

const findPageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

const chosen = () => inventory.basket.choices.get(checkoutHoldId())?.upsells ?? new Map();

/** `before` runs once the hold exists, to set up what the server already holds for it. */
async function openExtras(before?: (holdId: string) => void) {
  const user = userEvent.setup();
  const preloadedState = heldState();
  before?.(checkoutHoldId());
  const view = renderApp({ route: CHECKOUT_PATHS.extras, preloadedState });
  await findPageHeading('Extras');
  await screen.findByRole('heading', { level: 2, name: 'Programmes' });
  return { user, ...view };
}

// Pages are lazy chunks: the first in a run can take a while on a busy machine.
describe('the Extras step', { timeout: 20_000 }, () => {
  it('offers each extra by kind with named quantity controls, and passes axe', async () => {
    const { container } = await openExtras();
    for (const name of ['Programmes', 'Drinks', 'Bistro'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    // Seats in two zones would be offered two dinners; each says which part of the house.
    const dinner = screen.getByRole('group', { name: 'Two-course bistro dinner, Stalls' });
    expect(
      within(dinner).getByRole('button', { name: 'Add one Two-course bistro dinner, Stalls' }),
    ).toBeInTheDocument();
    expect(
      within(dinner).getByRole('spinbutton', {
        name: 'Quantity of Two-course bistro dinner, Stalls',
      }),
    ).toHaveValue(0);
    expect(screen.getByText('£39 each')).toBeInTheDocument();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });

  it('saves each change with its own key and announces the new total from the server', async () => {
    const { user } = await openExtras();
    const add = screen.getByRole('button', { name: 'Add one Souvenir programme' });
    await user.click(add);
    await user.click(add);
    await waitFor(() => expect(chosen().get(PROGRAMME_ID)).toBe(2));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Souvenir programme' })).toHaveValue(
      2,
    );
    await waitFor(() =>
      expect(screen.getByText('Souvenir programme: 2. Basket total £142.')).toBeInTheDocument(),
    );
    const keys = basketPutsFor(checkoutHoldId()).map((put) => put.key);
    expect(new Set(keys).size).toBe(keys.length);

    await user.click(screen.getByRole('button', { name: 'Remove one Souvenir programme' }));
    await waitFor(() => expect(chosen().get(PROGRAMME_ID)).toBe(1));
    await waitFor(() =>
      expect(screen.getByText('Souvenir programme: 1. Basket total £136.')).toBeInTheDocument(),
    );
  });

  it('never goes below none or above the most one order may have', async () => {
    const { user } = await openExtras();
    const remove = screen.getByRole('button', { name: 'Remove one Interval drinks for two' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.click(remove);
    const field = screen.getByRole('spinbutton', { name: 'Quantity of Interval drinks for two' });
    expect(field).toHaveValue(0);
    await user.clear(field);
    await user.type(field, '25');
    expect(field).toHaveValue(10);
    await waitFor(() => expect(chosen().get(inventory.basket.upsells[1]!.id)).toBe(10));
    expect(screen.getByRole('button', { name: 'Add one Interval drinks for two' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('keeps what was chosen before when the buyer comes back', async () => {
    await openExtras((holdId) =>
      inventory.basket.choices.set(holdId, {
        upsells: new Map([[BISTRO_STALLS_ID, 2]]),
        protection: null,
      }),
    );
    expect(
      screen.getByRole('spinbutton', { name: 'Quantity of Two-course bistro dinner, Stalls' }),
    ).toHaveValue(2);
  });

  it('goes on to ticket protection when the basket offers it', async () => {
    const { user, history } = await openExtras();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPageHeading('Ticket refund protection');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.ticketProtection);
  });

  it('goes past ticket protection when the basket is not offered it', async () => {
    inventory.basket.protectionFee = null;
    const { user, history } = await openExtras();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
  });

  it('goes on only once the last change is saved, and offers to try again when it was not', async () => {
    let refuse = true;
    server.use(
      http.put('/api/:region/holds/:holdId/basket', () =>
        refuse
          ? HttpResponse.json({ code: 'internal_error', message: 'x' }, { status: 500 })
          : undefined,
      ),
    );
    const { user, history } = await openExtras();
    await user.click(screen.getByRole('button', { name: 'Add one Souvenir programme' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your changes were not saved.')).toBeInTheDocument();
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(chosen().get(PROGRAMME_ID)).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPageHeading('Ticket refund protection');
  });

  it('is skipped, without a history entry, when the hold is offered no extras', async () => {
    inventory.basket.upsells = [];
    inventory.basket.protectionFee = null;
    const { history } = renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: heldState() });
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
    expect(history.action).toBe('REPLACE');
  });
});
