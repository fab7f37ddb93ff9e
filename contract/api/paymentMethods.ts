import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import { text } from '../text';
import { cardBrandSchema } from './payment';
import { currencySchema } from './common';
import { PAY_METHODS, PAYMENT_METHOD_KINDS, VOUCHER_KINDS } from './paymentMethodKinds';

/**
 * The payment step's options (issue 15), relative to a region's base path (`/api/<region>`),
 * all for the caller's own live hold (session; CSRF on the writes):
 *
 * - `GET /holds/:holdId/payment-methods`: what is left to pay after the gift vouchers and gift
 *   cards applied to the hold, the ways to pay it, and the vouchers applied (spec §4's "payment
 *   methods" flow). The browser decides the wallets itself (Apple Pay / Google Pay readiness):
 *   the server only says whether the venue and the basket allow them.
 * - `POST /holds/:holdId/vouchers` (body ApplyVoucherBody): checks the number and its code on
 *   the server and applies the voucher to the hold; answers PaymentMethods. Refusals: 422
 *   voucher_number_too_short (the venue's minVoucherNumberLength), voucher_invalid (unknown
 *   number, or wrong code: one answer for both), voucher_expired, voucher_empty (no balance
 *   left), voucher_currency (another currency than the basket's), voucher_not_accepted (the
 *   venue or basket takes no vouchers of this kind, e.g. American Express seats),
 *   voucher_not_needed (nothing left to pay); 409 voucher_already_applied; 410 hold_expired;
 *   429 rate_limited (guessing: per client address and per voucher number, with Retry-After).
 * - `DELETE /holds/:holdId/vouchers/:voucherId`: takes an applied voucher off; answers
 *   PaymentMethods.
 *
 * Applying reserves nothing: what a voucher gives is worked out when the buyer pays (the pay
 * request reserves it with the attempt, contract/api/orders.ts), so `amountApplied` and
 * `remainingBalance` are what the voucher gives this basket if it is paid now.
 */

const minor = z.number().int().nonnegative();

export const payMethodSchema = z.enum(PAY_METHODS);
export const voucherKindSchema = z.enum(VOUCHER_KINDS);

export const payMethodOptionSchema = z.strictObject({
  method: payMethodSchema,
  /**
   * Card and wallets: the card brands this basket accepts (American Express seats: only
   * `amex`). Null for PayPal.
   */
  cardBrands: z.array(cardBrandSchema).min(1).nullable(),
});
export type PayMethodOption = z.infer<typeof payMethodOptionSchema>;

/** Why a method the venue offers cannot pay for this basket; the page says so, never hides it. */
export const UNAVAILABLE_REASONS = [
  // PayPal is not offered for posted tickets (docs/decisions.md, "PayPal as a delivery case").
  'posted_delivery',
  // American Express seats are paid for with an American Express card only (spec §6).
  'amex_seats',
  // The operator switched the method off (PAYMENT_METHODS), e.g. during a provider outage.
  'switched_off',
] as const;

export const appliedVoucherSchema = z.strictObject({
  /** The voucher's id (used to remove it); never its number or code. */
  id: z.string().regex(ID_PATTERN),
  kind: voucherKindSchema,
  /** The last four characters of the number, as the buyer recognises it. */
  numberEnding: z.string().max(4),
  /** What it gives this basket if paid now (minor units). */
  amountApplied: minor,
  /** Its balance after this basket (minor units). */
  remainingBalance: minor,
  currency: currencySchema,
  /** Last day it can be used, `YYYY-MM-DD` on the venue's calendar. */
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type AppliedVoucher = z.infer<typeof appliedVoucherSchema>;

export const paymentMethodsSchema = z.strictObject({
  holdId: z.string().regex(ID_PATTERN),
  currency: currencySchema,
  /** The basket's total (basket.total). */
  total: minor,
  /** total less what the applied vouchers give: what the pay request sends as `amountDue`. */
  amountDue: minor,
  /**
   * Ways to pay `amountDue`, in the order the page offers them. Empty when nothing is left to
   * pay, and when nothing usable is left: the page then shows "We've been unable to process
   * your transaction. Please contact us" with the venue's phone.
   */
  methods: z.array(payMethodOptionSchema),
  /** Methods (and voucher kinds) the venue offers that this basket cannot use, and why. */
  unavailable: z.array(
    z.strictObject({
      method: z.enum(PAYMENT_METHOD_KINDS),
      reason: z.enum(UNAVAILABLE_REASONS),
    }),
  ),
  /**
   * The payment service runs the sandbox provider: wallets are then the sandbox's own sheet
   * (offered only in a browser told to, for demos and tests), never a real Apple Pay or Google
   * Pay sheet, whose tokens the sandbox could not read.
   */
  walletSandbox: z.boolean(),
  /** Voucher kinds the buyer may still apply (empty when nothing is left to pay). */
  voucherKinds: z.array(voucherKindSchema),
  /** In the order they were applied, which is the order they are spent in. */
  vouchers: z.array(appliedVoucherSchema),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** POST /holds/:holdId/vouchers. Spaces and dashes in printed numbers and codes are ignored. */
export const applyVoucherBodySchema = z.strictObject({
  kind: voucherKindSchema,
  /** The voucher or gift card number. */
  number: text().trim().min(1).max(64),
  /** The voucher's redemption code, or the gift card's access number. */
  code: text().trim().min(1).max(64),
});
export type ApplyVoucherBody = z.infer<typeof applyVoucherBodySchema>;

export const voucherParamsSchema = z.strictObject({
  holdId: z.string(),
  voucherId: z.string(),
});
