import { z } from 'zod';
import { ID_PATTERN, SLUG_PATTERN } from '../patterns';
import { multilineText, text } from '../text';
import { currencySchema, moneySchema } from './common';
import { API_ERROR_CODES } from './errorCodes';
import { CALENDAR_AVAILABILITY, MONTH_PATTERN, PROMO_KINDS, PROMO_STATUSES } from './calendarQuery';

/**
 * The calendar over GraphQL (`POST /api/<region>/graphql`, query in `./calendarQuery.ts`). The
 * server validates arguments with these schemas and tests parse its answers with them; the SPA
 * imports only the types.
 */

/** Arguments of `calendar(...)`; slugs and promo codes follow spec §2's segment pattern. */
export const calendarArgsSchema = z.strictObject({
  venueSlug: z.string().regex(SLUG_PATTERN),
  titleSlug: z.string().regex(SLUG_PATTERN),
  month: z.string().regex(MONTH_PATTERN).nullish(),
  promoCode: z.string().regex(SLUG_PATTERN).nullish(),
});
export type CalendarArgs = z.infer<typeof calendarArgsSchema>;

/** Apollo's persisted-query extension: the document by its sha256 instead of its text. */
export const persistedQuerySchema = z.strictObject({
  version: z.literal(1),
  sha256Hash: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * A GraphQL request over HTTP: one document (its text, or its hash in
 * `extensions.persistedQuery`), its variables, the operation to run.
 */
export const graphqlRequestSchema = z.strictObject({
  query: multilineText().min(1).max(8192).nullish(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  operationName: text().max(100).nullish(),
  extensions: z.strictObject({ persistedQuery: persistedQuerySchema.optional() }).nullish(),
});
export type GraphqlRequest = z.infer<typeof graphqlRequestSchema>;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const month = z.string().regex(MONTH_PATTERN);

export const calendarPromoSchema = z.strictObject({
  /** The code as the venue issued it (codes are case-insensitive). */
  code: z.string(),
  status: z.enum(PROMO_STATUSES),
  /** Set when the code exists for this show: `promo` discounts, `presale` unlocks presales. */
  kind: z.enum(PROMO_KINDS).nullable(),
  discountPercent: z.number().int().min(0).max(100).nullable(),
  /** For `applied`: every performance on sale, in any month, that the code can be used for. */
  performanceIds: z.array(z.string().regex(ID_PATTERN)),
});
export type CalendarPromo = z.infer<typeof calendarPromoSchema>;

/** Issue 24: one part of a two-part choice, on the venue's clock like the choice itself. */
export const calendarPartSchema = z.strictObject({
  part: z.union([z.literal(1), z.literal(2)]),
  id: z.string().regex(ID_PATTERN),
  startsAt: z.string(),
  localDate,
  localTime: z.string().regex(/^\d{2}:\d{2}$/),
});
export type CalendarPart = z.infer<typeof calendarPartSchema>;

export const calendarPerformanceSchema = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  /** ISO 8601 instant. */
  startsAt: z.string(),
  /** Date and time on the venue's clock, whatever the buyer's (a 20:00 show on the 31st is on the 31st). */
  localDate,
  localTime: z.string().regex(/^\d{2}:\d{2}$/),
  availability: z.enum(CALENDAR_AVAILABILITY),
  /** Lowest all-in price still on sale, less the applied promo's discount; null when sold out. */
  fromPrice: moneySchema.nullable(),
  /** In a presale: only presale-code holders (or eligible members) may buy. */
  presale: z.boolean(),
  /** The applied code unlocks this presale performance. */
  unlocked: z.boolean(),
  /** The applied code's discount is in `fromPrice`. */
  promoApplied: z.boolean(),
  /**
   * Issue 24: a two-part show is one choice, listed by its Part One (`id`, `startsAt`, its day):
   * both parts here, Part One first, with the pair's availability and price. Null for a single
   * performance.
   */
  parts: z.tuple([calendarPartSchema, calendarPartSchema]).nullable(),
});
export type CalendarPerformance = z.infer<typeof calendarPerformanceSchema>;

export const calendarSchema = z.strictObject({
  venueSlug: z.string(),
  titleSlug: z.string(),
  timeZone: z.string(),
  currency: currencySchema,
  /** 0 = Sunday (spec §9); the venue's `startOfWeek` flag. */
  startOfWeek: z.number().int().min(0).max(6),
  /** The most an order may pay as a transaction fee ("up to {fee}"). */
  transactionFee: moneySchema,
  /** The month these performances are in. */
  month,
  /** First and last months with performances on sale, for navigation; null when none. */
  months: z.strictObject({ first: month, last: month }).nullable(),
  /** Null when no code was sent. */
  promo: calendarPromoSchema.nullable(),
  /**
   * Issue 14: the scheme whose signed-in members may book this show's presale performances
   * without a code (a members' presale is live); null when its presales, if any, need a code.
   * The same for every buyer, so the answer stays shareable; the SPA compares it with the
   * buyer's own memberships to show the presale gate.
   */
  membersPresale: z.enum(['atg-plus', 'access']).nullable(),
  performances: z.array(calendarPerformanceSchema),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const calendarResponseSchema = z.strictObject({
  data: z.strictObject({ calendar: calendarSchema }),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/** A failed GraphQL request: the API's stable error codes in each error's `extensions`. */
export const graphqlErrorResponseSchema = z.strictObject({
  data: z.null().optional(),
  errors: z
    .array(
      z.strictObject({
        message: z.string(),
        extensions: z.strictObject({
          code: z.enum(API_ERROR_CODES),
          fields: z.array(z.string()).optional(),
        }),
      }),
    )
    .min(1),
});
export type GraphqlErrorResponse = z.infer<typeof graphqlErrorResponseSchema>;
