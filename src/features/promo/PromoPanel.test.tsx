import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../tests/msw/render';
import { useMswServer } from '../../../tests/msw/server';
import { readKeptVoucherNumber } from './keptVoucherNumber';

useMswServer();
beforeEach(() => window.sessionStorage.clear());

const MILL_GIRLS = '/shows/the-mill-girls/northern-playhouse/calendar/';

describe('a gift voucher number typed into the promo box (issue 15)', { timeout: 30_000 }, () => {
  it('is recognised as a voucher and kept for the payment step, never called an invalid code', async () => {
    const user = userEvent.setup();
    renderApp({ route: MILL_GIRLS });
    await screen.findByRole('grid', {}, { timeout: 5000 });
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    const status = screen.getByRole('status');
    // As printed on the voucher, in groups.
    await user.type(field, 'GV20 0012 34');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(status).toHaveTextContent(
        "That's a gift voucher or gift card number, not a promo code. We've kept it for the payment step, where you can add its code and use it to pay.",
      ),
    );
    expect(status).not.toHaveTextContent('The code is invalid, please try again.');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(readKeptVoucherNumber()).toBe('GV20001234');
  });
});

describe('a single-use code an order has already used (issue 24)', { timeout: 30_000 }, () => {
  it('is called used in the spec’s single-use words, from a link too, with every date still shown', async () => {
    renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/calendar/?pc=LUMEN-ONCE' });
    await screen.findByRole('grid', {}, { timeout: 5000 });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Sorry, this promo code can only be used once, and it has already been used.',
      ),
    );
    expect(screen.queryByText('This promo link is invalid or has expired')).toBeNull();
  });

  it('keeps what the buyer typed in the field, marked invalid', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/shows/texas-two-step/lone-star-theater/calendar/' });
    await screen.findByRole('grid', {}, { timeout: 5000 });
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    await user.type(field, 'HOWDY-ONCE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Sorry, this promo code can only be used once, and it has already been used.',
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('HOWDY-ONCE');
  });
});
