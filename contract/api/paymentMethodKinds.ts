/**
 * The ways to pay (issue 15). Plain data (no zod), so the SPA imports the values themselves.
 *
 * - PAY_METHODS pay what is left after vouchers, through the payment service's provider: a card
 *   (3-D Secure), a wallet (Google Pay, Apple Pay: the wallet's sheet gives a token that the
 *   payment service exchanges like card details), or PayPal (the buyer approves on PayPal's page
 *   and comes back; the booking API captures once).
 * - VOUCHER_KINDS are the box office's own: a gift voucher (number + redemption code) and a
 *   gift card (number + access number), each with a balance, currency and expiry.
 */
export const PAY_METHODS = ['card', 'google_pay', 'apple_pay', 'paypal'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const WALLETS = ['google_pay', 'apple_pay'] as const;
export type Wallet = (typeof WALLETS)[number];

export const VOUCHER_KINDS = ['gift_voucher', 'gift_card'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** What a venue may offer (venue.json `paymentMethods`) and the operator may switch off. */
export const PAYMENT_METHOD_KINDS = [...PAY_METHODS, ...VOUCHER_KINDS] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
