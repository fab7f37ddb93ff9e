import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Basket } from '@contract/api/basket';
import { VENUE_FLAG_DEFAULTS } from '@contract/venueDefaults';
import { renderWithProviders } from '../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { orderViewOf } from '../../../tests/msw/orders';
import { OrderPriceLines } from './confirmation/OrderPriceLines';
import { basketOf, inventory, resetInventory } from '../../../tests/msw/inventory';
import { priceLines } from './basketPrices';
import { PriceDrawer, type DrawerFlags } from './PriceDrawer';

const FLAGS: DrawerFlags = {
  displayPriceBreakdown: VENUE_FLAG_DEFAULTS.displayPriceBreakdown,
  isIncludedPriceBreakdown: VENUE_FLAG_DEFAULTS.isIncludedPriceBreakdown,
  displayTransactionFeeInPriceDrawer: VENUE_FLAG_DEFAULTS.displayTransactionFeeInPriceDrawer,
  displayAdditionalFeesInfo: VENUE_FLAG_DEFAULTS.displayAdditionalFeesInfo,
  shouldShowFaceValue: VENUE_FLAG_DEFAULTS.shouldShowFaceValue,
};

/** Two £65 seats for an ATG+ member: the £3 transaction fee waived, £130 all in. */
function memberBasket(): Basket {
  resetInventory();
  inventory.basket.transactionFee = 300;
  const basket = basketOf(heldState().reservation!.hold!);
  return {
    ...basket,
    transactionFee: 0,
    transactionFeeWaiver: { amount: 300, scheme: 'atg-plus' },
    total: basket.total - 300,
  };
}

describe("a member's waived transaction fee", () => {
  it('is a line of its own beneath the fee, and the lines still add up to the total', () => {
    const basket = memberBasket();
    const lines = priceLines(basket);
    expect(lines.slice(-2)).toEqual([
      { kind: 'transactionFee', amount: 300 },
      { kind: 'feeWaiver', scheme: 'atg-plus', amount: -300 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(basket.total);
  });

  it('shows the buyer the fee and the waiver with its scheme', async () => {
    renderWithProviders(
      <PriceDrawer
        basket={memberBasket()}
        flags={FLAGS}
        names={{ section: (code) => code, area: (code) => code }}
        busy={false}
      />,
    );
    const drawer = await screen.findByRole('region', { name: 'Your basket' });
    const fee = within(drawer).getByText('Transaction fee').closest('li')!;
    expect(fee).toHaveTextContent(/£3$/);
    const waiver = within(drawer)
      .getByText('Transaction fee waived for ATG+ members')
      .closest('li')!;
    expect(waiver).toHaveTextContent(/−£3$/);
    expect(within(drawer).getByText('Total').parentElement).toHaveTextContent('£130');
  });

  it('is not shown to a guest, who pays the fee', () => {
    resetInventory();
    inventory.basket.transactionFee = 300;
    const lines = priceLines(basketOf(heldState().reservation!.hold!));
    expect(lines.some((line) => line.kind === 'feeWaiver')).toBe(false);
  });

  it("is on the paid order's lines too (confirmation and My account)", async () => {
    resetInventory();
    heldState();
    const order = orderViewOf(checkoutHoldId(), 'A1B2C3D4-0000-4000-8000-00000000000A');
    renderWithProviders(
      <OrderPriceLines
        order={{
          ...order,
          transactionFee: 0,
          charges: {
            ...order.charges,
            transactionFeeWaiver: { amount: 295, scheme: 'access' },
          },
        }}
      />,
    );
    const waiver = (await screen.findByText('Transaction fee waived for Access members')).closest(
      'li',
    )!;
    expect(waiver).toHaveTextContent('−£2.95');
    expect(screen.getByText('Transaction fee').closest('li')).toHaveTextContent('£2.95');
  });
});
