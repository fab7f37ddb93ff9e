import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import { REGIONS } from '@contract/regions';
import { CHECKOUT_PATHS } from '@/config/paths';
import { renderApp } from '../../../../tests/msw/render';
import { server, useMswServer } from '../../../../tests/msw/server';
import { checkoutHoldId, heldState } from '../../../../tests/msw/checkoutState';
import { resetInventory } from '../../../../tests/msw/inventory';
import { signInDouble } from '../../../../tests/msw/auth';
import { SIGNED_IN_MARK } from '@/features/auth/authSession';
import {
  ORDER_KEY,
  orders,
  orderViewOf,
  resetOrders,
  seedOrder,
} from '../../../../tests/msw/orders';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetOrders();
});
afterEach(() => vi.unstubAllGlobals());

const ORDER_ID = '0DE40000-0000-4000-8000-0000000000A1';

/** The order of the two Stalls seats held in checkoutState, bought with a Visa ending 1111. */
function boughtOrder() {
  heldState();
  const view = orderViewOf(checkoutHoldId(), ORDER_ID, {
    card: { brand: 'visa', last4: '1111' },
  });
  seedOrder('uk', view);
  return view;
}

/** The order reads the page makes (GET /api/:region/orders/:id), as full addresses. */
function recordOrderReads(): string[] {
  const reads: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && /\/api\/[^/]+\/orders\//.test(new URL(request.url).pathname))
      reads.push(new URL(request.url).pathname);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return reads;
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Your order is confirmed' }, { timeout: 5000 });

/** A phone: no hover, a coarse pointer. */
function onPhone(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query.includes('pointer: coarse'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

describe('the confirmation page', { timeout: 30_000 }, () => {
  it('says what was bought, for when, how the tickets come, and what was paid, axe-clean', async () => {
    boughtOrder();
    const { container } = renderApp({
      route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre`,
    });
    await heading();
    // The number stands out in bold, so it is its own element inside the line.
    expect(screen.getByText(/^Order number:/)).toHaveTextContent('Order number: SD-7K3QF9XM');
    for (const text of [
      'Name: Ada Lovelace',
      'Show: The Glass Orchard',
      'Venue: The Lumen Theatre',
      // 19:30 UTC on 13 March is 19:30 in London (GMT).
      'Date: Fri, 13 March 2026, 19:30',
      "We've sent your confirmation to ada@example.com. It should arrive within one hour.",
      'Delivery: eTicket',
      // The venue's own eTicket wording (eTicketDescription) says what happens next.
      'Your eTickets will be emailed to you and added to your account. Show them on your phone at the door.',
      'Ticket refund protection: not included',
      'Paid with Visa ending 1111',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    // Every part of what was paid on a line of its own, adding up to the total.
    expect(screen.getByRole('list', { name: 'What you paid' })).toHaveTextContent(
      '2 tickets£130Transaction fee£2.50DeliveryFreeTotal£132.50',
    );
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('shows a QR code per eTicket, each named for its seat', async () => {
    boughtOrder();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    const codes = screen.getAllByRole('img', { name: /^Ticket for / });
    expect(codes.map((code) => code.getAttribute('aria-label'))).toEqual([
      'Ticket for Stalls, Row A, Seat 2',
      'Ticket for Stalls, Row A, Seat 3',
    ]);
    expect(codes[0]!.tagName.toLowerCase()).toBe('svg');
    // Each code draws its own ticket's signed payload.
    expect(codes[0]!.innerHTML).not.toBe(codes[1]!.innerHTML);
  });

  // Issue 25: the order's calendar file and each eTicket's wallet pass, as downloads.
  it('offers "Add to calendar" and "Add to Apple Wallet" per eTicket, reached by keyboard', async () => {
    const view = boughtOrder();
    const user = userEvent.setup();
    const { container } = renderApp({
      route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre`,
    });
    await heading();
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    // The buying session's key goes with it, so the saved address opens it anywhere.
    expect(calendar).toHaveAttribute(
      'href',
      `/api/uk/orders/${ORDER_ID}/calendar.ics?key=${ORDER_KEY}`,
    );
    const passes = screen.getAllByRole('link', { name: /^Add to Apple Wallet/ });
    expect(passes.map((pass) => pass.getAttribute('aria-label'))).toEqual([
      'Add to Apple Wallet: Stalls, Row A, Seat 2',
      'Add to Apple Wallet: Stalls, Row A, Seat 3',
    ]);
    expect(passes.map((pass) => pass.textContent)).toEqual([
      'Add to Apple Wallet',
      'Add to Apple Wallet',
    ]);
    expect(passes[1]).toHaveAttribute(
      'href',
      `/api/uk/orders/${ORDER_ID}/tickets/${view.tickets[1]!.id}/wallet.pkpass?key=${ORDER_KEY}`,
    );
    // Tab moves from the calendar link to the first ticket's pass.
    calendar.focus();
    for (let step = 0; step < 10 && document.activeElement !== passes[0]; step += 1) {
      await user.tab();
    }
    expect(passes[0]).toHaveFocus();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('gives a reader who came by the emailed link the downloads with that link’s key', async () => {
    boughtOrder();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&key=${ORDER_KEY}` });
    await heading();
    // Not the buying session: the order as read carries no key of its own.
    expect(screen.queryByRole('heading', { name: 'Keep this link' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/uk/orders/${ORDER_ID}/calendar.ics?key=${ORDER_KEY}`,
    );
    for (const pass of screen.getAllByRole('link', { name: /^Add to Apple Wallet/ })) {
      expect(pass.getAttribute('href')).toMatch(/\/wallet\.pkpass\?key=k{43}$/);
    }
  });

  it('shows no codes for tickets collected at the box office, and says how to collect them', async () => {
    heldState();
    const view = orderViewOf(checkoutHoldId(), ORDER_ID, { card: null });
    seedOrder('uk', {
      ...view,
      delivery: { method: 'boxOffice', address: null },
      tickets: view.tickets.map((ticket) => ({ ...ticket, code: null })),
      paidWith: [],
      total: 0,
      transactionFee: 0,
    });
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    expect(screen.queryAllByRole('img', { name: /^Ticket for / })).toEqual([]);
    // Nothing to put in a wallet, but the date still goes in a calendar.
    expect(screen.queryAllByRole('link', { name: /^Add to Apple Wallet/ })).toEqual([]);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Collect your tickets from the box office before the performance. Bring your order number and the card you paid with.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No payment is needed for this order')).toBeInTheDocument();
  });

  it('says each part of how the order was paid on its own line: vouchers first, then the wallet', async () => {
    const view = boughtOrder();
    seedOrder('uk', {
      ...view,
      paidWith: [
        { method: 'gift_voucher', amount: 2000, brand: null, last4: '1234' },
        { method: 'gift_card', amount: 1000, brand: null, last4: '3333' },
        { method: 'google_pay', amount: view.total - 3000, brand: 'visa', last4: '1111' },
      ],
    });
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    expect(screen.getByText('Paid with')).toBeInTheDocument();
    const lines = screen.getByText('Paid with').nextElementSibling!;
    expect(
      within(lines as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Gift voucher ending 1234 £20',
      'Gift card ending 3333 £10',
      'Google Pay (Visa ending 1111) £102.50',
    ]);
  });

  it('names PayPal when PayPal paid it all', async () => {
    const view = boughtOrder();
    seedOrder('uk', {
      ...view,
      paidWith: [{ method: 'paypal', amount: view.total, brand: null, last4: null }],
    });
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    expect(screen.getByText('Paid with PayPal')).toBeInTheDocument();
  });

  it('gives the buyer the secret link to bookmark and the sign-up panel', async () => {
    boughtOrder();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    const section = screen.getByRole('heading', { name: 'Keep this link' }).parentElement!;
    // A short label, not the 140-character address printed out.
    const link = within(section).getByRole('link', { name: 'View your order' });
    expect(link).toHaveAttribute(
      'href',
      `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&key=${ORDER_KEY}&venue=lumen-theatre`,
    );
    expect(section).not.toHaveTextContent(ORDER_KEY);
    expect(
      await screen.findByRole('heading', { name: 'Save your details for next time' }),
    ).toBeInTheDocument();
  });

  it('offers no new account to a buyer who is signed in: they have one already', async () => {
    signInDouble();
    window.localStorage.setItem(SIGNED_IN_MARK, '1');
    onTestFinished(() => window.localStorage.clear());
    boughtOrder();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    // The buying session's own order (the secret link is there) at a venue that offers sign-up.
    expect(screen.getByRole('heading', { name: 'Keep this link' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'My account' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Save your details for next time' })).toBeNull();
  });

  it('copies the whole secret link for the buyer and says so', async () => {
    boughtOrder();
    // user-event puts its own clipboard on the navigator; the page writes to it.
    const user = userEvent.setup();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    const said = await screen.findByText('Link copied');
    expect(said.closest('[aria-live="polite"]')).not.toBeNull();
    expect(await window.navigator.clipboard.readText()).toBe(
      `${window.location.origin}${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&key=${ORDER_KEY}&venue=lumen-theatre`,
    );
  });

  it('marks the success with a tick the heading already says in words', async () => {
    boughtOrder();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    const title = await heading();
    const mark = title.querySelector('svg');
    expect(mark).not.toBeNull();
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(title).toHaveAccessibleName('Your order is confirmed');
  });

  it.each(['boxOffice', 'post'] as const)(
    'offers no app for tickets that do not go to a phone (%s)',
    async (method) => {
      heldState();
      const view = orderViewOf(checkoutHoldId(), ORDER_ID, {
        card: { brand: 'visa', last4: '1111' },
      });
      seedOrder('uk', {
        ...view,
        delivery: {
          method,
          address:
            method === 'post'
              ? {
                  line1: '1 Strand',
                  line2: '',
                  city: 'London',
                  state: '',
                  postcode: 'WC2N 5HR',
                  country: 'GB',
                }
              : null,
        },
        tickets: view.tickets.map((ticket) => ({ ...ticket, code: null })),
      });
      renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
      await heading();
      // The buyer's own order (the link is there), but nothing for the app to open.
      expect(screen.getByRole('heading', { name: 'Keep this link' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Get your tickets in the app' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Get your tickets in the app' })).toBeNull();
    },
  );

  it('offers no sign-up where the venue disables login, even with the panel flag on', async () => {
    heldState({ venueSlug: 'bayou-discovery', region: 'us-central' });
    const view = orderViewOf(checkoutHoldId(), ORDER_ID, {
      card: { brand: 'visa', last4: '1111' },
    });
    seedOrder('us-central', {
      ...view,
      show: { ...view.show, venueName: 'Bayou Discovery', venueSlug: 'bayou-discovery' },
    });
    renderApp({
      route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=bayou-discovery`,
    });
    await heading();
    // The buyer's own order (the secret link is there), but Bayou Discovery has no accounts.
    expect(screen.getByRole('heading', { name: 'Keep this link' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Save your details for next time' })).toBeNull();
  });

  it('hands the tickets to the app: a QR code of the web link on a computer', async () => {
    onPhone(false);
    boughtOrder();
    const user = userEvent.setup();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Get your tickets in the app' }));
    const code = await screen.findByRole('img', {
      name: 'Code that opens your tickets in the app',
    });
    expect(code.tagName.toLowerCase()).toBe('svg');
    // The button is gone: focus moves to what replaced it, not to the top of the page.
    await waitFor(() => expect(code.closest('[tabindex="-1"]')).toHaveFocus());
    expect(orders.handovers).toBe(1);
    expect(screen.getByText(/It works once, until/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open your tickets in the app' })).toBeNull();
  });

  it('hands the tickets to the app: a link that opens it on a phone', async () => {
    onPhone(true);
    boughtOrder();
    const user = userEvent.setup();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Get your tickets in the app' }));
    const link = await screen.findByRole('link', { name: 'Open your tickets in the app' });
    expect(link).toHaveAttribute('href', 'stagedoor://tickets?token=handover-1');
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('says so, once, when the app link cannot be made', async () => {
    server.use(http.post('/api/:region/orders/:orderId/app-handover', () => HttpResponse.error()));
    boughtOrder();
    const user = userEvent.setup();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&venue=lumen-theatre` });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Get your tickets in the app' }));
    const message = await screen.findByText(
      "We couldn't get your app link. Please try again.",
      undefined,
      { timeout: 5000 },
    );
    // A polite live region announces it; an alert inside it as well would say it twice.
    expect(message.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get your tickets in the app' })).toHaveFocus();
  });

  it('opens from the email link (?order=&key=) in whichever region holds the order', async () => {
    heldState({ venueSlug: 'hudson-stage', region: 'us-east' });
    const view = orderViewOf(checkoutHoldId(), ORDER_ID, {
      card: { brand: 'amex', last4: '0005' },
    });
    seedOrder('us-east', {
      ...view,
      show: {
        ...view.show,
        venueName: 'The Hudson Stage',
        venueSlug: 'hudson-stage',
        timezone: 'America/New_York',
      },
    });
    const { history } = renderApp({
      route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&key=${ORDER_KEY}`,
    });
    await heading();
    // Found in us-east, the page moves into its venue's frame: New York time, en-US wording.
    await waitFor(() => expect(history.location.search).toContain('venue=hudson-stage'));
    // 19:30 UTC is 3:30 PM in New York (EDT from 8 March 2026).
    expect(await screen.findByText('Date: Fri, March 13, 2026, 3:30 PM')).toBeInTheDocument();
    // American wording (issue 24): "ending in".
    expect(screen.getByText('Paid with American Express ending in 0005')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Ticket for / })).toHaveLength(2);
    // A reader with the link sees the order, but is not its buyer.
    expect(screen.queryByRole('button', { name: 'Get your tickets in the app' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Keep this link' })).toBeNull();
  });

  it('is not found for an order no region knows, after asking each region', async () => {
    const reads = recordOrderReads();
    renderApp({ route: `${CHECKOUT_PATHS.confirmation}?order=${ORDER_ID}&key=${ORDER_KEY}` });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 });
    expect(new Set(reads.map((path) => path.split('/')[2]))).toEqual(new Set(REGIONS));
  });

  it('is not found without an order, and asks for none', async () => {
    const reads = recordOrderReads();
    renderApp({ route: CHECKOUT_PATHS.confirmation });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 });
    expect(reads).toEqual([]);
  });
});
