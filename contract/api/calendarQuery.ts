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
  // Issue 24: a single-use code an order has already redeemed.
  'used',
  // Issue 15: not a promo code but a gift voucher or gift card number of this venue; the shop
  // keeps it for the payment step, where the buyer adds its code and pays with it.
  'giftVoucher',
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

/**
 * The one query the shop runs. The server allows only the documents it knows (built from this
 * text at start), so the SPA sends its hash, not the text: a stranger cannot vary the query to
 * get past caches or make the database do other work.
 */
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
    membersPresale
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
      parts { part id startsAt localDate localTime }
    }
  }
}`;

/**
 * sha256 (hex) of CALENDAR_QUERY, written out so the browser needs no hashing; a test holds it to
 * the text. Sent as Apollo's automatic-persisted-query extension (`persistedQuery`, version 1).
 */
export const CALENDAR_QUERY_HASH =
  '2c69f638671f18e381e3ce50315aded5350c2cbb050fa49e251428d2878e7e82';

/** The `extensions` of a request for the shop's calendar query by its hash. */
export const CALENDAR_QUERY_EXTENSIONS = {
  persistedQuery: { version: 1, sha256Hash: CALENDAR_QUERY_HASH },
} as const;

/** The earliest month the calendar answers; a later bound moves with the clock (the server's). */
export const FIRST_CALENDAR_MONTH = '2000-01';
/** How many years ahead of this year the calendar answers (no show goes on sale further out). */
export const CALENDAR_YEARS_AHEAD = 5;
