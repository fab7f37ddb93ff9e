import { z } from 'zod';
import { ID_PATTERN, SLUG_PATTERN } from '../patterns';
import { imageSchema, moneySchema } from './common';
import { VENUE_KINDS } from '../venue';
import { queueSaleSummarySchema } from './queue';

/**
 * Content reads of a regional booking API (issue 3): CMS root, venue, show, queue settings.
 * Paths are relative to the region's base path (`/api/<region>`).
 */

export const slugParam = z.string().regex(SLUG_PATTERN);
export const idParam = z.string().regex(ID_PATTERN);

export const AVAILABILITY_LEVELS = ['good', 'medium', 'low', 'sold-out'] as const;
export const SEATING_KINDS = ['reserved', 'general-admission', 'timed-entry'] as const;

export const venueSummarySchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(VENUE_KINDS),
  city: z.string(),
  stateCode: z.string(),
  timezone: z.string(),
  currency: z.enum(['GBP', 'USD']),
  locale: z.enum(['en-GB', 'en-US']),
});
export type VenueSummary = z.infer<typeof venueSummarySchema>;

export const showSummarySchema = z.strictObject({
  titleSlug: z.string(),
  title: z.string(),
  venueSlug: z.string(),
  strapline: z.string(),
  image: imageSchema,
  seating: z.enum(SEATING_KINDS),
  /** Lowest all-in ticket price on sale, or null when nothing is on sale. */
  fromPrice: moneySchema.nullable(),
  /** First and last performance on sale, ISO 8601 instants. */
  firstPerformance: z.string().nullable(),
  lastPerformance: z.string().nullable(),
  /**
   * Venue-local days (YYYY-MM-DD, soonest first) with a performance still to come, so the
   * directory's date filters can tell a dark Monday from a playing one without a calendar read.
   */
  playingDates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type ShowSummary = z.infer<typeof showSummarySchema>;

export const performanceSummarySchema = z.strictObject({
  id: z.string().regex(ID_PATTERN),
  /** ISO 8601 instant; shown in the venue's time zone whatever the buyer's. */
  startsAt: z.string(),
  availability: z.enum(AVAILABILITY_LEVELS),
  isPresale: z.boolean(),
  hasNotice: z.boolean(),
});
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

export const venueContentSchema = venueSummarySchema.extend({
  description: z.array(z.string()),
  address: z.strictObject({
    lines: z.array(z.string()),
    city: z.string(),
    postcode: z.string(),
  }),
  accessInformation: z.string(),
  image: imageSchema,
  shows: z.array(showSummarySchema),
});
export type VenueContent = z.infer<typeof venueContentSchema>;

export const showContentSchema = z.strictObject({
  titleSlug: z.string(),
  title: z.string(),
  strapline: z.string(),
  venue: venueSummarySchema,
  seating: z.enum(SEATING_KINDS),
  description: z.array(z.string()),
  images: z.array(imageSchema).min(1),
  runningTimeMinutes: z.number().int().positive(),
  intervals: z.number().int().min(0),
  /** e.g. "Children under 5 are not admitted; under 15 need an adult." (spec §9's sample) */
  ageGuidance: z.string(),
  accessInformation: z.string(),
  genre: z.string(),
  performances: z.strictObject({
    count: z.number().int().min(0),
    first: z.string().nullable(),
    last: z.string().nullable(),
    fromPrice: moneySchema.nullable(),
    /** The next few performances, soonest first. */
    upcoming: z.array(performanceSummarySchema),
  }),
});
export type ShowContent = z.infer<typeof showContentSchema>;

export const cmsRootSchema = z.strictObject({
  region: z.string(),
  venues: z.array(venueSummarySchema),
  shows: z.array(showSummarySchema),
});
export type CmsRoot = z.infer<typeof cmsRootSchema>;

export const queueSettingsSchema = z.strictObject({
  venueSlug: z.string(),
  theme: z.string(),
  defaultQueueName: z.string(),
  /** True while a virtual queue is in front of this venue's onsale. */
  active: z.boolean(),
  /** The sales the queue guards (issue 16); empty where this server runs no onsale queues. */
  sales: z.array(queueSaleSummarySchema),
});
export type QueueSettings = z.infer<typeof queueSettingsSchema>;

/** Route params, validated by the server with the same patterns the SPA router uses. */
export const venueParamsSchema = z.strictObject({ venueSlug: slugParam });
export const showParamsSchema = z.strictObject({ venueSlug: slugParam, titleSlug: slugParam });
