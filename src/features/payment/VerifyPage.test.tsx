import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { CHECKOUT_PATHS } from '@/config/paths';
import { readStoredHold, storeHold } from '@/features/hold/holdStorage';
import { server } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { inventory } from '../../../tests/msw/inventory';
import { BANK, orders, seedPayment } from '../../../tests/msw/orders';
import type { SandboxBehaviour } from '../../../server/payments/sandbox/testCards';
import { rememberCardName } from './cardNameStorage';
import { readPayAttempt, storePayAttempt } from './payAttemptStorage';
import { usePaymentTestBed } from '../../../tests/msw/paymentTestBed';

const navigation = usePaymentTestBed();

/**
 * The browser is back from the bank: a fresh page load, so the store is empty and only the tab's
 * sessionStorage knows the hold and the payment attempt.
 */
function returnFromBank(behaviour: SandboxBehaviour, venueSlug = 'lumen-theatre') {
  const region = venueSlug === 'lumen-theatre' ? ('uk' as const) : ('us-east' as const);
  heldState({ venueSlug, region, protection: 'no' });
  storeHold({
    region,
    venueSlug,
    titleSlug: 'the-glass-orchard',
    performanceId: GLASS_ORCHARD_LUMEN_FIRST,
    holdId: checkoutHoldId(),
  });
  const { orderId, paymentId } = seedPayment(checkoutHoldId(), behaviour);
  storePayAttempt({
    region,
    holdId: checkoutHoldId(),
    idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    basketVersion: 'v-0123456789abcdef',
    cardToken: 'tok-1',
    orderId,
    paymentId,
  });
  const user = userEvent.setup();
  const view = renderApp({ route: `${CHECKOUT_PATHS.verify}?paymentId=${paymentId}` });
  return { user, orderId, paymentId, ...view };
}

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe('the 3-D Secure return (/checkout/verify)', { timeout: 30_000 }, () => {
  it('confirms a frictionless payment and ends the hold: no timer, no stored hold or attempt', async () => {
    const { store, history } = returnFromBank('approve');
    await heading('Your order is confirmed');
    expect(orders.continues).toHaveLength(1);
    expect(history.location.search).toMatch(/order=0DE40000-/);
    expect(store.getState().reservation.status).toBe('none');
    expect(readStoredHold()).toBeNull();
    expect(readPayAttempt()).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    // Leaving is no longer guarded: nothing is held.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });

  it('says what is happening in a status region that was already on the page, so it is announced', async () => {
    // A live region announces changes to it, not what it holds when it appears.
    const filledInPlace: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const region = (record.target as Element).closest?.('[role="status"]');
        if (region && record.addedNodes.length > 0) filledInPlace.push(region.textContent ?? '');
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      returnFromBank('challenge');
      await screen.findByText('Processing your payment...', undefined, { timeout: 5000 });
    } finally {
      observer.disconnect();
    }
    expect(filledInPlace.join(' ')).toContain('Processing your payment...');
  });

  it('sends the browser on to the challenge page when the bank asks for one', async () => {
    const { paymentId } = returnFromBank('challenge');
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(`${BANK}/challenge/${paymentId}`),
    );
    expect(readPayAttempt()?.paymentId).toBe(paymentId);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Payment progress' })).toHaveTextContent(
        'Processing your payment...',
      ),
    );
  });

  it('shows the payment-failed page with the venue phone, and "Try again" returns to payment on the same hold', async () => {
    const { user, container } = returnFromBank('decline');
    await heading('There has been a problem with your payment');
    expect(screen.getByText('Your payment was unsuccessful')).toBeInTheDocument();
    const body = screen.getByText(/Your order has not been charged/);
    expect(body).toHaveTextContent(
      'Your order has not been charged. Please try again. Alternatively contact us at 020 7946 0123.',
    );
    expect(within(body).getByRole('link', { name: '020 7946 0123' })).toHaveAttribute(
      'href',
      'tel:+442079460123',
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Payment');
    expect(inventory.holds.has(checkoutHoldId())).toBe(true);
  });

  it('keeps the name on the card after a decline, asks for the card afresh and puts the caret in its number', async () => {
    const { user } = returnFromBank('decline');
    // What the payment step kept when the buyer pressed Pay, before the browser left for the bank.
    rememberCardName(checkoutHoldId(), 'Ada Lovelace');
    await heading('There has been a problem with your payment');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Payment');
    const number = await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
    expect(number).toHaveValue('');
    expect(screen.getByLabelText('Expiry date')).toHaveValue('');
    expect(screen.getByLabelText('Security code (CVV)')).toHaveValue('');
    await waitFor(() => expect(number).toHaveFocus());
  });

  it('shows the payment-timeout page with its copy and the phone line', async () => {
    returnFromBank('timeout');
    await heading('Something took too long behind the scenes');
    expect(
      screen.getByText(
        'Your payment has timed out. Please confirm your card details are correct and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/confirmation email within 10 minutes/)).toHaveTextContent(
      "If you don't receive a confirmation email within 10 minutes, please call us on 020 7946 0123.",
    );
  });

  it('words the phone line for a US venue in en-US', async () => {
    returnFromBank('timeout', 'hudson-stage');
    await heading('Something took too long behind the scenes');
    expect(screen.getByText(/confirmation email within 10 minutes/)).toHaveTextContent(
      "If you don't receive a confirmation email within 10 minutes, please call us at (212) 555-0178.",
    );
  });

  it('says the seats were released when the payment came too late for them', async () => {
    server.use(
      http.post('/api/:region/orders/:orderId/payments/:paymentId/continue', ({ params }) =>
        HttpResponse.json({
          outcome: 'hold_lost',
          orderId: String(params.orderId),
          paymentId: String(params.paymentId),
          order: null,
        }),
      ),
    );
    const { user, history, store } = returnFromBank('approve');
    await heading('Your seats were released');
    expect(screen.getByText(/any amount taken has been refunded in full/)).toBeInTheDocument();
    expect(store.getState().reservation.status).toBe('none');
    expect(readStoredHold()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose seats again' }));
    await waitFor(() =>
      expect(history.location.pathname).toBe(
        `/shows/the-glass-orchard/lumen-theatre/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`,
      ),
    );
  });

  it('offers "Try again" when the answer is lost, and asks again', async () => {
    let drops = 1;
    server.use(
      http.post('/api/:region/orders/:orderId/payments/:paymentId/continue', () => {
        if (drops === 0) return undefined;
        drops -= 1;
        return HttpResponse.error();
      }),
    );
    const { user } = returnFromBank('approve');
    const text = "We couldn't confirm your payment. Please try again.";
    // Focus goes to the notice, which a screen reader then reads (once: it is not an alert too).
    await waitFor(() => expect(document.activeElement).toHaveTextContent(text), { timeout: 5000 });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(
      within(document.activeElement as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    await heading('Your order is confirmed');
  });

  it('is not found for a payment this tab did not start', async () => {
    renderApp({ route: `${CHECKOUT_PATHS.verify}?paymentId=9A7E0000-0000-4000-8000-0000000000FF` });
    await heading('Page not found');
    expect(orders.continues).toHaveLength(0);
  });
});

describe('a declined card, then another on the same hold', { timeout: 40_000 }, () => {
  it('ends in one order and one charge', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({
      route: CHECKOUT_PATHS.payment,
      preloadedState: heldState({ protection: 'no' }),
    });
    await heading('Payment');
    const pay = async (number: string) => {
      for (const [label, value] of [
        ['Card number', number],
        ['Name on card', 'Ada Lovelace'],
        ['Expiry date', '12/40'],
        ['Security code (CVV)', '123'],
      ] as const) {
        const input = await screen.findByLabelText(label, undefined, { timeout: 5000 });
        await user.clear(input);
        await user.click(input);
        await user.paste(value);
      }
      await user.click(screen.getByRole('button', { name: 'Pay £130' }));
      await waitFor(() => expect(navigation.assign).toHaveBeenCalled());
      // The bank's pages send the browser back.
      const paymentId = readPayAttempt()!.paymentId!;
      navigation.assign.mockClear();
      act(() => history.push(`${CHECKOUT_PATHS.verify}?paymentId=${paymentId}`));
    };

    await pay('4000 0000 0000 0002');
    await heading('There has been a problem with your payment');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Payment');

    await pay('4111 1111 1111 1111');
    await heading('Your order is confirmed');
    expect(orders.pays).toHaveLength(2);
    expect(new Set(orders.pays.map((p) => p.key)).size).toBe(2);
    expect(orders.orders.size).toBe(1);
    expect(orders.charges).toBe(1);
  });
});
