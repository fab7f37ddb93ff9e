import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NO_FILTERS, filterMask } from './filters';
import { applyStatus, buildSeatMapModel, type SeatMapModel } from './model';
import { SeatList, type SeatReveal } from './SeatList';
import { gridPlan, makeStatus, miniSeat, theatreModel, useSeatSelection } from './testPlans';
import { renderInVenue } from '../../../../tests/unit/renderInVenue';

function Harness({ model, mask = null }: { model: SeatMapModel; mask?: Uint8Array | null }) {
  const [selected, toggle] = useSeatSelection();
  return <SeatList model={model} selected={selected} filterMask={mask} onToggleSeat={toggle} />;
}

/** The list beside a stand-in for the plan: its button picks `seat` as a click on the map would. */
function PlanPickHarness({ model, seat }: { model: SeatMapModel; seat: number }) {
  const [selected, toggle] = useSeatSelection();
  const [reveal, setReveal] = useState<SeatReveal | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          toggle(seat);
          setReveal({ seat });
        }}
      >
        Pick on the plan
      </button>
      <SeatList model={model} selected={selected} onToggleSeat={toggle} reveal={reveal} />
    </>
  );
}

describe('SeatList', () => {
  it('picks a section, then a row, then seats named in full, ticked with the space bar', async () => {
    const user = userEvent.setup();
    renderInVenue(<Harness model={theatreModel()} />);
    const section = await screen.findByRole('combobox', { name: 'Section' });
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Stalls (30 available)', 'Dress Circle (36 available)']);
    await user.selectOptions(section, 'Dress Circle (36 available)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Row' }), 'Row C (12 available)');
    const seats = screen.getByRole('group', { name: 'Seats in Dress Circle, Row C' });
    const seat12 = within(seats).getByRole('checkbox', {
      name: 'Dress Circle, Row C, Seat 12, restricted view, £30',
    });
    expect(within(seats).getAllByRole('checkbox')).toHaveLength(12);

    seat12.focus();
    await user.keyboard(' ');
    expect(seat12).toBeChecked();
    await user.keyboard(' ');
    expect(seat12).not.toBeChecked();
  });

  it('opens the row of a seat picked on the plan and shows it ticked', async () => {
    const user = userEvent.setup();
    renderInVenue(<PlanPickHarness model={theatreModel()} seat={miniSeat(1, 'C', 12)} />);
    expect(await screen.findByRole('combobox', { name: 'Section' })).toHaveDisplayValue(
      'Stalls (30 available)',
    );
    await user.click(screen.getByRole('button', { name: 'Pick on the plan' }));
    expect(screen.getByRole('combobox', { name: 'Section' })).toHaveDisplayValue(
      'Dress Circle (36 available)',
    );
    expect(screen.getByRole('combobox', { name: 'Row' })).toHaveDisplayValue(
      'Row C (12 available)',
    );
    expect(
      screen.getByRole('checkbox', { name: 'Dress Circle, Row C, Seat 12, restricted view, £30' }),
    ).toBeChecked();
  });

  it('lists taken seats disabled and says they are unavailable', async () => {
    const status = '0'.repeat(66).split('');
    status[miniSeat(0, 'A', 3)] = '2';
    renderInVenue(<Harness model={theatreModel(status.join(''))} />);
    const taken = await screen.findByRole('checkbox', {
      name: 'Stalls, Row A, Seat 3, unavailable',
    });
    expect(taken).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Row A (9 available)' })).toBeInTheDocument();
  });

  it('calls back with the seat index when a seat is ticked', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const model = theatreModel();
    renderInVenue(
      <SeatList model={model} selected={new Set([miniSeat(0, 'A', 4)])} onToggleSeat={onToggle} />,
    );
    expect(
      await screen.findByRole('checkbox', { name: 'Stalls, Row A, Seat 4, £65' }),
    ).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Stalls, Row A, Seat 5, £65' }));
    expect(onToggle).toHaveBeenCalledWith(miniSeat(0, 'A', 5));
  });

  it('applies the filters: only matching sections, rows and seats, with a count of the rest', async () => {
    const model = theatreModel();
    const mask = filterMask(model, { ...NO_FILTERS, seatTypes: ['amex'] });
    renderInVenue(<Harness model={model} mask={mask} />);
    const section = await screen.findByRole('combobox', { name: 'Section' });
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dress Circle (4 available)']);
    expect(
      within(screen.getByRole('combobox', { name: 'Row' })).getAllByRole('option'),
    ).toHaveLength(1);
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    for (const seat of [5, 6, 7, 8]) {
      expect(
        screen.getByRole('checkbox', {
          name: `Dress Circle, Row B, Seat ${seat}, American Express seat, £45`,
        }),
      ).toBeEnabled();
    }
    expect(screen.getByText('8 seats in this row are hidden by your filters.')).toBeInTheDocument();
  });

  it('says so when no seat matches the filters', async () => {
    const model = theatreModel();
    const mask = filterMask(model, { ...NO_FILTERS, bands: ['R'], level: 'Stalls' });
    renderInVenue(<Harness model={model} mask={mask} />);
    expect(await screen.findByRole('status')).toHaveTextContent('No seats match your filters.');
  });

  it('starts on a row with seats to buy and renders one row at a time at 20,000 seats', async () => {
    const plan = gridPlan(40, 20, 25);
    const sold = '2'.repeat(25 * 20) + '0'.repeat(20_000 - 25 * 20);
    const model = applyStatus(
      buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 9000, B: 6000 } })),
      sold,
    );
    renderInVenue(<Harness model={model} />);
    const section = await screen.findByRole('combobox', { name: 'Section' });
    // Section 101 is sold out: still listed, but the list opens on the first with seats.
    expect(within(section).getAllByRole('option')).toHaveLength(40);
    expect(
      screen.getByRole('option', { name: 'Section 101 (none available)' }),
    ).toBeInTheDocument();
    expect(section).toHaveDisplayValue('Section 102 (500 available)');
    expect(screen.getAllByRole('checkbox')).toHaveLength(25);
  });
});
