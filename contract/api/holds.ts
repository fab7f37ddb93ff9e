import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import { apiErrorSchema, currencySchema, moneySchema } from './common';

/**
 * Reservation holds (issue 4), relative to a region's base path (`/api/<region>`). Every call
 * needs the session cookie; state-changing calls also need the `x-csrf-token` header and an
 * `Idempotency-Key` header (a replay returns the first answer).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Letters, digits and `_-.:`, 8 to 128 characters: a UUID or any random token fits. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Each extension adds this much to the deadline (WCAG 2.2.1: extend with one action). */
export const HOLD_EXTENSION_MINUTES = 5;
/** Extensions one hold may take; its whole life is capped at holdMinutes + 10 × 5 minutes. */
export const HOLD_MAX_EXTENSIONS = 10;

const id = z.string().regex(ID_PATTERN);
/** Matches a lowercase id too, since the SPA may echo either; the server upper-cases on output. */
const idInput = z.string().regex(new RegExp(ID_PATTERN.source, 'i'));

export const holdParamsSchema = z.strictObject({ holdId: idInput });
export const performanceParamsSchema = z.strictObject({ performanceId: idInput });

// Loose: the other headers (cookie, CSRF token) must survive validation.
export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
});

const seatHoldBody = z.strictObject({
  performanceId: idInput,
  seats: z.array(idInput).min(1).max(100),
});
const admissionHoldBody = z.strictObject({
  performanceId: idInput,
  admissions: z
    .array(
      z.strictObject({
        area: z.string().regex(/^[A-Z0-9_-]{1,40}$/),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .min(1)
    .max(10),
});
export const createHoldBodySchema = z.union([seatHoldBody, admissionHoldBody]);
export type CreateHoldBody = z.infer<typeof createHoldBodySchema>;

export const bestAvailableBodySchema = z.strictObject({
  performanceId: idInput,
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
  quantity: z.number().int().positive(),
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

/** 409 seats_unavailable names the seats that were taken (the rest of the request was not held). */
export const seatsUnavailableSchema = apiErrorSchema.extend({
  seatIds: z.array(id).optional(),
});
export type HoldErrorBody = z.infer<typeof seatsUnavailableSchema>;

/** Seat flags, one bit each, in SeatMap.seats.flags. */
export const SEAT_FLAGS = {
  restrictedView: 1,
  wheelchair: 2,
  companion: 4,
  accessZone: 8,
  amex: 16,
} as const;

/** Seat status codes in SeatMap.seats.status: held by this session, or by anyone else/sold. */
export const SEAT_STATUS = { available: 0, heldByYou: 1, unavailable: 2 } as const;

/**
 * GET /performances/:performanceId/seats. Column arrays (one entry per seat, same index in each)
 * keep the arena's 20,000 seats compact; sections and bands are indexes into their own lists.
 */
export const seatMapSchema = z.strictObject({
  performanceId: id,
  seating: z.enum(['reserved', 'general-admission', 'timed-entry']),
  currency: currencySchema,
  seatSelectionLimit: z.number().int().positive(),
  sections: z.array(z.strictObject({ code: z.string(), name: z.string(), level: z.string() })),
  /** All-in price (face value plus booking fee) of each band, minor units. */
  bands: z.array(z.strictObject({ code: z.string(), name: z.string(), price: z.number().int() })),
  seats: z.strictObject({
    id: z.array(id),
    section: z.array(z.number().int()),
    row: z.array(z.string()),
    number: z.array(z.number().int()),
    x: z.array(z.number().int()),
    y: z.array(z.number().int()),
    band: z.array(z.number().int()),
    flags: z.array(z.number().int()),
    status: z.array(z.number().int()),
  }),
  /** General admission and timed entry: places left per area. */
  areas: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      remaining: z.number().int().min(0),
    }),
  ),
});
export type SeatMap = z.infer<typeof seatMapSchema>;
