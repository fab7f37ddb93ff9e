import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootState } from '@/app/store';
import { CHECKOUT_PATHS } from '@/config/paths';
import { useMswServer } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/msw/render';
import { heldState } from '../../../../tests/msw/checkoutState';
import { inventory, resetInventory } from '../../../../tests/msw/inventory';

useMswServer();
beforeEach(() => resetInventory());

/** The review step of a held reservation, once its page has loaded. */
async function openReview(preloadedState: Partial<RootState> = heldState()) {
  const view = renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState });
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Best available tickets' },
    { timeout: 5000 },
  );
  return view;
}

async function continueFromReview() {
  const user = userEvent.setup();
  const view = await openReview();
  // The basket's total (fees included) once it has been read.
  await screen.findByRole('button', { name: 'Your basket £130' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return view;
}

// Pages are lazy chunks: the first in a run can take a while on a busy machine.
describe('the review step', { timeout: 20_000 }, () => {
  it('goes on to Extras when the hold is offered some', async () => {
    const { history } = await continueFromReview();
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras));
  });

  it('goes straight to ticket protection when there are no extras', async () => {
    inventory.basket.upsells = [];
    const { history } = await continueFromReview();
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.ticketProtection));
  });

  it('goes straight to delivery when the basket needs neither step', async () => {
    inventory.basket.upsells = [];
    inventory.basket.protectionFee = null;
    const { history } = await continueFromReview();
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.collection));
    // Pushed, not replaced: Back returns to the review.
    expect(history.action).toBe('PUSH');
  });

  it('adds up the total under the seats: the tickets, the fee as a line of its own, the total', async () => {
    inventory.basket.transactionFee = 300;
    renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState: heldState() });
    // The step's own lines, not the basket's beside it.
    await screen.findAllByText('Transaction fee', {}, { timeout: 5000 });
    const aside = screen.getByRole('complementary');
    const fees = screen.getAllByText('Transaction fee').filter((el) => !aside.contains(el));
    expect(fees).toHaveLength(1);
    const lines = fees[0]!.closest('ul')!;
    expect(lines).toHaveTextContent('2 tickets£130');
    expect(lines).toHaveTextContent('Transaction fee£3');
    expect(lines.nextElementSibling).toHaveTextContent('Total£133');
  });
});

/** The same two seats as hand-picked, or as general-admission places, held. */
function heldAs(chosenBy: 'seats' | 'admissions'): Partial<RootState> {
  const state = heldState({ chosenBy });
  const reservation = state.reservation!;
  if (chosenBy === 'seats') return state;
  const hold = reservation.hold!;
  const admissions = [
    { area: 'FLOOR', priceOption: 'FULL', quantity: 2, price: hold.seats[0]!.price },
  ];
  return { ...state, reservation: { ...reservation, hold: { ...hold, seats: [], admissions } } };
}

describe('the title says what the buyer chose', { timeout: 20_000 }, () => {
  it('calls seats the buyer picked their seats, not best available', async () => {
    renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState: heldAs('seats') });
    await screen.findByRole('heading', { level: 1, name: 'Check your seats' }, { timeout: 5000 });
    expect(screen.queryByText('Best available tickets')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose different seats' })).toBeInTheDocument();
  });

  it('calls general-admission places tickets, and offers different tickets, not seats', async () => {
    renderApp({ route: CHECKOUT_PATHS.reservations, preloadedState: heldAs('admissions') });
    await screen.findByRole('heading', { level: 1, name: 'Check your tickets' }, { timeout: 5000 });
    expect(screen.getByText('Check the tickets held for you, then continue to book them'));
    expect(screen.getByRole('button', { name: 'Choose different tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /seats/ })).not.toBeInTheDocument();
  });

  it('keeps the spec title "Best available tickets" for seats the shop picked', async () => {
    await openReview(heldState({ chosenBy: 'bestAvailable' }));
    expect(screen.getByRole('button', { name: 'Choose different seats' })).toBeInTheDocument();
  });
});

/** A hold of two £65 seats (£130) reserved by a buyer who was shown `quotedTotal` on the seats page. */
function heldAfterQuote(quotedTotal: number): Partial<RootState> {
  const state = heldState();
  return { ...state, reservation: { ...state.reservation!, quotedTotal } };
}

describe('a price or fee change since the seats page (spec §4)', { timeout: 20_000 }, () => {
  it('stops the review with the alert until the buyer reviews the basket, then lets them go on', async () => {
    const user = userEvent.setup();
    const { history } = await openReview(heldAfterQuote(12_000));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There has been a change in either the price of your tickets or the associated fees. Please continue to review your cart.',
    );
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations);

    await user.click(screen.getByRole('button', { name: 'Review my basket' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(next).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras));
  });

  it('says nothing when the held total is the one the buyer was shown', async () => {
    const user = userEvent.setup();
    const { history } = await openReview(heldAfterQuote(13_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review my basket' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras));
  });
});
