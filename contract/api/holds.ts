import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import {
  apiErrorSchema,
  currencySchema,
  idInputSchema,
  idParamSchema,
  moneySchema,
  performancePartsSchema,
} from './common';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './constants';

export {
  HOLD_EXTENSION_MINUTES,
  HOLD_MAX_EXTENSIONS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  SEAT_FLAGS,
  SEAT_STATUS,
} from './constants';

/**
 * Reservation holds (issue 4), relative to a region's base path (`/api/<region>`). Every call
 * needs the session cookie; state-changing calls also need the `x-csrf-token` header and an
 * `Idempotency-Key` header (a replay returns the first answer).
 */

const id = z.string().regex(ID_PATTERN);

export const holdParamsSchema = z.strictObject({ holdId: idParamSchema });
export const performanceParamsSchema = z.strictObject({ performanceId: idParamSchema });

// Loose: the other headers (cookie, CSRF token) must survive validation.
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
});

/** A promo or presale code the buyer applied (presale performances need a valid one). */
const promoCode = z
  .string()
  .regex(/^[A-Za-z0-9!.+&-]{1,255}$/)
  .optional();

const seatHoldBody = z.strictObject({
  performanceId: idInputSchema,
  promoCode,
  seats: z.array(idInputSchema).min(1).max(100),
});
const admissionHoldBody = z.strictObject({
  performanceId: idInputSchema,
  promoCode,
  admissions: z
    .array(
      z.strictObject({
        area: z.string().regex(/^[A-Z0-9_-]{1,40}$/),
        /** The price option (ticket type) of these places; the area's first option if absent. */
        priceOption: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,40}$/)
          .optional(),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .min(1)
    .max(10),
});
export const createHoldBodySchema = z.union([seatHoldBody, admissionHoldBody]);
export type CreateHoldBody = z.infer<typeof createHoldBodySchema>;

export const bestAvailableBodySchema = z.strictObject({
  performanceId: idInputSchema,
  promoCode,
  quantity: z.number().int().min(1).max(100),
  priceBand: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/)
    .optional(),
  section: z
    .string()
    .regex(/^[A-Z0-9_-]{1,40}$/)
    .optional(),
  /** Include wheelchair spaces, companion and access-zone seats (left out unless asked). */
  accessible: z.boolean().optional(),
});
export type BestAvailableBody = z.infer<typeof bestAvailableBodySchema>;

export const heldSeatSchema = z.strictObject({
  id,
  section: z.string(),
  row: z.string(),
  number: z.number().int(),
  priceBand: z.string(),
  /** All-in price of the seat (face value plus booking fee). */
  price: moneySchema,
});
export type HeldSeat = z.infer<typeof heldSeatSchema>;

export const heldAdmissionSchema = z.strictObject({
  area: z.string(),
  priceOption: z.string(),
  quantity: z.number().int().positive(),
  /** All-in price of one place. */
  price: moneySchema,
});

export const holdSchema = z.strictObject({
  id,
  performanceId: id,
  /** ISO 8601 instant: one deadline for the whole basket. */
  expiresAt: z.string(),
  extensionsLeft: z.number().int().min(0),
  seats: z.array(heldSeatSchema),
  admissions: z.array(heldAdmissionSchema),
});
export type Hold = z.infer<typeof holdSchema>;

export const holdResponseSchema = z.strictObject({ hold: holdSchema });
export type HoldResponse = z.infer<typeof holdResponseSchema>;

/**
 * 409 seats_unavailable names the seats that were taken (the rest of the request was not held);
 * 422 seat_validation_failed the seats the choice would leave on their own (nothing was held).
 */
export const seatsUnavailableSchema = apiErrorSchema.extend({
  seatIds: z.array(id).optional(),
});
export type HoldErrorBody = z.infer<typeof seatsUnavailableSchema>;

/**
 * GET /plans/:planId — the fixed part of a seat map, the same for every performance on the plan,
 * so a CDN and the browser cache it once (`Cache-Control: public, max-age=86400, immutable` with
 * an ETag). Column arrays (one entry per seat, same index in each) keep the arena's 20,000 seats
 * compact; `section` and `band` are indexes into `sections` and `bands`.
 */
export const planParamsSchema = z.strictObject({ planId: idParamSchema });

export const planStageSchema = z.strictObject({
  kind: z.enum(['stage', 'pitch', 'floor']),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PlanStage = z.infer<typeof planStageSchema>;

export const seatingPlanSchema = z.strictObject({
  id,
  seating: z.enum(['reserved', 'general-admission', 'timed-entry']),
  sections: z.array(z.strictObject({ code: z.string(), name: z.string(), level: z.string() })),
  bands: z.array(z.strictObject({ code: z.string(), name: z.string() })),
  seats: z.strictObject({
    id: z.array(id),
    section: z.array(z.number().int()),
    row: z.array(z.string()),
    number: z.array(z.number().int()),
    x: z.array(z.number().int()),
    y: z.array(z.number().int()),
    band: z.array(z.number().int()),
    /** SEAT_FLAGS bits. */
    flags: z.array(z.number().int()),
    /**
     * SEAT_AISLE bits (contract/seatGaps.ts): an aisle the venue marks beside the seat, which the
     * single-seat rule counts as closing a row's end. Absent when the plan marks no aisle.
     */
    aisles: z.array(z.number().int().min(0).max(3)).optional(),
  }),
  /** General admission and timed entry: the areas sold by quantity. */
  areas: z.array(z.strictObject({ code: z.string(), name: z.string() })),
  /**
   * Where the performance happens, in plan units (a rectangle): the stage of a theatre, the
   * pitch or floor of an arena. The seat map draws and names it so the buyer sees which way the
   * seats face. Absent when the venue has not recorded it.
   */
  stage: planStageSchema.optional(),
});
export type SeatingPlan = z.infer<typeof seatingPlanSchema>;

/** Optional promo or presale code: prices then show the code's discount. */
export const seatStatusQuerySchema = z.strictObject({ promoCode });

/**
 * GET /performances/:performanceId/seats — what changes per performance: status of each plan
 * seat, prices per band, places left per area. `no-store`: it is live inventory.
 */
export const seatStatusSchema = z.strictObject({
  performanceId: id,
  planId: id,
  /** ISO 8601 instant the performance starts (the page names the date in the venue's zone). */
  startsAt: z.string(),
  /**
   * Issue 24: a linked performance's two parts. `status` is then the pair's: a seat is
   * available only when it is free in both parts (a hold takes it in both).
   */
  parts: performancePartsSchema.optional(),
  seating: z.enum(['reserved', 'general-admission', 'timed-entry']),
  currency: currencySchema,
  seatSelectionLimit: z.number().int().positive(),
  /**
   * One character per plan seat, in plan order: the SEAT_STATUS code ('0' available, '1' held by
   * this session, '2' unavailable). A string gzips to almost nothing for a mostly free arena.
   */
  status: z.string().regex(/^[012]*$/),
  /**
   * A reserved seat's all-in price (face value, less any promo discount, plus booking fee) per
   * band code, minor units: the lowest price option of the band.
   */
  prices: z.array(z.strictObject({ band: z.string(), price: z.number().int().nonnegative() })),
  /**
   * Every price option on sale (ticket types such as "Full Price" or "Concession"), all-in, for a
   * band of reserved seats or an admission area.
   */
  priceOptions: z.array(
    z.strictObject({
      code: z.string(),
      /** Null for the standard price: the shop shows the venue's "Full Price" label. */
      name: z.string().nullable(),
      band: z.string().nullable(),
      area: z.string().nullable(),
      price: z.number().int().nonnegative(),
      /**
       * The face value within `price` (under the code's discount); null unless the venue shows
       * it (shouldShowFaceValue or displayPriceBreakdown), as in the basket.
       */
      faceValue: z.number().int().nonnegative().nullable(),
    }),
  ),
  /** General admission and timed entry: places left per area (never below zero). */
  areas: z.array(z.strictObject({ code: z.string(), remaining: z.number().int().min(0) })),
  /**
   * The show's offers (spec §3): a package sold with a ticket (its extra per ticket), and the
   * seats set aside for wheelchair users, access needs or American Express cardholders.
   */
  offers: z.array(
    z.strictObject({
      type: z.enum(['package', 'wheelchair', 'accessZone', 'amex']),
      name: z.string(),
      description: z.string(),
      extraAmount: z.number().int().nonnegative().nullable(),
    }),
  ),
  /**
   * Issue 14: null on general sale; in a presale, when it ends and, for a members' presale, the
   * scheme whose signed-in members may book without a code (the SPA shows the gate first).
   */
  presale: z
    .strictObject({ until: z.string(), membersOnly: z.enum(['atg-plus', 'access']).nullable() })
    .nullable(),
  /** Text the buyer must acknowledge before continuing, when the performance has it. */
  performanceNotice: z.string().nullable(),
  admissionSectionMessage: z.string().nullable(),
});
export type SeatStatus = z.infer<typeof seatStatusSchema>;
