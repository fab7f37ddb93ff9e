import { z } from 'zod';

/**
 * The catalogue a venue owns (issue 25), as zod schemas of its data files:
 * `venues/<slug>/catalogue.json` (venue-wide: how far ahead to sell, promo codes, extras),
 * `venues/<slug>/shows/<title-slug>.json` (one show: text, prices, offers, schedule) and
 * `venues/<slug>/plans/<plan>.json` (one seating plan). docs/catalogue.md describes each field.
 */

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const weekdayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lower-case slug such as the-glass-orchard');
const text = z.string().trim().min(1, 'must not be empty');
const minor = z
  .number()
  .int('must be a whole number of pence or cents')
  .min(0, 'must not be negative');
const localTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time such as 19:30');

/**
 * A day: a calendar date (`2026-12-05`) or a number of days from the day this database first
 * loaded the catalogue (`+15`, `-7`), which keeps the demo's dates where they were first put.
 */
export const dateRef = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|[+-]\d{1,4})$/, 'must be a date such as 2026-12-05, or +N / -N days');
export type DateRef = z.infer<typeof dateRef>;

const image = z.strictObject({
  src: z.string().startsWith('/', 'must be a path on this site such as /images/shows/x.svg'),
  alt: text,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const priceOption = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9-]{1,20}$/, 'must be an upper-case code such as A or STANDING'),
    /** Left out for the standard price, which the shop labels "Full Price" in the venue's words. */
    name: text.optional(),
    band: z.string().min(1).optional(),
    area: z.string().min(1).optional(),
    faceValue: minor,
  })
  .refine((p) => (p.band === undefined) !== (p.area === undefined), {
    message: 'must name either a seat band or an admission area, not both',
  });

const offer = z.strictObject({
  type: z.enum(['package', 'wheelchair', 'accessZone', 'amex']),
  name: text,
  description: text,
  extraAmount: minor.optional(),
});

const weeklyRule = z.strictObject({
  days: z.array(z.enum(WEEKDAYS)).min(1),
  times: z.array(localTime).min(1),
  /** First day of the rule; absent: from tomorrow. */
  from: dateRef.optional(),
  /** Last day; absent: rolling, always `onSaleDays` ahead of today (catalogue.json). */
  until: dateRef.optional(),
  /** Days the rule does not play (a dark day, a holiday). */
  except: z.array(dateRef).default([]),
});

const datedPerformance = z.strictObject({ date: dateRef, time: localTime });

const linkedPair = z.strictObject({
  partOne: z.strictObject({ day: z.enum(WEEKDAYS), time: localTime }),
  /** Part Two this many days after Part One (0: the same day), at its own time. */
  partTwo: z.strictObject({ daysLater: z.number().int().min(0).max(14), time: localTime }),
  from: dateRef.optional(),
  until: dateRef.optional(),
  except: z.array(dateRef).default([]),
});

/** Which performance a notice is for: the nth in start order (rolling demo), or one start. */
const performanceRef = z.union([
  z.strictObject({ nth: z.number().int().min(1) }),
  z.strictObject({ date: dateRef, time: localTime }),
]);

export const showFileSchema = z.strictObject({
  title: text,
  strapline: text,
  description: z.array(text).min(1),
  images: z.array(image).min(1),
  genre: text,
  runningTimeMinutes: z.number().int().positive(),
  intervals: z.number().int().min(0),
  ageGuidance: text,
  accessInformation: text,
  /** The plan file (plans/<plan>.json) the show is sold on. */
  plan: slug,
  prices: z.array(priceOption).min(1),
  offers: z.array(offer).default([]),
  schedule: z.strictObject({
    weekly: z.array(weeklyRule).default([]),
    dates: z.array(datedPerformance).default([]),
    /** A two-part show (issue 24): each pair sold together, same seat in both. */
    parts: z.array(linkedPair).default([]),
  }),
  /** Performances from `from` on are for presale code holders until `until` at `time`. */
  presales: z.array(z.strictObject({ from: dateRef, until: dateRef, time: localTime })).default([]),
  notices: z.array(z.strictObject({ performance: performanceRef, text })).default([]),
  admissionMessages: z.array(z.strictObject({ performance: performanceRef, text })).default([]),
});
export type ShowFile = z.output<typeof showFileSchema>;

/** Seat attributes, in the words of the box office CSV's `attributes` column. */
export const SEAT_ATTRIBUTES = [
  'restricted-view',
  'wheelchair',
  'companion',
  'access-zone',
  'amex',
  'aisle-before',
  'aisle-after',
] as const;
export type SeatAttribute = (typeof SEAT_ATTRIBUTES)[number];

const coordinates = z.union([z.number().int(), z.array(z.number().int()).min(1)]);

const planRow = z.strictObject({
  row: z.string().min(1).max(8),
  /** First and last seat number; the row is every number between. */
  seats: z.tuple([z.number().int().min(0), z.number().int().min(0)]),
  /** One x per seat, or the first seat's x with `dx` between seats. */
  x: coordinates,
  dx: z.number().int().optional(),
  /** One y per seat, or one y for the row. */
  y: coordinates,
  band: z.string().min(1),
  /** Seat numbers with an aisle on their lower- or higher-numbered side; the section's by default. */
  aisleBefore: z.array(z.number().int()).optional(),
  aisleAfter: z.array(z.number().int()).optional(),
});

const seatException = z.strictObject({
  row: z.string().min(1),
  numbers: z.array(z.number().int()).min(1),
  band: z.string().min(1).optional(),
  attributes: z.array(z.enum(SEAT_ATTRIBUTES)).default([]),
});

const section = z.strictObject({
  code: z.string().min(1),
  name: text,
  level: text,
  /** Upsell price zone of this part of the house (the bistro's tables are priced by it). */
  zone: slug,
  aisleBefore: z.array(z.number().int()).default([]),
  aisleAfter: z.array(z.number().int()).default([]),
  rows: z.array(planRow).min(1),
  /** Seats that differ from their row: another band, or attributes. */
  seats: z.array(seatException).default([]),
});

export const planFileSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    name: text,
    kind: z.literal('reserved'),
    stage: z.strictObject({
      kind: z.enum(['stage', 'pitch', 'floor']),
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    sections: z.array(section).min(1),
  }),
  z.strictObject({
    name: text,
    kind: z.enum(['general-admission', 'timed-entry']),
    areas: z
      .array(
        z.strictObject({
          code: z.string().min(1),
          name: text,
          capacity: z.number().int().positive(),
        }),
      )
      .min(1),
  }),
]);
export type PlanFile = z.output<typeof planFileSchema>;
export type ReservedPlanFile = Extract<PlanFile, { kind: 'reserved' }>;

export const venueCatalogueSchema = z.strictObject({
  /** A weekly rule without `until` keeps this many days on sale ahead of today. */
  onSaleDays: z.number().int().min(1).max(730).default(120),
  /**
   * The demo's selling pattern (sold-out and nearly sold-out performances) written into
   * performances as they are added. For the demo venues only: a real venue leaves it out.
   */
  demoSales: z.boolean().default(false),
  promoCodes: z
    .array(
      z.strictObject({
        code: z
          .string()
          .regex(/^[A-Z0-9-]{3,40}$/, 'must be upper-case letters, digits and hyphens'),
        /** The show (its file name) the code is for; absent: any show at the venue. */
        show: slug.optional(),
        kind: z.enum(['promo', 'presale']),
        description: text,
        discountPercent: z.number().int().min(0).max(100),
        membershipScheme: z.string().min(1).optional(),
        singleUse: z.boolean().default(false),
        validFrom: dateRef,
        validUntil: dateRef,
      }),
    )
    .default([]),
  products: z
    .array(
      z.strictObject({
        kind: z.enum(['programme', 'drink', 'bistro']),
        name: text,
        description: text,
        /** A bistro dinner's price zone (a plan section's `zone`); absent: any seat. */
        priceZone: slug.optional(),
        amount: minor,
      }),
    )
    .default([]),
});
export type VenueCatalogueFile = z.output<typeof venueCatalogueSchema>;
