import { createEvents, type EventAttributes } from 'ics';
import { emailText } from '../../email';
import { addressLines, performancesOf, ticketPlace, type TicketFacts } from './ticketFacts';

/**
 * The order's calendar file (issue 25, RFC 5545 through the `ics` package): one event per
 * performance the tickets admit to (both parts of a two-part show), at the venue's street
 * address, from the start for the show's running time. Times are written in UTC ("…Z"), which
 * every calendar shows on its reader's clock: the same instant as the venue's local start, with
 * no time zone table to get wrong. The UID is the order's and performance's, so adding the file
 * again updates the event instead of doubling it.
 */

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';

export function calendarFileName(facts: TicketFacts): string {
  return `${facts.order.number}.ics`;
}

export function calendarFile(facts: TicketFacts): string {
  const { order, venue, runningTimeMinutes } = facts;
  const t = emailText(venue);
  const location = [venue.name, ...addressLines(facts)].join(', ');
  const tickets = order.tickets.map((ticket) => ticketPlace(t, ticket)).join('; ');
  const description = [
    t('ticketFiles.calendar.description', {
      number: order.number,
      count: order.tickets.length,
      tickets,
    }),
    ...(order.show.parts ? [t('performance.parts.bothParts')] : []),
  ].join('\n');
  const events = performancesOf(order).map(({ part, startsAt, performanceId }): EventAttributes => {
    const start = Date.parse(startsAt);
    return {
      uid: `${order.id}-${performanceId}@stagedoor`.toLowerCase(),
      productId: 'stagedoor/tickets',
      method: 'PUBLISH',
      title:
        part === null
          ? order.show.title
          : t('ticketFiles.calendar.partTitle', { showName: order.show.title, part }),
      start,
      startInputType: 'utc',
      startOutputType: 'utc',
      end: start + runningTimeMinutes * 60_000,
      endInputType: 'utc',
      endOutputType: 'utc',
      location,
      description,
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
    };
  });
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('no calendar file');
  return value;
}
