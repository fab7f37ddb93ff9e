import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SeatPicker } from './SeatPicker';
import { theatreModel, useSeatSelection } from './testPlans';
import { renderInVenue } from '../../../../tests/unit/renderInVenue';

function Harness() {
  const [model] = useState(() => theatreModel());
  const [selected, toggle] = useSeatSelection();
  return <SeatPicker model={model} selected={selected} viewFromSeat onToggleSeat={toggle} />;
}

describe('SeatPicker', () => {
  it('narrows the list with the filters', async () => {
    const user = userEvent.setup();
    renderInVenue(<Harness />);
    const list = await screen.findByRole('region', { name: 'Choose from a list' });
    expect(within(list).getByRole('combobox', { name: 'Section' })).toHaveDisplayValue(
      'Stalls (30 available)',
    );
    // The filters are one disclosure beside the plan, closed until asked for.
    const disclosure = screen.getByText('Filter seats', { selector: 'summary' });
    expect(disclosure.closest('details')).not.toHaveAttribute('open');
    await user.click(disclosure);
    expect(disclosure.closest('details')).toHaveAttribute('open');
    await user.click(screen.getByRole('checkbox', { name: 'Restricted view' }));
    expect(disclosure).toHaveTextContent('1 filter on');
    expect(within(list).getByRole('combobox', { name: 'Section' })).toHaveDisplayValue(
      'Dress Circle (2 available)',
    );
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('has no axe violations with the map, list, filters and key together', async () => {
    const { container } = renderInVenue(<Harness />);
    await screen.findByRole('region', { name: 'Choose from a list' });
    // Colour contrast needs layout jsdom does not do; seatColours' tests cover the seat colours.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
