import { z } from 'zod';
import { PAYMENT_METHOD_KINDS } from './api/paymentMethodKinds.ts';
import { DELIVERY_METHODS, checkoutQuestionSchema } from './api/checkout.ts';
import { queueScopeSchema, saleIdSchema } from './api/queue.ts';
import { REGIONS, REGION_CURRENCY, REGION_STATES } from './regions.ts';
import { SLUG_PATTERN } from './patterns.ts';
import {
  QUEUE_SALE_DEFAULTS,
  VENUE_FLAG_DEFAULTS as D,
  VENUE_SETTING_DEFAULTS,
} from './venueDefaults.ts';

export { VENUE_FLAG_DEFAULTS, VENUE_SETTING_DEFAULTS } from './venueDefaults.ts';

/**
 * The files of one venue folder (`venues/<slug>/`): `venue.json` (settings and flags, spec §3),
 * `theme.json` (tokens) and `logo.svg`, plus optional text overrides in `messages/<locale>.json`.
 * The SPA imports only the types from here; the schemas run at build and test time and in the
 * server, so a bad venue file fails before it reaches a buyer.
 */

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}

export const viewFromSeatSchema = z.strictObject({
  enabled: z.boolean(),
  enabledForGeneralAdmissions: z.boolean(),
  type: z.literal('seat'),
  level: z.literal('venue'),
  themes: z.array(z.string().min(1)).optional(),
});

/** Every feature flag of spec §3 with its default; what each does is in docs/venue-settings.md. */
export const venueFlagsSchema = z.strictObject({
  hideAvailabilityIndicators: z.boolean().default(D.hideAvailabilityIndicators),
  displayPriceBreakdown: z.boolean().default(D.displayPriceBreakdown),
  isIncludedPriceBreakdown: z.boolean().default(D.isIncludedPriceBreakdown),
  startOfWeek: z.number().int().min(0).max(6).default(D.startOfWeek),
  hideCalendarMinPrice: z.boolean().default(D.hideCalendarMinPrice),
  loginDisabled: z.boolean().default(D.loginDisabled),
  hidePecrOptOut: z.boolean().default(D.hidePecrOptOut),
  shouldRemoveLogoLink: z.boolean().default(D.shouldRemoveLogoLink),
  shouldShowOrderConfirmationSignup: z.boolean().default(D.shouldShowOrderConfirmationSignup),
  manualPromocodePromptOnCalendar: z.boolean().default(D.manualPromocodePromptOnCalendar),
  shouldHidePriceDrawer: z.boolean().default(D.shouldHidePriceDrawer),
  minVoucherNumberLength: z.number().int().min(1).max(64).default(D.minVoucherNumberLength),
  displayTransactionFeeInPriceDrawer: z.boolean().default(D.displayTransactionFeeInPriceDrawer),
  isSingleLinePriceOption: z.boolean().default(D.isSingleLinePriceOption),
  displayAdditionalFeesInfo: z.boolean().default(D.displayAdditionalFeesInfo),
  shouldShowFaceValue: z.boolean().default(D.shouldShowFaceValue),
  shouldShowMarketingPreferences: z.boolean().default(D.shouldShowMarketingPreferences),
  showAddressLookup: z.boolean().default(D.showAddressLookup),
  shouldRedirectSinglePromoCode: z.boolean().default(D.shouldRedirectSinglePromoCode),
  shouldStyleHeaderLogo: z.boolean().default(D.shouldStyleHeaderLogo),
  shouldCallEligibleExp: z.boolean().default(D.shouldCallEligibleExp),
  shouldShowTpUxChanges: z.boolean().default(D.shouldShowTpUxChanges),
  /** The single-seat rule on hand-picked seats, at the seat page and the hold route; off: any seats. */
  preventSingleSeatGaps: z.boolean().default(D.preventSingleSeatGaps),
  eTicketDescription: z.string().min(1).max(500).optional(),
  viewFromSeat: viewFromSeatSchema.default({ ...D.viewFromSeat }),
});

/**
 * One onsale the venue's queue stands in front of (issue 16). The opening is an instant, or
 * minutes after the first server on the database starts (the demo's pre-queue); the database
 * keeps the first opening it is given, so every process and a restart agree on it.
 */
export const queueSaleSchema = z.strictObject({
  saleId: saleIdSchema,
  /** The name the waiting room shows; the venue's default queue name when absent. */
  name: z.string().min(1).max(120).optional(),
  opensAt: z.union([
    z.iso.datetime({ offset: true }),
    z.strictObject({
      minutesAfterStart: z
        .number()
        .min(0)
        .max(7 * 24 * 60),
    }),
  ]),
  /** Buyers let through per minute, across every server process. */
  outflowPerMinute: z.number().int().min(1).max(100_000),
  /** At most this many buyers holding a live pass at once; no cap when absent. */
  maxChoosing: z.number().int().min(1).max(1_000_000).optional(),
  /** How long a pass lets its buyer hold seats. */
  passMinutes: z.number().int().min(1).max(120).default(QUEUE_SALE_DEFAULTS.passMinutes),
  scope: queueScopeSchema.prefault({}),
});
export type QueueSaleSettings = z.output<typeof queueSaleSchema>;

/** A name shown beside an address in a mail client: one line, no control characters. */
const mailboxName = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[^\p{Cc}]+$/u, 'must be one line of text');

/** The venue's sender (issue 25): the From address, its name (the venue's name when absent) and Reply-To. */
export const venueEmailSchema = z.strictObject({
  from: z.email(),
  fromName: mailboxName.optional(),
  replyTo: z.email().optional(),
});
export type VenueEmailSettings = z.infer<typeof venueEmailSchema>;

export const VENUE_KINDS = ['theatre', 'arena', 'concert-hall', 'attraction'] as const;

export const venueSettingsSchema = z
  .strictObject({
    slug: z.string().regex(SLUG_PATTERN, 'must be 1-255 of letters, digits and ! . + & -'),
    name: z.string().min(1).max(120),
    kind: z.enum(VENUE_KINDS),
    region: z.enum(REGIONS),
    stateCode: z.string().min(2).max(3),
    city: z.string().min(1).max(80),
    timezone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/London'),
    currency: z.enum(['GBP', 'USD']),
    locale: z.enum(['en-GB', 'en-US']),
    /** Brand text group (locales/brands/<brand>/); the venue's own group is its messages/ folder. */
    brand: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/)
      .optional(),
    sourceId: z.string().min(1).max(60),
    legacySiteUrl: z.url({ protocol: /^https$/ }),
    supportPhone: z.string().min(5).max(30),
    /**
     * Issue 25: who the venue's emails come from and where replies go (the SMTP transport,
     * server/email/smtpTransport.ts). Needed by every venue once SMTP_URL is set.
     */
    email: venueEmailSchema.optional(),
    /** Where groups above the seat selection limit can ask online; the phone line otherwise. */
    groupBookingUrl: z.url({ protocol: /^https$/ }).optional(),
    queue: z.strictObject({
      theme: z.string().min(1).max(60),
      defaultQueueName: z.string().min(1).max(120),
      sales: z
        .array(queueSaleSchema)
        .max(20)
        .refine(
          (sales) => new Set(sales.map((sale) => sale.saleId)).size === sales.length,
          'must not repeat a saleId',
        )
        .default([]),
    }),
    presaleBackgroundImage: z.string().regex(/^\/[\w./-]+$/, 'must be a path under public/'),
    seatSelectionLimit: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(VENUE_SETTING_DEFAULTS.seatSelectionLimit),
    holdMinutes: z.number().int().min(5).max(30).default(VENUE_SETTING_DEFAULTS.holdMinutes),
    /** How tickets may reach buyers, in the order checkout offers them (theatreCourse only if listed). */
    deliveryMethods: z
      .array(z.enum(DELIVERY_METHODS))
      .min(1)
      .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method')
      .default([...VENUE_SETTING_DEFAULTS.deliveryMethods]),
    /**
     * Issue 15: the ways to pay the venue offers, in the order the payment step lists them
     * (contract/api/paymentMethodKinds.ts); the basket and the operator may allow fewer.
     */
    paymentMethods: z
      .array(z.enum(PAYMENT_METHOD_KINDS))
      .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method')
      .default([...VENUE_SETTING_DEFAULTS.paymentMethods]),
    /** The venue's own questions on the contacts step, in the venue's wording. */
    checkoutQuestions: z
      .array(checkoutQuestionSchema)
      .max(10)
      .refine(
        (questions) => new Set(questions.map((q) => q.id)).size === questions.length,
        'must not repeat a question id',
      )
      .default([]),
    flags: venueFlagsSchema.prefault({}),
  })
  .superRefine((venue, ctx) => {
    if (!REGION_STATES[venue.region].includes(venue.stateCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['stateCode'],
        message: `must be one of ${REGION_STATES[venue.region].join(', ')} for region ${venue.region}`,
      });
    }
    if (REGION_CURRENCY[venue.region] !== venue.currency) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: `must be ${REGION_CURRENCY[venue.region]} for region ${venue.region}`,
      });
    }
  });

export type VenueSettingsInput = z.input<typeof venueSettingsSchema>;
export type VenueSettings = z.output<typeof venueSettingsSchema>;
export type VenueFlags = VenueSettings['flags'];

/** Venue theme tokens: the venue's look on top of the fixed accessible base (src/theme/). */
export const venueThemeSchema = z.strictObject({
  /** Brand colour; text and focus colours are derived from it so contrast always passes AA. */
  accent: hexColour,
  /** Header band colour; defaults to the accent. */
  header: hexColour.optional(),
  /** Page background; defaults to white. */
  background: hexColour.optional(),
  fontFamily: z.string().min(1).max(200).optional(),
  headingFontFamily: z.string().min(1).max(200).optional(),
  /** Corner radius in px for buttons and cards. */
  radius: z.number().int().min(0).max(24).optional(),
});
export type VenueTheme = z.infer<typeof venueThemeSchema>;
