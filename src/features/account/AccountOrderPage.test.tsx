import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { memberHandlers, resetMembers, signInMember } from '../../../tests/msw/members';
import { ORDER_KEY, orderViewOf } from '../../../tests/msw/orders';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

const ORDER_ID = '0DE40000-0000-4000-8000-0000000000B2';
/** The page's chunk, the sign-in read and its own reads, on a loaded 2-core machine. */
const SLOW = { timeout: 15_000 };

beforeEach(() => {
  resetMembers();
  server.use(...memberHandlers());
});

describe('My account: an order', { timeout: 30_000 }, () => {
  // Issue 25: a member's session did not buy the order; its files open with the order's key.
  it('offers the calendar file and a wallet pass per eTicket, with the order’s own key', async () => {
    signInMember();
    const view = { ...orderViewOf('no-hold', ORDER_ID), tickets: [] as never[] };
    const ticket = {
      id: '7C4E0000-0000-4000-8000-000000000001',
      kind: 'seat' as const,
      section: 'Stalls',
      row: 'F',
      number: 12,
      area: null,
      priceOptionName: 'Full Price',
      code: 'SD1.ticket-1.signature',
    };
    server.use(
      http.get('/services/account-management/orders/:orderId', () =>
        HttpResponse.json({ order: { ...view, tickets: [ticket] } }),
      ),
    );
    renderApp({ route: `/account/orders/${ORDER_ID}?venue=lumen-theatre` });
    const calendar = await screen.findByRole('link', { name: 'Add to calendar' }, SLOW);
    expect(calendar).toHaveAttribute(
      'href',
      `/api/uk/orders/${ORDER_ID}/calendar.ics?key=${ORDER_KEY}`,
    );
    expect(
      screen.getByRole('link', { name: 'Add to Apple Wallet: Stalls, Row F, Seat 12' }),
    ).toHaveAttribute(
      'href',
      `/api/uk/orders/${ORDER_ID}/tickets/${ticket.id}/wallet.pkpass?key=${ORDER_KEY}`,
    );
  });
});
