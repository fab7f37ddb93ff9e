import type { IntlShape } from 'react-intl';
import type { OrderTicket } from '@contract/api/orders';
import { priceOptionName } from '@/i18n/priceOptionName';

/** Where one ticket is for: "Stalls, Row C, Seat 8", or the area and price for a standing place. */
function placeOf(ticket: OrderTicket, intl: IntlShape): string {
  const parts =
    ticket.kind === 'seat'
      ? [
          ticket.section,
          ticket.row === null
            ? null
            : intl.formatMessage({ id: 'seatMap.seat.row' }, { row: ticket.row }),
          ticket.number === null
            ? null
            : intl.formatMessage({ id: 'seatMap.seat.number' }, { number: ticket.number }),
        ]
      : [ticket.area, priceOptionName(intl, ticket.priceOptionName)];
  return intl.formatList(
    parts.filter((part): part is string => part !== null && part !== ''),
    { type: 'unit', style: 'long' },
  );
}

/**
 * A name per ticket, unique within the order, for its line and its QR code: seats are unique by
 * themselves; several places in one area and price are numbered ("…, ticket 2 of 3") so each code
 * can be told apart by a screen reader and at the door.
 */
export function ticketPlaces(tickets: readonly OrderTicket[], intl: IntlShape): string[] {
  const places = tickets.map((ticket) => placeOf(ticket, intl));
  const totals = new Map<string, number>();
  for (const place of places) totals.set(place, (totals.get(place) ?? 0) + 1);
  const seen = new Map<string, number>();
  return places.map((place) => {
    const count = totals.get(place) ?? 1;
    if (count === 1) return place;
    const index = (seen.get(place) ?? 0) + 1;
    seen.set(place, index);
    return intl.formatMessage({ id: 'confirmation.ticket.ofCount' }, { place, index, count });
  });
}
