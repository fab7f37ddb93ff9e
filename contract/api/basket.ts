import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import { CARD_BRANDS } from '../cards';
import { DELIVERY_METHODS } from './checkout';
import { currencySchema, idInputSchema, performancePartsSchema } from './common';
import { UPSELL_MAX_QUANTITY } from './constants';

const cardBrandSchema = z.enum(CARD_BRANDS);

/**
 * The basket of a live hold (issue 5), relative to a region's base path (`/api/<region>`):
 * `GET /holds/:holdId/basket` and `PUT /holds/:holdId/basket`. Every amount is an integer in
 * minor units of `currency`, computed by the server (the SPA never adds prices up itself).
 * Session cookie always; the PUT also needs `x-csrf-token` and an `Idempotency-Key`.
 */

const id = z.string().regex(ID_PATTERN);
const minor = z.number().int().nonnegative();

// Defined with the zod-free wire constants so the SPA's steppers can use the same limit.
export { UPSELL_MAX_QUANTITY };

export const UPSELL_KINDS = ['programme', 'drink', 'bistro'] as const;

/** One line of tickets: a reserved seat (quantity 1) or the places of one area and price option. */
export const ticketLineSchema = z.strictObject({
  kind: z.enum(['seat', 'admission']),
  /** Seats only: the seat and where it is. */
  seatId: id.nullable(),
  section: z.string().nullable(),
  row: z.string().nullable(),
  number: z.number().int().nullable(),
  /** Seats: the price band; admissions: null. */
  priceBand: z.string().nullable(),
  /** Admissions only: the area held. */
  area: z.string().nullable(),
  /** The price option (ticket type) code and name, e.g. "Full Price". */
  priceOption: z.string().nullable(),
  priceOptionName: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** All-in price of one ticket: face value (after any promo) plus the booking fee. */
  unitPrice: minor,
  /** Face value of one ticket; null unless the venue shows it (shouldShowFaceValue or breakdown). */
  faceValue: minor.nullable(),
  /** Booking fee of one ticket (already inside unitPrice); null unless displayPriceBreakdown. */
  bookingFee: minor.nullable(),
  lineTotal: minor,
});
export type TicketLine = z.infer<typeof ticketLineSchema>;

/** An extra the buyer may add to this hold (programme, drinks, bistro by the seats' price zone). */
export const upsellOfferSchema = z.strictObject({
  id,
  kind: z.enum(UPSELL_KINDS),
  name: z.string(),
  description: z.string(),
  /** Bistro items: the part of the house they are for; null for everyone. */
  priceZone: z.string().nullable(),
  unitPrice: minor,
});
export type UpsellOffer = z.infer<typeof upsellOfferSchema>;

export const extraLineSchema = z.strictObject({
  upsellId: id,
  kind: z.enum(UPSELL_KINDS),
  name: z.string(),
  priceZone: z.string().nullable(),
  unitPrice: minor,
  quantity: z.number().int().min(1).max(UPSELL_MAX_QUANTITY),
  lineTotal: minor,
});
export type ExtraLine = z.infer<typeof extraLineSchema>;

export const PROTECTION_CHOICES = ['yes', 'no', 'undecided'] as const;

/** The fixed-GUID ticket refund protection product (contract/api/products.ts). */
export const ticketProtectionLineSchema = z.strictObject({
  productId: id,
  label: z.string(),
  choice: z.enum(PROTECTION_CHOICES),
  feePerTicket: minor,
  tickets: z.number().int().nonnegative(),
  /** feePerTicket × tickets when chosen, else 0. */
  amount: minor,
});
export type TicketProtectionLine = z.infer<typeof ticketProtectionLineSchema>;

/** The performance the hold is for, so the basket can say what the buyer is paying for. */
export const basketPerformanceSchema = z.strictObject({
  id,
  title: z.string(),
  venueName: z.string(),
  /** ISO 8601 instant; shown on the venue's clock (`timezone`). */
  startsAt: z.string(),
  /** Issue 24: both parts of a linked performance, each with its start; absent for one. */
  parts: performancePartsSchema.optional(),
  timezone: z.string(),
});
export type BasketPerformance = z.infer<typeof basketPerformanceSchema>;

/**
 * How the tickets reach the buyer, once chosen on the delivery step, and what that method costs
 * (every method is free today; the line is shown as "Free" rather than left out).
 */
export const deliveryLineSchema = z.strictObject({
  method: z.enum(DELIVERY_METHODS),
  amount: minor,
});
export type DeliveryLine = z.infer<typeof deliveryLineSchema>;

export const basketSchema = z.strictObject({
  holdId: id,
  currency: currencySchema,
  performance: basketPerformanceSchema,
  tickets: z.array(ticketLineSchema),
  extras: z.array(extraLineSchema),
  /** Null when the product has no fee in this currency (then it is not offered). */
  ticketProtection: ticketProtectionLineSchema.nullable(),
  /** Once per order (venues.transaction_fee); 0 for a member whose scheme waives it. */
  transactionFee: minor,
  /**
   * The fee a signed-in member did not pay (issue 14), shown as its own line so the saving is
   * visible; null when nothing was waived (a guest, a non-member, a lapsed membership).
   */
  transactionFeeWaiver: z
    .strictObject({ amount: minor, scheme: z.enum(['atg-plus', 'access']) })
    .nullable(),
  /** Null until a delivery method is saved (the delivery step). */
  delivery: deliveryLineSchema.nullable(),
  /** Every line above added up: tickets, extras, protection, transaction fee and delivery. */
  total: minor,
  /**
   * Digest of everything priced above (not the hold's deadline, the performance or the delivery
   * method: a method is the buyer's own answer, its charge is in the total): when it differs
   * from the one the buyer last reviewed, a price or fee changed and the SPA shows the
   * price-change alert.
   */
  version: z.string().regex(/^[\w-]{16,64}$/),
  /**
   * Cards that may pay for this basket: only American Express when a seat is set aside for its
   * cardholders (spec §6), otherwise every brand the shop takes.
   */
  acceptedCardBrands: z.array(cardBrandSchema).min(1),
  /** The extras this hold may add; an empty list means the Extras step is skipped. */
  upsellsOffered: z.array(upsellOfferSchema),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketResponseSchema = z.strictObject({ basket: basketSchema });
export type BasketResponse = z.infer<typeof basketResponseSchema>;

/**
 * PUT body: each field given replaces that part of the buyer's choices (the Extras step sends
 * `upsells`, the protection step `ticketProtection`); a field left out keeps its choice. An
 * upsell at quantity 0, or missing from the list, is removed.
 */
export const putBasketBodySchema = z
  .strictObject({
    upsells: z
      .array(
        z.strictObject({
          id: idInputSchema,
          quantity: z.number().int().min(0).max(UPSELL_MAX_QUANTITY),
        }),
      )
      .max(50)
      .optional(),
    ticketProtection: z.enum(['yes', 'no']).optional(),
    /**
     * Issue 24: null takes the hold's promo code off (its discount goes; the payment step offers
     * it when the basket's single-use code went to another order). A presale code cannot be
     * taken off (403 presale_required): it is what opens the presale's seats.
     */
    promoCode: z.null().optional(),
  })
  .refine(
    (body) =>
      body.upsells !== undefined ||
      body.ticketProtection !== undefined ||
      body.promoCode !== undefined,
    { message: 'Send upsells, ticketProtection, promoCode or any of them.' },
  );
export type PutBasketBody = z.infer<typeof putBasketBodySchema>;
