import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { Basket } from '@contract/api/basket';
import { VENUE_FLAG_DEFAULTS } from '@contract/venueDefaults';
import { listVenues } from '@/config/venues';
import { VENUE_CONTENT } from '../../../server/catalogue/seed/venueContent';
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

/** The amounts on the drawer's lines (the first list; "Free" is nothing) in minor units. */
function lineAmounts(drawer: HTMLElement): number[] {
  const list = within(drawer).getAllByRole('list')[0]!;
  return [...list.children].map((line) => {
    const shown = line.lastElementChild?.textContent ?? '';
    return shown === 'Free' ? 0 : Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);
  });
}

function totalShown(drawer: HTMLElement): number {
  const shown = within(drawer).getByText('Total').lastElementChild!.textContent;
  return Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);
}

const flagsOf = (flags: DrawerFlags): DrawerFlags => ({
  displayPriceBreakdown: flags.displayPriceBreakdown,
  isIncludedPriceBreakdown: flags.isIncludedPriceBreakdown,
  displayTransactionFeeInPriceDrawer: flags.displayTransactionFeeInPriceDrawer,
  displayAdditionalFeesInfo: flags.displayAdditionalFeesInfo,
  shouldShowFaceValue: flags.shouldShowFaceValue,
});

describe('the price drawer', () => {
  it('names the show, its date and time on the venue clock, and the venue', async () => {
    const { drawer } = await renderDrawer({});
    expect(drawer).toHaveTextContent('The Glass Orchard');
    expect(drawer).toHaveTextContent('Fri, 13 March 2026, 19:30');
    expect(drawer).toHaveTextContent('The Lumen Theatre');
  });

  it('lists the tickets as count × all-in price with their seats, the fee and the total', async () => {
    const { drawer } = await renderDrawer({});
    expect(drawer).toHaveTextContent('2 × Full Price£65 eachStalls, Row A, Seat 2');
    expect(drawer).toHaveTextContent('Stalls, Row A, Seat 3£130');
    // A charged fee is always a line of its own, whatever the flags.
    expect(drawer).toHaveTextContent('Transaction fee£3');
    expect(drawer).toHaveTextContent('Total£133');
    expect(drawer).not.toHaveTextContent(/face value/i);
    expect(drawer).not.toHaveTextContent('booking fee');
    expect(lineAmounts(drawer)).toEqual([13_000, 300]);
  });

  it("shows the Lumen's £2.95 transaction fee, so two £87.50 seats add up to £177.95", async () => {
    const lumen = listVenues().find((venue) => venue.settings.slug === 'lumen-theatre')!;
    const basket = twoSeats();
    const seats = basket.tickets.map((line) => ({
      ...line,
      unitPrice: 8750,
      faceValue: 8500,
      bookingFee: 250,
      lineTotal: 8750,
    }));
    const { drawer } = await renderDrawer(flagsOf(lumen.settings.flags), {
      ...basket,
      tickets: seats,
      transactionFee: 295,
      total: 17_795,
    });
    expect(drawer).toHaveTextContent('2 × Full Price£87.50 each');
    expect(drawer).toHaveTextContent('Transaction fee£2.95');
    expect(drawer).toHaveTextContent('Total£177.95');
    expect(lineAmounts(drawer)).toEqual([17_500, 295]);
  });

  it.each(listVenues().map((venue) => [venue.settings.slug, venue] as const))(
    'adds up to the total to the penny with the settings of %s',
    async (slug, venue) => {
      const content = VENUE_CONTENT.find((entry) => entry.slug === slug)!;
      const basket = twoSeats();
      const seats = basket.tickets.map((line, index) => {
        const face = 4000 + index * 1250;
        const unitPrice = face + content.bookingFee;
        return {
          ...line,
          unitPrice,
          faceValue: face,
          bookingFee: content.bookingFee,
          lineTotal: unitPrice,
        };
      });
      const tickets = seats.reduce((sum, line) => sum + line.lineTotal, 0);
      const { drawer } = await renderDrawer(flagsOf(venue.settings.flags), {
        ...basket,
        tickets: seats,
        transactionFee: content.transactionFee,
        delivery: { method: 'eTicket', amount: 0 },
        total: tickets + content.transactionFee,
      });
      const lines = lineAmounts(drawer);
      expect(lines.reduce((sum, amount) => sum + amount, 0)).toBe(totalShown(drawer));
      expect(totalShown(drawer)).toBe(tickets + content.transactionFee);
      expect(drawer).toHaveTextContent('Delivery: eTicketFree');
    },
  );

  it('shouldShowFaceValue: the face value beside each all-in price', async () => {
    const { drawer } = await renderDrawer({ shouldShowFaceValue: true });
    expect(within(drawer).getByText('Face value £58.50')).toBeInTheDocument();
  });

  it('displayPriceBreakdown: face value plus booking fee per ticket', async () => {
    const { drawer } = await renderDrawer({
      displayPriceBreakdown: true,
      shouldShowFaceValue: true,
    });
    expect(
      within(drawer).getByText('Per ticket: face value £58.50 + booking fee £6.50'),
    ).toBeInTheDocument();
    // The breakdown already names the face value; it is not said twice.
    expect(within(drawer).queryByText('Face value £58.50')).toBeNull();
  });

  it('isIncludedPriceBreakdown: the booking fee is shown as included, not added', async () => {
    const { drawer } = await renderDrawer({
      displayPriceBreakdown: true,
      isIncludedPriceBreakdown: true,
    });
    expect(
      within(drawer).getByText('Per ticket: face value £58.50, booking fee £6.50 included'),
    ).toBeInTheDocument();
    expect(drawer).not.toHaveTextContent('+ booking fee');
  });

  it('displayTransactionFeeInPriceDrawer: the fee line says it is charged once per order', async () => {
    const plain = await renderDrawer({});
    expect(plain.drawer).not.toHaveTextContent('Charged once per order');
    plain.unmount();
    const { drawer } = await renderDrawer({ displayTransactionFeeInPriceDrawer: true });
    expect(drawer).toHaveTextContent('Transaction feeCharged once per order£3');
    expect(drawer).toHaveTextContent('Total£133');
  });

  it('displayTransactionFeeInPriceDrawer (Golden Gate Playhouse): on a phone the folded drawer still shows the fee as a line', async () => {
    setWide(false);
    const plain = await renderDrawer({});
    expect(within(plain.drawer).getByRole('button', { expanded: false })).toBeInTheDocument();
    // Folded, the fee is only in the hidden list.
    for (const fee of within(plain.drawer).getAllByText('Transaction fee'))
      expect(fee).not.toBeVisible();
    plain.unmount();
    const golden = listVenues().find((venue) => venue.settings.slug === 'golden-gate-playhouse')!;
    const { drawer } = await renderDrawer(flagsOf(golden.settings.flags));
    const toggle = within(drawer).getByRole('button', { expanded: false });
    expect(toggle).toHaveTextContent('Your basket £133');
    const shown = within(drawer)
      .getAllByText('Transaction fee')
      .filter((fee) => fee.closest('[hidden]') === null);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.parentElement).toHaveTextContent('Transaction fee£3');
    // Opened, the fee is the line in the list (with its "once per order"), not twice.
    await userEvent.setup().click(toggle);
    expect(
      within(drawer)
        .getAllByText('Transaction fee')
        .filter((fee) => fee.closest('[hidden]') === null),
    ).toHaveLength(1);
    expect(drawer).toHaveTextContent('Transaction feeCharged once per order£3');
  });

  it('displayAdditionalFeesInfo: a note on what the fees pay for', async () => {
    const { drawer } = await renderDrawer({ displayAdditionalFeesInfo: true });
    expect(drawer).toHaveTextContent(/booking fee, which pays for selling and delivering/);
  });

  it('lists extras, ticket protection and delivery once chosen, adding up to the total', async () => {
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
      transactionFee: 295,
      delivery: { method: 'post', amount: 0 },
      total: basket.total + 1700 + 295,
    };
    const { drawer } = await renderDrawer({}, chosen);
    expect(drawer).toHaveTextContent('2 × Souvenir programme£12');
    expect(drawer).toHaveTextContent('Ticket refund protection, 2 tickets£5');
    expect(drawer).toHaveTextContent('Delivery: PostFree');
    expect(drawer).toHaveTextContent('Total£149.95');
    expect(lineAmounts(drawer)).toEqual([13_000, 1200, 500, 295, 0]);
    expect(lineAmounts(drawer).reduce((sum, amount) => sum + amount, 0)).toBe(chosen.total);
  });

  it('as a summary (shouldHidePriceDrawer): tickets on one line, fees still each their own', async () => {
    setWide(false);
    const view = renderWithProviders(
      <PriceDrawer basket={twoSeats()} flags={OFF} names={NAMES} busy={false} summary />,
    );
    const drawer = await screen.findByRole('region', { name: 'Your basket' });
    expect(within(drawer).queryByRole('button')).toBeNull();
    expect(drawer).toHaveTextContent('2 tickets£130');
    expect(drawer).toHaveTextContent('Transaction fee£3');
    expect(drawer).toHaveTextContent('Total£133');
    expect(drawer).not.toHaveTextContent('Seat 2');
    view.unmount();
  });

  it('folds behind a named disclosure button on a phone', async () => {
    setWide(false);
    const user = userEvent.setup();
    const { drawer } = await renderDrawer({});
    const toggle = within(drawer).getByRole('button', { name: 'Your basket £133' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(drawer).queryByText('Stalls, Row A, Seat 2')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByText('Stalls, Row A, Seat 2')).toBeVisible();
  });

  it('stays open without a button on a wide screen, and passes axe', async () => {
    const { drawer, container } = await renderDrawer({ displayPriceBreakdown: true });
    expect(within(drawer).queryByRole('button')).toBeNull();
    expect(within(drawer).getByText('Stalls, Row A, Seat 2')).toBeVisible();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });
});
