import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import type { PaymentMethods } from '@contract/api/paymentMethods';
import { CHECKOUT_PATHS } from '@/config/paths';
import { storeHold } from '@/features/hold/holdStorage';
import { http } from '../../../../tests/msw/contract';
import { server } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../../tests/msw/fixtures';
import { BANK, orders, seedPayment } from '../../../../tests/msw/orders';
import { paymentMethodsDouble, paymentMethodsOf } from '../../../../tests/msw/paymentMethods';
import { usePaymentTestBed } from '../../../../tests/msw/paymentTestBed';
import { storePayAttempt } from '@/features/payment/payAttemptStorage';

const navigation = usePaymentTestBed();

const ALL_METHODS: PaymentMethods['methods'] = [
  { method: 'card', cardBrands: null },
  { method: 'paypal', cardBrands: null },
  { method: 'google_pay', cardBrands: null },
];

/** The payment methods as the server would answer them, with these changes. */
function serveMethods(change: Partial<PaymentMethods>) {
  server.use(
    http.get('/api/:region/holds/:holdId/payment-methods', ({ params }) => {
      const methods = paymentMethodsOf(String(params.holdId));
      if (methods instanceof Response) return methods;
      return HttpResponse.json({ ...methods, ...change });
    }),
  );
}

async function openPayment(search = '') {
  const user = userEvent.setup();
  const view = renderApp({
    route: `${CHECKOUT_PATHS.payment}${search}`,
    preloadedState: heldState({ protection: 'no' }),
  });
  await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 5000 });
  return { user, ...view };
}

const chooser = () =>
  screen.findByRole('group', { name: 'How would you like to pay?' }, { timeout: 5000 });

const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));

// Lazy pages, the wallet's lazy sheet and Formik: slow on a busy 2-core machine.
describe('choosing how to pay', { timeout: 30_000 }, () => {
  it("offers the server's methods in its order with their marks, and asks for a choice before paying, axe-clean", async () => {
    paymentMethodsDouble.methods = ALL_METHODS;
    const { user, container } = await openPayment('?wallets=sandbox');
    const group = await chooser();
    await waitFor(() => expect(radioNames(group)).toEqual(['card', 'paypal', 'google_pay']));
    expect(within(group).getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
    // Nothing chosen: no card fields yet, and Pay says what is wrong where it is wrong.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await screen.findByText('Please select a payment method');
    expect(group).toHaveAccessibleDescription('Please select a payment method');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(group).getAllByRole('radio')[0]),
    );
    expect(orders.pays).toHaveLength(0);
    // Keyboard: the arrow moves to PayPal, and the button says where the money goes.
    await user.keyboard('{ArrowDown}');
    expect(within(group).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay £130 with PayPal' })).toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Credit or debit card' }));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('never shows a wallet this browser was not told to offer', async () => {
    paymentMethodsDouble.methods = ALL_METHODS;
    await openPayment();
    const group = await chooser();
    expect(radioNames(group)).toEqual(['card', 'paypal']);
    expect(screen.queryByText(/Google Pay/)).toBeNull();
  });

  it('explains a method this basket cannot use, with the way back to delivery for PayPal', async () => {
    serveMethods({ unavailable: [{ method: 'paypal', reason: 'posted_delivery' }] });
    await openPayment();
    expect(
      await screen.findByText("PayPal can't be used when tickets are sent by post.", undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another delivery method' })).toHaveAttribute(
      'href',
      CHECKOUT_PATHS.collection,
    );
    // A single usable method is chosen already: the card form is there.
    expect(screen.getByLabelText('Card number')).toBeInTheDocument();
  });

  it('says the transaction cannot be processed, with the venue phone, when no method is usable', async () => {
    serveMethods({ methods: [], unavailable: [{ method: 'paypal', reason: 'amex_seats' }] });
    await openPayment();
    const words = await screen.findByText(
      "We've been unable to process your transaction. Please contact us",
      undefined,
      { timeout: 5000 },
    );
    // The venue's phone, beside the words, as a link that calls it.
    expect(within(words.parentElement!).getByRole('link').getAttribute('href')).toMatch(/^tel:/);
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(screen.queryByRole('group', { name: 'How would you like to pay?' })).toBeNull();
  });

  it('pays by PayPal: the amount due and the method go in the pay body, and the browser goes to the approval page', async () => {
    paymentMethodsDouble.methods = ALL_METHODS;
    const { user } = await openPayment();
    const group = await chooser();
    await user.click(within(group).getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Pay £130 with PayPal' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
    expect(navigation.assign.mock.calls[0]![0]).toMatch(`${BANK}/paypal/`);
    expect(orders.pays[0]!.body).toMatchObject({
      method: 'paypal',
      amountDue: 13000,
      cardToken: null,
    });
    expect(orders.tokenRequests).toHaveLength(0);
  });

  it('says the amount left to pay changed (409), shows the new amount and keeps what was typed', async () => {
    const { user } = await openPayment();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/:region/holds/:holdId/order', async ({ params, request }) => {
        sent.push(await request.json());
        const methods = paymentMethodsOf(String(params.holdId));
        if (methods instanceof Response) return methods;
        return HttpResponse.json(
          {
            code: 'amount_due_changed',
            message: 'The vouchers now give less.',
            paymentMethods: { ...methods, amountDue: 11_000 },
          },
          { status: 409 },
        );
      }),
    );
    await user.type(await screen.findByLabelText('Card number'), '4111111111111111');
    await user.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Expiry date'), '12/40');
    await user.type(screen.getByLabelText('Security code (CVV)'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent('The amount left to pay has changed'),
    );
    expect(await screen.findByRole('button', { name: 'Pay £110' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
    expect(sent[0]).toMatchObject({ method: 'card', amountDue: 13000 });
  });

  it("comes back from PayPal's Cancel to the payment step, hold kept, saying so, with every method still there", async () => {
    paymentMethodsDouble.methods = ALL_METHODS;
    heldState({ protection: 'no' });
    storeHold({
      region: 'uk',
      venueSlug: 'lumen-theatre',
      titleSlug: 'the-glass-orchard',
      performanceId: GLASS_ORCHARD_LUMEN_FIRST,
      holdId: checkoutHoldId(),
    });
    const { orderId, paymentId } = seedPayment(checkoutHoldId(), 'cancel', null);
    storePayAttempt({
      region: 'uk',
      holdId: checkoutHoldId(),
      idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      basketVersion: 'v-0123456789abcdef',
      cardToken: null,
      method: 'paypal',
      amountDue: 13000,
      orderId,
      paymentId,
    });
    const { history, store } = renderApp({
      route: `${CHECKOUT_PATHS.verify}?paymentId=${paymentId}`,
    });
    await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 5000 });
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.payment);
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent('You cancelled your PayPal payment'),
    );
    expect(document.activeElement).toHaveTextContent('your seats are still reserved');
    expect(store.getState().reservation.hold?.id).toBe(checkoutHoldId());
    expect(radioNames(await chooser())).toEqual(['card', 'paypal']);
  });

  it('tells a declined wallet in its own words and keeps every method; Cancel closes the sheet with nothing paid', async () => {
    paymentMethodsDouble.methods = ALL_METHODS;
    const { user } = await openPayment('?wallets=sandbox');
    const group = await chooser();
    await waitFor(() => expect(radioNames(group)).toContain('google_pay'));
    await user.click(within(group).getByRole('radio', { name: 'Google Pay' }));
    const pay = screen.getByRole('button', { name: 'Pay £130 with Google Pay' });
    await user.click(pay);
    const sheet = await screen.findByRole(
      'dialog',
      { name: 'Google Pay (demo)' },
      { timeout: 5000 },
    );
    // Escape is the browser's own close of the modal (jsdom has none; the E2E journey presses it).
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(orders.tokenRequests).toHaveLength(0);
    expect(sheet).not.toBeInTheDocument();

    await user.click(pay);
    const again = await screen.findByRole('dialog', { name: 'Google Pay (demo)' });
    await user.click(within(again).getByRole('button', { name: 'Visa ending 0002, declines' }));
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent(
        'Your wallet payment was declined. Please try another payment method.',
      ),
    );
    expect(orders.pays[0]!.body).toMatchObject({ method: 'google_pay', amountDue: 13000 });
    expect(radioNames(screen.getByRole('group', { name: 'How would you like to pay?' }))).toEqual([
      'card',
      'paypal',
      'google_pay',
    ]);

    // The approving card of the same sheet pays, with no 3-D Secure step.
    await user.click(screen.getByRole('button', { name: 'Pay £130 with Google Pay' }));
    const third = await screen.findByRole('dialog', { name: 'Google Pay (demo)' });
    await user.click(within(third).getByRole('button', { name: 'Visa ending 1111, approves' }));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your order is confirmed' },
      { timeout: 5000 },
    );
    expect(screen.getByText('Paid with Google Pay (Visa ending 1111)')).toBeInTheDocument();
    expect(navigation.assign).not.toHaveBeenCalled();
  });
});
