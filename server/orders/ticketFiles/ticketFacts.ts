import type { OrderTicket, OrderView } from '../../../contract/api/orders';
import type { VenueSettings, VenueTheme } from '../../../contract/venue';
import type { EmailText } from '../../email';

/**
 * What the calendar file and the wallet pass of an order say (issue 25): the order as its owner
 * reads it, the venue's settings, colours and street address, and the show's running time.
 */
export interface TicketFacts {
  order: OrderView;
  venue: VenueSettings;
  theme: VenueTheme;
  address: { lines: string[]; city: string; postcode: string };
  runningTimeMinutes: number;
}

/** Each part the tickets admit to, Part One first; one entry for a single performance. */
export function performancesOf(
  order: OrderView,
): { part: 1 | 2 | null; startsAt: string; performanceId: string }[] {
  return (
    order.show.parts ?? [
      { part: null, startsAt: order.show.startsAt, performanceId: order.show.performanceId },
    ]
  );
}

/**
 * The venue's street address on lines, as its country writes it: a UK postcode on a line of
 * its own, a US state and ZIP code after the city ("San Francisco, CA 94102").
 */
export function addressLines({ venue, address }: TicketFacts): string[] {
  const town =
    venue.region === 'uk'
      ? [address.city, address.postcode]
      : [`${address.city}, ${address.postcode}`];
  return [...address.lines, ...town];
}

/** "Stalls, Row F, Seat 12" or the area's name, in the confirmation email's words. */
export function ticketPlace(t: EmailText, ticket: OrderTicket): string {
  return ticket.kind === 'seat'
    ? t('email.confirmation.ticket.seat', {
        section: ticket.section ?? '',
        row: ticket.row ?? '',
        number: ticket.number ?? '',
      })
    : (ticket.area ?? '');
}
