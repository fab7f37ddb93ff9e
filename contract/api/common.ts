import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import { API_ERROR_CODES } from './errorCodes';

/**
 * Shapes shared by every API. The server validates with these schemas; the SPA imports only
 * their types (`import type`), so zod stays out of the browser bundle.
 */

/** Every 4xx/5xx body: a stable machine-readable `code` the SPA maps to the spec's message. */
export const apiErrorSchema = z.strictObject({
  code: z.enum(API_ERROR_CODES),
  message: z.string(),
  /** Which input field(s) failed, for validation errors. Never echoes the value. */
  fields: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
export type { ApiErrorCode } from './errorCodes';

/**
 * The one form an id takes past the edge of the API: upper-case, as ids are stored, compared and
 * sent. Path ids get it from idParamSchema; body ids where the domain first reads them (the body
 * itself stays as sent for its Idempotency-Key hash); ids Postgres renders as lower-case uuid
 * text before they are shown.
 */
export const normaliseId = (id: string): string => id.toUpperCase();

/**
 * An id as a client may send it in a body: either case, since the SPA may echo either (ids are
 * stored and sent upper-cased). Kept as sent, because a body is hashed for its Idempotency-Key.
 */
export const idInputSchema = z.string().regex(new RegExp(ID_PATTERN.source, 'i'));
/** An id in a path: checked like idInputSchema and normalised, so handlers see the stored form. */
export const idParamSchema = idInputSchema.transform(normaliseId);

export const currencySchema = z.enum(['GBP', 'USD']);

/** Money in minor units (pence, cents): arithmetic never touches floating point. */
export const moneySchema = z.strictObject({
  amount: z.number().int(),
  currency: currencySchema,
});
export type Money = z.infer<typeof moneySchema>;

export const imageSchema = z.strictObject({
  src: z.string(),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Image = z.infer<typeof imageSchema>;

export const healthSchema = z.strictObject({
  status: z.enum(['ok', 'degraded']),
  region: z.string().optional(),
  /** Set by the non-regional services (/services/<name>/health). */
  service: z.string().optional(),
  database: z.enum(['ok', 'unreachable']),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /ready (issue 25): whether this process should get traffic. `starting` until migrations
 * and the catalogue are in; `database_unreachable` while the database does not answer.
 */
export const readinessSchema = z.strictObject({
  status: z.enum(['ready', 'starting', 'database_unreachable']),
});
export type Readiness = z.infer<typeof readinessSchema>;

/**
 * Issue 24: the two parts of a linked performance (a two-part show: Part One and Part Two, the
 * same seats in both, sold together), Part One first. Wherever a performance is named to the
 * buyer (seat map, basket, order, email, tickets) a linked one carries both parts and their
 * starts; a single performance leaves `parts` out.
 */
export const performancePartSchema = z.strictObject({
  part: z.union([z.literal(1), z.literal(2)]),
  performanceId: z.string().regex(ID_PATTERN),
  /** ISO 8601 instant; shown on the venue's clock. */
  startsAt: z.string(),
});
export type PerformancePart = z.infer<typeof performancePartSchema>;
export const performancePartsSchema = z.tuple([performancePartSchema, performancePartSchema]);
export type PerformanceParts = z.infer<typeof performancePartsSchema>;
