import { describe, expect, it } from 'vitest';
import type { Basket, TicketLine } from '@contract/api/basket';
import { basketTotal } from '../../../server/basket/pricing';
import { VENUE_CONTENT } from '../../../server/catalogue/seed/venueContent';
import { priceLines } from './basketPrices';

const ID = (n: number) => `7C4E0000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function seat(n: number, face: number, fee: number, option = 'FULL-A'): TicketLine {
  return {
    kind: 'seat',
    seatId: ID(n),
    section: 'STALLS',
    row: 'F',
    number: n,
    priceBand: 'A',
    area: null,
    priceOption: option,
    priceOptionName: option === 'FULL-A' ? 'Band A' : 'Concession',
    quantity: 1,
    unitPrice: face + fee,
    faceValue: face,
    bookingFee: fee,
    lineTotal: face + fee,
  };
}

/** A basket priced as the booking API prices it (server/basket/pricing.ts). */
function basket(parts: Partial<Basket> & Pick<Basket, 'tickets'>): Basket {
  const priced = {
    extras: [],
    ticketProtection: null,
    transactionFee: 0,
    transactionFeeWaiver: null,
    delivery: null,
    ...parts,
  };
  return {
    holdId: ID(99),
    currency: 'GBP',
    performance: {
      id: ID(98),
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      startsAt: '2026-03-13T19:30:00.000Z',
      timezone: 'Europe/London',
    },
    ...priced,
    total: basketTotal(priced),
    version: 'basket-version-0001',
    acceptedCardBrands: ['visa'],
    upsellsOffered: [],
  };
}

const sum = (lines: { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);

describe('the lines of a basket', () => {
  it.each(VENUE_CONTENT.map((venue) => [venue.slug, venue] as const))(
    'add up to the total at %s, its transaction fee a line of its own',
    (_slug, venue) => {
      const priced = basket({
        tickets: [seat(1, 8500, venue.bookingFee), seat(2, 8500, venue.bookingFee)],
        transactionFee: venue.transactionFee,
        delivery: { method: 'eTicket', amount: 0 },
      });
      const lines = priceLines(priced);
      expect(sum(lines)).toBe(priced.total);
      expect(lines.filter((line) => line.kind === 'transactionFee')).toEqual([
        { kind: 'transactionFee', amount: venue.transactionFee },
      ]);
    },
  );

  it('add up with extras, protection and delivery chosen', () => {
    const priced = basket({
      tickets: [seat(1, 8500, 250), seat(2, 8500, 250)],
      extras: [
        {
          upsellId: ID(50),
          kind: 'programme',
          name: 'Souvenir programme',
          priceZone: null,
          unitPrice: 600,
          quantity: 2,
          lineTotal: 1200,
        },
      ],
      ticketProtection: {
        productId: ID(51),
        label: 'Ticket refund protection',
        choice: 'yes',
        feePerTicket: 250,
        tickets: 2,
        amount: 500,
      },
      transactionFee: 295,
      delivery: { method: 'post', amount: 0 },
    });
    const lines = priceLines(priced);
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ['tickets', 17_500],
      ['extra', 1200],
      ['ticketProtection', 500],
      ['transactionFee', 295],
      ['delivery', 0],
    ]);
    expect(sum(lines)).toBe(priced.total);
    expect(priced.total).toBe(19_495);
  });

  it('groups seats by price option and price, and leaves out what is not charged', () => {
    const priced = basket({
      tickets: [seat(1, 8500, 250), seat(2, 6000, 250, 'CONC-A'), seat(3, 8500, 250)],
      ticketProtection: {
        productId: ID(51),
        label: 'Ticket refund protection',
        choice: 'undecided',
        feePerTicket: 250,
        tickets: 3,
        amount: 0,
      },
    });
    const lines = priceLines(priced);
    expect(
      lines.map((line) =>
        line.kind === 'tickets'
          ? [line.quantity, line.unitPrice, line.lines.map((ticket) => ticket.number)]
          : line.kind,
      ),
    ).toEqual([
      [2, 8750, [1, 3]],
      [1, 6250, [2]],
    ]);
    expect(sum(lines)).toBe(priced.total);
  });
});
