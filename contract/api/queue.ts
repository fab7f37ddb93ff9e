import { z } from 'zod';
import { ID_PATTERN, SLUG_PATTERN } from '../patterns.ts';

/**
 * The onsale queue (issue 16) of a regional booking API: a waiting room in front of a sale, with
 * a random draw for everyone in the pre-queue at the opening, first come first served after it,
 * and a signed pass for each buyer let through. Paths are relative to `/api/<region>`; every
 * call needs the session cookie, and POSTs the CSRF header.
 */

/** A sale's id: lower-case letters, digits and dashes (it travels in paths and in passes). */
export const SALE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;
export const saleIdSchema = z.string().regex(SALE_ID_PATTERN);

export { QUEUE_PASS_HEADER } from './constants';

/**
 * What a sale guards: the whole venue when both lists are absent, else the shows and the
 * performances named (a performance is covered when either list names it or its show).
 */
export const queueScopeSchema = z.strictObject({
  showSlugs: z.array(z.string().regex(SLUG_PATTERN)).min(1).optional(),
  performanceIds: z.array(z.string().regex(ID_PATTERN)).min(1).optional(),
});
export type QueueScope = z.infer<typeof queueScopeSchema>;

/** One sale as GET /venues/:venueSlug/queue lists it (the SPA matches its route against scope). */
export const queueSaleSummarySchema = z.strictObject({
  saleId: saleIdSchema,
  name: z.string(),
  /** ISO 8601 instant of the opening (the draw of the pre-queue). */
  opensAt: z.string(),
  scope: queueScopeSchema,
});
export type QueueSaleSummary = z.infer<typeof queueSaleSummarySchema>;

export const QUEUE_PHASES = ['preQueue', 'waiting', 'admitted'] as const;
export type QueuePhase = (typeof QUEUE_PHASES)[number];

/** The buyer's place: what POST /queues/:saleId/join and GET /queues/:saleId/position answer. */
export const queueTicketSchema = z.strictObject({
  saleId: saleIdSchema,
  phase: z.enum(QUEUE_PHASES),
  opensAt: z.string(),
  /** 1-based place; null in the pre-queue until the draw at the opening. */
  place: z.number().int().positive().nullable(),
  /** Buyers still waiting in front; null in the pre-queue, 0 once admitted. */
  ahead: z.number().int().min(0).nullable(),
  /** Everyone who has a place in this sale (pre-queue included), let through or not. */
  total: z.number().int().min(0),
  /** From `ahead` and the outflow; null in the pre-queue, 0 once admitted. */
  estimatedWaitSeconds: z.number().int().min(0).nullable(),
  outflowPerMinute: z.number().int().positive(),
  /** When to ask again: longer the further away the turn is. */
  pollAfterSeconds: z.number().int().min(1),
  /** The signed pass, once admitted; sent back as the x-queue-pass header. */
  pass: z.string().nullable(),
  /** ISO 8601 instant after which the pass is refused (and the buyer must queue again). */
  passExpiresAt: z.string().nullable(),
});
export type QueueTicket = z.infer<typeof queueTicketSchema>;

export const queueParamsSchema = z.strictObject({ saleId: saleIdSchema });
/** POST /queues/:saleId/join takes no body (or an empty object). */
export const joinQueueBodySchema = z.strictObject({}).nullish();
