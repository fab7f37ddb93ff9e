import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSeatMapModel } from './model';
import { SeatLegend } from './SeatLegend';
import { gridPlan, makeStatus, miniTheatre } from './testPlans';
import { renderInVenue } from '../../../../tests/unit/renderInVenue';

describe('SeatLegend', () => {
  it('keys every band with its all-in price, the states and the seat types on the plan', async () => {
    const plan = miniTheatre();
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 6500, B: 4550 } }));
    renderInVenue(<SeatLegend model={model} />);
    const key = await screen.findByRole('region', { name: 'Key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Band A: £65',
      'Band B: £45.50',
      'Restricted view: not on sale',
      'Your selection',
      'Unavailable',
      'Restricted view',
      'Wheelchair space',
      'Companion seat (next to a wheelchair space)',
      'Access zone (step-free, near an exit)',
      'American Express seat',
    ]);
    expect(key).toHaveTextContent('Prices include all mandatory fees.');
    expect(key).toHaveTextContent(
      'American Express seats can only be bought with an American Express card.',
    );
  });

  it('leaves out seat types the plan does not have, and the American Express note with them', async () => {
    const plan = gridPlan(2, 2, 5);
    const model = buildSeatMapModel(
      plan,
      makeStatus(plan, { prices: { A: 9000, B: 6000 }, currency: 'USD' }),
    );
    renderInVenue(<SeatLegend model={model} />, 'harbor-arena');
    // An American map has a legend, not a key (issue 24).
    const key = await screen.findByRole('region', { name: 'Legend' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sideline: $90', 'End: $60', 'Your selection', 'Unavailable']);
    expect(key).not.toHaveTextContent('American Express');
  });
});
