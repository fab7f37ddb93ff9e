import { z } from 'zod';
import { CARD_BRANDS, CARDHOLDER_NAME_MAX_LENGTH } from '../cards';
import { ID_PATTERN } from '../patterns';
import { text } from '../text';
import { currencySchema } from './common';
import { PAY_METHODS, WALLETS } from './paymentMethodKinds';

/** A wallet's token is the provider's encrypted payload (a few kB of JSON), never card details. */
export const WALLET_TOKEN_MAX_LENGTH = 16_384;

/**
 * Payment service (`/services/payment`, or the PAYMENT_ORIGIN when it is hosted apart). The
 * browser sends card details here and nowhere else (PCI DSS keeps them out of the booking API)
 * and gets back a short-lived token; the booking API pays with that token through the payment
 * service's server-side interface and hands the browser the payment (with its next action).
 */

export const cardBrandSchema = z.enum(CARD_BRANDS);

/**
 * POST /tokens. Only sizes are checked here; the card rules (Luhn, brand, expiry, CVV length,
 * contract/cards.ts) run in the handler so that each failure gets its own `card_*` code.
 */
export const cardTokeniseBodySchema = z.strictObject({
  number: text().max(40),
  name: text().trim().min(1).max(CARDHOLDER_NAME_MAX_LENGTH),
  /** MM/YY. */
  expiry: text().max(10),
  cvv: text().max(8),
});
export type CardTokeniseBody = z.infer<typeof cardTokeniseBodySchema>;

/**
 * POST /tokens for a wallet (issue 15): what the wallet's sheet gave the browser (Google Pay's
 * `paymentMethodData.tokenizationData.token`, Apple Pay's `payment.token.paymentData` as JSON,
 * or the sandbox wallet's token). The provider decrypts it; the answer is a token like a card's.
 */
export const walletTokeniseBodySchema = z.strictObject({
  wallet: z.enum(WALLETS),
  walletToken: text().min(1).max(WALLET_TOKEN_MAX_LENGTH),
});
export type WalletTokeniseBody = z.infer<typeof walletTokeniseBodySchema>;

export const tokeniseBodySchema = z.union([cardTokeniseBodySchema, walletTokeniseBodySchema]);
export type TokeniseBody = z.infer<typeof tokeniseBodySchema>;

export const cardTokenSchema = z.strictObject({
  /** Single use: spent by the first payment made with it. */
  token: z.string(),
  /** Typed card details, or the wallet whose sheet gave them (the pay request's `method`). */
  source: z.enum(['card', ...WALLETS]),
  brand: cardBrandSchema,
  last4: z.string().regex(/^\d{4}$/),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  /** ISO 8601 instant after which the token no longer pays. */
  expiresAt: z.string(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

/**
 * Fraud-prevention data the SPA collects and the pay request carries (the 3-D Secure 2 browser
 * fields). The booking API adds what only the server sees: the user agent, Accept header and IP.
 */
export const browserDataSchema = z.strictObject({
  /** navigator.language. */
  language: z.string().regex(/^[A-Za-z0-9-]{1,35}$/),
  /** screen.colorDepth. */
  colorDepth: z.number().int().min(1).max(64),
  screenWidth: z.number().int().min(0).max(100_000),
  screenHeight: z.number().int().min(0).max(100_000),
  /** Date#getTimezoneOffset(): minutes to add to local time to get UTC. */
  timeZoneOffset: z.number().int().min(-840).max(840),
});
export type BrowserData = z.infer<typeof browserDataSchema>;

/**
 * `action_required`: send the browser to `action.url` (device-data collection, then perhaps a
 * challenge); it comes back to the shop's return URL with `?paymentId=`, and the booking API asks
 * the payment service to continue. `timed_out`: the provider did not answer in time; nothing was
 * charged (the attempt was cancelled).
 */
export const PAYMENT_STATUSES = [
  'action_required',
  'authorised',
  'captured',
  'refunded',
  'voided',
  'declined',
  'timed_out',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Maps to the payment-failed page; `authentication_failed` also covers an abandoned challenge. */
export const DECLINE_REASONS = [
  'declined',
  'insufficient_funds',
  'authentication_failed',
  // Issue 15: the buyer cancelled on the provider's approval page (PayPal's Cancel).
  'cancelled',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * The 3-D Secure steps of spec §4: device-data collection first, then perhaps a challenge; and
 * (issue 15) PayPal's approval page, which sends the browser back to the same return page.
 */
export const PAYMENT_ACTIONS = ['device_data', 'challenge', 'approval'] as const;
export type PaymentActionKind = (typeof PAYMENT_ACTIONS)[number];

/** The query parameter the shop's return page (/checkout/verify) receives. */
export const PAYMENT_RETURN_PARAM = 'paymentId';

export const paymentSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  status: z.enum(PAYMENT_STATUSES),
  /** How it was paid (issue 15); `card` is null for PayPal. */
  method: z.enum(PAY_METHODS),
  /** Minor units (pence, cents). */
  amount: z.number().int().positive(),
  currency: currencySchema,
  capturedAmount: z.number().int().min(0),
  refundedAmount: z.number().int().min(0),
  /** Unknown only when the provider never answered (timed_out). */
  card: z.strictObject({ brand: cardBrandSchema, last4: z.string().regex(/^\d{4}$/) }).nullable(),
  action: z.strictObject({ kind: z.enum(PAYMENT_ACTIONS), url: z.string() }).optional(),
  declineReason: z.enum(DECLINE_REASONS).optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * Apple's merchant-validation addresses: https on apple-pay-gateway.apple.com or one of its
 * regional and sandbox variants (apple-pay-gateway-cert.apple.com, …-nc-pod1.apple.com). Anything
 * else is refused before a provider is asked, so the route can never be turned into a way of
 * posting the merchant certificate to someone else's server.
 */
const APPLE_PAY_GATEWAY_HOST = /^apple-pay-gateway(-[a-z0-9-]+)?\.apple\.com$/;

export function isApplePayValidationUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      url.username === '' &&
      url.password === '' &&
      APPLE_PAY_GATEWAY_HOST.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * POST /apple-pay/session (issue 24): Safari's `onvalidatemerchant` gives the sheet a
 * `validationURL`; the shop's merchant identifier (`merchant.` then a reverse domain) names the
 * certificate the provider validates with.
 */
export const applePaySessionBodySchema = z.strictObject({
  validationURL: text()
    .max(2048)
    .refine(isApplePayValidationUrl, 'Must be an https address on apple-pay-gateway*.apple.com'),
  merchantId: text()
    .max(255)
    .regex(/^merchant\.[A-Za-z0-9][A-Za-z0-9.-]*$/, 'Must be an Apple merchant identifier'),
  /** The name the sheet shows as the merchant (the venue's); Apple takes up to 64 characters. */
  displayName: text().trim().min(1).max(64),
});
export type ApplePaySessionBody = z.infer<typeof applePaySessionBodySchema>;

/** Apple's merchant session, passed to `completeMerchantValidation` as it came. */
export const applePayMerchantSessionSchema = z.record(z.string(), z.unknown());
export type ApplePayMerchantSession = z.infer<typeof applePayMerchantSessionSchema>;
