/**
 * Every machine-readable `code` an API error body may carry. Plain data (no zod) so the SPA can
 * import the list itself, not just its type, to recognise codes it may map to the spec's text.
 */
export const API_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'csrf_failed',
  'unauthorised',
  'service_unavailable',
  'internal_error',
  // A caller this endpoint never serves (a venue that offers no accounts).
  'forbidden',
  // A GraphQL document the calendar does not run: only the shop's own query, sent by its hash.
  'persisted_query_not_found',
  // Holds (issue 4).
  'seats_unavailable',
  'admissions_unavailable',
  'seat_limit_exceeded',
  // One client address holds its cap on a performance across all its sessions (issue 11).
  'client_hold_limit',
  // Spec §8's seat-validation failure (issue 24): hand-picked seats that would leave a single
  // seat on its own (contract/seatGaps.ts); the body names those seats.
  'seat_validation_failed',
  'hold_expired',
  'hold_extension_limit',
  'idempotency_mismatch',
  'idempotency_in_flight',
  // Promo and presale codes on holds and seat maps (issue 4); spec §5 and §8 word each one.
  'presale_required',
  'promo_invalid',
  'promo_expired',
  'promo_not_for_event',
  // Issue 24: a single-use code another order has redeemed (at any step), or is paying with now
  // (at the pay request): spec §8's single-use promo error kind.
  'promo_single_use',
  // Payment (issue 5). The card_* codes map one to one onto the spec's card messages (§5).
  'card_number_invalid',
  'card_type_not_accepted',
  'card_expiry_month_invalid',
  'card_expiry_year_invalid',
  'card_cvv_invalid',
  'payment_token_invalid',
  'payment_state_invalid',
  // Checkout and orders (issue 5, contract/api/checkout.ts and orders.ts).
  'price_changed',
  'details_incomplete',
  'delivery_outside_country',
  'payment_attempts_exceeded',
  // Customer accounts (issue 5, contract/api/accounts.ts): the order's email already has one;
  // an activation link that is unknown, expired, used or replaced.
  'account_exists',
  'verification_link_invalid',
  // Sign-in and accounts (issue 14, contract/api/auth.ts): one answer for an unknown email and a
  // wrong password; too many failed sign-ins for the account or the client address; a call that
  // needs a signed-in session; a password reset link that is unknown, used or expired.
  'sign_in_failed',
  'sign_in_throttled',
  'sign_in_required',
  'reset_link_invalid',
  // Members (issue 14, contract/api/members.ts): a members' presale asks a guest to sign in and
  // tells a signed-in non-member they do not qualify; access seats are for Access members.
  'presale_sign_in_required',
  'presale_not_qualified',
  'access_membership_required',
  'membership_active',
  'membership_purchase_in_flight',
  // Onsale queue (issue 16): a hold or admission of a queued sale without a valid pass (none,
  // expired, another session's or another sale's); the SPA sends the buyer back to the queue.
  'queue_pass_required',
  // More ways to pay (issue 15, contract/api/paymentMethods.ts): gift vouchers and gift cards
  // applied at the payment step; a pay request whose method this basket cannot use; the amount
  // left after vouchers moved (another basket spent some of a voucher's balance meanwhile).
  'voucher_number_too_short',
  'voucher_invalid',
  'voucher_expired',
  'voucher_empty',
  'voucher_currency',
  'voucher_not_accepted',
  'voucher_not_needed',
  'voucher_already_applied',
  'payment_method_unavailable',
  'amount_due_changed',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
