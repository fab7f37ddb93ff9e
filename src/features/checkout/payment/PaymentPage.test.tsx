import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import type { Basket } from '@contract/api/basket';
import { CHECKOUT_PATHS } from '@/config/paths';
import { server } from '../../../../tests/msw/server';
import { renderApp } from '../../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { basketOf, inventory } from '../../../../tests/msw/inventory';
import {
  BANK,
  orders,
  orderViewOf,
  resetOrders,
  seedOrder,
  seedPayment,
} from '../../../../tests/msw/orders';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../../tests/msw/fixtures';
import { readStoredHold, storeHold } from '@/features/hold/holdStorage';
import { apiError } from '../../../../tests/msw/handlers';
import { recallCardName } from '@/features/payment/cardNameStorage';
import { readPayAttempt, storePayAttempt } from '@/features/payment/payAttemptStorage';
import { usePaymentTestBed } from '../../../../tests/msw/paymentTestBed';
import { paymentMethodsDouble, paymentMethodsOf } from '../../../../tests/msw/paymentMethods';

const navigation = usePaymentTestBed();

const VISA = '4111 1111 1111 1111';
const AMEX = '3782 822463 10005';

/** A hold whose buyer has been through the earlier steps (protection answered). */
const readyToPay = () => heldState({ protection: 'no' });

async function openPayment(state = readyToPay()) {
  const user = userEvent.setup();
  const view = renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: state });
  await screen.findByRole('heading', { level: 1, name: 'Payment' }, { timeout: 5000 });
  await screen.findByRole('button', { name: /^Pay / }, { timeout: 5000 });
  return { user, ...view };
}

/** Fills the card form the way autofill or a paste does: one change per field. */
async function fillCard(
  user: ReturnType<typeof userEvent.setup>,
  card: { number?: string; name?: string; expiry?: string; cvv?: string },
) {
  const fields: [string, string | undefined][] = [
    ['Card number', card.number],
    ['Name on card', card.name],
    ['Expiry date', card.expiry],
    ['Security code (CVV)', card.cvv],
  ];
  for (const [label, value] of fields) {
    if (value === undefined) continue;
    const input = screen.getByLabelText(label);
    await user.clear(input);
    await user.click(input);
    await user.paste(value);
  }
}

const validCard = { number: VISA, name: 'Ada Lovelace', expiry: '12/40', cvv: '123' };

/**
 * The notice the page moved focus to (a problem, or the retry alert), found by its text. Focus
 * makes a screen reader read it, so it carries no alert role as well (that would say it twice).
 */
async function findFocusedNotice(text: string): Promise<HTMLElement> {
  await waitFor(() => expect(document.activeElement).toHaveTextContent(text), { timeout: 5000 });
  const notice = document.activeElement as HTMLElement;
  expect(notice).not.toHaveAttribute('role', 'alert');
  expect(screen.queryByRole('alert')).toBeNull();
  return notice;
}

/**
 * Serves this hold's basket with only these card brands accepted (American Express seats), and
 * its payment methods as the server rules them: card only, with those brands.
 */
function acceptOnly(brands: Basket['acceptedCardBrands']) {
  paymentMethodsDouble.methods = [{ method: 'card', cardBrands: brands }];
  server.use(
    http.get('/api/:region/holds/:holdId/basket', () => {
      const hold = inventory.holds.get(checkoutHoldId())!;
      return HttpResponse.json({ basket: { ...basketOf(hold), acceptedCardBrands: brands } });
    }),
  );
}

// Pages are lazy chunks and Formik re-renders per keystroke: slow on a busy 2-core machine.
describe('the payment step', { timeout: 30_000 }, () => {
  it('asks for the card and shows the amount on the Pay button, axe-clean', async () => {
    const { container } = await openPayment();
    expect(screen.getByRole('button', { name: 'Pay £130' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription('MM/YY');
    expect(
      within(screen.getByRole('list', { name: 'Cards accepted' }))
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Visa Debit', 'Mastercard', 'American Express']);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('spaces the card number as the card prints it while typing, and sends the digits only', async () => {
    const { user } = await openPayment();
    const sent: string[] = [];
    server.use(
      http.post('/services/payment/tokens', async ({ request }) => {
        sent.push(((await request.clone().json()) as { number: string }).number);
        // Nothing answered here: the usual payment-service double answers.
        return undefined;
      }),
    );
    const number = screen.getByLabelText('Card number');
    await user.type(number, '4111222233334444');
    expect(number).toHaveValue('4111 2222 3333 4444');
    // Backspace just after a space takes the digit before it; the next digit lands where it was.
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Backspace}');
    expect(number).toHaveValue('4111 2222 3334 444');
    await user.keyboard('9');
    expect(number).toHaveValue('4111 2222 3339 4444');

    await user.clear(number);
    await user.type(number, '378282246310005');
    expect(number).toHaveValue('3782 822463 10005');

    await fillCard(user, { number: VISA, name: 'Ada Lovelace', expiry: '12/40', cvv: '123' });
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() => expect(sent).toEqual(['4111111111111111']));
  });

  it('shows the marks of the accepted cards and rings the one the number belongs to', async () => {
    const { user } = await openPayment();
    const marks = screen.getByRole('list', { name: 'Cards accepted' });
    expect(
      within(marks)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'Visa Debit', 'Mastercard', 'American Express']);
    const current = () =>
      within(marks)
        .getAllByRole('listitem')
        .filter((item) => item.getAttribute('aria-current') === 'true')
        .map((item) => within(item).getByRole('img').getAttribute('aria-label'));
    expect(current()).toEqual([]);
    await user.type(screen.getByLabelText('Card number'), '5555');
    expect(current()).toEqual(['Mastercard']);
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '37');
    expect(current()).toEqual(['American Express']);
  });

  it('shows each card message of spec §5 under its own field', async () => {
    const { user } = await openPayment();
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
        'Please enter a valid credit card number',
      ),
    );
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.getByLabelText('Name on card')).toHaveAccessibleDescription(
      'Please enter your first and last name',
    );
    expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription(
      'MM/YY Please enter a valid month for your expiration date',
    );
    expect(screen.getByLabelText('Security code (CVV)')).toHaveAccessibleDescription(
      "3 digits on the back; 4 digits on the front for American Express Please enter your card's CVV number (3 digits on the back; 4 digits on the front for American Express)",
    );

    await fillCard(user, { number: AMEX, name: 'Ada Lovelace', expiry: '06/20', cvv: '123' });
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    // An American Express card needs its 4-digit code; 2020 has passed.
    await waitFor(() =>
      expect(screen.getByLabelText('Expiry date')).toHaveAccessibleDescription(
        'MM/YY Please enter a valid expiration year',
      ),
    );
    expect(screen.getByLabelText('Security code (CVV)')).toHaveAccessibleDescription(
      /Please enter your card's CVV number/,
    );
    expect(screen.getByLabelText('Card number')).not.toHaveAccessibleDescription(/Please/);
    expect(orders.tokenRequests).toHaveLength(0);
  });

  it('takes only American Express for American Express seats, and says so', async () => {
    acceptOnly(['amex']);
    const { user } = await openPayment();
    expect(
      screen.getByText('American Express seats can only be bought with an American Express card.'),
    ).toBeInTheDocument();
    // Only the marks of the cards these seats take.
    expect(
      within(screen.getByRole('list', { name: 'Cards accepted' })).getByRole('img'),
    ).toHaveAccessibleName('American Express');
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
        'Please enter a valid American Express card number',
      ),
    );
    expect(orders.tokenRequests).toHaveLength(0);

    await fillCard(user, { number: AMEX, cvv: '1234' });
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
  });

  it('puts a refusal of the payment service beside its field and moves focus there', async () => {
    server.use(http.post('/services/payment/tokens', () => apiError(422, 'card_cvv_invalid')));
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    // The message arrives in Formik's next render, the focus with the refusal.
    await waitFor(() =>
      expect(screen.getByLabelText('Security code (CVV)')).toHaveAccessibleDescription(
        /Please enter your card's CVV number/,
      ),
    );
    await waitFor(() => expect(screen.getByLabelText('Security code (CVV)')).toHaveFocus());
    expect(orders.pays).toHaveLength(0);
  });

  it('sends the card to the payment service without cookies, and only a token to the booking API', async () => {
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() => expect(orders.pays).toHaveLength(1));
    expect(orders.tokenRequests).toEqual([
      { credentials: 'omit', url: expect.stringMatching(/\/services\/payment\/tokens$/) as string },
    ]);
    const [pay] = orders.pays;
    expect(pay!.body.cardToken).toBe('tok-1');
    expect(pay!.body.basketVersion).toBe(basketOf(inventory.holds.get(checkoutHoldId())!).version);
    expect(JSON.stringify(pay!.body)).not.toContain('4111');
    // Fraud-prevention data from the browser goes with it.
    expect(pay!.body.browser).toEqual(
      expect.objectContaining({ language: expect.any(String) as string, colorDepth: 24 }),
    );
  });

  it('sends one payment for a double click on Pay', async () => {
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.dblClick(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
    expect(orders.tokenRequests).toHaveLength(1);
    expect(orders.pays).toHaveLength(1);
  });

  it('goes to the bank for 3-D Secure without the leave prompt, remembering the attempt', async () => {
    const { user } = await openPayment();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    // With seats held, leaving the page asks first…
    expect(before.defaultPrevented).toBe(true);

    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
    const paymentId = [...orders.payments.keys()][0]!;
    expect(navigation.assign).toHaveBeenCalledWith(`${BANK}/device-data/${paymentId}`);
    // …but not when the shop itself sends the browser to the bank.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
    expect(readPayAttempt()).toMatchObject({ holdId: checkoutHoldId(), paymentId });
    // Only the name on the card is kept for a return after a decline: never the card's own details.
    expect(recallCardName(checkoutHoldId())).toBe('Ada Lovelace');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toMatch(/4111|12\/40|"123"/);
    // The live region is filled a moment after it mounts, so the change is announced.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Payment progress' })).toHaveTextContent(
        'Finalizing your order - Do not refresh or close window',
      ),
    );
  });

  it("keeps the 3-D Secure attempt the browser came Back from, so the bank's return still finds it", async () => {
    const state = readyToPay();
    const { orderId, paymentId } = seedPayment(checkoutHoldId(), 'approve');
    const attempt = {
      region: 'uk' as const,
      holdId: checkoutHoldId(),
      idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      basketVersion: basketOf(inventory.holds.get(checkoutHoldId())!).version,
      cardToken: 'tok-1',
      orderId,
      paymentId,
    };
    storePayAttempt(attempt);
    // Back from the bank's page reloads the payment step…
    const { history } = await openPayment(state);
    expect(readPayAttempt()).toEqual(attempt);
    // …and Forward, then the challenge, sends the browser to the return address.
    act(() => history.push(`${CHECKOUT_PATHS.verify}?paymentId=${paymentId}`));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your order is confirmed' },
      { timeout: 5000 },
    );
    expect(orders.continues).toEqual([paymentId]);
  });

  it('offers "Try again" when the answer is lost, and retries under the same Idempotency-Key', async () => {
    let drops = 1;
    server.use(
      http.post('/api/:region/holds/:holdId/order', () => {
        if (drops === 0) return undefined;
        drops -= 1;
        return HttpResponse.error();
      }),
    );
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await findFocusedNotice("We couldn't confirm your payment. Please try again.");
    // The attempt waits under its key; Pay itself does nothing meanwhile.
    const waiting = readPayAttempt();
    expect(waiting?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    expect(orders.tokenRequests).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledTimes(1));
    expect(orders.pays.map((pay) => pay.key)).toEqual([waiting!.idempotencyKey]);
    expect(orders.tokenRequests).toHaveLength(1);
  });

  it('offers the waiting attempt again after a reload, under the same key', async () => {
    const held = readyToPay();
    const { user, unmount } = await openPayment(held);
    await fillCard(user, validCard);
    let answer = 0;
    server.use(
      http.post('/api/:region/holds/:holdId/order', () => {
        answer += 1;
        return answer === 1 ? HttpResponse.error() : undefined;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await findFocusedNotice("We couldn't confirm your payment. Please try again.");
    const key = readPayAttempt()!.idempotencyKey;
    resetOrders();

    // The tab reloads: a fresh store, the same sessionStorage.
    unmount();
    renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: held });
    const notice = await findFocusedNotice("We couldn't confirm your payment. Please try again.");
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(orders.pays).toHaveLength(1));
    expect(orders.pays[0]!.key).toBe(key);
  });

  it('sends the buyer to the released-seats page when the payment came too late for the seats', async () => {
    server.use(
      http.post('/api/:region/holds/:holdId/order', () =>
        HttpResponse.json({
          outcome: 'hold_lost',
          orderId: '0DE40000-0000-4000-8000-000000000001',
          paymentId: null,
          order: null,
        }),
      ),
    );
    const { user, history } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your seats were released' },
      { timeout: 5000 },
    );
    expect(history.location.search).toBe('?reason=released');
    expect(readPayAttempt()).toBeNull();
  });

  it('hands a price change to the basket, whose alert takes over', async () => {
    server.use(
      http.post('/api/:region/holds/:holdId/order', () => {
        inventory.basket.priceRise = 500;
        const hold = inventory.holds.get(checkoutHoldId())!;
        return HttpResponse.json(
          { code: 'price_changed', message: 'price changed', basket: basketOf(hold) },
          { status: 409 },
        );
      }),
    );
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Your basket has changed' });
    expect(dialog).toHaveTextContent(
      'There has been a change in either the price of your tickets or the associated fees. Please continue to review your cart.',
    );
    expect(readPayAttempt()).toBeNull();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('opens the expiry dialog when the hold ended before the payment', async () => {
    server.use(http.post('/api/:region/holds/:holdId/order', () => apiError(410, 'hold_expired')));
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    await screen.findByRole('alertdialog', { name: 'Reservation expired' });
    expect(screen.getByRole('button', { name: 'Reservation expired' })).toBeDisabled();
  });

  it('tells a decline on the page itself, with the support line, and keeps the hold for another card', async () => {
    server.use(
      http.post('/api/:region/holds/:holdId/order', () =>
        HttpResponse.json({
          outcome: 'declined',
          orderId: '0DE40000-0000-4000-8000-000000000001',
          paymentId: '9A7E0000-0000-4000-8000-000000000001',
          declineReason: 'declined',
          order: null,
        }),
      ),
    );
    const { user, store } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    const notice = await findFocusedNotice('There has been a problem with your payment');
    expect(notice).toHaveTextContent('Your payment was unsuccessful');
    // The spec's own sentence (§8), with the venue's number to call.
    const body = within(notice).getByText(/Your order has not been charged/);
    expect(body).toHaveTextContent(
      'Your order has not been charged. Please try again. Alternatively contact us at 020 7946 0123.',
    );
    expect(within(body).getByRole('link', { name: '020 7946 0123' })).toHaveAttribute(
      'href',
      'tel:+442079460123',
    );
    expect(store.getState().reservation.status).toBe('held');
    expect(readPayAttempt()).toBeNull();
  });

  it('says there are no payment options when the payment service cannot be reached', async () => {
    server.use(http.post('/services/payment/tokens', () => HttpResponse.error()));
    const { user } = await openPayment();
    await fillCard(user, validCard);
    await user.click(screen.getByRole('button', { name: 'Pay £130' }));
    const notice = await findFocusedNotice(
      "We've been unable to process your transaction. Please contact us",
    );
    expect(notice).toHaveTextContent('If you need help, call us on 020 7946 0123.');
    expect(orders.pays).toHaveLength(0);
  });

  it('confirms a zero-price order without a card', async () => {
    server.use(
      http.get('/api/:region/holds/:holdId/basket', () => {
        const hold = inventory.holds.get(checkoutHoldId())!;
        return HttpResponse.json({
          basket: { ...basketOf(hold), total: 0, transactionFee: 0 },
        });
      }),
      // Nothing to pay: nothing to choose (the server's rule).
      http.get('/api/:region/holds/:holdId/payment-methods', ({ params }) => {
        const methods = paymentMethodsOf(String(params.holdId));
        if (methods instanceof Response) return methods;
        return HttpResponse.json({
          ...methods,
          total: 0,
          amountDue: 0,
          methods: [],
          voucherKinds: [],
        });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: CHECKOUT_PATHS.payment, preloadedState: readyToPay() });
    await screen.findByText('No payment is needed for this order', undefined, { timeout: 5000 });
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your order is confirmed' },
      { timeout: 5000 },
    );
    expect(orders.pays[0]!.body.cardToken).toBeNull();
    expect(orders.tokenRequests).toHaveLength(0);
  });
});

describe(
  'a reload after the pay answer was lost, once the hold is gone',
  { timeout: 30_000 },
  () => {
    const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

    /** The tab's storage as the lost answer left it: the hold, and the attempt without answer. */
    function lostAnswer() {
      heldState();
      const holdId = checkoutHoldId();
      storeHold({
        region: 'uk',
        venueSlug: 'lumen-theatre',
        titleSlug: 'the-glass-orchard',
        performanceId: GLASS_ORCHARD_LUMEN_FIRST,
        holdId,
      });
      storePayAttempt({
        region: 'uk',
        holdId,
        idempotencyKey: KEY,
        basketVersion: basketOf(inventory.holds.get(holdId)!).version,
        cardToken: null,
      });
      // The server answers for a hold that was sold (or ran out) as for any ended hold.
      server.use(http.get('/api/:region/holds/:holdId', () => apiError(410, 'hold_expired')));
      return holdId;
    }

    it('asks again under the same key and shows the order the server had confirmed', async () => {
      const holdId = lostAnswer();
      const orderId = '0DE40000-0000-4000-8000-0000000000C1';
      const order = orderViewOf(holdId, orderId, { card: null });
      seedOrder('uk', order);
      orders.answers.set(KEY, { outcome: 'confirmed', orderId, paymentId: null, order });
      inventory.holds.delete(holdId);

      const { history } = renderApp({ route: CHECKOUT_PATHS.payment });
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your order is confirmed' },
        { timeout: 5000 },
      );
      expect(history.location.search).toContain(`order=${orderId}`);
      expect(orders.pays.map((pay) => pay.key)).toEqual([KEY]);
      expect(readPayAttempt()).toBeNull();
      expect(readStoredHold()).toBeNull();
    });

    it('says the reservation expired when the server never had the payment', async () => {
      lostAnswer();
      server.use(
        http.post('/api/:region/holds/:holdId/order', () => apiError(410, 'hold_expired')),
      );
      renderApp({ route: CHECKOUT_PATHS.payment });
      await screen.findByRole('alertdialog', { name: 'Reservation expired' }, { timeout: 5000 });
      expect(readPayAttempt()).toBeNull();
    });
  },
);
