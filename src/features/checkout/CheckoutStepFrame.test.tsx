import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { CHECKOUT_PATHS } from '@/config/paths';
import { useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { basketOf, inventory, resetInventory } from '../../../tests/msw/inventory';
import { readReviewedVersion, storeReviewedVersion } from './reviewedVersionStorage';
import { signedIn } from '@/features/auth/authSlice';
import { selectBasketState } from './basketSlice';

useMswServer();
beforeEach(() => resetInventory());

const findPageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

// Pages are lazy chunks: the first in a run can take a while on a busy machine.
describe('the checkout step frame', { timeout: 20_000 }, () => {
  it('links "Back" to the step before, as this basket runs its steps', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({
      route: CHECKOUT_PATHS.ticketProtection,
      preloadedState: heldState(),
    });
    await findPageHeading('Ticket refund protection');
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', CHECKOUT_PATHS.extras);
    await user.click(back);
    await findPageHeading('Extras');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras);
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      CHECKOUT_PATHS.reservations,
    );
  });

  it('skips a step the basket does not need on the way back', async () => {
    inventory.basket.upsells = [];
    renderApp({ route: CHECKOUT_PATHS.ticketProtection, preloadedState: heldState() });
    await findPageHeading('Ticket refund protection');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      CHECKOUT_PATHS.reservations,
    );
  });

  it('shows the basket beside the step, and passes axe', async () => {
    const { container } = renderApp({
      route: CHECKOUT_PATHS.extras,
      preloadedState: heldState(),
    });
    await findPageHeading('Extras');
    // The Lumen's own text group words the spec's sub-heading for its extras.
    expect(screen.getByText(/^Enhance your experience/)).toBeInTheDocument();
    const drawer = await screen.findByRole('region', { name: 'Your basket' });
    // jsdom has no media queries: the phone layout, folded behind its button.
    expect(within(drawer).getByRole('button', { name: 'Your basket £130' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });

  it('puts the folded basket above the step on a phone, in a complementary landmark', async () => {
    renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: heldState() });
    await findPageHeading('Extras');
    const drawer = await screen.findByRole('region', { name: 'Your basket' });
    const aside = screen.getByRole('complementary');
    expect(aside).toContainElement(drawer);
    // Read and tabbed before the step's own controls: the total first, then the form.
    const firstStepControl = screen.getAllByRole('button', { name: /Souvenir programme/ })[0]!;
    expect(
      aside.compareDocumentPosition(firstStepControl) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('where the venue hides the price drawer, a summary that never folds, with the fee', async () => {
    inventory.basket.transactionFee = 350;
    renderApp({
      route: CHECKOUT_PATHS.extras,
      preloadedState: heldState({ venueSlug: 'motor-city-music-hall', region: 'us-east' }),
    });
    await findPageHeading('Extras');
    const summary = await screen.findByRole('region', { name: 'Your cart' });
    expect(within(summary).queryByRole('button')).toBeNull();
    expect(summary).toHaveTextContent('2 tickets$130');
    expect(summary).toHaveTextContent('Transaction fee$3.50');
    expect(summary).toHaveTextContent('Total$133.50');
  });

  it('interrupts with the price-change alert, and Continue goes to review the basket', async () => {
    const state = heldState();
    const before = basketOf(state.reservation!.hold!);
    storeReviewedVersion(checkoutHoldId(), before.version);
    inventory.basket.priceRise = 200;
    const user = userEvent.setup();
    const { history, store } = renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: state });
    await findPageHeading('Extras');

    const alert = await screen.findByRole('alertdialog', { name: 'Your basket has changed' });
    expect(alert).toHaveTextContent(
      'There has been a change in either the price of your tickets or the associated fees. Please continue to review your cart.',
    );
    await user.click(within(alert).getByRole('button', { name: 'Continue' }));
    await findPageHeading('Best available tickets');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const basket = selectBasketState(store.getState());
    expect(basket.reviewedVersion).not.toBe(before.version);
    expect(basket.reviewedVersion).toBe(basket.basket?.version);
    await waitFor(() => expect(readReviewedVersion(checkoutHoldId())).toBe(basket.reviewedVersion));
    // The review step shows the new prices: two seats at £67.
    expect((await screen.findByText('2 tickets')).closest('li')).toHaveTextContent('2 tickets£134');
  });

  it('says a fee waived by signing in mid-checkout as good news on the same step, with no alert', async () => {
    inventory.basket.transactionFee = 300;
    const user = userEvent.setup();
    const { history, store } = renderApp({
      route: CHECKOUT_PATHS.extras,
      preloadedState: heldState(),
    });
    await findPageHeading('Extras');
    const drawer = await screen.findByRole('region', { name: 'Your basket' });
    await within(drawer).findByText('Transaction fee');

    // An ATG+ member signs in here: the held basket is read again, now without the fee.
    inventory.basket.feeWaivedFor = 'atg-plus';
    store.dispatch(
      signedIn({
        account: { email: 'atg@demo.stagedoor.test', firstName: 'Ada', lastName: 'Lovelace' },
        idleExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        absoluteExpiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
      }),
    );
    const notice = await screen.findByText(
      'Good news: as an ATG+ member you pay no transaction fee, so £3 has come off your order. Everything else is as you left it.',
      {},
      { timeout: 5000 },
    );
    expect(notice).toHaveAttribute('role', 'status');
    expect(
      await within(drawer).findByText('Transaction fee waived for ATG+ members'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.extras);
    const basket = selectBasketState(store.getState());
    expect(basket.priceChanged).toBe(false);
    expect(basket.reviewedVersion).toBe(basket.basket?.version);

    // Said once, where they were: the next step goes on without it.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findPageHeading('Ticket refund protection');
    expect(screen.queryByText(/^Good news/)).toBeNull();
  });

  it('still raises the alert when more than the fee waiver moved', async () => {
    inventory.basket.transactionFee = 300;
    const { store } = renderApp({ route: CHECKOUT_PATHS.extras, preloadedState: heldState() });
    await findPageHeading('Extras');
    await within(await screen.findByRole('region', { name: 'Your basket' })).findByText(
      'Transaction fee',
    );
    inventory.basket.feeWaivedFor = 'access';
    inventory.basket.priceRise = 200;
    store.dispatch(
      signedIn({
        account: { email: 'access@demo.stagedoor.test', firstName: 'Sam', lastName: 'Reed' },
        idleExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
        absoluteExpiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
      }),
    );
    await screen.findByRole('alertdialog', { name: 'Your basket has changed' }, { timeout: 5000 });
    expect(screen.queryByText(/^Good news/)).toBeNull();
  });

  it('sends the buyer back to ticket protection until it is answered', async () => {
    const { history } = renderApp({
      route: CHECKOUT_PATHS.payment,
      preloadedState: heldState(),
    });
    await findPageHeading('Ticket refund protection');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.ticketProtection);
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('lets the buyer on once protection is answered', async () => {
    const { history } = renderApp({
      route: CHECKOUT_PATHS.payment,
      preloadedState: heldState({ protection: 'no' }),
    });
    await findPageHeading('Payment');
    expect(
      await screen.findByLabelText('Card number', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.payment);
  });
});
