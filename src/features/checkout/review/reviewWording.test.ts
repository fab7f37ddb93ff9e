import { describe, expect, it } from 'vitest';
import { reviewWording } from './reviewWording';

const seat = {
  id: 'S',
  section: 'STALLS',
  row: 'A',
  number: 1,
  priceBand: 'A',
  price: { amount: 6500, currency: 'GBP' as const },
};
const place = {
  area: 'FLOOR',
  priceOption: 'FULL',
  quantity: 2,
  price: { amount: 3500, currency: 'USD' as const },
};

describe('reviewWording', () => {
  it('words a hold whose choice is not known by what it holds', () => {
    expect(reviewWording({ seats: [seat], admissions: [] }).headingId).toBe(
      'steps.reservations.seats.heading',
    );
    expect(reviewWording({ seats: [], admissions: [place] })).toEqual({
      headingId: 'steps.reservations.tickets.heading',
      subheadingId: 'steps.reservations.tickets.subheading',
      changeId: 'reservations.changeTickets',
    });
  });

  it('gives the spec title only to seats best available picked', () => {
    expect(reviewWording({ seats: [seat], admissions: [] }, 'bestAvailable').headingId).toBe(
      'steps.reservations.heading',
    );
    expect(reviewWording({ seats: [seat], admissions: [] }, 'seats').headingId).toBe(
      'steps.reservations.seats.heading',
    );
  });
});
