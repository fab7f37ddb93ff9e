import type { IntlShape } from 'react-intl';
import { formatMoney } from '@/i18n/format';
import type { MessageId } from '@/i18n/messageIds';
import { SEAT_FLAGS, SEAT_STATUS } from '@contract/api/constants';
import { SEAT_FLAG_NAMES, isSelectable, type SeatFlagName, type SeatMapModel } from './model';

/** How each seat flag reads inside a seat's name ("…, Seat 12, restricted view, £45"). */
export const FLAG_NAME_IDS: Record<SeatFlagName, MessageId> = {
  restrictedView: 'seatMap.seat.restrictedView',
  wheelchair: 'seatMap.seat.wheelchair',
  companion: 'seatMap.seat.companion',
  accessZone: 'seatMap.seat.accessZone',
  amex: 'seatMap.seat.amex',
};

/** The seat's all-in price in the performance currency, or null when its band is not on sale. */
export function seatPrice(model: SeatMapModel, index: number, intl: IntlShape): string | null {
  const price = model.bands[model.band[index]!]!.price;
  return price === null ? null : formatMoney(intl, { amount: price, currency: model.currency });
}

/**
 * The seat's full accessible name, the same on the canvas tooltip and in the list picker:
 * "Dress Circle, Row C, Seat 12, restricted view, £45". A seat the buyer cannot choose says
 * "unavailable" instead of a price; one already held for this buyer says so.
 */
export function seatName(model: SeatMapModel, index: number, intl: IntlShape): string {
  const section = model.sections[model.section[index]!]!;
  const row = model.rows[model.row[index]!]!;
  const parts = [
    section.name,
    intl.formatMessage({ id: 'seatMap.seat.row' }, { row: row.label }),
    intl.formatMessage({ id: 'seatMap.seat.number' }, { number: model.number[index]! }),
  ];
  const flags = model.flags[index]!;
  for (const flag of SEAT_FLAG_NAMES) {
    if ((flags & SEAT_FLAGS[flag]) !== 0)
      parts.push(intl.formatMessage({ id: FLAG_NAME_IDS[flag] }));
  }
  if (!isSelectable(model, index)) {
    parts.push(intl.formatMessage({ id: 'seatMap.seat.unavailable' }));
  } else {
    if (model.status[index] === SEAT_STATUS.heldByYou) {
      parts.push(intl.formatMessage({ id: 'seatMap.seat.heldByYou' }));
    }
    parts.push(seatPrice(model, index, intl)!);
  }
  return intl.formatList(parts, { type: 'unit', style: 'long' });
}
