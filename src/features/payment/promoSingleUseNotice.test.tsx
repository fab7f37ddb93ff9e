import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { CHECKOUT_PATHS } from '@/config/paths';
import { http } from '../../../tests/msw/contract';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { usePaymentTestBed } from '../../../tests/msw/paymentTestBed';
import { basketOf, inventory } from '../../../tests/msw/inventory';

usePaymentTestBed();

// Lazy pages and Formik: slow on a busy 2-core machine.
describe('a single-use promo code another order used (issue 24)', { timeout: 30_000 }, () => {
  it('is told on the payment step in its own words, seats held, card as typed, with a way to pay without it', async () => {
    const user = userEvent.setup();
    const { container, store } = renderApp({
      route: CHECKOUT_PATHS.payment,
      preloadedState: heldState({ protection: 'no' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 5000 });
    server.use(
      http.post('/api/:region/holds/:holdId/order', () =>
        HttpResponse.json(
          {
            code: 'promo_single_use',
            message: 'This promo code can be used only once, and it has been used.',
          },
          { status: 422 },
        ),
      ),
    );
    await user.type(await screen.findByLabelText('Card number'), '4111111111111111');
    await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Expiry date'), '12/40');
    await user.type(screen.getByLabelText('Security code (CVV)'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent(
        'Sorry, this promo code can only be used once, and it has already been used.',
      ),
    );
    expect(document.activeElement).toHaveTextContent('your seats are still held');
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
    expect(store.getState().reservation.hold?.id).toBe(checkoutHoldId());
    const { violations } = await axe.run(container);
    expect(violations).toEqual([]);

    // "Pay without the code": the code comes off the basket, and the price-change alert shows
    // the full price to review before paying it.
    const puts: unknown[] = [];
    server.use(
      http.put('/api/:region/holds/:holdId/basket', async ({ request }) => {
        puts.push(await request.json());
        const basket = basketOf(inventory.holds.get(checkoutHoldId())!);
        return HttpResponse.json({
          basket: { ...basket, total: basket.total + 2600, version: 'v-full-price-000001' },
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Pay without the code' }));
    expect(
      await screen.findByText(
        'There has been a change in either the price of your tickets or the associated fees. Please continue to review your cart.',
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([{ promoCode: null }]);
    expect(store.getState().basket?.basket?.version).toBe('v-full-price-000001');
    expect(store.getState().reservation.hold?.id).toBe(checkoutHoldId());
  });
});
