/**
 * The calendar's GraphQL document and the plain constants around it (spec §7: "A calendar fetch
 * via GraphQL"). Plain data, no zod, so the SPA imports the values themselves and zod stays out
 * of the browser bundle; the zod schemas of the same shapes are in `./calendar.ts`.
 */

/** Where each regional booking API answers GraphQL, relative to its base path (`/api/<region>`). */
export const GRAPHQL_PATH = '/graphql';

/** A month of the calendar: `YYYY-MM`, month 01–12. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What a promo code sent with the calendar turned out to be. */
export const PROMO_STATUSES = [
  'applied',
  'invalid',
  'expired',
  'notForEvent',
  // A real code the buyer may not use, such as a members' presale for a guest (spec §6).
  'notQualified',
] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const PROMO_KINDS = ['promo', 'presale'] as const;

/** GraphQL enum names cannot hold a dash, so "sold out" travels as `soldOut`. */
export const CALENDAR_AVAILABILITY = ['good', 'medium', 'low', 'soldOut'] as const;
export type CalendarAvailability = (typeof CALENDAR_AVAILABILITY)[number];

export interface CalendarVariables {
  venueSlug: string;
  titleSlug: string;
  /** `YYYY-MM`; left out, the server picks the first month with performances on sale. */
  month?: string | null;
  promoCode?: string | null;
}

/** The one query the SPA sends; the server accepts others within its depth and size limits. */
export const CALENDAR_QUERY = `query Calendar($venueSlug: String!, $titleSlug: String!, $month: String, $promoCode: String) {
  calendar(venueSlug: $venueSlug, titleSlug: $titleSlug, month: $month, promoCode: $promoCode) {
    venueSlug
    titleSlug
    timeZone
    currency
    startOfWeek
    transactionFee { amount currency }
    month
    months { first last }
    promo { code status kind discountPercent performanceIds }
    performances {
      id
      startsAt
      localDate
      localTime
      availability
      fromPrice { amount currency }
      presale
      unlocked
      promoApplied
    }
  }
}`;
