import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Basket } from '@contract/api/basket';
import { VENUE_FLAG_DEFAULTS } from '@contract/venueDefaults';
import { renderWithProviders } from '../../../tests/msw/render';
import { heldState } from '../../../tests/msw/checkoutState';
import { basketOf, inventory, PROGRAMME_ID, resetInventory } from '../../../tests/msw/inventory';
import { PriceDrawer, type DrawerFlags } from './PriceDrawer';
import type { PlaceNames } from './placeNames';

const NAMES: PlaceNames = {
  section: (code) => (code === 'STALLS' ? 'Stalls' : code),
  area: (code) => code,
};

const OFF: DrawerFlags = {
  displayPriceBreakdown: VENUE_FLAG_DEFAULTS.displayPriceBreakdown,
  isIncludedPriceBreakdown: VENUE_FLAG_DEFAULTS.isIncludedPriceBreakdown,
  displayTransactionFeeInPriceDrawer: VENUE_FLAG_DEFAULTS.displayTransactionFeeInPriceDrawer,
  displayAdditionalFeesInfo: VENUE_FLAG_DEFAULTS.displayAdditionalFeesInfo,
  shouldShowFaceValue: VENUE_FLAG_DEFAULTS.shouldShowFaceValue,
};

/** Two £65 seats (£6.50 booking fee in each), a £3 transaction fee: £133 all in. */
function twoSeats(): Basket {
  resetInventory();
  const hold = heldState().reservation!.hold!;
  inventory.basket.transactionFee = 300;
  return basketOf(hold);
}

function setWide(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

beforeEach(() => setWide(true));
afterEach(() => vi.unstubAllGlobals());

async function renderDrawer(flags: Partial<DrawerFlags>, basket = twoSeats()) {
  const view = renderWithProviders(
    <PriceDrawer basket={basket} flags={{ ...OFF, ...flags }} names={NAMES} busy={false} />,
  );
  return { ...view, drawer: await screen.findByRole('region', { name: 'Your basket' }) };
}

describe('the price drawer', () => {
  it('lists each ticket at its all-in price and the total, and nothing else by default', async () => {
    const { drawer } = await renderDrawer({});
    expect(drawer).toHaveTextContent('Stalls, Row A, Seat 2, Full Price£65');
    expect(drawer).toHaveTextContent('Total£133');
    expect(drawer).not.toHaveTextContent(/face value/i);
    expect(drawer).not.toHaveTextContent('Transaction fee');
    expect(drawer).not.toHaveTextContent('booking fee');
  });

  it('shouldShowFaceValue: the face value beside each all-in price', async () => {
    const { drawer } = await renderDrawer({ shouldShowFaceValue: true });
    expect(within(drawer).getAllByText('Face value £58.50')).toHaveLength(2);
  });

  it('displayPriceBreakdown: face value plus booking fee per ticket', async () => {
    const { drawer } = await renderDrawer({
      displayPriceBreakdown: true,
      shouldShowFaceValue: true,
    });
    expect(
      within(drawer).getAllByText('Per ticket: face value £58.50 + booking fee £6.50'),
    ).toHaveLength(2);
    // The breakdown already names the face value; it is not said twice.
    expect(within(drawer).queryByText('Face value £58.50')).toBeNull();
  });

  it('isIncludedPriceBreakdown: the booking fee is shown as included, not added', async () => {
    const { drawer } = await renderDrawer({
      displayPriceBreakdown: true,
      isIncludedPriceBreakdown: true,
    });
    expect(
      within(drawer).getAllByText('Per ticket: face value £58.50, booking fee £6.50 included'),
    ).toHaveLength(2);
    expect(drawer).not.toHaveTextContent('+ booking fee');
  });

  it('displayTransactionFeeInPriceDrawer: the per-order fee on its own line', async () => {
    const { drawer } = await renderDrawer({ displayTransactionFeeInPriceDrawer: true });
    expect(drawer).toHaveTextContent('Transaction fee£3');
    expect(drawer).toHaveTextContent('Total£133');
  });

  it('displayAdditionalFeesInfo: a note on what the fees pay for', async () => {
    const { drawer } = await renderDrawer({ displayAdditionalFeesInfo: true });
    expect(drawer).toHaveTextContent(/booking fee, which pays for selling and delivering/);
  });

  it('lists extras and ticket protection once chosen', async () => {
    resetInventory();
    const hold = heldState().reservation!.hold!;
    const basket = basketOf(hold);
    const chosen: Basket = {
      ...basket,
      extras: [
        {
          upsellId: PROGRAMME_ID,
          kind: 'programme',
          name: 'Souvenir programme',
          priceZone: null,
          unitPrice: 600,
          quantity: 2,
          lineTotal: 1200,
        },
      ],
      ticketProtection: { ...basket.ticketProtection!, choice: 'yes', amount: 500 },
      total: basket.total + 1700,
    };
    const { drawer } = await renderDrawer({}, chosen);
    expect(drawer).toHaveTextContent('2 × Souvenir programme£12');
    expect(drawer).toHaveTextContent('Ticket refund protection, 2 tickets£5');
    expect(drawer).toHaveTextContent('Total£147');
  });

  it('folds behind a named disclosure button on a phone', async () => {
    setWide(false);
    const user = userEvent.setup();
    const { drawer } = await renderDrawer({});
    const toggle = within(drawer).getByRole('button', { name: 'Your basket £133' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).queryByText('Stalls, Row A, Seat 2, Full Price')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByText('Stalls, Row A, Seat 2, Full Price')).toBeVisible();
  });

  it('stays open without a button on a wide screen, and passes axe', async () => {
    const { drawer, container } = await renderDrawer({ displayPriceBreakdown: true });
    expect(within(drawer).queryByRole('button')).toBeNull();
    expect(within(drawer).getByText('Stalls, Row A, Seat 2, Full Price')).toBeVisible();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });
});
