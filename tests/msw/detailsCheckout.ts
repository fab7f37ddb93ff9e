import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from './contract';
import type { Basket } from '@contract/api/basket';
import type { Hold } from '@contract/api/holds';
import type { Region } from '@contract/regions';
import { getVenue } from '@/config/venues';
import type { ReservationState } from '@/features/hold/reservationSlice';
import { GLASS_ORCHARD_LUMEN_FIRST } from './fixtures';
import { renderApp } from './render';
import { server } from './server';
import { inventory, seatId } from './inventory';
import { detailsFake } from './details';

/** A live hold at one venue, as a buyer arrives at the details steps with it. */

export const HOLD_ID = '40AD0000-0000-4000-8000-00000000D5A1';

const REGIONS: Record<string, Region> = {
  'lumen-theatre': 'uk',
  'northern-playhouse': 'uk',
  'hudson-stage': 'us-east',
  'golden-gate-playhouse': 'us-west',
  'lone-star-theater': 'us-central',
};

function heldHold(currency: 'GBP' | 'USD'): Hold {
  return {
    id: HOLD_ID,
    performanceId: GLASS_ORCHARD_LUMEN_FIRST,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    extensionsLeft: 10,
    seats: [1, 2].map((number) => ({
      id: seatId(1, 0, number + 1),
      section: 'STALLS',
      row: 'A',
      number: number + 1,
      priceBand: 'A',
      price: { amount: 6500, currency },
    })),
    admissions: [],
  };
}

function basketOf(hold: Hold, venueSlug: string): Basket {
  const currency = hold.seats[0]!.price.currency;
  const venue = getVenue(venueSlug)!.settings;
  return {
    holdId: hold.id,
    currency,
    performance: {
      id: hold.performanceId,
      title: 'The Glass Orchard',
      venueName: venue.name,
      startsAt: '2026-03-13T19:30:00.000Z',
      timezone: venue.timezone,
    },
    tickets: hold.seats.map((seat) => ({
      kind: 'seat',
      seatId: seat.id,
      section: seat.section,
      row: seat.row,
      number: seat.number,
      priceBand: seat.priceBand,
      area: null,
      priceOption: `FULL-${seat.priceBand}`,
      priceOptionName: 'Full Price',
      quantity: 1,
      unitPrice: seat.price.amount,
      faceValue: null,
      bookingFee: null,
      lineTotal: seat.price.amount,
    })),
    extras: [],
    ticketProtection: null,
    transactionFee: 250,
    transactionFeeWaiver: null,
    delivery: null,
    total: 13_250,
    version: 'basket-version-0001',
    acceptedCardBrands: ['visa', 'visa-debit', 'mastercard', 'amex'],
    upsellsOffered: [],
  };
}

/**
 * Renders the app at a details step with a live hold at `venueSlug` (a reload: a fresh store
 * whose only knowledge is the hold), with the basket the frame shows beside the step.
 */
export function renderStep(path: string, venueSlug = 'lumen-theatre') {
  const region = REGIONS[venueSlug]!;
  const hold = heldHold(region === 'uk' ? 'GBP' : 'USD');
  inventory.holds.set(hold.id, hold);
  detailsFake.venueSlug = venueSlug;
  server.use(
    http.get('/api/:region/holds/:holdId/basket', () =>
      HttpResponse.json({ basket: basketOf(hold, venueSlug) }),
    ),
  );
  const reservation: ReservationState = {
    status: 'held',
    region,
    venueSlug,
    titleSlug: 'the-glass-orchard',
    performanceId: hold.performanceId,
    hold,
    expiresAt: hold.expiresAt,
    pending: null,
    error: null,
    takenSeatIds: [],
    clockOffsetMs: 0,
  };
  return renderApp({ route: path, preloadedState: { reservation } });
}

/**
 * Waits for the step: its heading (the page is a lazy chunk, and the form layer a big one, so
 * the first in a run takes a moment), then its form, which opens once the stored details arrive.
 */
export async function findStep(heading: string) {
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 15_000 });
  await screen.findByRole('button', { name: 'Continue' }, { timeout: 5_000 });
}
