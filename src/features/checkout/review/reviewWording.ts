import type { Hold } from '@contract/api/holds';
import type { HoldChoice } from '@/features/hold/reservationSlice';
import type { MessageId } from '@/i18n/messageIds';

export interface ReviewWording {
  headingId: MessageId;
  subheadingId: MessageId;
  /** The button that lets the held choice go and returns to choosing. */
  changeId: MessageId;
}

/**
 * The review step says what the buyer did: the spec's "Best available tickets" only when the
 * shop picked the seats, "Check your seats" for seats the buyer picked on the plan or list, and
 * tickets (not seats) for general admission. A hold restored without its choice (stored before
 * the choice was kept) is worded by what it holds, which is never wrong.
 */
export function reviewWording(hold: Pick<Hold, 'seats' | 'admissions'>, chosenBy?: HoldChoice) {
  if (chosenBy === 'admissions' || (hold.seats.length === 0 && hold.admissions.length > 0)) {
    return {
      headingId: 'steps.reservations.tickets.heading',
      subheadingId: 'steps.reservations.tickets.subheading',
      changeId: 'reservations.changeTickets',
    } satisfies ReviewWording;
  }
  return {
    headingId:
      chosenBy === 'bestAvailable'
        ? 'steps.reservations.heading'
        : 'steps.reservations.seats.heading',
    subheadingId: 'steps.reservations.subheading',
    changeId: 'reservations.changeSeats',
  } satisfies ReviewWording;
}
