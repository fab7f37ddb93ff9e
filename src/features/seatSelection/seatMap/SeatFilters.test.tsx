import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_FILTERS, filterMask, type SeatFilterState } from './filters';
import { buildSeatMapModel, type SeatMapModel } from './model';
import { SeatFilters } from './SeatFilters';
import { makeStatus, miniTheatre } from './testPlans';
import { renderInVenue } from '../../../../tests/unit/renderInVenue';

function theatreModel(): SeatMapModel {
  const plan = miniTheatre();
  return buildSeatMapModel(
    plan,
    makeStatus(plan, {
      prices: { A: 6500, B: 4500, R: 3000 },
      seatSelectionLimit: 4,
      priceOptions: [
        { code: 'FULL', name: 'Full Price', band: 'A', area: null, price: 6500, faceValue: null },
        { code: 'FULL', name: 'Full Price', band: 'B', area: null, price: 4500, faceValue: null },
        { code: 'FULL', name: 'Full Price', band: 'R', area: null, price: 3000, faceValue: null },
        { code: 'CONC', name: 'Concession', band: 'B', area: null, price: 3500, faceValue: null },
      ],
    }),
  );
}

/** Every state the form reported, newest last. */
let reported: SeatFilterState[] = [];
const latest = () => reported.at(-1) ?? NO_FILTERS;

function Harness({ model }: { model: SeatMapModel }) {
  const [filters, setFilters] = useState<SeatFilterState>(NO_FILTERS);
  const mask = useMemo(() => filterMask(model, filters), [model, filters]);
  return (
    <SeatFilters
      model={model}
      value={filters}
      onChange={(next) => {
        reported.push(next);
        setFilters(next);
      }}
      filterMask={mask}
    />
  );
}

describe('SeatFilters', () => {
  beforeEach(() => {
    reported = [];
  });

  it('offers the filters of the spec, each labelled, one per idea', async () => {
    renderInVenue(<Harness model={theatreModel()} />);
    const form = await screen.findByRole('form', { name: 'Filter seats' });
    const seatTypes = within(form).getByRole('group', { name: 'Seat types' });
    expect(
      within(seatTypes)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement!.textContent),
    ).toEqual([
      'Standard seats',
      'Restricted view',
      'Wheelchair spaces',
      'Companion seats',
      'Access zone',
      'American Express seats',
    ]);
    // One filter per idea: Full Price is sold in every band, so it would only repeat the price
    // band filter; Concession (band B only) says something the bands do not.
    const options = within(form).getByRole('group', { name: 'Price options' });
    expect(
      within(options)
        .getAllByRole('checkbox')
        .map((box) => box.parentElement!.textContent),
    ).toEqual(['Concession (from £35)']);
    const part = within(form).getByRole('combobox', { name: 'Part of house' });
    expect(
      within(part)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Whole house', 'Stalls', 'Dress Circle']);
    const bands = within(form).getByRole('group', { name: 'Price band' });
    expect(within(bands).getByRole('checkbox', { name: 'Band A: £65' })).toBeInTheDocument();
    const together = within(form).getByRole('combobox', { name: 'Seats together' });
    // Up to the seat selection limit (4 here).
    expect(
      within(together)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', '2 seats side by side', '3 seats side by side', '4 seats side by side']);
  });

  it('reports each change as the whole new filter state and announces the matches', async () => {
    const user = userEvent.setup();
    renderInVenue(<Harness model={theatreModel()} />);
    await user.click(await screen.findByRole('checkbox', { name: 'American Express seats' }));
    expect(latest().seatTypes).toEqual(['amex']);
    expect(screen.getByRole('status')).toHaveTextContent('4 available seats match your filters.');
    await user.click(screen.getByRole('checkbox', { name: 'Concession (from £35)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part of house' }), 'Stalls');
    expect(latest()).toMatchObject({
      seatTypes: ['amex'],
      priceOptions: ['CONC'],
      level: 'Stalls',
    });
    expect(screen.getByRole('status')).toHaveTextContent('No available seats match your filters.');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Seats together' }),
      '3 seats side by side',
    );
    expect(latest().together).toBe(3);
  });

  it('clears every filter at once', async () => {
    const user = userEvent.setup();
    renderInVenue(<Harness model={theatreModel()} />);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await user.click(await screen.findByRole('checkbox', { name: 'Band A: £65' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(latest()).toEqual(NO_FILTERS);
    expect(screen.getByRole('checkbox', { name: 'Band A: £65' })).not.toBeChecked();
  });
});
