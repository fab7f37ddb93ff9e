import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The booking API's GraphQL schema (spec §7 names a calendar fetch over GraphQL; everything
 * else is JSON over HTTP). Its one field is read-only; the response types mirror
 * contract/api/calendar.ts, which the tests hold the answers to.
 */
const SDL = /* GraphQL */ `
  type Query {
    "One show's performances in one month on the venue's clock (the first month on sale if omitted)."
    calendar(venueSlug: String!, titleSlug: String!, month: String, promoCode: String): Calendar!
  }

  enum Currency {
    GBP
    USD
  }

  enum Availability {
    good
    medium
    low
    soldOut
  }

  enum PromoStatus {
    applied
    invalid
    expired
    notForEvent
    notQualified
    used
    giftVoucher
  }

  enum PromoKind {
    promo
    presale
  }

  "Money in minor units (pence, cents)."
  type Money {
    amount: Int!
    currency: Currency!
  }

  type MonthRange {
    first: String!
    last: String!
  }

  type Promo {
    code: String!
    status: PromoStatus!
    kind: PromoKind
    discountPercent: Int
    "For applied: every performance on sale, in any month, the code can be used for."
    performanceIds: [ID!]!
  }

  "Issue 24: one part of a two-part choice."
  type PerformancePart {
    part: Int!
    id: ID!
    startsAt: String!
    localDate: String!
    localTime: String!
  }

  type CalendarPerformance {
    id: ID!
    startsAt: String!
    localDate: String!
    localTime: String!
    availability: Availability!
    "All-in, less the applied code's discount; null when nothing is left to sell."
    fromPrice: Money
    presale: Boolean!
    unlocked: Boolean!
    promoApplied: Boolean!
    "A two-part show's choice: both parts, Part One first; null for a single performance."
    parts: [PerformancePart!]
  }

  type Calendar {
    venueSlug: String!
    titleSlug: String!
    timeZone: String!
    currency: Currency!
    "0 = Sunday."
    startOfWeek: Int!
    "The most an order pays as a transaction fee."
    transactionFee: Money!
    month: String!
    months: MonthRange
    promo: Promo
    "The membership scheme (atg-plus, access) whose members may book the presale without a code."
    membersPresale: String
    performances: [CalendarPerformance!]!
  }
`;

export const schema: GraphQLSchema = buildSchema(SDL);
