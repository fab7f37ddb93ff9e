import { z } from 'zod';
import {
  ATTRIBUTION_EMAIL_MAX,
  ATTRIBUTION_EMAIL_PATTERN,
  ATTRIBUTION_VALUE_PATTERN,
  ID_PATTERN,
} from '../patterns';
import { text } from '../text';
import { basketSchema, extraLineSchema } from './basket';
import { addressSchema, DELIVERY_METHODS } from './checkout';
import { apiErrorSchema, currencySchema, idParamSchema, performancePartsSchema } from './common';
import { browserDataSchema, cardBrandSchema, DECLINE_REASONS, PAYMENT_ACTIONS } from './payment';
import { payMethodSchema, paymentMethodsSchema } from './paymentMethods';
import { PAYMENT_METHOD_KINDS } from './paymentMethodKinds';

/**
 * Orders and the pay request (issue 5), relative to a region's base path (`/api/<region>`).
 *
 * - `POST /holds/:holdId/order` (session, CSRF, `Idempotency-Key` per pay attempt): pays for the
 *   hold's basket with a card token (or nothing, for a zero-price basket) and answers a
 *   PayResponse. A replay of the key returns the first answer; another body under the key is
 *   422 idempotency_mismatch; a copy sent while the first runs is 409 idempotency_in_flight.
 *   Refusals: 409 price_changed (the basket's version moved: review it), 410 hold_expired,
 *   422 details_incomplete (fields), 422 card_type_not_accepted (American Express seats),
 *   422 payment_token_invalid, 422 promo_single_use (the hold's single-use code another order
 *   spent or is being paid with, issue 24), 429 payment_attempts_exceeded. The body may carry
 *   the visit's campaign `attribution`, stored on the order (issue 24).
 * - `GET /orders/:orderId[?key=]`: the order, to its owner's session (with its `attribution`)
 *   or with its secret key.
 * - `POST /orders/:orderId/payments/:paymentId/continue` (session, CSRF): after a 3-D Secure
 *   step, when the browser is back on /checkout/verify?paymentId=; answers a PayResponse.
 * - `POST /orders/:orderId/app-handover` (owner, CSRF): a one-time token for the app.
 * - `POST /app/handover/redeem` (no session): what the app calls with that token, once.
 * - `POST /tickets/verify` (no session): checks a ticket's QR code (the venue's scanners).
 * - `GET /tickets/public-key` (no session): the key that signs ticket codes, for offline checks.
 */

const id = z.string().regex(ID_PATTERN);
const minor = z.number().int().nonnegative();

/** Pay attempts one hold may make; each at a 3-D Secure step keeps the hold for the payment window. */
export const MAX_PAY_ATTEMPTS_PER_HOLD = 10;
/** A payment in flight keeps its hold at least this long (3-D Secure steps included). */
export const PAYMENT_WINDOW_MINUTES = 10;
/** The app handover token's life. */
export const APP_HANDOVER_MINUTES = 10;

const attributionValue = z.string().regex(ATTRIBUTION_VALUE_PATTERN);

/**
 * Issue 24: the campaign that brought the buyer (spec §2's launch parameters, kept for the
 * session by the SPA), sent with the pay request and stored on the order. Each key is optional;
 * a value outside its pattern is 400 validation_failed, naming it.
 */
export const payAttributionSchema = z.strictObject({
  crmCampaignId: attributionValue.optional(),
  crmUserId: attributionValue.optional(),
  crmEmail: z.string().max(ATTRIBUTION_EMAIL_MAX).regex(ATTRIBUTION_EMAIL_PATTERN).optional(),
  src: attributionValue.optional(),
});
export type PayAttribution = z.infer<typeof payAttributionSchema>;

/**
 * What the order keeps (GET /orders/:id shows it to its owner only): the campaign sent with the
 * pay request and `sourceId`, the venue's setting when the order was paid. Absent keys are left
 * out.
 */
export const orderAttributionSchema = payAttributionSchema.extend({
  sourceId: z.string().min(1).max(60).optional(),
});
export type OrderAttribution = z.infer<typeof orderAttributionSchema>;

export const payBodySchema = z.strictObject({
  /** The basket version the buyer last reviewed (basket.version). */
  basketVersion: z.string().regex(/^[\w-]{16,64}$/),
  /**
   * From the payment service's POST /tokens (typed card details, or a wallet's sheet); null
   * when paying by PayPal or when nothing is left to pay (a zero-price basket, or one the
   * applied vouchers cover).
   */
  cardToken: text().min(1).max(200).nullable(),
  /**
   * Issue 15: how `amountDue` is paid. `card`, `google_pay`, `apple_pay` need a `cardToken`
   * from that source; `paypal` none. Left out: `card` with a token, nothing without one. A
   * method this basket cannot use (GET /holds/:id/payment-methods) is 422
   * payment_method_unavailable.
   */
  method: payMethodSchema.optional(),
  /**
   * Issue 15: what the payment step showed as left to pay after the applied vouchers
   * (PaymentMethods.amountDue). Required when the hold has vouchers applied; if they now give
   * less (another basket spent part of a balance), 409 amount_due_changed with the options as
   * they are, and nothing is reserved or charged.
   */
  amountDue: minor.optional(),
  /** Fraud-prevention data (3-D Secure 2 browser fields). */
  browser: browserDataSchema,
  /** Issue 24: the campaign attribution of the buyer's visit, if any. */
  attribution: payAttributionSchema.optional(),
});
export type PayBody = z.infer<typeof payBodySchema>;

export const orderParamsSchema = z.strictObject({ orderId: idParamSchema });
/** Issue 25: one ticket's wallet pass. */
export const ticketPassParamsSchema = z.strictObject({
  orderId: idParamSchema,
  ticketId: idParamSchema,
});
export const continueParamsSchema = z.strictObject({
  orderId: idParamSchema,
  paymentId: idParamSchema,
});
/** The secret part of an order's link: 43 base64url characters (256 bits). */
export const ORDER_KEY_PATTERN = /^[\w-]{43}$/;
export const orderQuerySchema = z.strictObject({
  key: z.string().regex(ORDER_KEY_PATTERN).optional(),
});

export const ORDER_STATUSES = ['pending', 'confirmed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderTicketSchema = z.strictObject({
  id,
  kind: z.enum(['seat', 'admission']),
  /** Seats: section, row and number; admissions: the area. */
  section: z.string().nullable(),
  row: z.string().nullable(),
  number: z.number().int().nullable(),
  area: z.string().nullable(),
  priceOptionName: z.string().nullable(),
  /**
   * What the ticket's QR code encodes: a payload signed by the booking API (verifiable with
   * POST /tickets/verify, or offline with the published key). Null unless delivered as eTicket.
   */
  code: z.string().max(1000).nullable(),
});
export type OrderTicket = z.infer<typeof orderTicketSchema>;

export const orderViewSchema = z.strictObject({
  id,
  /** What the buyer quotes on the phone, e.g. "SD-7K3QF9XM". */
  number: z.string().regex(/^SD-[0-9A-Z]{8}$/),
  status: z.enum(ORDER_STATUSES),
  customer: z.strictObject({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  show: z.strictObject({
    title: z.string(),
    venueName: z.string(),
    venueSlug: z.string(),
    performanceId: id,
    /** ISO 8601 instant; shown on the venue's clock. */
    startsAt: z.string(),
    /** Issue 24: both parts of a two-part show, with their starts; every ticket is for both. */
    parts: performancePartsSchema.optional(),
    timezone: z.string(),
  }),
  delivery: z.strictObject({
    method: z.enum(DELIVERY_METHODS),
    address: addressSchema.nullable(),
  }),
  tickets: z.array(orderTicketSchema),
  extras: z.array(extraLineSchema),
  ticketProtection: z.boolean(),
  transactionFee: minor,
  /**
   * The parts of `total` with no amount above (issue 13): the tickets at their all-in prices,
   * ticket protection (0 when declined) and delivery (0: free). With the extras' line totals and
   * the transaction fee they add up to `total`, so every part of what was paid can be shown.
   */
  charges: z.strictObject({
    tickets: minor,
    ticketProtection: minor,
    delivery: minor,
    /**
     * Issue 14: the transaction fee a member did not pay (not part of `total`), so the order
     * shows the saving as the basket did; null when nothing was waived.
     */
    transactionFeeWaiver: z
      .strictObject({ amount: minor, scheme: z.enum(['atg-plus', 'access']) })
      .nullable(),
  }),
  total: minor,
  currency: currencySchema,
  /**
   * Issue 15: how the total was paid, vouchers first in the order they were spent, then the
   * provider's payment; empty for a zero-price order. `brand` and `last4` are the card's (also
   * for a wallet, which pays with a card) and null for PayPal; a voucher's `last4` is the end of
   * its number.
   */
  paidWith: z.array(
    z.strictObject({
      method: z.enum(PAYMENT_METHOD_KINDS),
      amount: minor,
      brand: cardBrandSchema.nullable(),
      last4: z.string().max(4).nullable(),
    }),
  ),
  confirmedAt: z.string().nullable(),
  /** The secret link's key, given to the owner only (never to a `?key=` reader): bookmark it. */
  accessKey: z.string().regex(ORDER_KEY_PATTERN).nullable(),
  /**
   * Issue 24: the campaign attribution and the venue's source id, in GET /orders/:id for the
   * order's owner only (its session); left out for anyone else and everywhere else.
   */
  attribution: orderAttributionSchema.optional(),
});
export type OrderView = z.infer<typeof orderViewSchema>;

/**
 * What a pay or continue call came to:
 * - `confirmed`: paid (or nothing to pay) and the order exists, with its tickets;
 * - `action_required`: send the browser to `action.url` (3-D Secure); it comes back to
 *   /checkout/verify?paymentId=, and the SPA calls continue;
 * - `declined`: nothing charged, the hold is still the buyer's (try another card);
 * - `timed_out`: the gateway did not answer; the attempt was cancelled, nothing charged;
 * - `hold_lost`: the money arrived after the hold expired and its seats were sold to someone
 *   else: the payment was voided or refunded in full (docs/decisions.md, late payment).
 */
export const PAY_OUTCOMES = [
  'confirmed',
  'action_required',
  'declined',
  'timed_out',
  'hold_lost',
] as const;
export type PayOutcome = (typeof PAY_OUTCOMES)[number];

export const payResponseSchema = z.strictObject({
  outcome: z.enum(PAY_OUTCOMES),
  orderId: id,
  /** Null for a zero-price order. */
  paymentId: id.nullable(),
  action: z.strictObject({ kind: z.enum(PAYMENT_ACTIONS), url: z.string() }).optional(),
  declineReason: z.enum(DECLINE_REASONS).optional(),
  /** Set with `confirmed`. */
  order: orderViewSchema.nullable(),
});
export type PayResponse = z.infer<typeof payResponseSchema>;

/**
 * A 409 of the pay request: `price_changed` carries the basket as it is now (so the SPA can show
 * the price-change alert without asking again); `amount_due_changed` the payment options as they
 * are now (issue 15); `idempotency_in_flight` carries nothing more.
 */
export const payConflictSchema = apiErrorSchema.extend({
  basket: basketSchema.optional(),
  paymentMethods: paymentMethodsSchema.optional(),
});
export type PayConflict = z.infer<typeof payConflictSchema>;

export const orderResponseSchema = z.strictObject({ order: orderViewSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

export const appHandoverSchema = z.strictObject({
  /** Opens the app on a phone: `stagedoor://tickets?token=…`. */
  deepLink: z.string(),
  /** The same token as a web address (the app's universal link), for the desktop QR code. */
  webLink: z.string(),
  expiresAt: z.string(),
});
export type AppHandover = z.infer<typeof appHandoverSchema>;

export const redeemHandoverBodySchema = z.strictObject({
  token: z.string().regex(/^[\w-]{43}$/),
});

export const verifyTicketBodySchema = z.strictObject({ code: text().min(1).max(1000) });
export const verifyTicketResponseSchema = z.strictObject({
  valid: z.boolean(),
  /** Set when valid: what the scanner shows. */
  ticket: z
    .strictObject({
      id,
      orderNumber: z.string(),
      performanceId: id,
      label: z.string(),
      /** A two-part show's ticket: both parts it admits to (issue 24); absent for one performance. */
      parts: performancePartsSchema.optional(),
    })
    .nullable(),
});
export type VerifyTicketResponse = z.infer<typeof verifyTicketResponseSchema>;

/** GET /tickets/public-key: checks a code offline (Ed25519 over `SD1.` and the payload bytes). */
export const ticketKeySchema = z.strictObject({
  algorithm: z.literal('Ed25519'),
  /** SubjectPublicKeyInfo, PEM. */
  publicKey: z.string(),
});
export type TicketKey = z.infer<typeof ticketKeySchema>;
