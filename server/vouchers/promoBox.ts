import type { CalendarPromo } from '../../contract/api/calendar';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import { voucherNumberExists } from './queries';
import type { ServerKeys } from '../lib/serverKeys';
import { normaliseVoucherText } from './vouchers';
import {
  countWrongGuess,
  guessWait,
  voucherBuckets,
  type VoucherThrottleSettings,
} from './throttle';

/**
 * One code box (issue 15): a code the promo box does not know may be a gift voucher or gift card
 * number of the venue's region, which the shop keeps for the payment step (where its code is
 * asked for) instead of calling it invalid. Telling a voucher number from a wrong one is an
 * answer worth guessing for, so a miss counts against the client's voucher guesses, and once they
 * are used up the box only says "invalid" again.
 */

export interface PromoVoucherContext {
  db: Queryable;
  keys: ServerKeys;
  throttle: VoucherThrottleSettings;
  region: string;
}

/** Whether `code` is a voucher or gift card number of the region. */
export async function isVoucherNumber(
  context: PromoVoucherContext,
  venue: VenueSettings,
  code: string,
  address: string,
): Promise<boolean> {
  const number = normaliseVoucherText(code);
  if (!/^[A-Z0-9]+$/.test(number) || number.length < venue.flags.minVoucherNumberLength) {
    return false;
  }
  const buckets = await voucherBuckets(context.keys, address);
  if ((await guessWait(context.db, buckets, context.throttle)) > 0) return false;
  if (await voucherNumberExists(context.db, context.region, number)) return true;
  await countWrongGuess(context.db, buckets, context.throttle);
  return false;
}

/** The calendar's promo answer, with an unknown code that is a voucher number recognised. */
export async function recogniseVoucher(
  context: PromoVoucherContext,
  venue: VenueSettings | undefined,
  promo: CalendarPromo | null,
  address: string,
): Promise<CalendarPromo | null> {
  if (!venue || promo?.status !== 'invalid') return promo;
  if (!(await isVoucherNumber(context, venue, promo.code, address))) return promo;
  return { ...promo, status: 'giftVoucher', kind: null, discountPercent: null, performanceIds: [] };
}
