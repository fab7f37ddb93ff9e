import { screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { makeStore } from '@/app/store';
import { renderInVenue } from '../../../tests/unit/renderInVenue';
import { TicketQuantities } from './TicketQuantities';

const plan: SeatingPlan = {
  id: '1C2D3E4F-5061-4728-9BAC-1D2E3F4A5B6C',
  seating: 'general-admission',
  sections: [],
  bands: [],
  seats: { id: [], section: [], row: [], number: [], x: [], y: [], band: [], flags: [] },
  areas: [{ code: 'FLOOR', name: 'Standing floor' }],
};

/** A GA performance as the API sends it to a venue that shows face values. */
const status: SeatStatus = {
  performanceId: '1C2D3E4F-5061-4728-9BAC-1D2E3F4A5B6D',
  planId: plan.id,
  startsAt: '2026-03-13T19:30:00.000Z',
  seating: 'general-admission',
  currency: 'USD',
  seatSelectionLimit: 10,
  status: '',
  prices: [],
  priceOptions: [
    { code: 'FULL', name: null, band: null, area: 'FLOOR', price: 3500, faceValue: 3150 },
    { code: 'CONC', name: 'Concession', band: null, area: 'FLOOR', price: 2500, faceValue: 2250 },
  ],
  areas: [{ code: 'FLOOR', remaining: 40 }],
  offers: [],
  presale: null,
  performanceNotice: null,
  admissionSectionMessage: null,
};

function renderQuantities(showFaceValue: boolean) {
  renderInVenue(
    <Provider store={makeStore()}>
      <TicketQuantities
        plan={plan}
        seatStatus={status}
        singleLine={false}
        showFaceValue={showFaceValue}
      />
    </Provider>,
    'motor-city-music-hall',
  );
  return screen.findByRole('region', { name: 'Standing floor' });
}

describe('ticket quantities (general admission)', () => {
  it('shouldShowFaceValue: each option says its face value, read with its quantity field', async () => {
    const floor = await renderQuantities(true);
    const full = within(floor).getByLabelText('Full Price tickets, $35 each');
    expect(full).toHaveAccessibleDescription('Face value $31.50');
    expect(within(floor).getByText('Face value $22.50')).toBeInTheDocument();
  });

  it('without it, the all-in price is the only price', async () => {
    const floor = await renderQuantities(false);
    expect(within(floor).queryByText(/Face value/)).toBeNull();
  });
});
