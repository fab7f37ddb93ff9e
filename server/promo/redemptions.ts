import type { Queryable } from '../db/database';
import { ApiError } from '../lib/errors';
import * as q from './queries';

/**
 * Single-use codes in the pay attempt (issue 24), in the shape of the vouchers' (vouchers/pay.ts):
 * the attempt reserves its hold's single-use code in the transaction that writes it, the sale
 * spends the reservation in its own transaction (orders/sale.ts), and an attempt that fails
 * gives it back in the statement that fails it (migration 0034's trigger), whichever flow fails
 * it. The database allows one live claim per code (a partial unique index), so a code is spent
 * by one order, ever, whatever the application does.
 */

/** The buyer's words when an order has spent the code (at any step). */
export const SINGLE_USE_SPENT = 'This promo code can be used only once, and it has been used.';
/** When another buyer's payment is using it at this moment (the pay request only). */
const SINGLE_USE_IN_USE =
  'This promo code can be used only once, and another order is being paid with it.';

/**
 * Claims the hold's single-use code for a new pay attempt, under the code's lock (so attempts on
 * other holds wait their turn): gives back what the hold's own older unfinished attempts reserved
 * (a newer attempt replaces them; they can no longer be sold), then refuses (422
 * promo_single_use) when another order spent the code or is being paid with it. Returns the code
 * to reserve with the attempt, or null when the hold has none that is single-use.
 */
export async function claimSingleUse(
  tx: Queryable,
  hold: { id: string; promoCode: string | null },
): Promise<string | null> {
  if (hold.promoCode === null) return null;
  const code = await q.lockSingleUseCode(tx, hold.promoCode);
  if (code === undefined) return null;
  await q.returnHoldRedemptions(tx, hold.id);
  const taken = await q.liveRedemption(tx, code);
  if (taken === 'spent') throw new ApiError(422, 'promo_single_use', SINGLE_USE_SPENT);
  if (taken === 'reserved') throw new ApiError(422, 'promo_single_use', SINGLE_USE_IN_USE);
  return code;
}

/** Reserves the claimed code for the attempt just written (same transaction). */
export async function reserveSingleUse(
  tx: Queryable,
  orderId: string,
  code: string | null,
): Promise<void> {
  if (code !== null) await q.reserveRedemption(tx, orderId, code);
}

/**
 * The sale spends the attempt's reservation, once. False when it has one that is no longer
 * reserved (a newer attempt on the hold took it back): that attempt cannot be sold.
 */
export const spendSingleUse = (tx: Queryable, orderId: string): Promise<boolean> =>
  q.spendRedemption(tx, orderId);
