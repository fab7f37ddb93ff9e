import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ApiErrorBody } from '@contract/api/common';
import { HttpResponse } from 'msw';
import { CHECKOUT_PATHS } from '@/config/paths';
import { http } from '../../../../tests/msw/contract';
import { server } from '../../../../tests/msw/server';
import { keepVoucherNumber, readKeptVoucherNumber } from '@/features/promo/keptVoucherNumber';
import { renderApp } from '../../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { basketOf, inventory } from '../../../../tests/msw/inventory';
import { paymentMethodsDouble } from '../../../../tests/msw/paymentMethods';
import { usePaymentTestBed } from '../../../../tests/msw/paymentTestBed';

usePaymentTestBed();
beforeEach(() => window.sessionStorage.clear());

type State = ReturnType<typeof heldState>;

async function openPayment(state: State = heldState({ protection: 'no' })) {
  const user = userEvent.setup();
  const view = renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: state });
  await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 5000 });
  const panel = await screen.findByRole(
    'region',
    { name: 'Gift voucher or gift card' },
    { timeout: 5000 },
  );
  // The form folds away until asked for.
  const toggle = within(panel).queryByRole('button', { name: 'Use a gift voucher or gift card' });
  if (toggle?.getAttribute('aria-expanded') === 'false') await user.click(toggle);
  return { user, panel, ...view };
}

async function type(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
}

async function applyVoucher(
  user: ReturnType<typeof userEvent.setup>,
  number = 'GV20 0012 34',
  code = 'RED-7731',
) {
  await type(user, 'Voucher number', number);
  await type(user, 'Redemption code', code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

const totalOfHold = () => basketOf(inventory.holds.get(checkoutHoldId())!).total;
const pounds = (minor: number) =>
  `£${(minor / 100).toFixed(minor % 100 === 0 ? 0 : 2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

describe('the voucher panel on the payment step', { timeout: 30_000 }, () => {
  it("checks the number against the venue's minimum length and says the spec's messages", async () => {
    // Northern Playhouse takes numbers from 2 characters; Hudson Stage from the default 8.
    const { user } = await openPayment(
      heldState({ venueSlug: 'hudson-stage', region: 'us-east', protection: 'no' }),
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter your voucher number')).toBeVisible();
    expect(screen.getByText('Please enter your redemption code')).toBeVisible();
    expect(screen.getByLabelText('Voucher number')).toHaveFocus();

    await applyVoucher(user, 'AB12', 'X1');
    expect(screen.getByLabelText('Voucher number')).toHaveAccessibleDescription(
      'Please enter your voucher number',
    );
    expect(paymentMethodsDouble.applies).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Gift card' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please enter your gift card number')).toBeVisible();
    expect(screen.getByText('Please enter your gift card access number')).toBeVisible();
  });

  it('sends a short number at a venue whose minimum is 2, for the server to judge', async () => {
    const { user } = await openPayment(
      heldState({ venueSlug: 'northern-playhouse', protection: 'no' }),
    );
    await applyVoucher(user, 'AB', 'X1');
    await waitFor(() =>
      expect(paymentMethodsDouble.applies).toEqual([{ kind: 'gift_voucher', number: 'AB' }]),
    );
    expect(await screen.findByText(/don't recognise that number and code/)).toBeVisible();
  });

  const refusals: [number, ApiErrorBody['code'], string, 'Voucher number' | 'Redemption code'][] = [
    [
      422,
      'voucher_invalid',
      "We don't recognise that number and code together. Please check both and try again.",
      'Redemption code',
    ],
    [
      422,
      'voucher_expired',
      "This gift voucher has expired, so it can't be used.",
      'Voucher number',
    ],
    [422, 'voucher_empty', "There's no balance left on this gift voucher.", 'Voucher number'],
    [
      422,
      'voucher_currency',
      "This gift voucher is in another currency, so it can't pay for this order.",
      'Voucher number',
    ],
    [
      422,
      'voucher_not_accepted',
      "This gift voucher can't be used for these tickets. Please choose another way to pay.",
      'Voucher number',
    ],
    [
      409,
      'voucher_already_applied',
      'This gift voucher is already applied to your order.',
      'Voucher number',
    ],
    [422, 'voucher_number_too_short', 'Please enter your voucher number', 'Voucher number'],
  ];

  it.each(refusals)(
    'says why the server refused it (%i %s) on the field concerned, keeping what was typed',
    async (status, code, message, field) => {
      const { user } = await openPayment();
      paymentMethodsDouble.refuseNext = { status, code };
      await applyVoucher(user);
      await waitFor(() =>
        expect(screen.getByLabelText(field)).toHaveAccessibleDescription(message),
      );
      expect(screen.getByLabelText(field)).toHaveFocus();
      expect(screen.getByLabelText('Voucher number')).toHaveValue('GV20 0012 34');
      expect(screen.getByLabelText('Redemption code')).toHaveValue('RED-7731');
      // Changing what was sent lets the buyer try again.
      await type(user, field, field === 'Voucher number' ? 'GV20001234' : 'RED7731');
      await user.tab();
      expect(screen.getByLabelText(field)).not.toHaveAccessibleDescription(message);
    },
  );

  it('says "too many tries" for the panel as a whole', async () => {
    const { user } = await openPayment();
    paymentMethodsDouble.refuseNext = { status: 429, code: 'rate_limited' };
    await applyVoucher(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many tries. Please wait a few minutes, then try again.',
    );
    expect(screen.getByLabelText('Voucher number')).toHaveValue('GV20 0012 34');
  });

  it('lists an applied voucher with what it takes off, its balance and expiry, and what is left to pay', async () => {
    const { user, panel, container } = await openPayment();
    const total = totalOfHold();
    await applyVoucher(user);
    const list = await within(panel).findByRole('list', {}, { timeout: 5000 });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Gift voucher ending 1234');
    expect(item).toHaveTextContent('£20 taken off this order');
    expect(item).toHaveTextContent(
      'Gift card applied. Remaining balance: £0, valid until 31 December 2027.',
    );
    expect(panel).toHaveTextContent(`Left to pay: ${pounds(total - 2_000)}`);
    await waitFor(() =>
      expect(panel.querySelector('[aria-live="polite"]')).toHaveTextContent(
        `Gift voucher ending 1234 applied. Left to pay: ${pounds(total - 2_000)}.`,
      ),
    );
    // The fields are clear for another one, and not called missing: focus left them first.
    expect(screen.getByLabelText('Voucher number')).toHaveValue('');
    expect(within(panel).getByRole('heading', { name: 'Gift voucher or gift card' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(panel).queryByText('Please enter your redemption code')).toBeNull();
    const results = await axe.run(container);
    expect(results.violations).toEqual([]);
  });

  it('removes a voucher with a button named by its ending, keyboard only', async () => {
    const { user, panel } = await openPayment();
    const total = totalOfHold();
    await applyVoucher(user);
    const remove = await within(panel).findByRole(
      'button',
      { name: 'Remove gift voucher ending 1234' },
      { timeout: 5000 },
    );
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).queryByRole('list')).toBeNull());
    expect(within(panel).getByRole('heading', { name: 'Gift voucher or gift card' })).toHaveFocus();
    await waitFor(() =>
      expect(panel.querySelector('[aria-live="polite"]')).toHaveTextContent(
        `Gift voucher ending 1234 removed. Left to pay: ${pounds(total)}.`,
      ),
    );
  });

  it('says nothing is left to pay when a gift card covers the order, and offers no more vouchers', async () => {
    const { user, panel } = await openPayment();
    await user.click(screen.getByRole('radio', { name: 'Gift card' }));
    await type(user, 'Gift card number', '6000 1111 2222 3333');
    await type(user, 'Gift card access number', '4321');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await within(panel).findByText('Nothing left to pay: your vouchers cover this order.'),
    ).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(within(panel).getByRole('listitem')).toHaveTextContent('Gift card ending 3333');
  });

  it('keeps the form folded until the buyer asks for it, by keyboard', async () => {
    const user = userEvent.setup();
    renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: heldState({ protection: 'no' }) });
    const panel = await screen.findByRole(
      'region',
      { name: 'Gift voucher or gift card' },
      { timeout: 5000 },
    );
    const toggle = within(panel).getByRole('button', { name: 'Use a gift voucher or gift card' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByLabelText('Voucher number')).toBeNull();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByLabelText('Voucher number')).toBeVisible();
  });

  it('says why vouchers cannot pay for American Express seats, with no form', async () => {
    paymentMethodsDouble.methods = [{ method: 'card', cardBrands: ['amex'] }];
    paymentMethodsDouble.voucherKinds = [];
    paymentMethodsDouble.unavailable = [
      { method: 'gift_voucher', reason: 'amex_seats' },
      { method: 'gift_card', reason: 'amex_seats' },
    ];
    const { panel } = await openPayment();
    expect(panel).toHaveTextContent(
      "Gift vouchers and gift cards can't be used for these seats: they can only be paid for with an American Express card.",
    );
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('says when the ways to pay cannot be read, and reads them again on "Try again"', async () => {
    let failures = 1;
    server.use(
      http.get('/api/:region/holds/:holdId/payment-methods', () => {
        if (failures-- > 0) return HttpResponse.error();
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: heldState({ protection: 'no' }) });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(
      "We couldn't load the ways to pay for this order. Please check your connection and try again.",
    );
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Gift voucher or gift card' }, { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens with a number kept from the promo box, the caret in the code field', async () => {
    keepVoucherNumber('GV20001234');
    const { user } = await openPayment();
    expect(screen.getByLabelText('Voucher number')).toHaveValue('GV20001234');
    await waitFor(() => expect(screen.getByLabelText('Redemption code')).toHaveFocus());
    await user.paste('RED-7731');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByRole(
      'button',
      { name: 'Remove gift voucher ending 1234' },
      { timeout: 5000 },
    );
    expect(readKeptVoucherNumber()).toBeNull();
  });
});
