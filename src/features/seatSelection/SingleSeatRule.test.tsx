import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../../tests/msw/contract';
import { HttpResponse } from 'msw';
import { server, useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';
import { GLASS_ORCHARD_LUMEN_FIRST } from '../../../tests/msw/fixtures';
import { inventory, resetInventory, seatId } from '../../../tests/msw/inventory';

useMswServer();
beforeEach(() => resetInventory());

const THEATRE_ROUTE = `/shows/the-glass-orchard/lumen-theatre/tickets/${GLASS_ORCHARD_LUMEN_FIRST}`;

/** Pages are lazy chunks; the first one in a run takes a moment to load (hence 30 s a test). */
const findPageHeading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

async function openStallsRowB(user: ReturnType<typeof userEvent.setup>) {
  renderApp({ route: THEATRE_ROUTE });
  await findPageHeading('Select seat');
  await user.selectOptions(screen.getByLabelText('Section'), 'Stalls (22 available)');
  // Row B: seats 4 and 5 are taken by other buyers.
  await user.selectOptions(screen.getByLabelText('Row'), 'Row B (6 available)');
}

describe('the single-seat rule on the seat page (issue 24)', { timeout: 30_000 }, () => {
  it('names the seat a choice would leave alone before reserving, and reserves once it is added', async () => {
    const user = userEvent.setup();
    await openStallsRowB(user);
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row B, Seat 7,/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));

    const selection = screen.getByRole('region', { name: 'Your selection' });
    const alert = await within(selection).findByRole('alert');
    expect(alert).toHaveTextContent(
      'These seats would leave one seat empty on its own: Stalls, Row B, Seat 6, £65. Add it to your choice, or move your seats.',
    );
    // Nothing was asked of the server, and the choice is still there to change.
    expect(inventory.holdCalls).toBe(0);
    expect(screen.getByRole('checkbox', { name: /^Stalls, Row B, Seat 7,/ })).toBeChecked();

    // Changing the choice answers the message; adding the seat named makes a choice that holds.
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row B, Seat 6,/ }));
    expect(within(selection).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));
    await findPageHeading('Check your seats');
    expect(inventory.holds.size).toBe(1);
  });

  it('names every seat a choice leaves alone', async () => {
    const user = userEvent.setup();
    await openStallsRowB(user);
    // Seats 2 and 7: seat 3 sits between 2 and the taken 4, seat 6 between the taken 5 and 7;
    // seats 1 and 8 end the row, where this plan marks no aisle, so they are not counted.
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row B, Seat 2,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row B, Seat 7,/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These seats would leave single seats empty on their own: Stalls, Row B, Seat 3, £65; Stalls, Row B, Seat 6, £65. Add them to your choice, or move your seats.',
    );
    expect(inventory.holdCalls).toBe(0);
  });

  it('says which seats the server found would be left alone', async () => {
    // The page passes C2–C3 (C1 ends the row, and this plan marks no aisle there); the server
    // answers with what it knows, say another buyer's seat beside C1 or an aisle, naming C1.
    server.use(
      http.post('/api/:region/holds', () =>
        HttpResponse.json(
          { code: 'seat_validation_failed', message: 'single seat', seatIds: [seatId(1, 2, 1)] },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: THEATRE_ROUTE });
    await findPageHeading('Select seat');
    await user.selectOptions(screen.getByLabelText('Section'), 'Stalls (22 available)');
    await user.selectOptions(screen.getByLabelText('Row'), 'Row C (8 available)');
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row C, Seat 2,/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Stalls, Row C, Seat 3,/ }));
    await user.click(screen.getByRole('button', { name: 'Reserve seats' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('These seats were not reserved.');
    expect(alert).toHaveTextContent(
      'These seats would leave one seat empty on its own: Stalls, Row C, Seat 1, £65. Add it to your choice, or move your seats.',
    );
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
