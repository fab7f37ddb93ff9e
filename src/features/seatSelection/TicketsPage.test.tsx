import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHECKOUT_PATHS } from '@/config/paths';
import { fakeCanvasContext, newCanvasCalls } from './seatMap/fakeCanvas';
import { http } from '../../../tests/msw/contract';
import { apiError } from '../../../tests/msw/handlers';
import { server, useMswServer } from '../../../tests/msw/server';
import { checkoutHoldId, heldState } from '../../../tests/msw/checkoutState';
import { renderApp } from '../../../tests/msw/render';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { GA_PERFORMANCE, inventory, resetInventory, seatId } from '../../../tests/msw/inventory';
import {
  ACTIVE_ATG,
  memberHandlers,
  membersFake,
  resetMembers,
  signInMember,
} from '../../../tests/msw/members';

useMswServer();
beforeEach(() => resetInventory());

/** Pages are lazy chunks; the first one in a run takes a moment to load (hence 30 s a test). */
const findPageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

const GA_ROUTE = `/shows/neon-lowlands/motor-city-music-hall/tickets/${GA_PERFORMANCE}`;

describe('general admission tickets', { timeout: 30_000 }, () => {
  it('never lets a quantity pass what is left, and says when an area is sold out', async () => {
    const user = userEvent.setup();
    renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    expect(within(floor).getByText('3 places left')).toBeInTheDocument();
    const more = within(floor).getByRole('button', { name: 'One more Full Price ticket' });
    for (let i = 0; i < 5; i += 1) await user.click(more);
    expect(within(floor).getByLabelText('Full Price tickets, $35 each')).toHaveValue(3);
    expect(
      within(screen.getByRole('region', { name: 'Balcony' })).getByText('Sold out'),
    ).toBeInTheDocument();
  });

  it('viewFromSeat for general admission (Motor City Music Hall): a drawn view from the area its themes name', async () => {
    const user = userEvent.setup();
    renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    await user.click(within(floor).getByText('View from Standing floor'));
    expect(
      within(floor).getByRole('img', { name: 'Drawing of the stage as seen from Standing floor' }),
    ).toBeVisible();
    // Its themes list only the floor: the balcony has no picture set.
    const balcony = screen.getByRole('region', { name: 'Balcony' });
    expect(within(balcony).queryByText(/View from/)).toBeNull();
  });

  it('asks for the admission message to be read before reserving, then holds and shows the tickets', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    await user.click(within(floor).getByRole('button', { name: 'One more Concession ticket' }));
    await user.click(within(floor).getByRole('button', { name: 'One more Concession ticket' }));
    expect(screen.getByText('2 tickets: $50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reserve tickets' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please read the information above and confirm you have read it before you continue.',
    );
    expect(inventory.holds.size).toBe(0);

    await user.click(screen.getByRole('button', { name: 'I have read this' }));
    await user.click(screen.getByRole('button', { name: 'Reserve tickets' }));
    await findPageHeading('Check your tickets');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations);
    expect(await screen.findByText('2 × Concession, Standing floor: $25 each')).toBeInTheDocument();
    expect((await screen.findAllByText('Total'))[0]).toHaveTextContent('Total$50');
    expect(await screen.findByRole('timer', undefined, { timeout: 5000 })).toHaveTextContent(
      /Time left to complete your order: 1[45]:\d\d/,
    );
  });

  it('says when reserving failed on the server, keeps the choice, and tries again with one press', async () => {
    let failures = 1;
    server.use(
      http.post('/api/:region/holds', () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return apiError(500, 'internal_error');
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    await user.click(screen.getByRole('button', { name: 'I have read this' }));
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    await user.click(within(floor).getByRole('button', { name: 'One more Full Price ticket' }));
    await user.click(screen.getByRole('button', { name: 'Reserve tickets' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Sorry, something went wrong while reserving your seats. Please try again.',
    );
    expect(within(floor).getByLabelText('Full Price tickets, $35 each')).toHaveValue(1);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findPageHeading('Check your tickets');
    expect(inventory.holds.size).toBe(1);
  });

  it('offers the group-booking route past the seat selection limit', async () => {
    resetInventory({ limit: 2 });
    const user = userEvent.setup();
    renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    const more = within(floor).getByRole('button', { name: 'One more Full Price ticket' });
    await user.click(more);
    await user.click(more);
    await user.click(more);
    // Said politely in the selection bar, beside the Reserve button the buyer is heading for.
    const message = await screen.findByText("Sorry, you can't purchase more than 2 seats online.");
    const status = message.closest('[role="status"]') as HTMLElement;
    expect(status).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Your selection' })).toContainElement(status);
    expect(within(status).getByRole('link', { name: /\d/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+1/),
    );
  });
});

describe('leaving with seats held', { timeout: 30_000 }, () => {
  async function holdGaTickets(user: ReturnType<typeof userEvent.setup>) {
    const view = renderApp({ route: GA_ROUTE });
    await findPageHeading('Select your tickets');
    await user.click(screen.getByRole('button', { name: 'I have read this' }));
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    await user.click(within(floor).getByRole('button', { name: 'One more Full Price ticket' }));
    await user.click(screen.getByRole('button', { name: 'Reserve tickets' }));
    await findPageHeading('Check your tickets');
    return view;
  }

  it('asks before releasing, keeps the tickets on "Keep my tickets", releases on the server otherwise', async () => {
    const user = userEvent.setup();
    const { history } = await holdGaTickets(user);
    expect(inventory.remaining.FLOOR).toBe(2);

    act(() => history.push('/'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release your tickets?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my tickets' }));
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations);
    expect(inventory.holds.size).toBe(1);

    act(() => history.push('/'));
    const again = await screen.findByRole('alertdialog', { name: 'Release your tickets?' });
    await user.click(within(again).getByRole('button', { name: 'Release tickets' }));
    await waitFor(() => expect(inventory.holds.size).toBe(0));
    expect(inventory.remaining.FLOOR).toBe(3);
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('says "Empty your cart?" when the buyer heads for another date', async () => {
    const user = userEvent.setup();
    const { history } = await holdGaTickets(user);
    act(() => history.push('/shows/neon-lowlands/motor-city-music-hall/calendar/'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty your cart?' });
    expect(dialog).toHaveTextContent(
      'Navigating away from this performance date will empty your cart. Are you sure you want to proceed?',
    );
  });

  /**
   * Theatre seats held in this tab, then the gig's tickets page opened by its address (so no
   * leave guard stood in the way), one ticket picked and Reserve pressed.
   */
  async function reserveWithAnotherDateHeld(user: ReturnType<typeof userEvent.setup>) {
    const view = renderApp({ route: GA_ROUTE, preloadedState: heldState() });
    const theatreHoldId = checkoutHoldId();
    await findPageHeading('Select your tickets');
    await user.click(screen.getByRole('button', { name: 'I have read this' }));
    const floor = screen.getByRole('region', { name: 'Standing floor' });
    await user.click(within(floor).getByRole('button', { name: 'One more Full Price ticket' }));
    await user.click(screen.getByRole('button', { name: 'Reserve tickets' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Empty your cart?' });
    expect(inventory.holdCalls).toBe(0);
    return { ...view, dialog, theatreHoldId };
  }

  it('asks "Empty your cart?" before reserving over another date; staying keeps that basket', async () => {
    const user = userEvent.setup();
    const { history, dialog, theatreHoldId } = await reserveWithAnotherDateHeld(user);
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this date' }));
    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations));
    expect([...inventory.holds.keys()]).toEqual([theatreHoldId]);
    expect(inventory.holdCalls).toBe(0);
  });

  it('empties the basket of the other date on the server once agreed, then holds the new choice', async () => {
    const user = userEvent.setup();
    const { dialog, theatreHoldId } = await reserveWithAnotherDateHeld(user);
    await user.click(within(dialog).getByRole('button', { name: 'Empty cart' }));
    await findPageHeading('Check your tickets');
    expect(inventory.holds.has(theatreHoldId)).toBe(false);
    expect(inventory.holds.size).toBe(1);
  });

  it('lets the buyer choose again: "Choose different tickets" releases and returns to the choice', async () => {
    const user = userEvent.setup();
    const { history } = await holdGaTickets(user);
    await user.click(screen.getByRole('button', { name: 'Choose different tickets' }));
    await findPageHeading('Select your tickets');
    expect(history.location.pathname).toBe(GA_ROUTE);
    await waitFor(() => expect(inventory.holds.size).toBe(0));
    // What the buyer had picked is still there to adjust.
    expect(
      within(screen.getByRole('region', { name: 'Standing floor' })).getByLabelText(
        'Full Price tickets, $35 each',
      ),
    ).toHaveValue(1);
  });
});

describe('reserved seats', { timeout: 30_000 }, () => {
  const THEATRE_ROUTE = `/shows/the-glass-orchard/lumen-theatre/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`;

  it('readies the seat map in the venue font while the seats are on their way', async () => {
    // The warm-up measures the map's label fonts on a canvas of its own: record them.
    const calls = newCanvasCalls();
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(function (this: HTMLCanvasElement) {
        return fakeCanvasContext(this, calls);
      } as never);
    let release = () => {};
    const seatsHeld = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/:region/performances/:performanceId/seats', async () => {
        await seatsHeld;
        return undefined;
      }),
    );
    renderApp({ route: THEATRE_ROUTE });
    await waitFor(
      () =>
        expect([...calls.measured]).toContain(
          '700 12px "Source Sans 3", "Helvetica Neue", Arial, sans-serif',
        ),
      { timeout: 5000 },
    );
    expect(screen.queryByRole('application', { name: 'Seating plan picture' })).toBeNull();
    getContext.mockRestore();
    release();
    expect(
      await screen.findByRole('application', { name: 'Seating plan picture' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('picks seats with the keyboard from the list, names them in full and holds them', async () => {
    const user = userEvent.setup();
    const { history } = renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Stalls (22 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row C (8 available)');
    const seat = screen.getByRole('checkbox', {
      name: /^Stalls, Row C, Seat 8, restricted view, £30/,
    });
    seat.focus();
    await user.keyboard(' ');
    expect(seat).toBeChecked();
    const selection = screen.getByRole('region', { name: 'Your selection' });
    expect(within(selection).getByText('1 seat: £30')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));
    await findPageHeading('Check your seats');
    expect(history.location.pathname).toBe(CHECKOUT_PATHS.reservations);
    expect(await screen.findByText(/Stalls, Row C, Seat 8, restricted view/)).toBeInTheDocument();
    expect((await screen.findAllByText('Total'))[0]).toHaveTextContent('Total£30');
  });

  it('says which seats someone else took, keeps the rest of the choice and refreshes the plan', async () => {
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Dress Circle (16 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row A (8 available)');
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 3,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 4,/ }));
    // Another buyer gets A4 first.
    inventory.taken.add(seatId(2, 0, 4));
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));

    const alert = await screen.findByText('These seats are no longer available.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      /Taken by another buyer: Dress Circle, Row A, Seat 4, unavailable/,
    );
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 4,/ }),
      ).toBeDisabled(),
    );
    expect(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 3,/ })).toBeChecked();
    expect(inventory.holds.size).toBe(0);
  });

  it('names a picked seat that was taken while the buyer was away, and keeps the rest', async () => {
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Dress Circle (16 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row A (8 available)');
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 5,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 6,/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));
    await findPageHeading('Check your seats');
    // Released by "Choose different seats", A6 goes to another buyer before the plan is read.
    inventory.taken.add(seatId(2, 0, 6));
    await user.click(screen.getByRole('button', { name: 'Choose different seats' }));
    await findPageHeading('Select seat');

    const alert = await screen.findByText('These seats are no longer available.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(
      /Taken by another buyer: Dress Circle, Row A, Seat 6, unavailable/,
    );
    const selection = screen.getByRole('region', { name: 'Your selection' });
    expect(within(selection).getByText(/^1 seat: /)).toBeInTheDocument();
    // Picking again is the answer to it: the notice goes.
    await user.selectOptions(screen.getByLabelText('Section'), 'Dress Circle (15 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row A (7 available)');
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 7,/ }));
    expect(screen.queryByText('These seats are no longer available.')).not.toBeInTheDocument();
  });

  it("tells the show's offers in the key: a package's extra per ticket, set-aside seats by their mark", async () => {
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    const key = screen.getByRole('region', { name: 'Key' });
    const offers = within(key).getByRole('region', { name: 'Offers for this performance' });
    expect(offers).toHaveTextContent('Dinner and show · £35 extra per ticket');
    // The American Express block is described beside its mark, with the card rule.
    const amex = within(key).getByText('American Express seat').closest('li')!;
    expect(amex).toHaveTextContent(
      'Prime Dress Circle seats held for customers paying with American Express.',
    );
    expect(key).toHaveTextContent(
      'American Express seats can only be bought with an American Express card.',
    );
  });

  it('takes keyboard users past the plan to the seat list, from best available too', async () => {
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.click(screen.getByRole('radio', { name: 'Find the best available seats for me' }));
    expect(screen.queryByRole('region', { name: 'Choose from a list' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Skip to seat list' }));
    const list = await screen.findByRole('region', { name: 'Choose from a list' });
    await waitFor(() => expect(list).toHaveFocus());
    await user.tab();
    expect(within(list).getByRole('combobox', { name: 'Section' })).toHaveFocus();
  });

  it('names the chosen seats in the selection bar by row, with the all-in total and Reserve', async () => {
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Dress Circle (16 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row A (8 available)');
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 4,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Dress Circle, Row A, Seat 3,/ }));
    const bar = screen.getByRole('region', { name: 'Your selection' });
    expect(within(bar).getByText('Dress Circle, Row A, seats 3–4')).toBeInTheDocument();
    expect(within(bar).getByText(/^2 seats: £/)).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Reserve seats' })).toBeInTheDocument();
  });

  it('stops at the venue seat limit with the spec message', async () => {
    resetInventory({ limit: 2 });
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Stalls (22 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row A (8 available)');
    for (const n of [2, 3, 6])
      await user.click(
        screen.getByRole('checkbox', { name: new RegExp(`^Stalls, Row A, Seat ${n},`) }),
      );
    expect(
      await screen.findByText("Sorry, you can't purchase more than 2 seats online."),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Stalls, Row A, Seat 6,/ })).not.toBeChecked();
  });
});

describe('price flags on the seat map key', { timeout: 30_000 }, () => {
  const route = (venue: string) =>
    `/shows/the-glass-orchard/${venue}/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`;
  // The Lumen calls it the key; the American venues (en-US) the legend.
  const bandLines = async () => {
    await findPageHeading('Select seat');
    const key = screen.getByRole('region', { name: /^(Key|Legend)$/ });
    return within(key)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
      .slice(0, 3);
  };

  it('shouldShowFaceValue (Lumen Theatre): each band says its face value under the all-in price', async () => {
    renderApp({ route: route('lumen-theatre') });
    expect(await bandLines()).toEqual([
      'Band A: £65Face value £58.50',
      'Band B: £45Face value £40.50',
      'Restricted view: £30Face value £27',
    ]);
  });

  it('without the flag (Golden Gate Playhouse) the all-in price is the only price', async () => {
    renderApp({ route: route('golden-gate-playhouse') });
    expect(await bandLines()).toEqual(['Band A: £65', 'Band B: £45', 'Restricted view: £30']);
    expect(screen.queryByText(/Face value/)).toBeNull();
  });

  it('isSingleLinePriceOption (Hudson Stage): the bands are a price list, name then price on one line', async () => {
    renderApp({ route: route('hudson-stage') });
    expect(await bandLines()).toEqual([
      'Band A£65Face value £58.50',
      'Band B£45Face value £40.50',
      'Restricted view£30Face value £27',
    ]);
    const key = screen.getByRole('region', { name: 'Legend' });
    const bandA = within(key).getByText('Band A');
    // Name and price are two cells of one line, not one "Band A: £65" phrase.
    expect(bandA.parentElement).toHaveTextContent(/^Band A£65/);
    expect(within(key).queryByText(/Band A: /)).toBeNull();
    expect(getComputedStyle(bandA.parentElement!).display).toBe('flex');
  });
});

describe('shouldCallEligibleExp on the tickets page', { timeout: 30_000 }, () => {
  const route = (venue: string) =>
    `/shows/the-glass-orchard/${venue}/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`;
  beforeEach(() => {
    resetMembers();
    server.use(...memberHandlers());
  });

  it('Hudson Stage asks which benefits a signed-in member has before showing prices, and says so', async () => {
    signInMember();
    membersFake.memberships = [{ ...ACTIVE_ATG }];
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/services/account-management/memberships') asked += 1;
    });
    renderApp({ route: route('hudson-stage') });
    await findPageHeading('Select seat');
    expect(asked).toBeGreaterThan(0);
    expect(
      screen.getByText('As an ATG+ member you pay no transaction fee on this order.'),
    ).toBeInTheDocument();
    server.events.removeAllListeners('request:start');
  });

  it('a guest at Hudson Stage sees the prices with no benefit', async () => {
    renderApp({ route: route('hudson-stage') });
    await findPageHeading('Select seat');
    expect(screen.queryByText(/member you pay no transaction fee/)).toBeNull();
  });

  it('a venue without the flag (Lumen Theatre) does not ask', async () => {
    signInMember();
    membersFake.memberships = [{ ...ACTIVE_ATG }];
    renderApp({ route: route('lumen-theatre') });
    await findPageHeading('Select seat');
    expect(screen.queryByText(/member you pay no transaction fee/)).toBeNull();
  });
});
